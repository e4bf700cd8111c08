"""Arena: games between two bot levels, with win rates and a 95 % confidence interval.

    python3 bench/arena.py easy random --games 20                 # 1 v 1, both rulesets
    python3 bench/arena.py strong easy --games 12 --iterations 300
    python3 bench/arena.py strong easy --players 4 --games 8      # one strong v three easy
    python3 bench/arena.py easy random --ruleset jamaica --players 4 --games 200   # Jamaica
    python3 bench/arena.py easy normal strong --against rules --games 20 --max-plies 600

Level A plays one seat, level B every other seat (``--against B``: each level given in turn as A
against B, on the same deals, ending with a table of their scores; "rules" is every family's
priority-list sparring bot, rules.bots.SPARRING) (free-for-all); the seat A plays rotates from
game to game and the rulesets alternate (classic, second edition) unless --ruleset is given.
Jamaica (--ruleset jamaica, 2 to 6 players) is played through the game protocol and
``rules.bots.play``: "random", "easy" (its heuristic), "normal" and "strong" (rollouts of games
guessed from the seat's knowledge, rules/jamaica/search.py); a simultaneous card choice is asked
of each seat in turn,
which changes nothing (every seat decides from its own view, and the luck is the seed's, J23).
Archipelago (--ruleset archipelago, 2 to 4 players) likewise: "random", "easy" (its heuristic),
"normal" and "strong" (short rollouts of guessed islands, rules/archipelago/search.py).
Every game is dealt from ``<seed>-<n>`` and every bot decision is seeded by (game, ply, seat), so a
run is reproducible by --seed (budgets in iterations; --seconds would make it machine-dependent).
``--opponents look`` (or ``glance``) makes both search levels play the others that way in a
free-for-all (by default `normal` glances and `strong` looks, rules.bots.FREE_FOR_ALL_OPPONENTS).
``--playout strong=6:450`` makes a Jackal search level play 6 plies by the rules policy after each
new leaf, with 450 iterations (rules.jackal.bots.PLAYOUT_DEPTHS and BUDGETS, for this run).
``--first K`` starts at deal K: a long run can be played in parts (deals 0-23, then
``--first 24``) and the parts' games are those of the whole run.

A "win" is A finishing alone first; sharing first place is a draw. The rate counts a draw as half
and its 95 % interval is Wilson's score interval. The margin is A's score minus the best other
seat's score. A level is best compared with another PAIRED: run the arena again with the other
level as A and the same --seed, so both play the same deals from the same seats and the luck of
the deal cancels (a four-player first place is mostly the deal's: one `easy` against three is
first in about a fifth of the deals).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.bots import ALL_LEVELS, play  # noqa: E402
from rules.core import ruleset as rules_named  # noqa: E402
from rules.jackal import new_game  # noqa: E402
from rules.jackal.bots import (  # noqa: E402
    BUDGETS,
    FREE_FOR_ALL_OPPONENTS,
    PLAYOUT_DEPTHS,
    THINKING_SECONDS,
    choose,
    seat_knowledge,
)

RULESETS = ("classic", "second-edition")
PROTOCOL_RULESETS = ("jamaica", "archipelago")  # played through the protocol (rules.bots.play)
OUTCOME = {1.0: "win ", 0.5: "draw", 0.0: "loss"}
AIMS = {
    ("easy", "random", 2): "aim: easy beats random in >= 95 % of 1-vs-1 games",
    ("strong", "easy", 2): "aim: strong beats easy in >= 80 % of 1-vs-1 games at <= 1 s a decision",
    ("strong", "easy", 4): "aim: one strong v three easy finishes first >= 50 % of the time",
}


def result_of(scores: dict[int, int], a_seat: int) -> tuple[float, int]:
    """A's result (1 alone first, 0.5 sharing first, 0 otherwise) and its margin over the best
    other seat."""
    mine = scores[a_seat]
    best_other = max(v for seat, v in scores.items() if seat != a_seat)
    return (1.0 if mine > best_other else 0.5 if mine == best_other else 0.0), mine - best_other


def play_protocol(args: tuple) -> dict:
    """One game of a ruleset of the protocol (Jamaica), every decision by ``rules.bots.play``
    from the seat's own view; seeded like the Jackal games."""
    a, b, players, ruleset, seed, n, _iterations, max_plies = args
    a_seat = n % players
    levels = [a if seat == a_seat else b for seat in range(players)]
    s = rules_named(ruleset).new_game(players, f"{seed}-{n}")
    think = {a: 0.0, b: 0.0}
    decisions = {a: 0, b: 0}
    slowest = {a: 0.0, b: 0.0}
    cpu = {a: 0.0, b: 0.0}
    while not s.is_over() and s.ply < max_plies:
        seat = min(s.to_act())
        level = levels[seat]
        start, start_cpu = time.perf_counter(), time.process_time()
        move = play(level, s, seat, f"{seed}-{n}-{s.ply}-{seat}")
        took = time.perf_counter() - start
        cpu[level] += time.process_time() - start_cpu
        think[level] += took
        slowest[level] = max(slowest[level], took)
        decisions[level] += 1
        s.apply(seat, move)
    outcome = s.outcome()
    scores = outcome.scores if outcome else {seat: 0 for seat in range(players)}
    result, margin = result_of(scores, a_seat)
    return {
        "n": n,
        "a_seat": a_seat,
        "ruleset": ruleset,
        "result": result,
        "margin": margin,
        "coins": scores[a_seat],
        "plies": s.ply,
        "finished": s.is_over(),
        "think": think,
        "decisions": decisions,
        "slowest": slowest,
        "cpu": cpu,
    }


def play_one(args: tuple) -> dict:
    a, b, players, ruleset, seed, n, iterations, max_plies = args
    if ruleset in PROTOCOL_RULESETS:
        return play_protocol(args)
    a_seat = n % players
    levels = [a if seat == a_seat else b for seat in range(players)]
    s = new_game(ruleset, players=players, seed=f"{seed}-{n}")
    think = {a: 0.0, b: 0.0}
    decisions = {a: 0, b: 0}
    slowest = {a: 0.0, b: 0.0}
    cpu = {a: 0.0, b: 0.0}
    over = {a: 0, b: 0}  # decisions longer than the site lets the level think (THINKING_SECONDS)
    while not s.is_over() and s.ply < max_plies:
        seat = s.to_act()
        level = levels[seat]
        start = time.perf_counter()
        start_cpu = time.process_time()
        budget = iterations if level in ("normal", "strong") else None
        move = choose(level, seat_knowledge(s, seat), f"{seed}-{n}-{s.ply}-{seat}", budget)
        took = time.perf_counter() - start
        cpu[level] += time.process_time() - start_cpu
        think[level] += took
        slowest[level] = max(slowest[level], took)
        cap = THINKING_SECONDS.get(level)
        if cap is not None and took > cap:
            over[level] += 1
        decisions[level] += 1
        s.apply(move)
    seat_scores = {seat: 0 for seat in range(players)}
    for crew, score in s.scores().items():
        seat_scores[s.crew_owner(crew)] += score
    result, margin = result_of(seat_scores, a_seat)
    return {
        "n": n,
        "a_seat": a_seat,
        "ruleset": ruleset,
        "result": result,
        "margin": margin,
        "coins": seat_scores[a_seat],
        "plies": s.ply,
        "finished": s.is_over(),
        "think": think,
        "decisions": decisions,
        "slowest": slowest,
        "cpu": cpu,
        "over": over,
    }


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(results: list[tuple[float, int, int]]) -> tuple[str, str]:
    """The two lines a run ends with, from each game's (A's result, margin, A's score): wins,
    draws and losses with the rate (a draw counts half) and its Wilson 95 % interval; the average
    margin and A's average score (bench/eval_screen.py prints the same)."""
    n = len(results)
    wins = sum(r == 1.0 for r, _, _ in results)
    draws = sum(r == 0.5 for r, _, _ in results)
    rate = (wins + draws / 2) / n
    lo, hi = wilson(rate, n)
    margin = sum(m for _, m, _ in results) / n
    coins = sum(c for _, _, c in results) / n
    return (
        f"wins {wins}, draws {draws}, losses {n - wins - draws}; "
        f"rate {rate:.0%} (95 % CI {lo:.0%}-{hi:.0%})",
        f"average score margin {margin:+.2f}, A's average score {coins:.2f}",
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "levels",
        nargs="+",
        choices=ALL_LEVELS,
        help="A and B; or, with --against, the levels each measured against that one",
    )
    parser.add_argument(
        "--against",
        choices=ALL_LEVELS,
        help="B for every level given (e.g. rules: the priority-list sparring bot); a table",
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), default=2)
    parser.add_argument("--ruleset", choices=RULESETS + PROTOCOL_RULESETS, help="only this one")
    parser.add_argument("--iterations", type=int, help="search budget for normal/strong")
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--max-plies", type=int, default=1500, help="unfinished games: by score")
    parser.add_argument(
        "--opponents",
        choices=("glance", "look"),
        help="how normal and strong play the others in a free-for-all (rules.bots"
        ".FREE_FOR_ALL_OPPONENTS; default: each level's own)",
    )
    parser.add_argument(
        "--first", type=int, default=0, help="the first deal's number (a long run in parts)"
    )
    parser.add_argument(
        "--playout",
        metavar="LEVEL=DEPTH[:ITERATIONS]",
        action="append",
        default=[],
        help="a Jackal search level's rules play-out depth (and budget) for this run, e.g. "
        "strong=6:600 (rules.jackal.bots.PLAYOUT_DEPTHS, BUDGETS)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    opts = parser.parse_args(argv)
    for spec in opts.playout:
        level, _, rest = spec.partition("=")
        depth, _, budget = rest.partition(":")
        if level not in PLAYOUT_DEPTHS or not depth.isdigit() or (budget and not budget.isdigit()):
            parser.error(f"--playout {spec!r}: LEVEL=DEPTH[:ITERATIONS], LEVEL normal or strong")
        # Before the pool forks, as --opponents.
        PLAYOUT_DEPTHS[level] = int(depth)
        if budget:
            BUDGETS[level] = int(budget)
    if opts.against is None and len(opts.levels) != 2:
        parser.error("give two levels, A and B, or levels and --against B")
    if opts.opponents:
        # Before the pool forks, so every game sees it (as --iterations, one run's setting).
        FREE_FOR_ALL_OPPONENTS.update(normal=opts.opponents, strong=opts.opponents)
    rulesets = [opts.ruleset] if opts.ruleset else list(RULESETS)
    for name in rulesets:
        if opts.players not in rules_named(name).seat_counts:
            parser.error(f"{name} is not played by {opts.players} players")
    pairs = (
        [(a, opts.against) for a in opts.levels]
        if opts.against
        else [(opts.levels[0], opts.levels[1])]
    )
    rows = [run_pair(a, b, rulesets, opts) for a, b in pairs]
    if opts.against:
        # The table: each level against the one sparring partner, on the same deals.
        games_of = "/".join(rulesets)
        print(f"\n{games_of}, {opts.players} players, seed {opts.seed!r}, against {opts.against}")
        print("| level | score | games | 95 % CI | margin | CPU a decision |")
        print("|---|---|---|---|---|---|")
        for row in rows:
            print(
                f"| {row['level']} | {row['rate']:.0%} | {row['n']} | {row['lo']:.0%}-"
                f"{row['hi']:.0%} | {row['margin']:+.2f} | {row['cpu'] * 1000:.0f} ms |"
            )


def run_pair(a: str, b: str, rulesets: list[str], opts) -> dict:
    """Play ``opts.games`` games of A against B, print each and the run's summary; the row of
    the --against table."""
    work = [
        (
            a,
            b,
            opts.players,
            rulesets[n % len(rulesets)],
            opts.seed,
            n,
            opts.iterations,
            opts.max_plies,
        )
        for n in range(opts.first, opts.first + opts.games)
    ]
    start = time.perf_counter()
    games = []

    def report(g: dict) -> None:
        # Printed as each game ends (flushed): a long run shows its progress.
        games.append(g)
        print(
            f"game {g['n']:3d} {g['ruleset']:14s} A {OUTCOME[g['result']]}"
            f" margin {g['margin']:+3d} A's score {g['coins']:2d}"
            f" plies {g['plies']}{'' if g['finished'] else ' (cut)'}",
            flush=True,
        )

    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            for g in pool.map(play_one, work):
                report(g)
    else:
        for w in work:
            report(play_one(w))
    elapsed = time.perf_counter() - start
    n = len(games)
    rates, averages = summary([(g["result"], g["margin"], g["coins"]) for g in games])
    budget = f", {opts.iterations} iterations" if opts.iterations else ""
    games_of = "/".join(sorted({g["ruleset"] for g in games}))
    print(
        f"\n{games_of}: {a} (1 seat) v {b} ({opts.players - 1} seats), "
        f"{n} games{budget}, seed {opts.seed!r}"
    )
    print(rates)
    # A's own score: the least noisy measure of a level in a free-for-all, compared with another
    # level in the same seat of the same deals (run the arena again with that level as A).
    print(f"{averages}; {elapsed:.0f} s")
    jackal = opts.ruleset in (None, *RULESETS)  # the caps and the aims are Jackal's
    for level in dict.fromkeys((a, b)):  # once when both seats play one level
        d = sum(g["decisions"][level] for g in games)
        t = sum(g["think"][level] for g in games)
        if d:
            slowest = max(g["slowest"][level] for g in games)
            cpu = sum(g["cpu"][level] for g in games)
            # Wall time counts whatever else the machine runs; CPU time is the bot's own cost.
            print(
                f"{level}: {t / d * 1000:.0f} ms a decision on average (CPU {cpu / d * 1000:.0f}"
                f" ms), slowest {slowest:.2f} s ({d} decisions)"
            )
            # The arena's budgets are iterations, uncapped: the site stops a search at its
            # time cap, so these decisions are where the site's bot may play otherwise.
            cap = THINKING_SECONDS.get(level) if jackal else None
            if cap is not None:
                over = sum(g["over"][level] for g in games)
                print(f"  {over} of them ({over / d:.1%}) past the site's {cap:g} s cap (wall)")
    # The aims: docs/bots.md, "Where the aims stand".
    aim = AIMS.get((a, b, opts.players)) if jackal else None
    if aim:
        print(aim)
    wins = sum(g["result"] == 1.0 for g in games)
    draws = sum(g["result"] == 0.5 for g in games)
    rate = (wins + draws / 2) / n
    lo, hi = wilson(rate, n)
    decisions = sum(g["decisions"][a] for g in games) or 1
    return {
        "level": a,
        "rate": rate,
        "n": n,
        "lo": lo,
        "hi": hi,
        "margin": sum(g["margin"] for g in games) / n,
        "cpu": sum(g["cpu"][a] for g in games) / decisions,
    }


if __name__ == "__main__":
    main()
