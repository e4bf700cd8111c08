"""Pages at 1,000, 10,000 and 100,000 games: time and queries of each list and page.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal .venv/bin/python bench/scale.py \
        [--games 1000 10000 100000] [--samples 20] [--keep | --reuse] [--explain] [--profile]

PostgreSQL only. Builds games with realistic ledgers in a throw-away database
(`<name>_bench_scale` beside the database named, dropped afterwards) with tests/scale_data.py
(engine-played games, COPY), growing it to each size in turn, and serves each page through
Django's test client (middleware, view, template): the lobby, "my games" of the heaviest player
(one game in twenty), the archive, the rankings, a board, the admin's list of games and the
admin's page of a long game. Prints the p50 time in milliseconds and the number of queries of
each. The aims (issue 14): query counts constant in the number of games, every page under 50 ms
at 100,000 games.

Building 100,000 games takes a quarter of an hour, so `--keep` leaves the database in place after
the run and `--reuse` measures the one kept (migrations are applied to it first: a new index is
measured at once) without building; `--reuse` with one size only, the size kept. `--explain`
prints PostgreSQL's plan (EXPLAIN ANALYZE) of each page's slowest query, `--profile` the functions
where each page spends its time (cProfile, one request).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")

from bench.live import create_bench_db, drop_test_db  # noqa: E402


def pages(heavy, staff) -> dict:
    """(viewer, url) of each page measured, at the present size."""
    from django.urls import reverse

    from games.models import Game

    board = Game.objects.filter(status="running", visibility="public").order_by("-id").first()
    long = Game.objects.filter(status="finished").order_by("-ply", "-id").first()
    return {
        "lobby": (heavy, reverse("lobby")),
        "my games": (heavy, reverse("my_games")),
        "history": (heavy, reverse("game_history")),
        "rankings": (heavy, reverse("rankings")),
        "board": (heavy, reverse("game_board", args=[board.pk])),
        "admin list": (staff, reverse("admin:games_game_changelist")),
        "admin game": (staff, reverse("admin:games_game_change", args=[long.pk])),
    }


def explain(sql: str, params) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN ANALYZE " + sql, params)
        for (row,) in cursor.fetchall():
            print("    " + row)


def profile(client, url: str) -> None:
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(client.get, url)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(20)
    print("\n".join(f"    {row}" for row in out.getvalue().splitlines() if row.strip()))


def measure(heavy, staff, samples: int, *, plans: bool = False, profiled: bool = False) -> dict:
    from django.db import connection
    from django.test import Client

    clients = {}
    results = {}
    for name, (user, url) in pages(heavy, staff).items():
        if user.pk not in clients:
            clients[user.pk] = Client()
            clients[user.pk].force_login(user)
        client = clients[user.pk]
        client.get(url)  # warm: templates, content types
        queries = []

        def timed(execute, sql, params, many, context, queries=queries):
            started = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                queries.append(((time.perf_counter() - started) * 1000, sql, params))

        with connection.execute_wrapper(timed):
            response = client.get(url)
        assert response.status_code == 200, f"{name} answered {response.status_code}"
        # Wall time, and what is less at the mercy of a shared machine's other work: this
        # process's CPU time (the page's Python) and the time spent waiting on its queries.
        times, cpu, sql_ms = [], [], []
        for _ in range(samples):
            waited: list = []
            started, started_cpu = time.perf_counter(), time.process_time()
            with connection.execute_wrapper(partial(timed, queries=waited)):
                client.get(url)
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            sql_ms.append(sum(query[0] for query in waited))
        results[name] = (
            statistics.median(times),
            len(queries),
            statistics.median(cpu),
            statistics.median(sql_ms),
        )
        if os.environ.get("SCALE_SLOWEST") or plans:
            elapsed, sql, params = max(queries, key=lambda query: query[0])
            print(f"{name}: {results[name][0]:.1f} ms; slowest query {elapsed:.1f} ms: {sql[:400]}")
            if plans:
                explain(sql, params)
        if profiled:
            print(f"{name}: profile of one request")
            profile(client, url)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--samples", type=int, default=20)
    kept = parser.add_mutually_exclusive_group()
    kept.add_argument("--keep", action="store_true", help="leave the database after the run")
    kept.add_argument("--reuse", action="store_true", help="measure the database kept, no build")
    parser.add_argument("--explain", action="store_true", help="plan of each page's slowest query")
    parser.add_argument("--profile", action="store_true", help="cProfile of each page")
    args = parser.parse_args()
    if args.reuse and len(args.games) != 1:
        parser.error("--reuse measures the size kept: give it as the one --games")

    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    if connection.vendor != "postgresql":
        sys.exit("bench/scale.py needs PostgreSQL: set DATABASE_URL")
    from django.template import Template

    rendering = Template._render
    setup_test_environment()
    # Templates rendered as in production: the test environment's rendering sends a signal
    # with a copy of the context for every template and include, which the test client keeps
    # (a third of the lobby's time, none of it the site's).
    Template._render = rendering
    old_name = create_bench_db("scale", keep=args.reuse)
    try:
        from accounts.models import User
        from games.models import Game, Move
        from tests import scale_data
        from tests.factories import make_user

        built, heavy, rows = 0, None, {}
        if args.reuse:
            staff = User.objects.get(username="erin")
            heavy = User.objects.get(username=scale_data.HEAVY)
            built = Game.objects.count()
            print(f"reusing {built:,} games", flush=True)
        else:
            staff = make_user("erin", staff=True)
        for size in sorted(args.games):
            if not args.reuse:
                started = time.perf_counter()
                result = scale_data.build(size - built, seed=size, log=lambda *_: None)
                heavy = heavy or result["heavy"]
                built = size
                print(f"built {size:,} games in {time.perf_counter() - started:.0f} s", flush=True)
            rows[size] = measure(
                heavy, staff, args.samples, plans=args.explain, profiled=args.profile
            )

        print(
            f"\nbench/scale.py on PostgreSQL: {Game.objects.count():,} games, "
            f"{Move.objects.count():,} ledger rows; heavy player in "
            f"{heavy.seats.count():,} games; p50 ms (queries) of {args.samples} requests"
        )
        names = list(next(iter(rows.values())))
        print(f"{'page':<12}" + "".join(f"{size:>16,}" for size in rows))
        for name in names:
            cells = "".join(
                f"{rows[size][name][0]:>10.1f} ({rows[size][name][1]:>2})" for size in rows
            )
            print(f"{name:<12}{cells}")
        print("\nthe same requests, p50 ms: CPU time of the web process / time waiting on SQL")
        print(f"{'page':<12}" + "".join(f"{size:>16,}" for size in rows))
        for name in names:
            cells = "".join(
                f"{rows[size][name][2]:>8.1f} /{rows[size][name][3]:>5.1f}" for size in rows
            )
            print(f"{name:<12}{cells}")
    finally:
        if args.keep or args.reuse:
            from django.db import connections

            connections.close_all()
            print(f"kept database {connection.settings_dict['NAME']}")
        else:
            drop_test_db(old_name)


if __name__ == "__main__":
    main()
