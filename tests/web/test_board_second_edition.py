"""The board page in the second edition: its characters, the galleon's chest, bottles, the
lighthouse, the earthquake and smoke, in words and clickable, and face-down tiles that render
alike whatever lies under them."""

import re

import pytest

from games.families.jackal.board_svg import render_board
from rules.jackal import custom_position, new_game, player_view
from tests.factories import start_game
from tests.web.board_kit import (
    HTMX,
    as_user,
    buttons,
    move_url,
    page_url,
    partial_url,
    set_position,
    target_values,
)

pytestmark = pytest.mark.django_db

SE = "second-edition"


@pytest.fixture
def se_game(alice, bob):
    return start_game(alice, bob, ruleset=SE)


def se_position(**kw):
    """A second-edition position with a face-down reserve chest, so the game is not over."""
    kw["tiles"] = {"C11": "?gold:1", **kw.get("tiles", {})}
    return custom_position(ruleset=SE, **kw)


def test_a_character_is_drawn_on_the_island_and_is_moved_like_a_pirate(client, se_game, alice):
    set_position(
        se_game,
        se_position(tiles={"F5": "ben-gunn"}, characters={"BG": ("white", "F5")}),
    )
    client = as_user(client, alice)
    html = client.get(page_url(se_game)).content.decode()
    assert "<title>Ben Gunn at F5, with White</title>" in html
    assert 'class="character crew-white"' in html
    assert 'id="piece-BG"' in html and ">Ben Gunn at F5<" in html
    assert "(dead)" not in html and "Black G" not in html
    assert "crew-chip-character" in html  # BG is not one of Black's pieces
    html = client.get(partial_url(se_game) + "?select=BG", **HTMX).content.decode()
    assert 'aria-label="Move Ben Gunn to F6"' in html
    response = client.post(move_url(se_game), {"move": "BG F5-F6", "expected_ply": "0"}, **HTMX)
    html = response.content.decode()
    assert "You played BG F5-F6 (Move Ben Gunn to F6)." in html
    # The log colours the line as a character's, not as Black's (B is Black's letter).
    (log_line,) = re.findall(r'<li value="1"><span class="crew-dot ([\w-]+)">', html)
    assert log_line == "crew-character"


def test_the_galleons_chest_is_drawn_and_dragged_in_words(client, se_game, alice):
    set_position(se_game, se_position(tiles={"F3": "galleon"}, pirates={"W1": "F3"}, chest="F3"))
    client = as_user(client, alice)
    html = client.get(partial_url(se_game) + "?select=W1&coin=1", **HTMX).content.decode()
    assert (
        "<title>F3: the galleon's treasure chest (worth 3); the galleon's chest lies here" in html
    )
    assert 'class="chest"' in html
    assert "W1 F3-F4*" in target_values(html)
    assert "Move White 1 to F4 with the galleon&#x27;s chest" in html


def test_a_bottle_and_end_turn_are_buttons_in_words(client, se_game, alice):
    set_position(
        se_game,
        se_position(
            tiles={"F3": "trap"},
            pirates={"W1": "F3", "W2": "F5"},
            trapped=("W1",),
            bottles={"white": 2},
        ),
    )
    client = as_user(client, alice)
    html = client.get(page_url(se_game)).content.decode()
    assert '<span class="player-bottles">2 bottles</span>' in html
    # No piece to select first: using a bottle is a button of its own.
    assert buttons(html)["W1 F3 bottle"] == "White 1 at F3 uses a message bottle"
    client.post(move_url(se_game), {"move": "W2 F5-F6", "expected_ply": "0"}, **HTMX)
    html = client.get(page_url(se_game)).content.decode()
    assert "You may use a bottle, or end your turn." in html
    assert buttons(html)["end turn"] == "End the turn (keep the bottles)"
    assert ">end turn<" not in html


def test_the_lighthouse_asks_for_squares_to_look_under_and_shows_what_was_seen(
    client, se_game, alice, bob
):
    set_position(
        se_game,
        se_position(
            tiles={"F3": "?lighthouse", "D5": "?crocodile"}, pirates={"W1": "F2"}, default="?empty"
        ),
    )
    client = as_user(client, alice)
    client.post(move_url(se_game), {"move": "W1 F2-F3", "expected_ply": "0"}, **HTMX)
    html = client.get(page_url(se_game)).content.decode()
    assert "White 1 is at the lighthouse: click a face-down tile to look under it" in html
    assert 'id="target-D5"' in html
    assert 'aria-label="Lighthouse: look under the tile at D5"' in html
    html = client.post(
        move_url(se_game), {"move": "W1 F3 peek D5", "expected_ply": "1"}, **HTMX
    ).content.decode()
    assert "D5: face-down tile (you saw crocodile under it)" in html
    assert 'class="peeked' in html
    # bob did not look: his board keeps D5 anonymous.
    html = as_user(client, bob).get(page_url(se_game)).content.decode()
    assert "you saw" not in html and "crocodile" not in html


def test_the_earthquake_asks_for_two_squares_to_swap(client, se_game, alice):
    set_position(
        se_game,
        se_position(tiles={"F3": "?earthquake", "D5": "gold:2", "E7": "ice"}, pirates={"W1": "F2"}),
    )
    client = as_user(client, alice)
    client.post(move_url(se_game), {"move": "W1 F2-F3", "expected_ply": "0"}, **HTMX)
    html = client.get(page_url(se_game)).content.decode()
    assert "Earthquake: click the first of two tiles to swap." in html
    assert 'aria-label="Earthquake: swap the tile at D5"' in html
    html = client.post(
        move_url(se_game), {"move": "W1 F3 quake D5", "expected_ply": "1"}, **HTMX
    ).content.decode()
    assert "Earthquake: click the tile to swap with D5." in html
    # The engine tells nothing of the first tile chosen: the log says the move in words.
    assert "<strong>W1 F3 quake D5</strong>" in html
    assert '<span class="events">Earthquake: swap the tile at D5</span>' in html
    assert 'aria-label="Earthquake: swap the tile at E7"' in html


def test_every_tile_of_both_rulesets_has_a_picture_and_its_name():
    from games.families.island import tile_art, tile_pictures
    from rules.jackal.tiles import KIND_NAMES, SEA, SPINNER_NAMES

    kinds = {name for kind, name in KIND_NAMES.items() if kind != SEA} | set(SPINNER_NAMES.values())
    assert kinds <= set(tile_art.STYLE) and kinds - {"empty", "arrow", "gold", "cannon"} <= {
        t for t in tile_art.STYLE if tile_art.STYLE[t][2]
    }
    for name in kinds - {"empty"}:
        assert name in tile_pictures.ART, f"{name} has no picture"


def test_second_edition_face_down_tiles_render_identically_whatever_lies_under_them():
    first = new_game(SE, players=2, seed="one")
    second = new_game(SE, players=2, seed="two")
    assert first.to_json()["tiles"] != second.to_json()["tiles"]
    for seat in (None, 0, 1):
        assert render_board(player_view(first, seat)) == render_board(player_view(second, seat))


def test_under_smoke_the_next_crews_player_moves_and_is_told_why(client, se_game, alice, bob):
    set_position(se_game, se_position(tiles={"F3": "?smoke"}, pirates={"W1": "F2"}))
    client = as_user(client, alice)
    client.post(move_url(se_game), {"move": "W1 F2-F3", "expected_ply": "0"}, **HTMX)
    html = client.get(page_url(se_game)).content.decode()
    assert (
        "Your turn: move Yellow. Smoke: each crew is moved by the next crew&#x27;s player." in html
    )
    assert 'id="piece-Y1"' in html
    html = as_user(client, bob).get(page_url(se_game)).content.decode()
    assert "Yellow to move: waiting for alice. Smoke:" in html
