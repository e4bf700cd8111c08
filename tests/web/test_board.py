"""The board page and its partial: who sees what, selecting and making moves, refused moves, and
hidden tiles. alice (seat 0, White and Black) and bob (seat 1, Yellow and Red) play, carol
watches, mallory is a stranger. The second edition's pieces and decisions on the page:
test_board_second_edition.py."""

import copy
import random
import re
from datetime import UTC, datetime
from html import unescape

import pytest
import time_machine
from django.urls import reverse

from games.families.jackal import engine_state
from games.families.jackal.board_svg import render_board
from games.models import Game, Move
from games.services import submit_move
from rules.jackal import Move as RulesMove
from rules.jackal import custom_position, new_game, player_view
from rules.jackal.bots.random_bot import choose_move
from tests.factories import make_user, start_game
from tests.web.board_kit import (
    HTMX,
    SAIL,
    as_user,
    buttons,
    legal_moves,
    move_url,
    page_url,
    partial_url,
    set_position,
    target_values,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


def test_seat_to_act_sees_the_board_with_its_pieces_to_choose(client, game, alice):
    html = as_user(client, alice).get(page_url(game)).content.decode()
    assert "<svg" in html and 'id="board"' in html and 'data-ply="0"' in html
    assert "Your turn: move White." in html
    assert f'ws-connect="/ws/games/{game.pk}/?ply=0"' in html
    # White's three pirates and the ship start aboard at G1: each is a link that selects it.
    for piece in ("W1", "W2", "W3", "WS"):
        assert f'id="piece-{piece}"' in html
        assert f"?select={piece}" in html
    assert 'name="notation"' in html
    assert "alice (you)" in html and "bob" in html
    assert game.seed not in html


def test_player_waiting_sees_whose_turn_and_cannot_select(client, game, bob):
    html = as_user(client, bob).get(page_url(game)).content.decode()
    assert "White to move: waiting for alice." in html
    assert 'id="piece-' not in html and 'name="move"' not in html
    assert 'name="notation"' in html  # bob may still type; the server says it is not his turn


def test_spectator_watches_read_only(client, game, carol):
    client = as_user(client, carol)
    for url in (page_url(game), partial_url(game)):
        response = client.get(url, **HTMX) if url == partial_url(game) else client.get(url)
        html = response.content.decode()
        assert response.status_code == 200
        assert "<svg" in html and "White to move: waiting for alice." in html
        assert 'id="piece-' not in html
        assert 'name="notation"' not in html and 'name="move"' not in html
        assert game.seed not in html


def test_anonymous_visitor_is_sent_to_log_in(client, game):
    for url in (page_url(game), partial_url(game)):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("account_login"))
    response = client.post(move_url(game), {"move": "W1 G1-G2", "expected_ply": "0"})
    assert response.status_code == 302 and Game.objects.get(pk=game.pk).ply == 0


def test_stranger_sees_nothing_of_a_private_game(client, alice, bob):
    private = start_game(alice, bob, private=True)
    client = as_user(client, make_user("mallory"))
    assert client.get(page_url(private)).status_code == 404
    assert client.get(partial_url(private), **HTMX).status_code == 404
    response = client.post(move_url(private), {"move": "W1 G1-G2", "expected_ply": "0"})
    assert response.status_code == 404
    assert Game.objects.get(pk=private.pk).ply == 0


def test_partial_is_only_the_board(client, game, alice):
    html = as_user(client, alice).get(partial_url(game), **HTMX).content.decode()
    assert html.lstrip().startswith('<section id="board"')
    assert "<html" not in html and "hx-swap-oob" not in html


def test_selecting_a_piece_shows_its_legal_targets(client, game, alice):
    html = as_user(client, alice).get(partial_url(game) + "?select=W1", **HTMX).content.decode()
    expected = [m for m in legal_moves(game, 0) if m.startswith("W1 ")]
    assert expected
    buttons = re.findall(r'<button type="submit" id="target-(\w+)"[^>]*value="([^"]+)"', html)
    assert sorted(value for _cell, value in buttons) == sorted(expected)
    for cell, value in buttons:
        assert str(RulesMove.parse(value).target) == cell
    assert 'aria-current="true"' in html
    assert 'aria-label="Move White 1 to' in html or 'aria-label="Land White 1 on' in html
    assert html.count('class="target"') == len(expected)  # highlighted in the SVG too


def test_selecting_with_htmx_re_renders_only_the_island_and_move_panel(client, game, alice):
    html = (
        as_user(client, alice)
        .get(partial_url(game) + "?select=W1&part=main", **HTMX)
        .content.decode()
    )
    assert html.lstrip().startswith('<form id="move-form" data-ply="0"')
    assert 'id="target-G2"' in html and "<svg" in html
    assert "move-log" not in html and 'name="notation"' not in html
    # Its links keep a plain address for the page beside the htmx one.
    assert f'href="{page_url(game)}"' in html  # deselect
    assert f'hx-get="{partial_url(game)}?part=main"' in html
    assert f'href="{page_url(game)}?select=W2"' in html
    assert f'hx-get="{partial_url(game)}?select=W2&amp;part=main"' in html


def test_selecting_a_piece_of_another_crew_selects_nothing(client, game, alice):
    html = as_user(client, alice).get(partial_url(game) + "?select=Y1", **HTMX).content.decode()
    assert 'id="target-' not in html and 'aria-current="true"' not in html


def test_move_by_clicking_a_target_with_htmx(client, game, alice):
    move = SAIL
    response = as_user(client, alice).post(
        move_url(game), {"move": move, "expected_ply": "0"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="board"') and 'data-ply="1"' in html
    assert "You played WS G1-H1 (Sail the white ship to H1)." in html
    assert "Yellow to move: waiting for bob." in html
    game.refresh_from_db()
    assert game.ply == 1 and game.seat_to_act() == 1
    (ledger,) = Move.objects.filter(game=game)
    assert (ledger.text, ledger.seat, ledger.user) == (move, 0, alice)
    assert f"<strong>{move}</strong>" in html  # the log shows it at once


def test_move_without_javascript_redirects_back_with_a_message(client, game, alice):
    move = next(m for m in legal_moves(game, 0) if m.startswith("WS "))
    client = as_user(client, alice)
    response = client.post(move_url(game), {"move": move, "expected_ply": "0"})
    assert response.status_code == 302 and response["Location"] == page_url(game)
    html = client.get(response["Location"]).content.decode()
    assert f"You played {move} (Sail the white ship to {move[-2:]})." in html
    assert 'data-ply="1"' in html
    assert Game.objects.get(pk=game.pk).ply == 1


def test_move_typed_in_notation(client, game, alice):
    move = legal_moves(game, 0)[0]
    response = as_user(client, alice).post(
        move_url(game), {"notation": "  " + move.lower() + " ", "expected_ply": "0"}, **HTMX
    )
    # The confirmation echoes the canonical notation and the move in words, not what was typed.
    html = response.content.decode()
    assert f"You played {move} (" in html and move.lower() not in html
    assert Move.objects.get(game=game).text == move  # the ledger keeps canonical notation


def test_stale_tab_gets_fresh_board_and_nothing_changes(client, game, alice, bob):
    first, second = SAIL, "WS G1-F1"
    client = as_user(client, alice)
    client.post(move_url(game), {"move": first, "expected_ply": "0"}, **HTMX)
    # The same tab clicked twice, or a second tab still showing ply 0.
    response = client.post(move_url(game), {"move": second, "expected_ply": "0"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "The board has changed since you looked" in html
    assert 'data-ply="1"' in html and "Yellow to move: waiting for bob." in html
    assert list(Move.objects.filter(game=game).values_list("text", flat=True)) == [first]


def test_stale_tab_without_javascript_gets_the_fresh_page(client, game, alice):
    first = legal_moves(game, 0)[0]
    client = as_user(client, alice)
    client.post(move_url(game), {"move": first, "expected_ply": "0"})
    response = client.post(move_url(game), {"move": first, "expected_ply": "0"}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "The board has changed since you looked" in html and 'data-ply="1"' in html
    assert Move.objects.filter(game=game).count() == 1


def test_form_without_its_ply_is_treated_as_stale(client, game, alice):
    move = legal_moves(game, 0)[0]
    html = as_user(client, alice).post(move_url(game), {"move": move}, **HTMX).content.decode()
    assert "The board has changed since you looked" in html
    assert Game.objects.get(pk=game.pk).ply == 0


def test_wrong_seat_is_told_it_is_not_their_turn(client, game, bob):
    move = legal_moves(game, 0)[0]
    response = as_user(client, bob).post(
        move_url(game), {"move": move, "expected_ply": "0"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and "It is not your turn." in html
    assert 'data-ply="0"' in html
    assert Game.objects.get(pk=game.pk).ply == 0


def test_spectator_cannot_move(client, game, carol):
    move = legal_moves(game, 0)[0]
    html = (
        as_user(client, carol)
        .post(move_url(game), {"move": move, "expected_ply": "0"}, **HTMX)
        .content.decode()
    )
    assert "only its players make moves" in html
    assert Game.objects.get(pk=game.pk).ply == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hoist the jolly roger", "is not a move"),
        ("W1 G1-G5", ""),  # well-formed, illegal: the engine says why
        ("Y1 A7-B7", ""),  # a piece of bob's crew
        ("", "Type a move, or click a piece and then a target."),
    ],
)
def test_malformed_and_illegal_moves_get_a_message_and_change_nothing(
    client, game, alice, text, message
):
    response = as_user(client, alice).post(
        move_url(game), {"notation": text, "expected_ply": "0"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    notice = re.search(r'<p class="message error" role="alert">(.*?)</p>', html, re.S)
    assert notice, html[:500]
    assert message in notice.group(1) and len(notice.group(1)) > 10
    assert 'data-ply="0"' in html
    if text:
        assert f'value="{text}"' in html  # the typed move stays in the field to correct
    assert Game.objects.get(pk=game.pk).ply == 0 and not Move.objects.filter(game=game).exists()


def test_finished_game_shows_the_outcome_and_reveals_the_seed(client, game, alice):
    game.status = Game.Status.FINISHED
    game.save(update_fields=["status"])
    html = as_user(client, alice).get(page_url(game)).content.decode()
    assert game.seed in html  # the provably fair reveal, once the game is over
    assert 'id="piece-' not in html and 'name="notation"' not in html


def test_coin_can_be_carried_or_left(client, game, alice):
    set_position(
        game,
        custom_position(
            tiles={"F5": "gold:2"}, pirates={"W1": "F5"}, coins={"F5": 2}, default="empty"
        ),
    )
    client = as_user(client, alice)
    html = client.get(partial_url(game) + "?select=W1", **HTMX).content.decode()
    assert "Take the coin along" in html
    values = target_values(html)
    assert values and not any(v.endswith("$") for v in values)
    html = client.get(partial_url(game) + "?select=W1&coin=1", **HTMX).content.decode()
    assert "Leave the coin" in html
    values = target_values(html)
    assert "W1 F5-F6$" in values
    assert 'aria-label="Move White 1 to F6 with a coin"' in html
    response = client.post(move_url(game), {"move": "W1 F5-F6$", "expected_ply": "0"}, **HTMX)
    assert "You played W1 F5-F6$ (Move White 1 to F6 with a coin)." in response.content.decode()


def test_pending_chain_choice_preselects_the_pirate(client, game, alice):
    set_position(
        game,
        custom_position(tiles={"F3": "?arrow:N,S"}, pirates={"W2": "F2"}),
    )
    client = as_user(client, alice)
    client.post(move_url(game), {"move": "W2 F2-F3", "expected_ply": "0"}, **HTMX)
    game.refresh_from_db()
    view = player_view(engine_state(game), 0)
    assert view.pending and view.pending["pirate"] == "W2"
    html = client.get(partial_url(game), **HTMX).content.decode()
    assert "White 2 must choose where to go on from F3." in html
    values = target_values(html)
    assert sorted(values) == sorted(view.legal_moves)
    assert 'id="piece-W1"' not in html  # nothing else may move during the chain


# --- Hidden information --------------------------------------------------------------------------


def play_random_plies(game, players, plies, rng):
    for _ in range(plies):
        game.refresh_from_db()
        seat = game.seat_to_act()
        # As the random bot chooses: never an offer to end the game, which could end it early.
        move = choose_move(player_view(engine_state(game), seat), rng)
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply, user=players[seat])
    game.refresh_from_db()


def shuffle_face_down(state_json, rng):
    """The same position with the tiles under face-down squares dealt differently."""
    doctored = copy.deepcopy(state_json)
    down = [name for name in doctored["tiles"] if name not in set(doctored["face_up"])]
    kinds = [doctored["tiles"][name] for name in down]
    shuffled = kinds[1:] + kinds[:1]
    assert shuffled != kinds
    for name, kind in zip(down, shuffled, strict=True):
        doctored["tiles"][name] = kind
    return doctored


def normalise(html, game):
    html = html.replace(f"/games/{game.pk}/", "/games/N/")
    html = html.replace(f"?from={game.pk}", "?from=N")  # the next-game button
    html = re.sub(rf"Game {game.pk}\b", "Game N", html)
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    return html.replace(game.seed_hash, "HASH")


def test_no_page_or_partial_reveals_a_face_down_tile(client, alice, bob, carol):
    # Pages show the running clock to the second: the renders compared must see one instant.
    with time_machine.travel(datetime.now(UTC), tick=False):
        _compare_with_a_twin_dealt_differently(client, alice, bob, carol)


def _compare_with_a_twin_dealt_differently(client, alice, bob, carol):
    rng = random.Random(5)
    game = start_game(alice, bob)
    play_random_plies(game, {0: alice, 1: bob}, 12, rng)
    twin = start_game(alice, bob)  # same players; its position made to differ only face down
    twin.state = shuffle_face_down(game.state, rng)
    twin.ply = game.ply
    twin.deadline, twin.turn_started_at = game.deadline, game.turn_started_at  # the same clock
    twin.save(update_fields=["state", "ply", "deadline", "turn_started_at"])
    for seat in twin.seats.all():
        seat.must_act = seat.index == game.seat_to_act()
        seat.save(update_fields=["must_act"])
    for move in game.moves.order_by("ply"):
        Move.objects.create(
            game=twin,
            ply=move.ply,
            text=move.text,
            seat=move.seat,
            user=move.user,
            events=move.events,
        )
    piece = RulesMove.parse(legal_moves(game, game.seat_to_act())[0]).piece
    for viewer in (alice, bob, carol):
        client.force_login(viewer)
        for path, extra in (("", {}), ("?select=" + piece, {}), ("", HTMX)):
            pages = []
            for g in (game, twin):
                url = (partial_url(g) if extra else page_url(g)) + path
                html = client.get(url, **extra).content.decode()
                assert g.seed not in html
                pages.append(normalise(html, g))
            assert pages[0] == pages[1], f"{viewer} sees a difference at {path or 'the page'}"


def test_face_down_tiles_render_identically_whatever_lies_under_them():
    first = new_game("classic", players=2, seed="one")
    second = new_game("classic", players=2, seed="two")
    assert first.to_json()["tiles"] != second.to_json()["tiles"]
    for seat in (None, 0, 1):
        assert render_board(player_view(first, seat)) == render_board(player_view(second, seat))


def test_board_svg_shows_revealed_tiles_pieces_and_coins():
    state = custom_position(
        tiles={"F3": "arrow:N,E", "F4": "jungle", "H5": "cannon:W", "G6": "?gold:3"},
        pirates={"W1": "F4.2", "W2": "F3"},
        coins={"F4.1": 1, "E5": 3},
    )
    svg = render_board(player_view(state, 0), selected="W1", targets={"F5"})
    assert "F3: arrow to N, E" in svg and "H5: cannon firing W" in svg
    assert "F4: jungle (2 steps); coins: 1 on step 1" in svg
    assert "G6: face-down tile" in svg and "gold" not in svg.split("G6:")[1][:40]
    assert "White 1 at F4, on step 2" in svg and "E5: empty; 3 coins" in svg
    assert svg.count('class="selected"') == 1 and svg.count('class="target"') == 1


def agreement_buttons(html):
    """The buttons about ending the game by agreement: their words, by the move they post."""
    return dict(
        (value, unescape(label))
        for value, label in re.findall(
            r'<button type="submit" name="move" value="((?:offer|accept) end)"[^>]*>([^<]+)<', html
        )
    )


def test_ending_by_agreement_is_an_offer_the_other_player_accepts(client, game, alice, bob):
    """Ruling E16 over HTTP: bob offers (his turn goes on), alice accepts on her turn."""
    submit_move(game.pk, seat_index=0, text=SAIL, expected_ply=0)
    html = as_user(client, bob).get(page_url(game)).content.decode()
    assert agreement_buttons(html) == {"offer end": "Offer to end the game by agreement"}
    html = client.post(
        move_url(game), {"move": "offer end", "expected_ply": "1"}, **HTMX
    ).content.decode()
    assert "offers to end the game by agreement" in html and agreement_buttons(html) == {}
    game.refresh_from_db()
    assert game.is_running and game.ply == 2 and game.seat_to_act() == 1
    client.post(move_url(game), {"move": "YS A7-A6", "expected_ply": "2"}, **HTMX)

    html = as_user(client, alice).get(page_url(game)).content.decode()
    assert agreement_buttons(html) == {
        "accept end": "Accept the offer to end the game by agreement"
    }
    client.post(move_url(game), {"move": "accept end", "expected_ply": "3"}, **HTMX)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "agreement"
    assert list(game.moves.values_list("text", "seat")) == [
        (SAIL, 0),
        ("offer end", 1),
        ("YS A7-A6", 1),
        ("accept end", 0),
    ]


def test_no_offer_to_end_before_the_first_move_nor_to_bots_alone(client, game, alice, bob):
    """Issue 43, item 14: the offer is not shown at move 0, nor where only bots would answer
    it (they never accept); with a person to answer it, from the second move on, it is."""
    assert "offer end" in legal_moves(game, 0)  # the rules allow it (ruling E16)
    html = as_user(client, alice).get(page_url(game)).content.decode()
    assert agreement_buttons(html) == {}
    against_bots = start_game(alice, bots=1)
    submit_move(against_bots.pk, seat_index=0, text=SAIL, expected_ply=0)
    submit_move(against_bots.pk, seat_index=1, text="YS A7-A6", expected_ply=1)
    against_bots.refresh_from_db()
    assert against_bots.seat_to_act() == 0 and "offer end" in legal_moves(against_bots, 0)
    assert agreement_buttons(client.get(page_url(against_bots)).content.decode()) == {}
    submit_move(game.pk, seat_index=0, text=SAIL, expected_ply=0)
    html = as_user(client, bob).get(page_url(game)).content.decode()
    assert agreement_buttons(html) == {"offer end": "Offer to end the game by agreement"}


def test_one_player_cannot_end_the_game_by_typing_it(client, game, alice):
    """Issue 17: the retired `end by agreement` is refused like any illegal move."""
    response = as_user(client, alice).post(
        move_url(game), {"notation": "end by agreement", "expected_ply": "0"}, **HTMX
    )
    notice = re.search(
        r'<p class="message error" role="alert">(.*?)</p>', response.content.decode(), re.S
    )
    assert notice and "one player cannot end the game" in unescape(notice.group(1))
    game.refresh_from_db()
    assert game.is_running and game.ply == 0 and not game.moves.exists()


def test_a_kind_of_move_the_page_does_not_know_is_a_button_with_its_notation(
    client, game, bob, monkeypatch
):
    """The ledger may add kinds of moves (e.g. `offer end`) before this page has words for
    them: the page still offers them, by notation, instead of failing."""
    from games.families.jackal import presenter as board_views

    class MoveOfAFutureKind(board_views.RulesMove):
        """`offer end` as if the page had never heard of its kind."""

        __slots__ = ()

        @property
        def kind(self):
            return "future" if str(self) == "offer end" else super().kind

    monkeypatch.setattr(board_views, "RulesMove", MoveOfAFutureKind)
    submit_move(game.pk, seat_index=0, text=SAIL, expected_ply=0)  # no offer at move 0
    response = as_user(client, bob).get(page_url(game))
    assert response.status_code == 200
    assert buttons(response.content.decode())["offer end"] == "offer end"
