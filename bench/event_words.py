"""Benchmark of the move log's words: how long saying one move's events takes, per language.

    DEBUG=true python3 bench/event_words.py             # 6 random games of each ruleset
    DEBUG=true python3 bench/event_words.py --games 20

The board page says its last 40 moves on every request
(games.families.jackal.event_words.event_lines), so the figure to watch is microseconds per move;
a 40-move log costs 40 times that.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.settings")

import django  # noqa: E402

django.setup()

from django.utils import translation  # noqa: E402

from games.families.jackal.event_words import event_lines  # noqa: E402
from rules.jackal import AGREEMENT_KINDS, new_game  # noqa: E402


def events_of_games(ruleset: str, games: int) -> list[list[dict]]:
    moves = []
    for seed in range(games):
        state = new_game(ruleset, 4 if seed % 2 else 2, seed=f"bench-{seed}")
        rng = random.Random(seed)
        while not state.is_over():
            legal = [m for m in state.legal_moves() if m.kind not in AGREEMENT_KINDS]
            moves.append([event.as_data() for event in state.apply(rng.choice(legal))])
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for ruleset in ("classic", "second-edition"):
        moves = events_of_games(ruleset, args.games)
        events = sum(len(m) for m in moves)
        for language in ("en", "ru"):
            timings = []
            with translation.override(language):
                for _ in range(args.runs):
                    start = time.perf_counter()
                    for m in moves:
                        event_lines(m, ruleset=ruleset)
                    timings.append(time.perf_counter() - start)
            per_move = statistics.median(timings) / len(moves) * 1e6
            print(
                f"{ruleset:15} {language}: {len(moves)} moves, {events} events, "
                f"{per_move:.1f} us a move (median of {args.runs}), "
                f"a 40-move log {per_move * 40 / 1000:.2f} ms"
            )


if __name__ == "__main__":
    main()
