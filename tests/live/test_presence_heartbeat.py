"""A board left open keeps counting as watched (no turn e-mail) however long it stays open: each
open page renews its presence; a count that nothing renews (a server killed without its
disconnects) lapses within minutes."""

import asyncio
from datetime import timedelta

import pytest
import time_machine
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from games.live import presence
from games.services import join_table, open_table
from tests.factories import make_user


def two_player_game(first, second):
    game = open_table(creator=first, players=2)
    join_table(game.pk, second)
    return game


@pytest.mark.django_db(transaction=True)
def test_a_board_open_for_hours_is_still_watched_and_stops_when_closed(monkeypatch):
    from jackal_site.asgi import application

    monkeypatch.setattr(presence, "BEAT", 0.02)  # real seconds between renewals, for the test
    alice, bob = make_user("alice"), make_user("bob")
    game = two_player_game(alice, bob)
    client = Client()
    client.force_login(alice)
    headers = [
        (b"origin", b"http://localhost"),
        (b"host", b"localhost"),
        (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()),
    ]
    watching = sync_to_async(presence.watching)

    async def visit(traveller):
        socket = WebsocketCommunicator(application, f"/ws/games/{game.pk}/?ply=0", headers=headers)
        connected, _code = await socket.connect()
        assert connected
        seen = []
        # Twenty minutes in steps under the count's life: the renewals keep it up.
        for _ in range(10):
            traveller.shift(timedelta(minutes=2))
            await asyncio.sleep(0.1)
            seen.append(await watching(alice.pk, game.pk))
        # Seven hours at once (a laptop asleep, the count lost): the next renewal counts it again.
        traveller.shift(timedelta(hours=7))
        await asyncio.sleep(0.1)
        seen.append(await watching(alice.pk, game.pk))
        await socket.disconnect()
        return seen

    with time_machine.travel(timezone.now(), tick=True) as traveller:
        seen = async_to_sync(visit)(traveller)
    assert seen == [True] * 11
    assert not presence.watching(alice.pk, game.pk)
    assert not presence.watching(bob.pk, game.pk)


def test_a_count_nothing_renews_lapses_within_its_life(db):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        presence.opened(1, 2)  # a page whose server died: no renewal, no disconnect
        traveller.shift(timedelta(seconds=presence.TTL - 1))
        assert presence.watching(1, 2)
        traveller.shift(timedelta(seconds=2))
        assert not presence.watching(1, 2)
