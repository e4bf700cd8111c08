"""Live boards fan out by view (issue 14): after a move each page gets exactly the board of the
one view it may see (its seat's, or the spectators'), rendered once per view, whatever the
number of pages. Real Channels: the ASGI application and the layer of the settings (Redis when
REDIS_URL is set)."""

import asyncio
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.contrib.auth.models import Permission

from games.live import boards, notify
from games.services import submit_move
from tests.factories import make_user, start_game
from tests.live.test_live_updates import SAIL, communicator, own_channel_layer, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["own_channel_layer"]  # the fixture, used by every test here

PLAYERS = ("alice", "bob", "carol", "dave")
SPECTATORS = ("erin", "frank", "grace")


@pytest.fixture
def table():
    """A four-player game and three spectators, with their session cookies."""
    people = {name: make_user(name) for name in PLAYERS + SPECTATORS}
    game = start_game(*(people[name] for name in PLAYERS))
    cookies = {name: session_cookie(user) for name, user in people.items()}
    return game, people, cookies


@pytest.fixture
def renders(monkeypatch):
    """Counts the boards rendered, by seat (None: spectators); they are rendered for real."""
    counted: list[int | None] = []
    render = boards.render_board

    def counting(game_id, seat_index, language):
        counted.append(seat_index)
        return render(game_id, seat_index, language)

    monkeypatch.setattr(boards, "render_board", counting)
    return counted


async def open_pages(game_id: int, cookies: dict) -> dict:
    pages = {name: communicator(game_id, cookie, "?ply=0") for name, cookie in cookies.items()}
    for page in pages.values():
        connected, _ = await page.connect()
        assert connected
        assert await page.receive_nothing(timeout=0.1)  # current: nothing sent yet
    return pages


def you_in(html: str) -> list[str]:
    """The names this board marks as its viewer's."""
    return re.findall(r"(\w+) \(you\)", html)


def test_each_page_gets_exactly_its_own_views_board_rendered_once_per_view(table, renders):
    game, people, cookies = table

    async def scenario():
        pages = await open_pages(game.pk, cookies)
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        boards = {name: await page.receive_from(timeout=10) for name, page in pages.items()}
        for page in pages.values():
            assert await page.receive_nothing(timeout=0.2)  # one board each, no more
            await page.disconnect()
        return boards

    boards = async_to_sync(scenario)()
    for name in PLAYERS:
        assert you_in(boards[name]) == [name], name  # their seat's view, nobody else's
    for name in SPECTATORS:
        assert you_in(boards[name]) == []
        assert boards[name] == boards["erin"]  # all spectators see one board
    # bob (seat 1) is to act: only his board offers moves.
    assert "Your turn: move Yellow." in boards["bob"] and 'id="piece-Y1"' in boards["bob"]
    for name in ("alice", "carol", "dave", *SPECTATORS):
        assert 'id="piece-' not in boards[name] and "<datalist" not in boards[name]
    assert len({boards[name] for name in PLAYERS + ("erin",)}) == 5
    # One rendering per view: each seat's and the spectators', not one per page.
    assert sorted(renders, key=str) == sorted([0, 1, 2, 3, None], key=str)


def test_a_views_message_reaches_only_the_pages_of_that_view(table):
    """What travels on a seat's group reaches that seat's pages and no one else's: the
    spectators' and the other seats' pages never joined it."""
    game, people, cookies = table

    async def scenario():
        pages = await open_pages(game.pk, cookies)
        # A second tab of bob's joins the same view.
        pages["bob again"] = communicator(game.pk, cookies["bob"], "?ply=0")
        assert (await pages["bob again"].connect())[0]
        layer = get_channel_layer()
        message = {"type": "board.changed", "frame": "test.seat-1"}
        await layer.group_send(notify.view_group(game.pk, "seat-1"), message)
        received = {}
        for name, page in pages.items():
            received[name] = None if await page.receive_nothing(0.3) else await page.receive_from()
            await page.disconnect()
        return received

    received = async_to_sync(scenario)()
    assert you_in(received.pop("bob")) == ["bob"] and you_in(received.pop("bob again")) == ["bob"]
    assert received == {name: None for name in received}


def test_a_watcher_of_a_private_game_gets_the_spectators_board(table):
    """Staff with the permission to watch private games see what spectators see: no seat's."""
    game, people, cookies = table
    private = start_game(*(people[name] for name in PLAYERS), private=True)
    watcher = make_user("heidi")
    watcher.user_permissions.add(Permission.objects.get(codename="watch_private_game"))

    async def scenario():
        watchers = {"heidi": session_cookie(watcher), **{name: cookies[name] for name in PLAYERS}}
        pages = await open_pages(private.pk, watchers)
        await database_sync_to_async(submit_move)(
            private.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        boards = {name: await page.receive_from(timeout=10) for name, page in pages.items()}
        for page in pages.values():
            await page.disconnect()
        return boards

    boards = async_to_sync(scenario)()
    assert you_in(boards["heidi"]) == [] and "Your turn" not in boards["heidi"]
    assert you_in(boards["bob"]) == ["bob"]


def test_a_page_idle_longer_than_the_layers_blocking_wait_still_gets_its_board(table, redis_url):
    """A page that heard nothing for a while still gets its board. On Redis, reads of the layer
    outlast redis-py 8's default 5 s timeout: with the list-based layer, whose blocking waits
    last 5 s, every page idle that long lost its websocket."""
    game, people, cookies = table

    async def scenario():
        page = (await open_pages(game.pk, {"bob": cookies["bob"]}))["bob"]
        await asyncio.sleep(6.5)  # longer than the layer's blocking wait
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        board = await page.receive_from(timeout=10)
        await page.disconnect()
        return board

    assert you_in(async_to_sync(scenario)()) == ["bob"]
