"""The waiting table is live (issue 19.3): its websocket sends each page the seats as that viewer
sees them when one is taken or freed, and where to go when the game starts or the table closes."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.services import open_table
from tests.factories import make_user
from tests.live.test_live_updates import communicator, own_channel_layer, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["own_channel_layer"]  # the fixture, used by every test here


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_waiting_table_follows_seats_taken_and_the_start():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = open_table(creator=alice, players=3)

    async def scenario():
        alice_page = communicator(game.pk, session_cookie(alice))
        carol_page = communicator(game.pk, session_cookie(carol))
        for page in (alice_page, carol_page):
            connected, _ = await page.connect()
            assert connected
            assert await page.receive_nothing(timeout=0.2)  # the page is current
        join = database_sync_to_async(
            lambda user: client_of(user).post(reverse("game_join", args=[game.pk]), {})
        )
        await join(bob)
        seen = {"alice": await alice_page.receive_from(timeout=10)}
        seen["carol"] = await carol_page.receive_from(timeout=10)
        await join(carol)
        seen["alice started"] = await alice_page.receive_from(timeout=10)
        for page in (alice_page, carol_page):
            await page.disconnect()
        return seen

    seen = async_to_sync(scenario)()
    for name in ("alice", "carol"):
        html = seen[name]
        assert html.lstrip().startswith('<div id="table-seats" hx-swap-oob="true"'), html[:200]
        assert ">bob</a>" in html and "data-go" not in html
    # Seated alice sees the free seat as free; carol, still standing, may take it.
    assert "Take this seat" not in seen["alice"] and "alice</a> (you)" in seen["alice"]
    assert seen["carol"].count("Take this seat") == 1
    assert f'data-go="/games/{game.pk}/"' in seen["alice started"]
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING


def test_a_table_closing_sends_its_pages_to_the_closed_page():
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(creator=alice, players=2)

    async def scenario():
        page = communicator(game.pk, session_cookie(bob))
        connected, _ = await page.connect()
        assert connected
        await database_sync_to_async(
            lambda: client_of(alice).post(reverse("game_leave", args=[game.pk]))
        )()
        html = await page.receive_from(timeout=10)
        await page.disconnect()
        # ... and a page opened afterwards is refused: there is nothing to follow any more.
        late = communicator(game.pk, session_cookie(bob))
        connected, code = await late.connect()
        return html, connected, code

    html, connected, code = async_to_sync(scenario)()
    assert f'data-go="/games/{game.pk}/"' in html
    assert not connected and code == 4404


def test_a_private_table_is_followed_through_its_invitation_only():
    alice, carol = make_user("alice"), make_user("carol")
    game = open_table(creator=alice, players=2, visibility=Game.Visibility.PRIVATE)

    async def scenario():
        answers = []
        for query in ("", f"?invite={game.invite_token}"):
            page = communicator(game.pk, session_cookie(carol), query)
            connected, code = await page.connect()
            answers.append(connected or code)
            if connected:
                await page.disconnect()
        return answers

    assert async_to_sync(scenario)() == [4403, True]
