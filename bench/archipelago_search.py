"""Speed of Archipelago's search bot: rollouts a second and CPU a decision, on positions from
games of the heuristic.

python3 bench/archipelago_search.py                 # the strong budget a position
python3 bench/archipelago_search.py --level normal --profile

Figures are per CPU second of this process (time.process_time); the wall time is printed too.
No time limit: every position runs its whole budget. --profile prints where the time went.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import os
import pstats
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.archipelago import ARCHIPELAGO, bot, search  # noqa: E402
from rules.archipelago.knowledge import seat_knowledge  # noqa: E402


def positions():
    """(label, game, seat): 2 and 4 players, early, middle and late, many moves to choose."""
    for players in (2, 4):
        for plies in (30, 120, 240):
            game = ARCHIPELAGO.new_game(players, f"speed-{players}-{plies}")
            n = 0
            while not game.is_over() and (
                n < plies or len(game.legal_moves(min(game.to_act()))) < 6
            ):
                seat = min(game.to_act())
                game.apply(seat, bot.choose(game.view(seat), n))
                n += 1
            if not game.is_over():
                yield f"{players} players, ply {game.ply}", game, min(game.to_act())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=sorted(search.ROLLOUTS), default="strong")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--rollouts", type=int, help="a decision's budget (default: the level's)")
    parser.add_argument("--positions", type=int, default=6, help="how many of the six positions")
    opts = parser.parse_args()
    counted = []
    real = search.rollout

    def counting(game, rng):
        counted.append(1)
        real(game, rng)

    search.rollout = counting
    profile = cProfile.Profile() if opts.profile else None
    total_rollouts = total_cpu = 0.0
    budget = opts.rollouts or search.ROLLOUTS[opts.level]
    for label, game, seat in itertools.islice(positions(), opts.positions):
        counted.clear()
        legal = game.legal_moves(seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        if profile:
            profile.enable()
        search.choose_move(seat_knowledge(game, seat), legal, random.Random(1), budget)
        if profile:
            profile.disable()
        cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
        total_rollouts += len(counted)
        total_cpu += cpu
        print(
            f"{label:22s} {len(legal):3d} moves: {len(counted):4d} rollouts, "
            f"{cpu * 1000:6.0f} ms CPU ({wall * 1000:.0f} ms wall), "
            f"{len(counted) / cpu:6.0f} rollouts a CPU second"
        )
    print(f"overall: {total_rollouts / total_cpu:.0f} rollouts a CPU second ({opts.level})")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(20)


if __name__ == "__main__":
    main()
