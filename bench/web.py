"""Latency of a move request beside a trivial page, at ply 10 and at ply 1000 of one game.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal .venv/bin/python bench/web.py

Runs the whole Django request path in-process (middleware, session, view, the move service with
its row lock and ledger insert, the board partial) against a fresh throw-away database
(`test_<name>`, dropped afterwards). Prints p50 and p99 in milliseconds. The aims (issue 5): a
move costs at most 3x the trivial page, and ply 1000 costs no more than ply 10 — the cached head
state means no replay on the hot path.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def long_game(min_plies: int) -> tuple[str, list[str]]:
    """A seed and a random game on it that lasts at least `min_plies` plies."""
    from rules.jackal import new_game

    for attempt in range(10_000):
        seed = f"bench-{attempt}"
        state, rng, moves = new_game("classic", players=2, seed=seed), random.Random(attempt), []
        while not state.is_over() and len(moves) < min_plies:
            move = str(rng.choice(state.legal_moves()))
            state.apply(move)
            moves.append(move)
        if len(moves) >= min_plies:
            return seed, moves
    raise RuntimeError(f"no random game reached {min_plies} plies")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200, help="requests per measurement")
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.samples, Client, reverse, connection)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(samples: int, client_class, reverse, connection) -> None:
    from games.models import Game
    from games.services import submit_move
    from rules.jackal import new_game
    from tests.factories import make_user, start_game

    far = 1000
    seed, moves = long_game(far + samples + 10)
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    # Put the game on the chosen seed before its first move (a bench-only shortcut).
    Game.objects.filter(pk=game.pk).update(
        seed=seed, state=new_game("classic", players=2, seed=seed).to_json()
    )
    clients = {}
    for seat, user in ((0, alice), (1, bob)):
        clients[seat] = client_class(headers={"HX-Request": "true"})
        clients[seat].force_login(user)
    move_url = reverse("game_move", args=[game.pk])
    trivial_url = reverse("home")
    ply = 0

    def fast_forward(to: int) -> None:
        nonlocal ply
        while ply < to:
            seat = Game.objects.values_list("to_act_seat", flat=True).get(pk=game.pk)
            submit_move(game.pk, seat_index=seat, text=moves[ply], expected_ply=ply)
            ply += 1

    def queries_per_request() -> tuple[int, int]:
        """Database queries of one page and one move request (counted apart from the timings)."""
        nonlocal ply
        from django.test.utils import CaptureQueriesContext

        seat = Game.objects.values_list("to_act_seat", flat=True).get(pk=game.pk)
        with CaptureQueriesContext(connection) as page:
            clients[seat].get(trivial_url)
        with CaptureQueriesContext(connection) as move:
            clients[seat].post(move_url, {"move": moves[ply], "expected_ply": ply})
        ply += 1
        return len(page), len(move)

    def measure(at: int, count: int) -> tuple[list[float], list[float]]:
        nonlocal ply
        fast_forward(at)
        page, move = [], []
        for _ in range(count):
            seat = Game.objects.values_list("to_act_seat", flat=True).get(pk=game.pk)
            client = clients[seat]
            started = time.perf_counter()
            response = client.get(trivial_url)
            page.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
            started = time.perf_counter()
            response = client.post(move_url, {"move": moves[ply], "expected_ply": ply})
            move.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.status_code
            ply += 1
            assert Game.objects.values_list("ply", flat=True).get(pk=game.pk) == ply, (
                f"the move at ply {ply - 1} was not applied"
            )
        return page, move

    measure(0, 5)  # warm up templates and connections before measuring
    rows = []
    for at in (10, far):
        page, move = measure(at, samples)
        rows.append((at, page, move))
    vendor = connection.vendor
    print(f"bench/web.py on {vendor}, {samples} requests each, times in ms")
    headings = ("ply", "page p50", "page p99", "move p50", "move p99", "move/page")
    print(" ".join(f"{heading:>9}" for heading in headings))
    for at, page, move in rows:
        p50_page, p50_move = statistics.median(page), statistics.median(move)
        print(
            f"{at:>9} {p50_page:9.2f} {percentile(page, 0.99):9.2f} {p50_move:9.2f} "
            f"{percentile(move, 0.99):9.2f} {p50_move / p50_page:9.2f}"
        )
    (_, _, near), (_, _, late) = rows
    growth = statistics.median(late) / statistics.median(near)
    print(f"move p50 at ply {far} / at ply 10: {growth:.2f}")
    page_queries, move_queries = queries_per_request()
    print(f"queries per request: page {page_queries}, move {move_queries}")


if __name__ == "__main__":
    main()
