"""Benchmark of the rules engine: random games, plies per second, games per second, memory.

    python3 bench/engine.py                 # defaults: 5 runs x 20 games, all set-ups mixed
    python3 bench/engine.py --runs 7 --games 50 --players 4
    python3 bench/engine.py --ruleset classic   # one ruleset only (default: each, side by side)

Three loops are timed, each the median of several runs:

- fast: what search bots use: ``legal_codes()`` + ``apply_code()`` (packed ints, no events);
- copy: the same plus a ``state.copy()`` every ply (a bot that tries a move on a copy);
- public: what the site uses: ``legal_moves()`` + ``apply(Move)`` with validation and events.

Peak memory: tracemalloc's peak while one game is played, and the process's max RSS.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.jackal import RULESETS, new_game  # noqa: E402
from rules.jackal.agreement import AGREEMENT_CODES  # noqa: E402

SETUPS = [(2, False), (3, False), (4, False), (4, True)]


def play_fast(seed: str, players: int, teams: bool, rng: random.Random, ruleset: str) -> int:
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    choice = rng.choice
    while not s.is_over():
        s.apply_code(choice(s.legal_codes()))
    return s.ply


def play_copy(seed: str, players: int, teams: bool, rng: random.Random, ruleset: str) -> int:
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    choice = rng.choice
    while not s.is_over():
        code = choice(s.legal_codes())
        s.copy().apply_code(code)
        s.apply_code(code)
    return s.ply


def play_public(seed: str, players: int, teams: bool, rng: random.Random, ruleset: str) -> int:
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    while not s.is_over():
        # Play on, as the site's bots do: random offers and acceptances would end the games by
        # agreement early, and the figures would no longer compare with earlier runs.
        s.apply(rng.choice([m for m in s.legal_moves() if m.code not in AGREEMENT_CODES]))
    return s.ply


def timed(loop, games: int, runs: int, setups, salt: str, ruleset: str):
    plies_per_s, games_per_s = [], []
    for run in range(runs):
        total = 0
        start = time.perf_counter()
        for g in range(games):
            players, teams = setups[g % len(setups)]
            total += loop(
                f"{salt}-{run}-{g}", players, teams, random.Random(run * 1000 + g), ruleset
            )
        elapsed = time.perf_counter() - start
        plies_per_s.append(total / elapsed)
        games_per_s.append(games / elapsed)
    return statistics.median(plies_per_s), statistics.median(games_per_s), total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), help="only this set-up")
    parser.add_argument("--teams", action="store_true", help="4 players, 2 against 2")
    parser.add_argument("--ruleset", choices=RULESETS, help="only this ruleset")
    args = parser.parse_args()
    setups = SETUPS
    if args.players:
        setups = [(args.players, args.teams and args.players == 4)]
    print(
        f"Python {sys.version.split()[0]}, {args.runs} runs x {args.games} games, set-ups "
        + ", ".join(f"{p}p{' teams' if t else ''}" for p, t in setups)
    )
    rulesets = [args.ruleset] if args.ruleset else list(RULESETS)
    for ruleset in rulesets:
        for name, loop in (("fast", play_fast), ("copy", play_copy), ("public", play_public)):
            pps, gps, avg = timed(loop, args.games, args.runs, setups, name, ruleset)
            print(
                f"{ruleset:>14} {name:>6}: {pps:>9,.0f} plies/s  {gps:>7.1f} games/s  "
                f"(median of {args.runs}; {avg:.0f} plies per game)"
            )
    tracemalloc.start()
    play_public("memory", *setups[0], random.Random(0), rulesets[0])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"memory: tracemalloc peak {peak / 1024:.0f} KiB during one public-API game; "
        f"max RSS {rss / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
