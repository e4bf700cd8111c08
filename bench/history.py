"""The archive with 100,000 finished games, and the replay of a 1,000-ply game: time and queries.

    .venv/bin/python bench/history.py                       # SQLite
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal .venv/bin/python bench/history.py

Runs Django's test client in-process against a fresh throw-away database (dropped afterwards).
The archive's games are inserted in bulk (rows as the move service leaves them, with their
standings); the replay's game is a real random game of 1,000 plies whose ledger is in the
database. Prints the median and worst time in milliseconds and the queries of one request.
The replay is timed cold (no cached checkpoints: the first visit of a ply) and warm.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")

GAMES = 100_000
REPLAY_PLIES = 1000
BATCH = 5000


def make_archive(n: int, people: list) -> None:
    from django.utils import timezone

    from games.models import Game, Seat
    from ratings.models import Standing

    rng = random.Random(1)
    now = timezone.now()
    for start in range(0, n, BATCH):
        games, pairs = [], []
        for i in range(start, min(n, start + BATCH)):
            a, b = rng.sample(people, 2)
            score = (rng.randint(0, 20), rng.randint(0, 20))
            ended = now - timedelta(minutes=7 * i)
            ranking = [[0], [1]] if score[0] > score[1] else [[1], [0]]
            if score[0] == score[1]:
                ranking = [[0, 1]]
            games.append(
                Game(
                    ruleset=rng.choice(["classic", "second-edition"]),
                    players=2,
                    created_by=a,
                    status=Game.Status.FINISHED,
                    seed="s" * 64,
                    seed_hash="h" * 64,
                    ply=rng.randint(200, 900),
                    outcome={
                        "scores": {"0": score[0], "1": score[1]},
                        "team_scores": {"0": score[0], "1": score[1]},
                        "crew_scores": {},
                        "ranking": ranking,
                        "reason": "all coins gone",
                    },
                    started_at=ended - timedelta(days=rng.randint(0, 30)),
                    finished_at=ended,
                    invite_token=f"bench-{i}",
                )
            )
            pairs.append((a, b, score))
        games = Game.objects.bulk_create(games)
        Seat.objects.bulk_create(
            Seat(game=g, index=k, user=who)
            for g, (a, b, _s) in zip(games, pairs, strict=True)
            for k, who in enumerate((a, b))
        )
        Standing.objects.bulk_create(
            Standing(
                game=g,
                seat=k,
                user=who,
                place=1 if score[k] >= score[1 - k] else 2,
                won=score[k] > score[1 - k],
                coins=score[k],
            )
            for g, (a, b, score) in zip(games, pairs, strict=True)
            for k, who in enumerate((a, b))
        )


def make_long_game(people: list, plies: int):
    from django.utils import timezone

    from games.models import Game, Move, Seat
    from rules.jackal import AGREEMENT_KINDS as AGREEMENT
    from rules.jackal import new_game

    for attempt in range(10_000):
        seed = f"bench-replay-{attempt}"
        state, rng, moves = new_game("classic", players=2, seed=seed), random.Random(attempt), []
        while not state.is_over() and len(moves) < plies:
            # Played out: an offer to end by agreement, once accepted, would cut it short.
            move = str(rng.choice([m for m in state.legal_moves() if m.kind not in AGREEMENT]))
            state.apply(move)
            moves.append((move, state.ply))
        if len(moves) >= plies:
            break
    now = timezone.now()
    game = Game.objects.create(
        players=2,
        created_by=people[0],
        status=Game.Status.FINISHED,
        seed=seed,
        seed_hash="h" * 64,
        ply=len(moves),
        state=state.to_json(),
        outcome=None,
        started_at=now - timedelta(days=40),
        finished_at=now,
    )
    Seat.objects.bulk_create(Seat(game=game, index=k, user=people[k]) for k in (0, 1))
    replayed = new_game("classic", players=2, seed=seed)
    rows = []
    for ply, (text, _after) in enumerate(moves, start=1):
        seat = replayed.to_act()
        replayed.apply(text)
        rows.append(Move(game=game, ply=ply, text=text, seat=seat, user=people[seat]))
    Move.objects.bulk_create(rows)
    return game


def timed(client, url: str, params: dict, repeat: int) -> tuple[list[float], int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.get(url, params)
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, params, response.status_code)
    with CaptureQueriesContext(connection) as queries:
        client.get(url, params)
    return samples, len(queries)


def explain(client, url: str, params: dict) -> None:
    """Print PostgreSQL's plan (EXPLAIN ANALYZE) of the slowest query of one request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        client.get(url, params)
    slowest = max(queries.captured_queries, key=lambda q: float(q["time"]))
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN ANALYZE " + slowest["sql"])
        for (row,) in cursor.fetchall():
            print("    " + row)


def line(label: str, samples: list[float], queries: int) -> None:
    print(
        f"{label:<44} p50 {statistics.median(samples):8.1f}  max {max(samples):8.1f}"
        f"  queries {queries}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--plies", type=int, default=REPLAY_PLIES, help="the replayed game's")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="PostgreSQL: the plan of each archive page's slowest query",
    )
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection, connections
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tests.factories import make_user

        people = [make_user(f"pirate{i}") for i in range(50)]
        started = time.perf_counter()
        make_archive(args.games, people)
        game = make_long_game(people, args.plies)
        if connection.vendor == "postgresql":
            # Fresh planner statistics, as a live database has them (autovacuum would take a
            # while after a bulk insert; without them the plans are not the real ones).
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        print(
            f"bench/history.py on {connection.vendor}: {args.games} finished games and one of "
            f"{game.ply} plies set up in {time.perf_counter() - started:.0f} s; times in ms"
        )
        client = Client()
        client.force_login(people[0])
        history = reverse("game_history")
        from games.presenters.archive import _cursor, finished_games

        ordered = finished_games(people[0])
        second, deep = ordered[24], ordered[args.games - 30]  # the cursors of two pages
        for label, params in [
            ("archive, first page", {}),
            ("archive, second page", {"before": _cursor(second)}),
            ("archive, last page", {"before": _cursor(deep)}),
            ("archive, second edition, 2 players", {"ruleset": "second-edition", "players": "2"}),
            ("archive, won, against pirate7", {"result": "won", "opponent": "pirate7"}),
        ]:
            line(label, *timed(client, history, params, args.repeat))
            if args.explain and connection.vendor == "postgresql":
                explain(client, history, params)
        profile = reverse("player_profile", args=["pirate3"])
        line("profile (archive, ratings)", *timed(client, profile, {}, args.repeat))
        replay = reverse("game_replay", args=[game.pk])
        for ply in (1, game.ply // 2, game.ply):
            cold = []
            for _ in range(max(3, args.repeat // 4)):
                cache.clear()
                cold += timed(client, replay, {"ply": ply}, 1)[0]
            cache.clear()
            samples, queries = timed(client, replay, {"ply": ply}, args.repeat)
            line(f"replay ply {ply} of {game.ply}, cold", cold, queries)
            line(f"replay ply {ply} of {game.ply}, warm", samples, queries)
        step = [client.get(replay, {"ply": p}, HTTP_HX_REQUEST="true") for p in range(3)]
        assert all(r.status_code == 200 for r in step)
        line(
            "replay, htmx partial, next ply (warm)",
            *timed(client, replay, {"ply": game.ply // 2 + 1}, args.repeat),
        )
    finally:
        connections.close_all()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
