"""How near the search's choice is to what a much longer search of the same kind chooses.

    python3 bench/search_agreement.py                       # 4000 iterations against 40,000
    python3 bench/search_agreement.py --budget 12000
    python3 bench/search_agreement.py --set EXPLORE=0.35    # a constant of ismcts.py changed

Positions come from one-ply (`easy`) games, both rulesets, two players, dealt from `<seed>-<n>`
and sampled every 40 plies from ply 20 (a position with fewer than three moves is skipped). The
reference is ismcts.Search with the reference budget and ismcts.py as it stands; the search under
test runs twice a position (two seeds) with --budget iterations and the --set constants. Printed:
how often it chose the reference's move, and the regret: the reference's mean reward of its own
choice less its mean reward of the choice under test (rewards are in [0, 1]; about 0.25 is a
coin in an even position, ismcts.SCALE). When a longer search seldom chooses otherwise and the
regret is small, more iterations would not make the bot play better: its evaluation would.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.jackal import Move, new_game  # noqa: E402
from rules.jackal.bots import easy, ismcts, seat_knowledge  # noqa: E402
from rules.jackal.bots.knowledge import Knowledge, moves_of_play  # noqa: E402

RULESETS = ("classic", "second-edition")
FIRST, EVERY, LAST = 20, 40, 600  # the plies positions are taken at


def constants_of(settings: list[str]) -> dict[str, float]:
    """``NAME=number`` settings of ismcts.py's numeric module constants."""
    out = {}
    for setting in settings:
        name, _, value = setting.partition("=")
        current = getattr(ismcts, name, None)
        if not name.isupper() or isinstance(current, bool) or not isinstance(current, int | float):
            raise ValueError(f"--set {setting!r}: {name!r} is not a numeric constant of ismcts.py")
        try:
            out[name] = type(current)(float(value)) if isinstance(current, int) else float(value)
        except ValueError:
            raise ValueError(f"--set {setting!r}: give NAME=number") from None
    return out


def positions(seed: str, deals: int) -> list[tuple[str, int, Knowledge]]:
    """(deal, ply, knowledge of the seat to act) along one-ply games."""
    out = []
    for n in range(deals):
        s = new_game(RULESETS[n % 2], players=2, seed=f"{seed}-{n}")
        wanted = set(range(FIRST, LAST, EVERY))
        while not s.is_over() and s.ply < LAST:
            knowledge = seat_knowledge(s, s.to_act())
            if s.ply in wanted:
                if len(moves_of_play(knowledge.view)) > 2:
                    out.append((f"{seed}-{n}", s.ply, knowledge))
                else:
                    wanted.add(s.ply + 1)  # the next ply instead
            s.apply(easy.choose_move(knowledge, random.Random(f"{seed}-{n}-{s.ply}")))
    return out


def search(knowledge: Knowledge, iterations: int, seed: str, constants: dict) -> ismcts.Search:
    saved = {name: getattr(ismcts, name) for name in constants}
    for name, value in constants.items():
        setattr(ismcts, name, value)
    try:
        run = ismcts.Search(knowledge, random.Random(seed), iterations)
        run.chosen = run.run()
    finally:
        for name, value in saved.items():
            setattr(ismcts, name, value)
    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=4000, help="iterations under test")
    parser.add_argument("--reference", type=int, default=40000, help="the reference's iterations")
    parser.add_argument("--set", action="append", default=[], help="NAME=value of ismcts.py")
    parser.add_argument("--deals", type=int, default=4, help="games positions are taken from")
    parser.add_argument("--seed", default="agree")
    opts = parser.parse_args(argv)
    try:
        constants = constants_of(opts.set)
    except ValueError as error:
        parser.error(str(error))
    agree = tried = 0
    regret = cpu = 0.0
    found = positions(opts.seed, opts.deals)
    for _deal, _ply, knowledge in found:
        reference = search(knowledge, opts.reference, "reference", {})
        value = {
            code: child.value / child.visits
            for code, child in reference.root.children.items()
            if child.visits
        }
        if not value:
            continue  # twins: one distinct move, nothing searched
        own = value[Move.parse(reference.chosen).code]
        for seed in ("a", "b"):
            start = time.process_time()
            tested = search(knowledge, opts.budget, seed, constants)
            cpu += time.process_time() - start
            tried += 1
            agree += tested.chosen == reference.chosen
            # A move the reference never tried (its twin was) counts as its choice's value.
            regret += own - value.get(Move.parse(tested.chosen).code, own)
    changed = ", ".join(f"{k}={v}" for k, v in constants.items()) or "ismcts.py as it stands"
    print(
        f"{len(found)} positions (seed {opts.seed!r}, {opts.deals} deals), {opts.budget} iterations"
        f" ({changed}) against {opts.reference}"
    )
    print(
        f"same move as the reference {agree} of {tried} ({agree / max(tried, 1):.0%}); mean"
        f" regret {regret / max(tried, 1):.4f}; {cpu / max(tried, 1) * 1000:.0f} ms of CPU a search"
    )


if __name__ == "__main__":
    main()
