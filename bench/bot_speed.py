"""Search speed of the ISMCTS bots: iterations a second on positions from random play.

python3 bench/bot_speed.py                  # 1000 iterations (the strong budget) a position
python3 bench/bot_speed.py --iterations 200
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.bots import ismcts, seat_knowledge  # noqa: E402
from rules.jackal import new_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    opts = parser.parse_args()
    total_iterations = total_seconds = 0.0
    for ruleset in ("classic", "second-edition"):
        for players in (2, 4):
            for plies in (40, 150):
                s = new_game(ruleset, players=players, seed=f"speed-{plies}")
                rng = random.Random(plies)
                for _ in range(plies):
                    s.apply_code(rng.choice(s.legal_codes()))
                knowledge = seat_knowledge(s, s.to_act())
                if len(knowledge.view.legal_moves) < 2:
                    continue  # a forced move is not searched
                search = ismcts.Search(knowledge, random.Random(1), opts.iterations)
                search.run()
                total_iterations += search.iterations
                total_seconds += search.elapsed
                print(
                    f"{ruleset:14s} {players}p ply {plies:3d}: "
                    f"{search.iterations / search.elapsed:6.0f} iterations/s, "
                    f"{search.elapsed:.2f} s a decision"
                )
    print(f"overall {total_iterations / total_seconds:.0f} iterations/s")


if __name__ == "__main__":
    main()
