"""The clock sweep with 100,000 running games: its time and query count with 0, 100, 1,000 and
10,000 due (ARCHITECTURE.md: the sweep's cost follows what is due, not how many games exist).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal .venv/bin/python bench/sweep.py
    .venv/bin/python bench/sweep.py --games 20000          # SQLite, smaller

Builds a fresh throw-away database (dropped afterwards): running two-player games inserted in
bulk as the move service leaves them (a dealt position, two seats, a deadline days away), then
for each figure moves the deadline of that many games into the past and runs one sweep
(`games.clock.sweep.sweep_timeouts`): each due game times out and ends (the two-player default).
With `--mix`, a mix of tables (`MIX`: three rulesets of two families, two and three players, every
timeout policy). The queries of the sweep that finds nothing due are the fixed cost, whatever
the number of games. Each figure comes with the machine's load and the time by kind of statement.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")

GAMES = 100_000
BATCH = 5000


# The tables of `--mix` (what the defaults make of a site's tables, a guess: most
# tables have two players and end on a timeout; a third have three or four and a bot stands in;
# a few chose skipping; a few are Jamaica or Archipelago, whose rules read the whole position
# to end it): (share in twentieths, ruleset, players, timeout policy).
MIX = (
    (11, "classic", 2, "end"),
    (2, "second-edition", 2, "end"),
    (4, "classic", 3, "bot"),
    (1, "classic", 3, "skip"),
    (1, "jamaica", 2, "end"),
    (1, "archipelago", 2, "end"),
)
ONLY_TWO = ((20, "classic", 2, "end"),)


def make_running_games(n: int, people: list, tables=ONLY_TWO) -> list[int]:
    """`n` running games of `tables`, spread evenly, as the move service leaves them: a dealt
    position, their seats (the one to act flagged), a deadline days away."""
    from django.utils import timezone

    from games.models import Game, Seat
    from rules.core import ruleset

    kinds = []
    for share, name, players, policy in tables:
        state = ruleset(name).new_game(players, "bench")
        kinds += [(name, players, policy, state.to_json(), state.to_act())] * share
    now = timezone.now()
    ids = []
    for start in range(0, n, BATCH):
        chosen = [(i, kinds[i % len(kinds)]) for i in range(start, min(n, start + BATCH))]
        games = Game.objects.bulk_create(
            Game(
                ruleset=name,
                players=players,
                timeout_policy=policy,
                created_by=people[i % len(people)],
                status=Game.Status.RUNNING,
                seed="bench",
                seed_hash="h" * 64,
                state=state,
                started_at=now,
                turn_started_at=now,
                deadline=now + timedelta(days=3, minutes=i % 1000),
            )
            for i, (name, players, policy, state, _to_act) in chosen
        )
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                user=people[(k + index) % len(people)],
                joined_at=now,
                must_act=index in to_act,
            )
            for k, (game, (_i, (_name, players, _policy, _state, to_act))) in enumerate(
                zip(games, chosen, strict=True)
            )
            for index in range(players)
        )
        ids += [game.pk for game in games]
    return ids


class Counted(list):
    """A database execute wrapper that keeps every statement run through it, and the time
    spent in them (the driver building the statement, PostgreSQL running it, the rows back),
    in all and by kind of statement (`kinds`). Installed on every connection the sweep uses
    (it sweeps a backlog on two at once, games.clock.sweep): the time is theirs summed,
    so it can exceed the wall-clock time."""

    seconds = 0.0

    def __init__(self):
        super().__init__()
        self.kinds: dict[str, list[float]] = {}
        self.lock = threading.Lock()

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            took = time.perf_counter() - started
            with self.lock:
                self.append(sql)
                self.seconds += took
                self.kinds.setdefault(statement_kind(sql), []).append(took)


def statement_kind(sql: str) -> str:
    """A statement by its verb and its table ("UPDATE games_seat")."""
    words = sql.replace('"', "").split()
    verb = words[0].upper()
    after = {"SELECT": "FROM", "UPDATE": "UPDATE", "INSERT": "INTO", "DELETE": "FROM"}.get(verb)
    if after is None or after not in [w.upper() for w in words]:
        return verb
    position = [w.upper() for w in words].index(after)
    return f"{verb} {words[position + 1]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--due", type=int, nargs="*", default=[0, 100, 1_000, 10_000])
    parser.add_argument(
        "--mix",
        action="store_true",
        help="a mix of tables (MIX: rulesets, 2-3 players, every timeout policy), not only "
        "two-player classic games that end",
    )
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

    from games.clock import sweep
    from games.clock.sweep import sweep_timeouts
    from games.live import notify
    from games.models import Game

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

    # The statements of the connections that sweep beside this one are counted too.
    counting: list = []
    on_own_connection = sweep._sweep_on_own_connection

    def counted_on_own_connection(now):
        with connection.execute_wrapper(counting[-1]):
            return on_own_connection(now)

    sweep._sweep_on_own_connection = counted_on_own_connection

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tests.factories import make_user

        people = [make_user(f"pirate{i}") for i in range(50)]
        started = time.perf_counter()
        ids = make_running_games(args.games, people, MIX if args.mix else ONLY_TWO)
        with connection.cursor() as cursor:
            # As a site's tables stand after autovacuum has been by: the planner knows them,
            # and the rows just inserted are marked visible to all (else the sweep's first
            # reads would do that work, once, for the whole table).
            cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
        print(
            f"bench/sweep.py on {connection.vendor}: {args.games} running games "
            f"({'--mix' if args.mix else 'two-player classic, ending on a timeout'}) set up in "
            f"{time.perf_counter() - started:.0f} s; a backlog is swept on two connections "
            f"at once"
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
            counting.append(queries)
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
            load = " ".join(f"{figure:.1f}" for figure in os.getloadavg())
            print(
                f"  {due:>6} due (load {load}): {done:>6} timed out in {took * 1000:8.1f} ms, "
                f"{len(queries):>6} queries ({len(queries) / max(done, 1):.1f} per timeout); "
                f"{running} games still running; of that time "
                f"{publishing['seconds'] * 1000:.0f} ms publishing "
                f"{publishing['messages']} live messages; {queries.seconds * 1000:.0f} ms in "
                f"statements; {cpu * 1000:.0f} ms of this process's CPU"
            )
            for kind, times in sorted(queries.kinds.items(), key=lambda item: -sum(item[1])):
                print(f"      {kind:<32} {len(times):>4} x, {sum(times) * 1000:8.1f} ms")
            if profiler is not None:
                stats = pstats.Stats(profiler, stream=sys.stdout)
                stats.sort_stats("tottime").print_stats(25)
                stats.sort_stats("cumulative").print_stats(40)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
