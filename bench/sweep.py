"""The clock sweep with 100,000 running games: its time and query count with 0, 100, 1,000 and
10,000 due (ARCHITECTURE.md: the sweep's cost follows what is due, not how many games exist).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal .venv/bin/python bench/sweep.py
    .venv/bin/python bench/sweep.py --games 20000          # SQLite, smaller

Builds a fresh throw-away database (dropped afterwards): running two-player games inserted in
bulk as the move service leaves them (a dealt position, two seats, a deadline days away), then
for each figure moves the deadline of that many games into the past and runs one sweep
(`games.sweep.sweep_timeouts`): each due game times out and ends (the two-player default). The
queries of the sweep that finds nothing due are the fixed cost, whatever the number of games.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")

GAMES = 100_000
BATCH = 5000


def make_running_games(n: int, people: list) -> list[int]:
    from django.utils import timezone

    from games.models import Game, Seat
    from rules.jackal import new_game

    state = new_game("classic", players=2, seed="bench").to_json()
    now = timezone.now()
    ids = []
    for start in range(0, n, BATCH):
        games = Game.objects.bulk_create(
            Game(
                players=2,
                created_by=people[i % len(people)],
                status=Game.Status.RUNNING,
                seed="bench",
                seed_hash="h" * 64,
                state=state,
                started_at=now,
                turn_started_at=now,
                deadline=now + timedelta(days=3, minutes=i % 1000),
            )
            for i in range(start, min(n, start + BATCH))
        )
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                user=people[(k + index) % len(people)],
                joined_at=now,
                must_act=index == 0,
            )
            for k, game in enumerate(games)
            for index in (0, 1)
        )
        ids += [game.pk for game in games]
    return ids


class Counted(list):
    """A database execute wrapper that keeps every statement run through it, and the time
    spent in them (the driver building the statement, PostgreSQL running it, the rows back)."""

    seconds = 0.0

    def __call__(self, execute, sql, params, many, context):
        self.append(sql)
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--due", type=int, nargs="*", default=[0, 100, 1_000, 10_000])
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the largest sweep and print where it goes"
    )
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.disable(logging.INFO)  # a log line per timeout would time the terminal
    from django.db import connection
    from django.test.utils import setup_test_environment
    from django.utils import timezone

    from games import notify
    from games.models import Game
    from games.sweep import sweep_timeouts

    # The live updates sent after each batch's commit (one per view of each game, and one to
    # each player's own pages) are timed apart: with Redis they are most of the time.
    publishing = {"seconds": 0.0, "messages": 0}
    publish = notify._publish

    def timed_publish(game_id, ply, messages):
        started = time.perf_counter()
        publish(game_id, ply, messages)
        publishing["seconds"] += time.perf_counter() - started
        publishing["messages"] += len(messages)

    notify._publish = timed_publish

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tests.factories import make_user

        people = [make_user(f"pirate{i}") for i in range(50)]
        started = time.perf_counter()
        ids = make_running_games(args.games, people)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # the planner should know the table it sweeps
        print(
            f"bench/sweep.py on {connection.vendor}: {args.games} running games set up in "
            f"{time.perf_counter() - started:.0f} s"
        )
        used = 0
        for due in args.due:
            chosen = ids[used : used + due]
            used += due
            past = timezone.now() - timedelta(minutes=1)
            for start in range(0, len(chosen), BATCH):
                Game.objects.filter(pk__in=chosen[start : start + BATCH]).update(deadline=past)
            publishing.update(seconds=0.0, messages=0)
            queries = Counted()  # every statement (CaptureQueriesContext keeps the last 9,000)
            profiler = cProfile.Profile() if args.profile and due == max(args.due) else None
            with connection.execute_wrapper(queries):
                started, cpu = time.perf_counter(), time.process_time()
                if profiler is not None:
                    profiler.enable()
                done = sweep_timeouts()
                if profiler is not None:
                    profiler.disable()
                took = time.perf_counter() - started
                cpu = time.process_time() - cpu
            running = Game.objects.filter(status=Game.Status.RUNNING).count()
            print(
                f"  {due:>6} due: {done:>6} timed out in {took * 1000:8.1f} ms, "
                f"{len(queries):>6} queries ({len(queries) / max(done, 1):.1f} per timeout); "
                f"{running} games still running; of that time "
                f"{publishing['seconds'] * 1000:.0f} ms publishing "
                f"{publishing['messages']} live messages; {queries.seconds * 1000:.0f} ms in "
                f"statements; {cpu * 1000:.0f} ms of this process's CPU"
            )
            if profiler is not None:
                stats = pstats.Stats(profiler, stream=sys.stdout)
                stats.sort_stats("tottime").print_stats(25)
                stats.sort_stats("cumulative").print_stats(40)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
