"""The replay viewer and the history for Archipelago games (issue 16): every ply drawn by the
board's renderer, the running game as the viewer's seat saw it, the whole island revealed once it
is over; the history links the replay."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import Game
from games.services import head_state, join_table, open_table, submit_move
from tests.factories import make_user

FACE_DOWN = re.compile(r"<title>[A-Z]\d+: [^<]*back\)?</title>")


@pytest.fixture
def played(db):
    """alice and bob land, take four steps each, and stop by agreement with tiles face down."""
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(creator=alice, players=2, ruleset="archipelago")
    join_table(game.pk, bob)
    for _ in range(10):
        game.refresh_from_db()
        seat = game.seats_to_act()[0]
        step(game, seat)
    return game, alice, bob


def step(game, seat, user=None):
    """The seat's first legal move that is not a vote."""
    moves = sorted(m for m in head_state(game).legal_moves(seat) if m not in VOTES)
    submit_move(game.pk, seat_index=seat, text=moves[0], expected_ply=game.ply)


VOTES = ("offer end", "accept end", "refuse end")


def end_by_vote(game):
    """Stop the game by agreement at the first turn that may offer it (not in the middle of a
    choice or the bottles' phase)."""
    game.refresh_from_db()
    first = game.seats_to_act()[0]
    while "offer end" not in head_state(game).legal_moves(first):
        step(game, first)
        game.refresh_from_db()
        first = game.seats_to_act()[0]
    submit_move(game.pk, seat_index=first, text="offer end", expected_ply=game.ply)
    game.refresh_from_db()
    submit_move(game.pk, seat_index=1 - first, text="accept end", expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def replay(client, game, ply=None, **headers):
    url = reverse("game_replay", args=[game.pk]) + (f"?ply={ply}" if ply is not None else "")
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_a_running_game_replays_as_the_viewers_seat_saw_it(client, played):
    game, alice, _bob = played
    client.force_login(alice)
    html = replay(client, game, 3)
    assert 'class="island archipelago"' in html and "Move 3 of 10" in html
    assert 'data-boat="0"' in html and 'data-boat="1"' in html
    assert FACE_DOWN.search(html)  # the island is still face down at ply 3
    start = replay(client, game, 0)
    assert "The start: before move 1 of 10" in start and 'data-boat="0"' not in start
    # Nothing hidden: no face drawn under a face-down tile, no seed, no export links.
    state = head_state(game)
    hidden = {cell for cell, tile in state.to_json()["tiles"].items() if not tile["up"]}
    for cell in hidden:
        assert f"<title>{cell}: " in html
    assert game.seed not in html and "record.json" not in html


def test_a_finished_game_reveals_the_whole_island_at_the_last_ply(client, played):
    game, alice, _bob = played
    game = end_by_vote(game)
    client.force_login(alice)
    last = replay(client, game)
    assert not FACE_DOWN.search(last)  # every tile face up: the deal revealed
    assert game.seed in last and "The deal revealed" in last
    earlier = replay(client, game, 2)
    assert FACE_DOWN.search(earlier)  # face down as it lay then, with the face written on it
    faces = head_state(game).to_json()["tiles"]
    some_down = next(c for c, t in faces.items() if not t["up"])
    assert f'data-cell="{some_down}"' in earlier


def test_the_history_links_the_replay_and_the_viewer_speaks_russian(client, played):
    game, alice, _bob = played
    game = end_by_vote(game)
    type(alice).objects.filter(pk=alice.pk).update(language="ru")
    client.force_login(alice)
    history = client.get(reverse("game_history")).content.decode()
    assert f'href="{reverse("game_replay", args=[game.pk])}"' in history
    html = replay(client, game, 5)
    assert f"Ход 5 из {game.ply}" in html and "Игроки" in html
    assert "not available" not in html
