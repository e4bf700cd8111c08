"""Latency of a move request beside a trivial page, at ply 10 and at ply 1000 of one game.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/web.py

Runs requests in-process against a fresh throw-away database (`test_<name>`, dropped afterwards),
through two handlers, each on a game of its own:

- `asgi`: the site's ASGI application (`jackal_site.asgi.application`), the way daphne serves
  it: the ASGI handler, every middleware with CSRF checks, the view in Django's sync thread,
  live updates on the channel layer of the settings (Redis when REDIS_URL is set).
- `sync`: Django's test client, which calls the same middleware and view synchronously, with no
  server event loop (live updates are then sent before the view goes on).

The trivial page is the home page of a signed-in player; the move is the htmx move request
(the move service with its row lock and ledger insert, then the board partial). Prints p50 and
p99 in milliseconds. The aims (issue 5): a move costs at most 3x the trivial page, and ply 1000
costs no more than ply 10 (the cached head state means no replay on the hot path).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")
# One player moving as fast as the machine allows: the per-player move limit would refuse it.
os.environ.setdefault("MOVE_RATE_LIMIT", "1000000000")

FAR = 1000  # the far ply measured beside ply 10 (--far, smaller only to check the bench runs)
WARM_UP = 5
CSRF_SECRET = "bench" * 6 + "ok"  # 32 letters: a CSRF secret in its cookie and header


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def move_of_play(state, rng: random.Random) -> str:
    """A random legal move of play, in notation. Never an offer to end the game by agreement or
    its acceptance (ruling E16): random play would end most games by agreement long before the
    plies a bench needs (legal_moves() offers them; legal_codes() leaves them out)."""
    from rules.jackal import AGREEMENT_KINDS

    return str(rng.choice([m for m in state.legal_moves() if m.kind not in AGREEMENT_KINDS]))


def long_game(min_plies: int) -> tuple[str, list[str]]:
    """A seed and a random game on it that lasts at least `min_plies` plies."""
    from rules.jackal import new_game

    for attempt in range(10_000):
        seed = f"bench-{attempt}"
        state, rng, moves = new_game("classic", players=2, seed=seed), random.Random(attempt), []
        while not state.is_over() and len(moves) < min_plies:
            move = move_of_play(state, rng)
            state.apply(move)
            moves.append(move)
        if len(moves) >= min_plies:
            return seed, moves
    raise RuntimeError(f"no random game reached {min_plies} plies")


@dataclass
class Table:
    """A running two-player game on the bench's seed, and each seat's session cookie."""

    game_id: int
    sessions: dict[int, str]

    @classmethod
    def create(cls, seed: str, names: tuple[str, str]) -> Table:
        from django.test import Client

        from games.models import Game
        from rules.jackal import new_game
        from tests.factories import make_user, start_game

        people = [make_user(name) for name in names]
        game = start_game(*people)
        # Put the game on the chosen seed before its first move (a bench-only shortcut).
        Game.objects.filter(pk=game.pk).update(
            seed=seed, state=new_game("classic", players=2, seed=seed).to_json()
        )
        sessions = {}
        for seat, user in enumerate(people):
            client = Client()
            client.force_login(user)
            sessions[seat] = client.cookies["sessionid"].value
        return cls(game.pk, sessions)

    @classmethod
    def seated(cls, ruleset: str, players: int, name: str) -> Table:
        """A running game of `ruleset` with `players` people (its own deal, random play)."""
        from django.test import Client

        from tests.factories import make_user, start_game

        people = [make_user(f"{name}{n}") for n in range(players)]
        game = start_game(*people, ruleset=ruleset)
        sessions = {}
        for seat, user in enumerate(people):
            client = Client()
            client.force_login(user)
            sessions[seat] = client.cookies["sessionid"].value
        return cls(game.pk, sessions)

    def to_act(self) -> int:
        from games.models import Seat

        seats = Seat.objects.filter(game_id=self.game_id, must_act=True)
        return min(seats.values_list("index", flat=True))

    def random_move(self, rng: random.Random) -> tuple[int, int, str]:
        """The ply, a seat to act and a random move of it (never an offer to end the game)."""
        from games.models import Game
        from games.services import head_state

        game = Game.objects.get(pk=self.game_id)
        state = head_state(game)
        seat = min(state.to_act())
        moves = [
            str(m) for m in state.legal_moves(seat) if not str(m).startswith(("offer", "accept"))
        ]
        return game.ply, seat, rng.choice(moves)

    def ply(self) -> int:
        from games.models import Game

        return Game.objects.values_list("ply", flat=True).get(pk=self.game_id)

    def play(self, moves: list[str], until: int) -> None:
        """Make the moves up to ply `until` through the move service (no timing)."""
        from games.services import submit_move

        for ply in range(self.ply(), until):
            submit_move(self.game_id, seat_index=self.to_act(), text=moves[ply], expected_ply=ply)


class SyncDriver:
    """Django's test client: the middleware and the view, called synchronously."""

    name = "sync"

    def __init__(self, table: Table):
        from django.test import Client

        self.clients = {}
        for seat, session in table.sessions.items():
            self.clients[seat] = Client(headers={"HX-Request": "true"})
            self.clients[seat].cookies["sessionid"] = session

    def _page(self, seat: int, url: str) -> tuple[float, int]:
        started = time.perf_counter()
        response = self.clients[seat].get(url)
        return (time.perf_counter() - started) * 1000, response.status_code

    def _move(self, seat: int, url: str, form: dict) -> tuple[float, int]:
        started = time.perf_counter()
        response = self.clients[seat].post(url, form)
        return (time.perf_counter() - started) * 1000, response.status_code

    async def page(self, seat: int, url: str) -> tuple[float, int]:
        from asgiref.sync import sync_to_async

        return await sync_to_async(self._page)(seat, url)

    async def move(self, seat: int, url: str, form: dict) -> tuple[float, int]:
        from asgiref.sync import sync_to_async

        return await sync_to_async(self._move)(seat, url, form)


class AsgiDriver:
    """The site's ASGI application, called as an ASGI server calls it."""

    name = "asgi"

    def __init__(self, table: Table):
        from jackal_site.asgi import application

        self.application = application
        self.sessions = table.sessions

    async def _call(self, seat: int, method: str, url: str, body: bytes = b"") -> tuple[float, int]:
        cookie = f"sessionid={self.sessions[seat]}; csrftoken={CSRF_SECRET}"
        headers = [
            (b"host", b"localhost"),
            (b"cookie", cookie.encode()),
            (b"hx-request", b"true"),
        ]
        if method == "POST":
            headers += [
                (b"origin", b"http://localhost"),
                (b"content-type", b"application/x-www-form-urlencoded"),
                (b"x-csrftoken", CSRF_SECRET.encode()),
            ]
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": url,
            "raw_path": url.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 50000),
            "server": ("localhost", 80),
        }
        requested = False
        connected = asyncio.get_running_loop().create_future()  # the client never hangs up
        messages = []

        async def receive() -> dict:
            nonlocal requested
            if not requested:
                requested = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await connected

        async def send(message: dict) -> None:
            messages.append(message)

        started = time.perf_counter()
        await self.application(scope, receive, send)
        elapsed = (time.perf_counter() - started) * 1000
        connected.cancel()
        return elapsed, messages[0]["status"]

    async def page(self, seat: int, url: str) -> tuple[float, int]:
        return await self._call(seat, "GET", url)

    async def move(self, seat: int, url: str, form: dict) -> tuple[float, int]:
        return await self._call(seat, "POST", url, urlencode(form).encode())


async def measure(driver, table: Table, moves: list[str], samples: int, far: int) -> dict:
    """Page and move latencies (ms) at ply 10 and at ply `far`, alternating page and move."""
    from asgiref.sync import sync_to_async
    from django.urls import reverse

    move_url, page_url = reverse("game_move", args=[table.game_id]), reverse("home")
    rows = {}
    for at in (0, 10, far):
        await sync_to_async(table.play)(moves, at)
        count = WARM_UP if at == 0 else samples
        page, move = [], []
        for ply in range(at, at + count):
            seat = await sync_to_async(table.to_act)()
            elapsed, status = await driver.page(seat, page_url)
            assert status == 200, f"{driver.name}: the page answered {status}"
            page.append(elapsed)
            form = {"move": moves[ply], "expected_ply": ply}
            elapsed, status = await driver.move(seat, move_url, form)
            assert status == 200, f"{driver.name}: the move answered {status}"
            move.append(elapsed)
            assert await sync_to_async(table.ply)() == ply + 1, f"the move at ply {ply} failed"
        if at:
            rows[at] = (page, move)
    return rows


async def measure_seated(driver, table: Table, samples: int) -> tuple[list, list]:
    """Page and move latencies (ms) of random play at a table of several seats, each move by a
    seat to act (the first in seat order of a simultaneous choice), from ply WARM_UP on."""
    from asgiref.sync import sync_to_async
    from django.urls import reverse

    move_url, page_url = reverse("game_move", args=[table.game_id]), reverse("home")
    rng = random.Random(table.game_id)
    page, move = [], []
    for number in range(WARM_UP + samples):
        ply, seat, text = await sync_to_async(table.random_move)(rng)
        page_ms, status = await driver.page(seat, page_url)
        assert status == 200, f"{driver.name}: the page answered {status}"
        move_ms, status = await driver.move(seat, move_url, {"move": text, "expected_ply": ply})
        assert status == 200, f"{driver.name}: the move answered {status}"
        assert await sync_to_async(table.ply)() == ply + 1, f"the move at ply {ply} failed"
        if number >= WARM_UP:
            page.append(page_ms)
            move.append(move_ms)
    return page, move


def queries_of_seated_moves(table: Table, moves: int) -> list[int]:
    """The queries of each of `moves` random htmx moves at `table` (sync handler: the ASGI
    handler runs the view in a thread of its own, out of reach of the count)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    driver, rng = SyncDriver(table), random.Random(0)
    counts = []
    for _ in range(moves):
        ply, seat, text = table.random_move(rng)
        with CaptureQueriesContext(connection) as move:
            driver._move(
                seat,
                reverse("game_move", args=[table.game_id]),
                {"move": text, "expected_ply": ply},
            )
        counts.append(len(move))
    return counts


def queries_per_request(table: Table, moves: list[str]) -> tuple[int, int]:
    """Database queries of one page and one move request (counted apart from the timings)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    driver = SyncDriver(table)
    seat, ply = table.to_act(), table.ply()
    move_url, form = reverse("game_move", args=[table.game_id]), {"move": moves[ply]}
    with CaptureQueriesContext(connection) as page:
        driver._page(seat, reverse("home"))
    with CaptureQueriesContext(connection) as move:
        driver._move(seat, move_url, {**form, "expected_ply": ply})
    return len(page), len(move)


def report(results: dict, vendor: str, layer: str, samples: int, far: int) -> None:
    print(f"bench/web.py on {vendor}, channel layer {layer}, {samples} requests each, ms")
    headings = ("handler", "ply", "page p50", "page p99", "move p50", "move p99", "move/page")
    print(" ".join(f"{heading:>9}" for heading in headings))
    for handler, rows in results.items():
        for at, (page, move) in rows.items():
            p50_page, p50_move = statistics.median(page), statistics.median(move)
            print(
                f"{handler:>9} {at:>9} {p50_page:9.2f} {percentile(page, 0.99):9.2f} "
                f"{p50_move:9.2f} {percentile(move, 0.99):9.2f} {p50_move / p50_page:9.2f}"
            )
        growth = statistics.median(rows[far][1]) / statistics.median(rows[10][1])
        print(f"{handler:>9} move p50 at ply {far} / at ply 10: {growth:.2f}")


# The tables of several seats measured beside the long two-player game: four-seat classic
# (the most Jackal seats), six-seat Jamaica (the most of any family).
SEATED = {4: "classic", 6: "jamaica"}


def seated_rows(seats: list[int], handlers, drivers, samples: int) -> None:
    """Print the rows of the tables of several seats: move and page p50 at ply ~WARM_UP on."""
    from asgiref.sync import sync_to_async
    from django.db import connections

    if not seats:
        return
    print(f"tables of several seats, random play, {samples} requests each, ms")
    headings = ("handler", "seats", "page p50", "move p50", "move p99", "move/page", "queries")
    print(" ".join(f"{heading:>9}" for heading in headings))
    for players in seats:
        for handler in handlers:
            table = Table.seated(SEATED[players], players, f"{handler}-{players}-")

            async def run(table=table, handler=handler):
                try:
                    return await measure_seated(drivers[handler](table), table, samples)
                finally:
                    await sync_to_async(connections.close_all)()

            page, move = asyncio.run(run())
            queries = max(queries_of_seated_moves(table, 5))
            p50_page, p50_move = statistics.median(page), statistics.median(move)
            print(
                f"{handler:>9} {players:>9} {p50_page:9.2f} {p50_move:9.2f} "
                f"{percentile(move, 0.99):9.2f} {p50_move / p50_page:9.2f} {queries:>9}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="requests per measurement")
    parser.add_argument("--handler", choices=("asgi", "sync", "both"), default="both")
    parser.add_argument("--far", type=int, default=FAR, help="the far ply measured")
    parser.add_argument(
        "--seats",
        type=int,
        nargs="*",
        default=sorted(SEATED),
        choices=sorted(SEATED),
        help="tables of several seats measured too (4: classic, 6: Jamaica; none: none)",
    )
    args = parser.parse_args()
    if args.far < 10 + args.samples:
        parser.error("--far must be at least 10 + --samples: the samples at ply 10 come first")

    import django

    django.setup()
    from asgiref.sync import sync_to_async
    from django.conf import settings
    from django.db import connection, connections
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        seed, moves = long_game(args.far + args.samples + 10)
        handlers = ("asgi", "sync") if args.handler == "both" else (args.handler,)
        drivers = {"asgi": AsgiDriver, "sync": SyncDriver}
        results = {}
        for number, handler in enumerate(handlers):
            table = Table.create(seed, (f"alice{number}", f"bob{number}"))

            async def run(table=table, handler=handler) -> dict:
                try:
                    return await measure(
                        drivers[handler](table), table, moves, args.samples, args.far
                    )
                finally:
                    await sync_to_async(connections.close_all)()

            results[handler] = asyncio.run(run())
        layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
        report(results, connection.vendor, layer, args.samples, args.far)
        page_queries, move_queries = queries_per_request(table, moves)
        print(f"queries per request: page {page_queries}, move {move_queries}")
        seated_rows(args.seats, handlers, drivers, args.samples)
    finally:
        connections.close_all()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
