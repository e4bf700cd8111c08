"""Live updates to many pages of one game: from the mover's answer to the last page's board.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/live.py [--viewers 50 500] [--moves 30]

Runs in-process against a fresh throw-away database (`test_<name>`, dropped afterwards) and the
channel layer of the settings (Redis when REDIS_URL is set). A four-player game is watched by N
websocket pages, through the site's ASGI application as daphne serves it: one page for each
player, and N - 4 spectators (spread over 20 accounts, several tabs each). The players make
their moves through the htmx move request of the same application. For each move it takes the
time from the end of the mover's answer to the moment the last of the N pages has its board for
the new ply, and checks that every page got the board of its own view (its seat's, with its
player marked "(you)", or the spectators' one, the same for all) and nothing else. Prints
p50/p95/max in milliseconds, the bytes of a board frame, and what websocket compression makes
of it when daphne serves the site (jackal_site/websocket_compression.py: permessage-deflate, each
frame on its own): the bytes a page receives, and the time to compress a frame, which is spent
once per view and frame, not per page. This bench runs the ASGI application in-process, without
daphne, so its pages get the frames uncompressed and its times do not include compression. The
aims (issue 14): 50 pages p95 under 50 ms, 500 pages p95 under 250 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")
# Players moving as fast as the machine allows: the per-player move limit would refuse it.
os.environ.setdefault("MOVE_RATE_LIMIT", "1000000000")

from bench.web import CSRF_SECRET, move_of_play, percentile  # noqa: E402

PLAYERS = ("alice", "bob", "carol", "dave")
SPECTATOR_ACCOUNTS = 20
PLY = re.compile(r'<section id="board" data-ply="(\d+)"')


def random_game(plies: int) -> tuple[str, list[str]]:
    """A seed and a random four-player game on it of `plies` plies."""
    from rules.jackal import new_game

    for attempt in range(1000):
        seed = f"live-{attempt}"
        state, rng, moves = new_game("classic", players=4, seed=seed), random.Random(attempt), []
        while not state.is_over() and len(moves) < plies:
            move = move_of_play(state, rng)
            state.apply(move)
            moves.append(move)
        if len(moves) == plies:
            return seed, moves
    raise RuntimeError(f"no random game reached {plies} plies")


def set_up(seed: str) -> tuple[int, dict[str, str]]:
    """The game on `seed`, and a session cookie for each player and spectator account."""
    from django.test import Client

    from games.models import Game
    from rules.jackal import new_game
    from tests.factories import make_user, start_game

    people = {name: make_user(name) for name in PLAYERS}
    people.update({f"watcher{n}": make_user(f"watcher{n}") for n in range(SPECTATOR_ACCOUNTS)})
    game = start_game(*(people[name] for name in PLAYERS))
    # Put the game on the chosen seed before its first move (a bench-only shortcut).
    Game.objects.filter(pk=game.pk).update(
        seed=seed, state=new_game("classic", players=4, seed=seed).to_json()
    )
    sessions = {}
    for name, user in people.items():
        client = Client()
        client.force_login(user)
        sessions[name] = client.cookies["sessionid"].value
    return game.pk, sessions


def websocket(game_id: int, session: str):
    from channels.testing import WebsocketCommunicator

    from jackal_site.asgi import application

    headers = [
        (b"origin", b"http://localhost"),
        (b"host", b"localhost"),
        (b"cookie", f"sessionid={session}".encode()),
    ]
    return WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=headers)


async def post_move(game_id: int, session: str, move: str, ply: int) -> int:
    """The htmx move request through the ASGI application; its status once fully answered."""
    from channels.testing import HttpCommunicator

    from jackal_site.asgi import application

    request = HttpCommunicator(
        application,
        "POST",
        f"/games/{game_id}/move/",
        body=urlencode({"move": move, "expected_ply": ply}).encode(),
        headers=[
            (b"host", b"localhost"),
            (b"origin", b"http://localhost"),
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"cookie", f"sessionid={session}; csrftoken={CSRF_SECRET}".encode()),
            (b"x-csrftoken", CSRF_SECRET.encode()),
            (b"hx-request", b"true"),
        ],
    )
    answer = await request.get_response(timeout=30)
    await request.wait(timeout=30)  # Django finishes the request (its connection goes back)
    return answer["status"]


async def watch(
    viewers: int, game_id: int, sessions: dict, moves: list[str], first: int, count: int
) -> dict:
    """Open `viewers` pages, play `count` moves from ply `first` on; latencies, frame sizes,
    and how many boards went to a page of another view."""
    names = [
        PLAYERS[n % 4] if n < 4 else f"watcher{n % SPECTATOR_ACCOUNTS}" for n in range(viewers)
    ]
    pages = [websocket(game_id, sessions[name]) for name in names]
    for page in pages:
        connected, _ = await page.connect(timeout=30)
        assert connected, "a page was refused"
        await page.receive_from(timeout=30)  # the board it is sent at once (no ?ply= given)
    latencies, sizes, wrong = [], [], 0
    # What websocket compression (permessage-deflate) sends through daphne: each frame on its
    # own (jackal_site/websocket_compression.py), compressed once for all the pages of a view;
    # sampled on a player's page and a spectator's.
    from jackal_site import websocket_compression

    sampled = (0, min(4, viewers - 1))
    deflated, deflate_ms = [], []
    for ply in range(first, first + count):
        move = moves[ply]
        to_act = await _to_act(game_id)
        arrived: list[float] = [0.0] * viewers
        boards: list[str] = [""] * viewers

        async def receive(index: int, ply=ply, arrived=arrived, boards=boards) -> None:
            html = await pages[index].receive_from(timeout=30)
            arrived[index] = time.perf_counter()
            boards[index] = html
            assert int(PLY.search(html).group(1)) == ply + 1, "a board of another ply"

        receivers = [asyncio.ensure_future(receive(index)) for index in range(viewers)]
        status = await post_move(game_id, sessions[PLAYERS[to_act]], move, ply)
        answered = time.perf_counter()
        assert status == 200, f"the move answered {status}"
        await asyncio.gather(*receivers)
        latencies.append(max(0.0, (max(arrived) - answered) * 1000))
        sizes.append(statistics.mean(len(board.encode()) for board in boards))
        for index in sampled:
            started = time.perf_counter()
            deflated.append(len(websocket_compression.deflate(boards[index].encode(), 15, 8)))
            deflate_ms.append((time.perf_counter() - started) * 1000)
        wrong += count_wrong_views(names, boards)
    for page in pages:
        assert await page.receive_nothing(timeout=0.01), "a page got more than its boards"
        await page.disconnect()
    return {
        "latencies": latencies,
        "sizes": sizes,
        "wrong": wrong,
        "deflated": deflated,
        "deflate_ms": deflate_ms,
    }


def count_wrong_views(names: list[str], boards: list[str]) -> int:
    """How many pages got a board that is not their view's: a player's marks them alone as
    "(you)"; the spectators' marks nobody, and is one and the same for all of them."""
    marked = [re.findall(r"(\w+) \(you\)", board) for board in boards]
    spectators = {board for name, board in zip(names, boards, strict=True) if name not in PLAYERS}
    wrong = 0
    for name, marks in zip(names, marked, strict=True):
        if name in PLAYERS:
            wrong += marks != [name]
        else:
            wrong += marks != [] or len(spectators) != 1
    return wrong


async def _to_act(game_id: int) -> int:
    from asgiref.sync import sync_to_async

    from games.models import Seat

    return await sync_to_async(
        lambda: Seat.objects.values_list("index", flat=True).get(game_id=game_id, must_act=True)
    )()


def create_bench_db(bench: str, *, keep: bool = False) -> str:
    """A fresh throw-away database for the bench, named apart from the test suite's (which
    may run meanwhile); the name of the database it stands in for. With `keep`, the database
    of an earlier run is used as it is (migrated)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        connection.settings_dict["TEST"]["NAME"] = (
            f"{connection.settings_dict['NAME']}_bench_{bench}"
        )
    # Not serialized: the bench restores nothing, and a kept database may hold millions of rows.
    return connection.creation.create_test_db(
        verbosity=0, autoclobber=True, serialize=False, keepdb=keep
    )


def drop_test_db(old_name: str) -> None:
    """Drop the bench's database. On PostgreSQL the threads that served the websockets may
    still hold pooled connections to it: they are ended first."""
    from django.db import connection, connections

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
    connections.close_all()
    connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, nargs="+", default=[50, 500])
    parser.add_argument("--moves", type=int, default=30, help="moves measured per size")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection, connections
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = create_bench_db("live")
    try:
        seed, moves = random_game(args.moves * len(args.viewers))
        game_id, sessions = set_up(seed)
        layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
        print(f"bench/live.py on {connection.vendor}, channel layer {layer}, {args.moves} moves")
        print(
            f"{'pages':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'frame B':>8}"
            f" {'deflated B':>10} {'deflate ms':>10} {'wrong':>6}"
        )
        for number, viewers in enumerate(args.viewers):
            first = number * args.moves
            result = asyncio.run(watch(viewers, game_id, sessions, moves, first, args.moves))
            latencies = result["latencies"]
            print(
                f"{viewers:>8} {statistics.median(latencies):8.1f} "
                f"{percentile(latencies, 0.95):8.1f} {max(latencies):8.1f} "
                f"{statistics.mean(result['sizes']):8.0f} "
                f"{statistics.mean(result['deflated']):10.0f}"
                f" {statistics.median(result['deflate_ms']):10.2f} {result['wrong']:>6}"
            )
            connections.close_all()
    finally:
        drop_test_db(old_name)


if __name__ == "__main__":
    main()
