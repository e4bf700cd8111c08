"""Live updates over the game's websocket, through the real ASGI application and the channel layer
from the settings (Redis when REDIS_URL is set). After a move commits, every open page of the game
gets the board of its own viewer's view; strangers are refused with a close code (see also
test_live_fanout.py)."""

import asyncio
import copy
import re
import threading
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client

from games.live.consumers import MAY_NOT_WATCH, NO_SUCH_GAME, NOT_SIGNED_IN
from games.live.notify import view_group
from games.services import submit_move
from jackal_site.asgi import application
from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

SAIL = "WS G1-H1"  # reveals nothing: the turn surely passes to seat 1


@pytest.fixture(autouse=True)
def own_channel_layer(settings):
    """The configured layer, under a prefix of this test's own: parallel test workers share one
    Redis, and their games have the same ids."""
    layers = copy.deepcopy(settings.CHANNEL_LAYERS)
    if "redis" in layers["default"]["BACKEND"].lower():
        layers["default"].setdefault("CONFIG", {})["prefix"] = f"test-{uuid.uuid4().hex[:10]}"
    settings.CHANNEL_LAYERS = layers  # Channels drops its cached layers on this change
    yield


@pytest.fixture
def people():
    return {name: make_user(name) for name in ("alice", "bob", "carol", "mallory")}


def session_cookie(user) -> str | None:
    """A signed-in session's cookie for `user`. Called inside a test's async scenario too: there
    the login runs in a thread of its own that closes its connection after. Run in the event
    loop's thread (DJANGO_ALLOW_ASYNC_UNSAFE lets it), it left that thread a connection nothing
    closed, and PostgreSQL then refused to drop the test database ("accessed by other users")."""
    if user is None:
        return None

    def login() -> str:
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return login()  # plain sync code: the test's own connection
    cookie: list[str] = []
    errors: list[BaseException] = []

    def in_thread() -> None:
        try:
            cookie.append(login())
        except BaseException as error:  # noqa: BLE001 - raised again below
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=in_thread)
    thread.start()
    thread.join(30)
    if errors:
        raise errors[0]
    return cookie[0]


def communicator(game_id: int, cookie: str | None, query: str = "") -> WebsocketCommunicator:
    # asgi.py checks the Origin against ALLOWED_HOSTS as read at import, before pytest-django
    # adds "testserver" to them.
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, f"/ws/games/{game_id}/{query}", headers=headers)


def ply_of(html: str) -> int:
    return int(re.search(r'<section id="board" data-ply="(\d+)"', html).group(1))


def test_after_a_move_each_page_gets_its_own_viewers_board(people):
    game = start_game(people["alice"], people["bob"])
    cookies = {name: session_cookie(people[name]) for name in ("alice", "bob", "carol")}

    async def scenario():
        pages = {name: communicator(game.pk, cookie, "?ply=0") for name, cookie in cookies.items()}
        for page in pages.values():
            connected, _ = await page.connect()
            assert connected
            # Each page already shows ply 0: nothing is sent until something changes.
            assert await page.receive_nothing(timeout=0.2)
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        boards = {name: await page.receive_from(timeout=10) for name, page in pages.items()}
        for page in pages.values():
            await page.disconnect()
        return boards

    boards = async_to_sync(scenario)()
    for name, html in boards.items():
        assert html.lstrip().startswith('<section id="board"'), name
        assert 'hx-swap-oob="true"' in html and ply_of(html) == 1
        assert f"<strong>{SAIL}</strong>" in html  # the move log has the move
        assert game.seed not in html
    # bob is to act: his board lets him pick Yellow's pieces and offers his moves.
    assert "Your turn: move Yellow." in boards["bob"]
    assert 'id="piece-Y1"' in boards["bob"] and "?select=YS" in boards["bob"]
    assert 'list="legal-moves"' in boards["bob"]
    # alice waits, carol watches: no pieces to pick, no moves offered.
    for name in ("alice", "carol"):
        assert "Yellow to move: waiting for bob." in boards[name]
        assert 'id="piece-' not in boards[name] and "<datalist" not in boards[name]
    assert "alice (you)" in boards["alice"] and "(you)" not in boards["carol"]


def test_the_group_messages_carry_only_a_key_of_the_change(people):
    game = start_game(people["alice"], people["bob"])

    async def scenario():
        layer = get_channel_layer()
        channels = {}
        for view in ("spectators", "seat-0", "seat-1"):
            channels[view] = await layer.new_channel()
            await layer.group_add(view_group(game.pk, view), channels[view])
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        return {
            view: await asyncio.wait_for(layer.receive(channel), timeout=10)
            for view, channel in channels.items()
        }

    received = async_to_sync(scenario)()
    frames = {message.pop("frame") for message in received.values()}
    assert all(message == {"type": "board.changed"} for message in received.values())
    # One key for the change, shared by every view: the ply and a token, no HTML.
    (frame,) = frames
    assert re.fullmatch(r"1\.[0-9a-f]{12}", frame)


def test_a_page_that_reconnects_catches_up(people):
    game = start_game(people["alice"], people["bob"])
    cookie = session_cookie(people["bob"])

    async def scenario():
        # bob's tab loaded the board at ply 0, then lost its connection; alice moved meanwhile.
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        answers = {}
        for query in ("?ply=0", "", "?ply=1"):
            page = communicator(game.pk, cookie, query)
            connected, _ = await page.connect()
            assert connected
            if await page.receive_nothing(timeout=0.3):
                answers[query] = None
            else:
                answers[query] = await page.receive_from(timeout=10)
            await page.disconnect()
        return answers

    answers = async_to_sync(scenario)()
    assert ply_of(answers["?ply=0"]) == 1 and "Your turn: move Yellow." in answers["?ply=0"]
    assert ply_of(answers[""]) == 1  # a page that does not say what it shows gets the board
    assert answers["?ply=1"] is None  # already current: nothing to send


def test_anonymous_strangers_and_missing_games_are_refused_with_a_close_code(people):
    public = start_game(people["alice"], people["bob"])
    private = start_game(people["alice"], people["bob"], private=True)
    carol, mallory = session_cookie(people["carol"]), session_cookie(people["mallory"])
    alice = session_cookie(people["alice"])

    async def attempt(game_id, cookie):
        page = communicator(game_id, cookie)
        connected, code = await page.connect()
        if connected:
            await page.receive_from(timeout=10)  # the board it is sent at once
            await page.disconnect()
            return "watching"
        return code

    async def scenario():
        return [
            await attempt(public.pk, None),
            await attempt(private.pk, None),
            await attempt(private.pk, mallory),
            await attempt(private.pk, carol),
            await attempt(private.pk + 1000, alice),
            await attempt(public.pk, carol),
            await attempt(private.pk, alice),
        ]

    assert async_to_sync(scenario)() == [
        NOT_SIGNED_IN,
        NOT_SIGNED_IN,
        MAY_NOT_WATCH,
        MAY_NOT_WATCH,
        NO_SUCH_GAME,
        "watching",  # anyone signed in watches a public game
        "watching",  # a player watches her private game
    ]


def test_a_bots_reply_reaches_the_page_too(people):
    game = start_game(people["alice"], bots=1)  # Celery runs the bot inline after the commit
    cookie = session_cookie(people["alice"])

    async def scenario():
        page = communicator(game.pk, cookie, "?ply=0")
        connected, _ = await page.connect()
        assert connected
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        seen = []
        while not seen or ply_of(seen[-1]) < 2:
            seen.append(await page.receive_from(timeout=10))
        await page.disconnect()
        return seen

    boards = async_to_sync(scenario)()
    # The bot played Yellow; alice's second crew, Black, is next.
    assert "Your turn: move Black." in boards[-1]
    assert 'id="piece-B1"' in boards[-1]


def test_a_move_through_the_web_server_is_answered_before_its_broadcast_is_sent(people):
    """The server's event loop sends the live update while the request renders its answer: the
    broadcast is held back here until the mover has her answer, and still reaches bob's page."""
    from channels.testing import HttpCommunicator

    game = start_game(people["alice"], people["bob"])
    alice, bob = session_cookie(people["alice"]), session_cookie(people["bob"])
    layer = get_channel_layer()
    send_for_real = layer.group_send

    async def scenario():
        answered = asyncio.Event()

        async def held_back_send(group, message):
            # A server that waited for this send before answering would give up here.
            await asyncio.wait_for(answered.wait(), timeout=3)
            await send_for_real(group, message)

        layer.group_send = held_back_send
        page = communicator(game.pk, bob, "?ply=0")
        connected, _ = await page.connect()
        assert connected
        csrf = "a" * 32
        post = HttpCommunicator(
            application,
            "POST",
            f"/games/{game.pk}/move/",
            body=f"move={SAIL.replace(' ', '+')}&expected_ply=0".encode(),
            headers=[
                (b"host", b"localhost"),
                (b"origin", b"http://localhost"),
                (b"content-type", b"application/x-www-form-urlencoded"),
                (b"cookie", f"sessionid={alice}; csrftoken={csrf}".encode()),
                (b"x-csrftoken", csrf.encode()),
                (b"hx-request", b"true"),
            ],
        )
        answer = await post.get_response(timeout=10)
        await post.wait(timeout=10)  # Django finishes the request (its connection goes back)
        assert await page.receive_nothing(timeout=0.2)  # not sent yet: held back
        answered.set()
        board = await page.receive_from(timeout=10)
        await page.disconnect()
        return answer, board

    try:
        answer, board = async_to_sync(scenario)()
    finally:
        layer.group_send = send_for_real
    assert answer["status"] == 200
    assert ply_of(answer["body"].decode()) == 1 and "You played" in answer["body"].decode()
    assert ply_of(board) == 1 and "Your turn: move Yellow." in board


def test_each_page_gets_its_board_in_its_viewers_language(people):
    people["bob"].language = "ru"
    people["bob"].save()
    game = start_game(people["alice"], people["bob"])
    cookies = {name: session_cookie(people[name]) for name in ("alice", "bob")}

    async def scenario():
        pages = {name: communicator(game.pk, cookie, "?ply=0") for name, cookie in cookies.items()}
        for page in pages.values():
            connected, _ = await page.connect()
            assert connected
        await database_sync_to_async(submit_move)(
            game.pk, seat_index=0, text=SAIL, expected_ply=0, user=people["alice"]
        )
        boards = {name: await page.receive_from(timeout=10) for name, page in pages.items()}
        for page in pages.values():
            await page.disconnect()
        return boards

    boards = async_to_sync(scenario)()
    assert "Ваш ход: команда «Жёлтые»." in boards["bob"]
    assert "Белый корабль плывёт с G1 на H1" in boards["bob"]  # the move log, in Russian
    assert "Yellow to move: waiting for bob." in boards["alice"]
    assert "The white ship sails from G1 to H1" in boards["alice"]
