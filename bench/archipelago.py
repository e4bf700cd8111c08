"""Archipelago engine speed: random playouts through the protocol, plies per second.

python3 bench/archipelago.py --games 20 --seats 4
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.core import ruleset  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--island", default="first")
    args = parser.parse_args()
    rules = ruleset("archipelago")
    plies = 0
    legal_calls = 0
    start = time.perf_counter()
    reasons: dict[str, int] = {}
    for n in range(args.games):
        game = rules.new_game(args.seats, f"bench-{n}", island=args.island)
        rng = random.Random(n)
        while not game.is_over():
            seat = min(game.to_act())
            moves = [m for m in game.legal_moves(seat) if m not in ("offer end", "accept end")]
            legal_calls += 1
            game.apply(seat, rng.choice(moves))
            plies += 1
        reasons[game.outcome().reason] = reasons.get(game.outcome().reason, 0) + 1
    took = time.perf_counter() - start
    print(
        f"{args.games} games, {args.seats} seats, island {args.island}: {plies} plies in "
        f"{took:.2f} s = {plies / took:.0f} plies/s ({plies / args.games:.0f} plies a game); "
        f"endings {reasons}"
    )
    game = rules.new_game(args.seats, "bench-copy", landing="recommended")
    start = time.perf_counter()
    for _ in range(200):
        game.copy()
    print(f"copy: {(time.perf_counter() - start) / 200 * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
