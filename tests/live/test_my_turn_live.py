"""The header's "Your turn (N)" over each player's own socket (/ws/me/): a move tells the two
players their new counts at once, in their own language; a stranger's socket hears nothing, and
a visitor who is not signed in is refused."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.live.player_socket import NOT_SIGNED_IN
from games.services import submit_move
from jackal_site.asgi import application
from tests.factories import make_user, start_game
from tests.live.test_live_updates import SAIL, own_channel_layer, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["own_channel_layer"]  # fixture


def my_socket(user) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    cookie = session_cookie(user)
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, "/ws/me/", headers=headers)


async def count(socket) -> dict:
    return json.loads(await socket.receive_from(timeout=5))


def test_a_move_updates_both_players_counts_and_nobody_elses():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    bob.language = "ru"
    bob.save()
    game = start_game(alice, bob)

    async def scenario():
        sockets = {user.username: my_socket(user) for user in (alice, bob, carol)}
        for socket in sockets.values():
            assert (await socket.connect())[0]
        # On connecting, each socket says its count as it is now.
        first = {name: (await count(socket))["my_turn"] for name, socket in sockets.items()}
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=alice
        )
        after = {name: await count(sockets[name]) for name in ("alice", "bob")}
        stranger_heard = not await sockets["carol"].receive_nothing(timeout=0.3)
        for socket in sockets.values():
            await socket.disconnect()
        return first, after, stranger_heard

    first, after, stranger_heard = async_to_sync(scenario)()
    assert first == {"alice": 1, "bob": 0, "carol": 0}
    assert after["alice"] == {"my_turn": 0, "words": ""}
    assert after["bob"] == {"my_turn": 1, "words": "Ваш ход (1)"}
    assert not stranger_heard


def test_a_visitor_who_is_not_signed_in_is_refused():
    async def scenario():
        socket = my_socket(None)
        connected, code = await socket.connect()
        return connected, code

    assert async_to_sync(scenario)() == (False, NOT_SIGNED_IN)
