"""Hidden information is sacred: no page, partial, websocket message or admin page of a running
game tells anything about a face-down tile, nor the seed.

The method: render everything every kind of viewer can fetch; then shuffle the tiles that are
still face down in the cached state (what the site believes lies under them) and render again.
If any output changes, it depended on a face-down tile. And the seed appears nowhere.
"""

import random
import re
from datetime import UTC, datetime

import pytest
import time_machine
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from games.families.jackal import engine_state
from games.models import Game
from games.services import submit_move
from jackal_site.asgi import application
from rules.jackal import custom_position, player_view
from rules.jackal.bots.random_bot import choose_move
from tests.factories import make_user, start_game

CSRF = re.compile(r"[A-Za-z0-9]{64}|[A-Za-z0-9]{32}")


@pytest.fixture(autouse=True)
def _clock_stands_still():
    """Pages show the running clock to the second: the renders compared must see one instant."""
    with time_machine.travel(datetime.now(UTC), tick=False):
        yield


@pytest.fixture
def table(transactional_db):
    """A running game some moves in, with its two players, a spectator and staff."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    rng = random.Random(3)
    for _ in range(12):
        game.refresh_from_db()
        seat, ply = game.seat_to_act(), game.ply
        # As the random bot plays: an accepted offer to end the game would end it here.
        move = choose_move(player_view(engine_state(game), seat), rng)
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=ply)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    return game, everyone_around(alice, bob)


def everyone_around(alice, bob) -> dict:
    """Every kind of viewer of alice and bob's game: each seat, a spectator, staff, anonymous."""
    return {
        "alice": alice,
        "bob": bob,
        "carol (spectator)": make_user("carol"),
        "dora (staff)": make_user("dora", staff=True),
        "anonymous": None,
    }


def shuffle_face_down_tiles(game: Game, seed: int, *, keep: set[str] = frozenset()) -> None:
    """Deal the face-down tiles (all but those in `keep`) anew among their squares."""
    state = dict(game.state)
    tiles = dict(state["tiles"])
    hidden = [cell for cell in tiles if cell not in set(state["face_up"]) | keep]
    identities = [tiles[cell] for cell in hidden]
    rng = random.Random(seed)
    while True:
        rng.shuffle(identities)
        if any(tiles[cell] != kind for cell, kind in zip(hidden, identities, strict=True)):
            break
    tiles.update(zip(hidden, identities, strict=True))
    state["tiles"] = tiles
    Game.objects.filter(pk=game.pk).update(state=state)


def urls_for(game: Game, user) -> list[str]:
    urls = [reverse("home"), reverse("lobby"), reverse("game_board", args=[game.pk])]
    urls.append(reverse("game_board_partial", args=[game.pk]))
    if user is None:
        return urls
    urls += [reverse("my_games"), reverse("player_profile", args=["alice"])]
    view_state = engine_state(game)
    for piece in {str(m).split()[0] for m in view_state.legal_moves()}:
        urls.append(reverse("game_board_partial", args=[game.pk]) + f"?select={piece}")
    if user.is_staff:
        urls += [
            reverse("admin:games_game_changelist"),
            reverse("admin:games_game_change", args=[game.pk]),
            reverse("admin:games_move_changelist"),
            reverse("admin:games_game_changelist") + f"?q={game.pk}",
        ]
    return urls


def render_everything(game: Game, viewers: dict) -> dict[tuple[str, str], str]:
    out = {}
    for name, user in viewers.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        for url in urls_for(game, user):
            for htmx in (False, True):
                headers = {"HX-Request": "true"} if htmx else {}
                response = client.get(url, headers=headers)
                out[(name, url, htmx)] = f"{response.status_code} {response.content.decode()}"
        # A refused move (stale ply) answers with a fresh board: that is a page too.
        response = client.post(
            reverse("game_move", args=[game.pk]),
            {"move": "W1 A1-A2", "expected_ply": game.ply - 1},
            headers={"HX-Request": "true"},
        )
        out[(name, "stale move", True)] = f"{response.status_code} {response.content.decode()}"
        out[(name, "websocket", False)] = first_websocket_message(game, client)
    return {key: CSRF.sub("<token>", body) for key, body in out.items()}


def first_websocket_message(game: Game, client: Client) -> str:
    async def connect():
        # The origin check reads ALLOWED_HOSTS at import, before pytest-django adds "testserver".
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        cookie = client.cookies.get("sessionid")
        if cookie is not None:
            headers.append((b"cookie", f"sessionid={cookie.value}".encode()))
        communicator = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=headers)
        connected, code = await communicator.connect()
        if not connected:
            return f"refused {code}"
        message = await communicator.receive_from(timeout=10)
        await communicator.disconnect()
        return message

    return async_to_sync(connect)()


def test_no_output_depends_on_a_face_down_tile_and_the_seed_is_never_shown(table):
    game, viewers = table
    before = render_everything(game, viewers)
    assert len(before) > 40
    # The websocket really sends boards (else comparing its answers would prove nothing).
    for name in viewers:
        message = before[(name, "websocket", False)]
        if name == "anonymous":
            assert message == "refused 4401"
        else:
            assert 'id="board"' in message, f"{name} got no board: {message[:200]}"
    for key, body in before.items():
        assert game.seed not in body, f"the seed leaks in {key}"
    shuffle_face_down_tiles(game, seed=1)
    after = render_everything(game, viewers)
    changed = [key for key in before if before[key] != after[key]]
    assert changed == [], f"these outputs depend on face-down tiles: {changed}"


@pytest.fixture
def lighthouse_table(transactional_db):
    """A second-edition game in which alice (white) has looked at four face-down tiles through
    the lighthouse, each look a move through the site's one door."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="second-edition")
    position = custom_position(
        ruleset="second-edition",
        default="?empty",
        tiles={
            "G2": "empty",
            "G3": "empty",
            "G4": "?lighthouse",
            "C3": "?gold:5",
            "D3": "?ogre",
            "E3": "?ice",
            "F3": "?horse",
            "J9": "?trap",
            "K9": "?rum",
            "L9": "?cannon:N",
            "D10": "?gold:3",
        },
        pirates={"W1": "G3"},
        seed=game.seed,
    )
    # A bench-like shortcut: the game starts from this position instead of its deal.
    Game.objects.filter(pk=game.pk).update(state=position.to_json())
    for ply, move in enumerate(
        ["W1 G3-G4", "W1 G4 peek C3", "W1 G4 peek D3", "W1 G4 peek E3", "W1 G4 peek F3"]
    ):
        submit_move(game.pk, seat_index=0, text=move, expected_ply=ply, user=alice)
    game.refresh_from_db()
    assert game.state["peeks"] == {"0": ["C3", "D3", "E3", "F3"]}
    return game, everyone_around(alice, bob)


def test_what_a_seat_saw_through_the_lighthouse_shows_to_that_seat_only(lighthouse_table):
    game, viewers = lighthouse_table
    peeked = set(game.state["peeks"]["0"])
    before = render_everything(game, viewers)
    alice_board = before[("alice", reverse("game_board", args=[game.pk]), False)]
    # The title of a looked-at tile names it in words ("gold:5" is a treasure chest of 5).
    assert "you saw treasure chest of" in alice_board and "you saw ogre" in alice_board

    shuffle_face_down_tiles(game, seed=2, keep=peeked)  # what nobody saw
    unseen = render_everything(game, viewers)
    assert [key for key in before if before[key] != unseen[key]] == []

    # Deal the looked-at tiles anew (with the rest): only alice's outputs may change.
    shuffle_face_down_tiles(game, seed=3)
    game.refresh_from_db()
    assert {game.state["tiles"][cell] for cell in peeked} != {"gold:5", "ogre", "ice", "horse"}
    after = render_everything(game, viewers)
    changed = {key[0] for key in before if unseen[key] != after[key]}
    assert changed == {"alice"}


def test_the_seed_is_revealed_once_the_game_is_over(client, table):
    game, viewers = table
    client.force_login(viewers["dora (staff)"])
    running = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert game.seed not in running and "secret until the game ends" in running
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    finished = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert game.seed in finished
