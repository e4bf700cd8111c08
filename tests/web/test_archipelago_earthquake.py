"""The earthquake on the site (ruling A23): two clicks on the island swap two tiles, then the
finder may turn a swapped arrow, by buttons in words (en and ru)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.services import head_state, join_table, open_table
from rules.archipelago.geometry import parse_cell
from tests.factories import make_user


@pytest.fixture
def shaken(db):
    """alice (white, boat at F11) is about to turn up the earthquake at F10; C4 and H8 lie face
    up as arrows; every chest lies face down elsewhere (the 19 coins kept)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(
        creator=alice, players=2, ruleset="archipelago", options={"landing": "recommended"}
    )
    join_table(game.pk, bob)
    state = head_state(Game.objects.get(pk=game.pk))
    chests = [t["face"] for t in state.tiles.values() if t["face"].startswith("chest-")]
    special = {"F10": ("earthquake", False), "C4": ("arrow-1", True), "H8": ("arrow-2", True)}
    spare = [c for c in sorted(state.tiles) if c not in {parse_cell(n) for n in special}]
    for tile in state.tiles.values():
        tile.update(face="empty", rot=0, up=True, spent=False)
    for cell, face in zip(spare, chests, strict=False):
        state.tiles[cell].update(face=face, up=False)
    for name, (face, up) in special.items():
        state.tiles[parse_cell(name)].update(face=face, up=up)
    assert state.coin_total() == 19
    Game.objects.filter(pk=game.pk).update(state=state.to_json())
    return Game.objects.get(pk=game.pk), alice, bob


def post(client, game, move):
    game.refresh_from_db()
    url = reverse("game_move", args=[game.pk])
    response = client.post(url, {"move": move, "expected_ply": game.ply}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def test_two_clicks_swap_two_tiles_then_a_button_turns_the_arrow(client, shaken):
    game, alice, bob = shaken
    client.force_login(alice)
    html = post(client, game, "W1 F11-F10")
    # The first click is a link on each free tile, not hundreds of swap buttons.
    assert "Earthquake: click the first tile to swap" in html
    assert f'href="/games/{game.pk}/?select=C4"' in html and 'name="move" value="swap ' not in html
    html = client.get(game.get_absolute_url() + "?select=C4").content.decode()
    assert "now click the tile to swap with C4" in html
    assert 'id="target-H8"' in html and 'value="swap C4 H8"' in html
    assert 'name="move" value="swap D5 H8"' not in html
    assert "Choose another first tile" in html
    html = post(client, game, "swap C4 H8")
    assert "Earthquake: the tiles at C4 ↔ H8 swap" in html
    assert "Earthquake: turn the arrows at H8 a quarter turn clockwise" in html
    assert "Choose another first tile" not in html
    assert 'value="keep"' in html and 'value="turn C4 1"' in html
    html = post(client, game, "turn H8 1")
    assert "The arrows at H8 are turned a quarter turn clockwise" in html
    html = post(client, game, "keep")
    game.refresh_from_db()
    state = head_state(game)
    assert state.tiles[parse_cell("H8")]["face"] == "arrow-1"
    assert state.tiles[parse_cell("H8")]["rot"] == 1 and game.seats_to_act() == [1]


def test_the_earthquake_in_russian(client, shaken):
    game, alice, _bob = shaken
    type(alice).objects.filter(pk=alice.pk).update(language="ru")
    client.force_login(alice)
    html = post(client, game, "W1 F11-F10")
    assert "Землетрясение: щёлкните первую клетку для обмена" in html
    html = post(client, game, "swap C4 H8")
    assert "Землетрясение: повернуть стрелки на H8 на четверть оборота по часовой стрелке" in html
