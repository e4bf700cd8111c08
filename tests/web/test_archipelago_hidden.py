"""Archipelago's hidden information on the site: no page, partial, websocket frame, admin page
(the ledger below a game's seats included) or refused record export of a running game depends on
a face-down tile, and the seed is shown nowhere.

The method of tests/web/test_hidden_information.py: render everything every kind of viewer can
fetch, deal the face-down tiles anew in the cached state (each face onto another square of the
same back: the backs are public), render again, and compare.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.services import head_state, submit_move
from rules.archipelago import bot
from tests.factories import make_user, start_game
from tests.web.test_hidden_information import CSRF, first_websocket_message


@pytest.fixture(autouse=True)
def _clock_stands_still():
    with time_machine.travel(datetime.now(UTC), tick=False):
        yield


@pytest.fixture
def table(transactional_db):
    """A running two-player game some turns in (tiles turned up, coins maybe found)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="archipelago")
    for ply in range(24):
        game.refresh_from_db()
        seat = game.seats_to_act()[0]
        move = bot.choose(head_state(game).view(seat), ply)
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    up = [cell for cell, tile in game.state["tiles"].items() if tile["up"]]
    assert up, "the game should have turned tiles up by now"
    viewers = {
        "alice": alice,
        "bob": bob,
        "carol (spectator)": make_user("carol"),
        "dora (staff)": make_user("dora", staff=True),
        "anonymous": None,
    }
    return game, viewers


def urls_for(game: Game, user) -> list[str]:
    board = reverse("game_board", args=[game.pk])
    partial = reverse("game_board_partial", args=[game.pk])
    urls = [reverse("home"), reverse("lobby"), board, partial]
    if user is None:
        return urls
    urls += [reverse("my_games"), reverse("player_profile", args=["alice"])]
    urls += [partial + f"?select={key}" for key in ("W1", "W2", "W3", "Y1", "boat")]
    urls += [
        reverse("game_replay", args=[game.pk]),
        reverse("game_export", args=[game.pk, "json"]),
        reverse("game_export", args=[game.pk, "txt"]),
    ]
    if user.is_staff:
        urls += [
            reverse("admin:games_game_changelist"),
            reverse("admin:games_game_change", args=[game.pk]),  # the seats and the ledger
            reverse("admin:games_move_changelist"),
        ]
    return urls


def render_everything(game: Game, viewers: dict) -> dict:
    out = {}
    for name, user in viewers.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        for url in urls_for(game, user):
            for htmx in (False, True):
                headers = {"HX-Request": "true"} if htmx else {}
                response = client.get(url, headers=headers, follow=True)
                out[(name, url, htmx)] = f"{response.status_code} {response.content.decode()}"
        response = client.post(
            reverse("game_move", args=[game.pk]),
            {"move": "W1 A1-A2", "expected_ply": game.ply - 1},
            headers={"HX-Request": "true"},
        )
        out[(name, "stale move", True)] = f"{response.status_code} {response.content.decode()}"
        out[(name, "websocket", False)] = first_websocket_message(
            game, Client() if user is None else client
        )
    return {key: CSRF.sub("<token>", body) for key, body in out.items()}


def deal_face_down_anew(game: Game, seed: int) -> None:
    """Each face-down tile's face (and turn) moved to another face-down square of its back; but
    for the squares a seat looked under with the lighthouse (its own knowledge, on its page)."""
    state = dict(game.state)
    tiles = {cell: dict(tile) for cell, tile in state["tiles"].items()}
    peeked = {cell for cells in state["known"] for cell in cells}
    rng = random.Random(seed)
    changed = False
    for back in ("M", "F", "B"):
        cells = sorted(
            c for c, t in tiles.items() if not t["up"] and t["back"] == back and c not in peeked
        )
        faces = [(tiles[c]["face"], tiles[c]["rot"]) for c in cells]
        rng.shuffle(faces)
        for cell, (face, rot) in zip(cells, faces, strict=True):
            changed |= (face, rot) != (tiles[cell]["face"], tiles[cell]["rot"])
            tiles[cell].update(face=face, rot=rot)
    assert changed
    state["tiles"] = tiles
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    head_state(game)  # the shuffled position still loads (19 coins, known faces)


def test_no_output_depends_on_a_face_down_tile_and_the_seed_is_never_shown(table):
    game, viewers = table
    before = render_everything(game, viewers)
    for name in ("alice", "bob", "carol (spectator)", "dora (staff)"):
        assert (
            'class="island archipelago"'
            in before[(name, reverse("game_board", args=[game.pk]), False)]
        )
        assert 'id="board"' in before[(name, "websocket", False)], name
    staff_form = before[("dora (staff)", reverse("admin:games_game_change", args=[game.pk]), False)]
    first_move = game.moves.get(ply=1).text
    assert first_move in staff_form  # the ledger is on the page (so comparing it means something)
    # The replay viewer draws the running game as alice's seat saw it (checked below: it does
    # not change when the face-down tiles are dealt anew).
    replay = before[("alice", reverse("game_replay", args=[game.pk]), False)]
    assert 'id="replay"' in replay and 'class="island archipelago"' in replay
    for key, body in before.items():
        assert game.seed not in body, f"the seed leaks in {key}"
    deal_face_down_anew(game, seed=1)
    after = render_everything(game, viewers)
    changed = [key for key in before if before[key] != after[key]]
    assert changed == [], f"these outputs depend on face-down tiles: {changed}"


def test_two_games_differing_only_face_down_render_the_same_page_for_a_seat(transactional_db):
    """Two seeds, the same island's backs: at the start a seat's page differs only in the game's
    number and the deal's fingerprint."""
    alice, bob = make_user("alice"), make_user("bob")
    one = start_game(alice, bob, ruleset="archipelago")
    two = start_game(alice, bob, ruleset="archipelago")
    faces = lambda game: {c: t["face"] for c, t in game.state["tiles"].items()}  # noqa: E731
    assert faces(one) != faces(two)
    pages = []
    client = Client()
    client.force_login(bob)
    for game in (one, two):
        with time_machine.travel(datetime(2026, 1, 1, tzinfo=UTC), tick=False):
            body = client.get(reverse("game_board", args=[game.pk])).content.decode()
        body = CSRF.sub("<token>", body).replace(game.seed_hash, "<hash>")
        pages.append(
            body.replace(f"/games/{game.pk}/", "/games/N/").replace(f"Game {game.pk}", "Game N")
        )
    assert pages[0] == pages[1]
