"""Screen an evaluation cheaply: the easy bot's one-ply look-ahead with another evaluation against
plain `easy`.

    python3 bench/eval_screen.py --weights strong --carry --games 100 --seed s1
    python3 bench/eval_screen.py --weights strong --carry --set pirate_share=0.4 --games 100
    python3 bench/eval_screen.py --weights easy --games 100        # the control: about 50 %

The search bots (ismcts.py) score their leaves with probe.team_values; an arena game of `strong`
costs minutes of CPU, a game of two one-ply players about two seconds. Seat A plays easy.py's
look-ahead with the evaluation under test (named weights of probe.py, fields overridden with
--set, held coins valued by carry.py's steps home with --carry; or, with --fitted, weights of
features.NAMES that bench/fit_eval.py printed); every other seat plays plain
`easy`. Seats rotate and rulesets alternate as in bench/arena.py, the games are dealt and seeded
the same way, and the rate and its 95 % interval are arena.py's. A better one-ply player is a
hint, not a proof, that the search would play better with the evaluation: try the winner in
bench/arena.py.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(BENCH), BENCH]  # the project, and arena.py beside this file

from arena import RULESETS, result_of, summary  # noqa: E402

from rules.jackal import new_game  # noqa: E402
from rules.jackal.bots import easy, seat_knowledge  # noqa: E402
from rules.jackal.bots.carry import Carry  # noqa: E402
from rules.jackal.bots.features import NAMES, linear_rewards  # noqa: E402
from rules.jackal.bots.probe import EASY, STRONG, Weights, rewards  # noqa: E402

NAMED = {"easy": EASY, "strong": STRONG}


def weights_of(name: str, settings: list[str]) -> Weights:
    """The named weights with ``field=value`` overrides."""
    changes = {}
    for setting in settings:
        field, _, value = setting.partition("=")
        try:
            if field not in Weights._fields:
                raise ValueError
            changes[field] = float(value)
        except ValueError:
            raise ValueError(
                f"--set {setting!r}: give field=number, the fields are {', '.join(Weights._fields)}"
            ) from None
    return NAMED[name]._replace(**changes)


def play_one(args: tuple) -> tuple[float, int, int]:
    """One game; A's result, margin and score at the end or the cut."""
    weights, carry, players, seed, n, max_plies, fitted = args
    a_seat = n % players
    s = new_game(RULESETS[n % len(RULESETS)], players=players, seed=f"{seed}-{n}")
    while not s.is_over() and s.ply < max_plies:
        seat = s.to_act()
        knowledge = seat_knowledge(s, seat)
        rng = random.Random(f"easy:{seed}-{n}-{s.ply}-{seat}")
        if seat == a_seat:
            # Built per decision from the face-up tiles the seat sees, as the search builds it.
            steps = Carry(knowledge.position["tiles"]) if carry else None
            if fitted:
                evaluate = partial(linear_rewards, weights=fitted, carry=steps)
            else:
                evaluate = partial(rewards, w=weights, carry=steps)
            move = easy.choose_move(knowledge, rng, evaluate=evaluate)
        else:
            move = easy.choose_move(knowledge, rng)
        s.apply(move)
    scores = {seat: 0 for seat in range(players)}
    for crew, score in s.scores().items():
        scores[s.crew_owner(crew)] += score
    result, margin = result_of(scores, a_seat)
    return result, margin, scores[a_seat]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", choices=sorted(NAMED), default="strong")
    parser.add_argument("--set", action="append", default=[], help="field=value, e.g. swim=0.05")
    parser.add_argument("--carry", action="store_true", help="held coins by carry.py's steps")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="screen")
    parser.add_argument("--max-plies", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--fitted", help="a JSON object of features.NAMES -> weight (bench/fit_eval.py prints one)"
    )
    opts = parser.parse_args(argv)
    try:
        weights = weights_of(opts.weights, opts.set)
    except ValueError as error:
        parser.error(str(error))
    fitted = None
    if opts.fitted:
        try:
            given = json.loads(opts.fitted)
            if not isinstance(given, dict):
                raise ValueError
        except ValueError:
            parser.error('--fitted: give a JSON object, e.g. \'{"held": 0.6, "loose": 0.25}\'')
        unknown = set(given) - set(NAMES)
        if unknown:
            parser.error(
                f"--fitted: unknown features {sorted(unknown)}; they are {', '.join(NAMES)}"
            )
        fitted = [float(given.get(name, 0.0)) for name in NAMES]
    work = [
        (weights, opts.carry, opts.players, opts.seed, n, opts.max_plies, fitted)
        for n in range(opts.games)
    ]
    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            games = list(pool.map(play_one, work))
    else:
        games = [play_one(w) for w in work]
    rates, averages = summary(games)
    print(
        f"{fitted or weights} carry={opts.carry}, {opts.players} players, {len(games)} games,"
        f" seed {opts.seed!r}"
    )
    print(f"{rates}; {averages}")


if __name__ == "__main__":
    main()
