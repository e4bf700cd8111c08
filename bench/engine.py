"""Benchmark of the rules engine: random games, plies per second, games per second, memory.

    python3 bench/engine.py                 # defaults: 5 runs x 20 games, all set-ups mixed
    python3 bench/engine.py --runs 7 --games 50 --players 4
    python3 bench/engine.py --ruleset classic   # one ruleset only (default: each, side by side)

Three loops are timed, each the median of several runs:

- fast: what search bots use: ``legal_codes()`` + ``apply_code()`` (packed ints, no events);
- copy: the same plus a ``state.copy()`` every ply (a bot that tries a move on a copy);
- public: what the site uses: ``legal_moves()`` + ``apply(Move)`` with validation and events.

Then, for every family (Jackal's two rulesets, Archipelago, Jamaica), the loop a search runs
through the game protocol (``rules.core``): ``legal_moves(seat)``, ``copy()``, ``apply(seat,
move)`` on the copy and on the game (so two applies a ply, as a bot trying a move on a copy
before playing it), and ``copy()`` alone in microseconds, on positions taken along the games
(both in CPU time).
``--protocol-only`` runs just that part; ``--play`` times it with ``play(seat, move)`` too, the
protocol's apply without events.

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

from rules.core import ruleset as protocol_rules  # noqa: E402
from rules.jackal import RULESETS, new_game  # noqa: E402
from rules.jackal.agreement import AGREEMENT_CODES  # noqa: E402

SETUPS = [(2, False), (3, False), (4, False), (4, True)]
# The protocol loop's rulesets and the seat counts it mixes (each game of a run takes the next).
PROTOCOL = {
    "classic": (2, 3, 4),
    "second-edition": (2, 3, 4),
    "archipelago": (2, 3, 4),
    "jamaica": (2, 3, 4, 5, 6),
}
# Random play never ends a game by agreement: the games would end long before their end.
AGREEMENT = frozenset(("offer end", "accept end"))


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


def play_protocol(
    name: str, seats: int, seed: str, rng: random.Random, copies: list, quiet: bool = False
) -> int:
    """One random game through the protocol, a copy tried before each move; every 16th ply's
    position is kept in ``copies`` for the copy() timing. ``quiet``: ``play`` instead of
    ``apply`` (the same moves without their events)."""
    game = protocol_rules(name).new_game(seats, seed)
    choice = rng.choice
    plies = 0
    while not game.is_over():
        seat = min(game.to_act())
        move = choice([m for m in game.legal_moves(seat) if m not in AGREEMENT])
        if quiet:
            game.copy().play(seat, move)
            game.play(seat, move)
        else:
            game.copy().apply(seat, move)
            game.apply(seat, move)
        plies += 1
        if plies % 16 == 0:
            copies.append(game.copy())
    return plies


def timed_protocol(
    name: str, games: int, runs: int, quiet: bool = False
) -> tuple[float, float, float]:
    """Median plies a CPU second of the protocol loop, median CPU µs of one copy(), plies a
    game. CPU time (``process_time``), not wall time: the machine is shared, and a process
    waiting for a core should not count as slow."""
    seat_counts = PROTOCOL[name]
    protocol_rules(name)  # the families' first import is not the loop's time
    rates, copy_us = [], []
    for run in range(runs):
        positions: list = []
        total = 0
        start = time.process_time()
        for g in range(games):
            seats = seat_counts[g % len(seat_counts)]
            total += play_protocol(
                name,
                seats,
                f"protocol-{run}-{g}",
                random.Random(run * 1000 + g),
                positions,
                quiet,
            )
        rates.append(total / (time.process_time() - start))
        start = time.process_time()
        for position in positions:
            position.copy()
        copy_us.append((time.process_time() - start) / max(len(positions), 1) * 1e6)
    return statistics.median(rates), statistics.median(copy_us), total / games


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


def report_protocol(name: str, args) -> None:
    for label, quiet in (("apply", False), ("play", True)):
        if quiet and not args.play:
            continue
        pps, us, avg = timed_protocol(name, args.games, args.runs, quiet)
        print(
            f"{name:>14} protocol {label}: {pps:>9,.0f} plies/s  copy() {us:>6.1f} µs  "
            f"(CPU, median of {args.runs}; {avg:.0f} plies per game)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), help="only this set-up")
    parser.add_argument("--teams", action="store_true", help="4 players, 2 against 2")
    parser.add_argument("--ruleset", choices=RULESETS, help="only this ruleset")
    parser.add_argument(
        "--protocol-only", action="store_true", help="only the protocol loop of every family"
    )
    parser.add_argument(
        "--family", choices=PROTOCOL, action="append", help="the protocol loop of these only"
    )
    parser.add_argument(
        "--play", action="store_true", help="the protocol loop with play() (no events) as well"
    )
    args = parser.parse_args()
    if args.protocol_only or args.family:
        print(f"Python {sys.version.split()[0]}, {args.runs} runs x {args.games} games")
        for name in args.family or PROTOCOL:
            report_protocol(name, args)
        return
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
    for name in PROTOCOL:
        report_protocol(name, args)
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
