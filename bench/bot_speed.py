"""Search speed of the ISMCTS bots: iterations a second on positions from random play.

python3 bench/bot_speed.py                  # the strong budget a position (its free-for-all
                                            # budget in four-player positions)
python3 bench/bot_speed.py --iterations 200

The search is strong's, with the others played as strong plays them in a free-for-all
(rules.bots.FREE_FOR_ALL_OPPONENTS).

Figures are per CPU second of this process (time.process_time), so a machine busy with other work
does not make the search look slower than it is; the wall time a decision took is printed too.
The search's early stop is off here, so every position runs the whole budget.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.jackal import new_game  # noqa: E402
from rules.jackal.bots import FREE_FOR_ALL_OPPONENTS, budget_for, ismcts, seat_knowledge  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, help="every position (default: strong's)")
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
                budget = opts.iterations or budget_for("strong", knowledge)
                search = ismcts.Search(
                    knowledge,
                    random.Random(1),
                    budget,
                    stop_early=False,
                    opponents=FREE_FOR_ALL_OPPONENTS["strong"],
                )
                cpu = time.process_time()
                search.run()
                cpu = time.process_time() - cpu
                total_iterations += search.iterations
                total_seconds += cpu
                print(
                    f"{ruleset:14s} {players}p ply {plies:3d}: {budget} iterations, "
                    f"{search.iterations / cpu:6.0f} iterations/s, "
                    f"{cpu:.2f} s of CPU a decision ({search.elapsed:.2f} s wall)"
                )
    print(f"overall {total_iterations / total_seconds:.0f} iterations/s")


if __name__ == "__main__":
    main()
