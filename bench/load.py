"""A bounded load test on loopback: games with moves flowing and pages watching them, served by
two daphne processes and a Celery worker on Redis, as in production (issue 14).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/load.py [--games 30] [--viewers 120] [--seconds 60]

It builds a throw-away database (`<name>_bench_load`, dropped afterwards) with N two-player
games, one in five of them against a bot, and starts two daphne processes and one Celery worker
on it. Each game's players play random legal moves as a browser does: they load their board
page (a page request), read the legal moves the page offers, and post one with htmx (a move
request), against either web process in turn; the worker answers the bots' turns. Meanwhile V
websocket pages (players' and spectators', spread over both processes) watch the games and
count the live boards they receive. Prints moves per second, p50/p95 of page and move requests,
live frames, errors (aim: none), and then whether `verify_ledgers` finds every game's ledger
intact.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import http.client
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.web import CSRF_SECRET, percentile  # noqa: E402

LEGAL = re.compile(r'<datalist id="legal-moves">(.*?)</datalist>', re.S)
OPTION = re.compile(r'<option value="([^"]+)">')
PLY = re.compile(r'data-ply="(\d+)"')


def bench_env(database_url: str) -> dict[str, str]:
    """What the web processes and the worker run with: production settings on the bench's
    database, without HTTPS, and no move limit (the players move as fast as they can)."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "jackal_site.settings",
        "SECRET_KEY": "bench-load-" + "k" * 40,
        "DEBUG": "false",
        "DATABASE_URL": database_url,
        "STATIC_MANIFEST": "false",
        "MOVE_RATE_LIMIT": "1000000000",
        "MAX_BOT_GAMES": "1000000",
        "CELERY_QUEUE": "bench-load",
        "LOG_LEVEL": "WARNING",
    }


def run(argv: list[str], env: dict[str, str]) -> None:
    subprocess.run(argv, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def build(games: int) -> list[dict]:
    """The games, each with its players' session cookies (and None for a bot's seat)."""
    from django.test import Client

    from games.services import open_table
    from tests.factories import make_user

    tables = []
    for number in range(games):
        against_bot = number % 5 == 4
        alice = make_user(f"load{number}a")
        if against_bot:
            game = open_table(creator=alice, players=2, bot_seats=(1,), bot_level="easy")
            people = [alice, None]
        else:
            bob = make_user(f"load{number}b")
            game = open_table(creator=alice, players=2)
            from games.services import join_table

            join_table(game.pk, bob)
            people = [alice, bob]
        sessions = []
        for user in people:
            if user is None:
                sessions.append(None)
                continue
            client = Client()
            client.force_login(user)
            sessions.append(client.cookies["sessionid"].value)
        tables.append({"id": game.pk, "sessions": sessions})
    return tables


class Counts:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pages: list[float] = []
        self.moves: list[float] = []
        self.errors: list[str] = []
        self.frames = 0
        self.connected = 0

    def add(self, kind: str, ms: float) -> None:
        with self.lock:
            getattr(self, kind).append(ms)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def request(port: int, method: str, path: str, session: str, body: str = "") -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Cookie": f"sessionid={session}; csrftoken={CSRF_SECRET}", "Host": "127.0.0.1"}
    if method == "POST":
        headers.update(
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": CSRF_SECRET,
                "HX-Request": "true",
                "Referer": f"http://127.0.0.1:{port}{path}",
            }
        )
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def play(table: dict, ports: list[int], until: float, counts: Counts, seed: int) -> None:
    """The players of one game, in turn: load the page, and move when it offers moves."""
    rng = random.Random(seed)
    page = f"/games/{table['id']}/"
    turn = 0
    while time.monotonic() < until:
        for seat, session in enumerate(table["sessions"]):
            if session is None:
                continue
            port = ports[turn % len(ports)]
            turn += 1
            started = time.perf_counter()
            status, text = request(port, "GET", page, session)
            counts.add("pages", (time.perf_counter() - started) * 1000)
            if status != 200:
                counts.error(f"page {page} seat {seat}: {status}")
                continue
            if 'data-state="running"' not in text:
                return  # the game is over
            offered = LEGAL.search(text)
            if not offered:
                continue  # not this seat's turn (or a bot is thinking)
            ply = PLY.search(text).group(1)
            move = html.unescape(rng.choice(OPTION.findall(offered.group(1))))
            body = urlencode({"move": move, "expected_ply": ply})
            started = time.perf_counter()
            status, answer = request(port, "POST", f"/games/{table['id']}/move/", session, body)
            counts.add("moves", (time.perf_counter() - started) * 1000)
            if status != 200 or 'class="message error"' in answer:
                counts.error(f"move {move} in game {table['id']} at ply {ply}: {status}")


async def watch(
    tables: list[dict], ports: list[int], viewers: int, until: float, counts: Counts
) -> None:
    """`viewers` websocket pages over the games and both web processes, counting live boards.
    Runs in a process of its own (`--watch`): autobahn's asyncio client cannot share a process
    with Django's twisted-based daphne app."""
    from autobahn.asyncio.websocket import WebSocketClientFactory, WebSocketClientProtocol

    class Page(WebSocketClientProtocol):
        def onOpen(self) -> None:  # noqa: N802 (autobahn's names)
            with counts.lock:
                counts.connected += 1

        def onMessage(self, payload, is_binary) -> None:  # noqa: N802
            with counts.lock:
                counts.frames += 1

    loop = asyncio.get_running_loop()
    transports = []
    for number in range(viewers):
        table = tables[number % len(tables)]
        port = ports[number % len(ports)]
        # Players' pages and spectators' (a spectator is a player of another game).
        other = tables[(number + 1) % len(tables)]
        session = (table["sessions"][0] if number % 2 else other["sessions"][0]) or ""
        url = f"ws://127.0.0.1:{port}/ws/games/{table['id']}/?ply=0"
        factory = WebSocketClientFactory(
            url,
            origin=f"http://127.0.0.1:{port}",
            headers={"Cookie": f"sessionid={session}"},
        )
        factory.protocol = Page
        try:
            transport, _protocol = await loop.create_connection(factory, "127.0.0.1", port)
            transports.append(transport)
        except OSError as error:
            counts.error(f"websocket {number}: {error}")
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    for transport in transports:
        transport.close()


def server(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "w") as out:
        return subprocess.Popen(argv, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)


def wait_until_up(port: int, process: subprocess.Popen, log: Path) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit(f"a web process exited:\n{log.read_text()}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"port {port} never answered:\n{log.read_text()}")


def watch_here(plan: str) -> None:
    """The child process of the websocket pages: reads its plan, prints what it counted."""
    spec = json.loads(plan)
    counts = Counts()
    until = time.monotonic() + spec["seconds"]
    asyncio.run(watch(spec["tables"], spec["ports"], spec["viewers"], until, counts))
    print(
        json.dumps(
            {"frames": counts.frames, "connected": counts.connected, "errors": counts.errors}
        )
    )


def main() -> None:
    if sys.argv[1:2] == ["--watch"]:
        return watch_here(sys.argv[2])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--viewers", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--ports", type=int, nargs=2, default=[8301, 8302])
    args = parser.parse_args()
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres") or not os.environ.get("REDIS_URL"):
        raise SystemExit("bench/load.py needs DATABASE_URL (PostgreSQL) and REDIS_URL set")
    parts = urlsplit(base)
    # Named after the database given, so that two checkouts on one server never share it.
    name = f"{parts.path.lstrip('/') or 'jackal'}_bench_load"
    database_url = urlunsplit(parts._replace(path=f"/{name}"))
    admin = urlunsplit(parts._replace(path="/postgres"))
    env = bench_env(database_url)
    subprocess.run(
        ["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=True
    )
    subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {name}"], check=True)
    processes: list[subprocess.Popen] = []
    logs = Path(os.environ.get("TMPDIR", "/tmp"))
    try:
        run([sys.executable, "manage.py", "migrate", "-v0"], env)
        os.environ.update(env)
        import django

        django.setup()
        tables = build(args.games)
        for port in args.ports:
            log = logs / f"bench-load-daphne-{port}.log"
            argv = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            processes.append(server([*argv, "jackal_site.asgi:application"], env, log))
            wait_until_up(port, processes[-1], log)
        worker = [sys.executable, "-m", "celery", "-A", "jackal_site", "worker", "--pool=solo"]
        worker += ["-Q", "bench-load", "--without-heartbeat", "--without-mingle"]
        processes.append(server(worker, env, logs / "bench-load-worker.log"))
        # The games' first bot turns were queued before the worker started: it takes them now.
        counts = Counts()
        started = time.monotonic()
        until = started + args.seconds
        plan = {
            "tables": tables,
            "ports": args.ports,
            "viewers": args.viewers,
            "seconds": args.seconds,
        }
        watcher = subprocess.Popen(
            [sys.executable, __file__, "--watch", json.dumps(plan)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        with ThreadPoolExecutor(max_workers=min(16, len(tables))) as pool:
            for number, table in enumerate(tables):
                pool.submit(play, table, args.ports, until, counts, number)
        watched = json.loads(watcher.communicate()[0].strip().splitlines()[-1])
        counts.frames, counts.connected = watched["frames"], watched["connected"]
        counts.errors += watched["errors"]
        elapsed = time.monotonic() - started
        from games.models import Move

        moved = Move.objects.count()
        print(f"{args.games} games, {args.viewers} websocket pages, 2 daphne + 1 worker")
        print(f"moves in the ledgers: {moved} ({moved / elapsed:.1f}/s over {elapsed:.0f} s)")
        for kind in ("pages", "moves"):
            samples = getattr(counts, kind)
            if samples:
                p50, p95 = percentile(samples, 0.5), percentile(samples, 0.95)
                print(f"{kind:>6}: {len(samples)} requests, p50 {p50:.1f} ms, p95 {p95:.1f} ms")
        print(f"live boards received: {counts.frames} by {counts.connected} pages")
        print(f"errors: {len(counts.errors)}")
        for error in counts.errors[:10]:
            print("  ", error)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
    checked = subprocess.run(
        [sys.executable, "manage.py", "verify_ledgers"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    print("verify_ledgers:", (checked.stdout + checked.stderr).strip().splitlines()[-1:])
    from django.db import connections

    connections.close_all()
    subprocess.run(
        ["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=True
    )


if __name__ == "__main__":
    main()
