"""Fit the search's evaluation to how games end, instead of guessing its weights.

    python3 bench/fit_eval.py --games 120 --seed f1 --jobs 2           # play, fit, print weights
    python3 bench/fit_eval.py --games 120 --seed f1 --save /tmp/f1.json # keep the samples

Plays 1 v 1 games of `easy` against `easy` (rulesets alternate, dealt as bench/arena.py deals) to
the end or --max-plies. Every --every plies up to --upto it reads, per team, the features the
evaluation is built of (rules/bots/features.py: live pirates, their worth by the coins still in
play, trapped ones, swimmers, held coins and their steps home, coins at risk, loose coins by the
nearest pirate, face-down squares next to the crew, pirates an enemy stands beside) and takes the
first team's minus the second's. The target is what the first team gains on the second from there
to the end (the final score margin less the banked margin at that ply, in coins), or over the
next --horizon plies. Ordinary least
squares with no intercept (the difference of two teams' features is symmetric), and standard
errors by a bootstrap over whole games (positions of one game are not independent). The fitted
weights are in coins, like probe.Weights, and can be screened at one ply as they are
(bench/eval_screen.py --fitted).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(BENCH), BENCH]

from arena import RULESETS  # noqa: E402

from rules.jackal import new_game  # noqa: E402
from rules.jackal.bots import easy, seat_knowledge  # noqa: E402
from rules.jackal.bots.carry import Carry  # noqa: E402
from rules.jackal.bots.features import NAMES, team_features  # noqa: E402


def play_one(args: tuple) -> dict:
    """One game: the sampled plies, team 0's features less team 1's there, and the banked
    margin (team 0's less team 1's) after every ply, the last being the final one."""
    seed, n, max_plies, every, upto = args
    s = new_game(RULESETS[n % len(RULESETS)], players=2, seed=f"{seed}-{n}")
    plies, xs, banked = [], [], []
    while not s.is_over() and s.ply < max_plies:
        seat = s.to_act()
        knowledge = seat_knowledge(s, seat)
        banked.append(_banked(s))
        if s.ply % every == 0 and s.ply <= upto:
            carry = Carry(knowledge.position["tiles"])
            f = team_features(s, carry)
            plies.append(len(banked) - 1)
            xs.append([a - b for a, b in zip(f[0], f[1], strict=True)])
        rng = random.Random(f"easy:{seed}-{n}-{s.ply}-{seat}")
        s.apply(easy.choose_move(knowledge, rng))
    banked.append(_banked(s))
    return {"plies": plies, "x": xs, "banked": banked}


def samples_of(game: dict, horizon: int) -> list[tuple[list[float], float]]:
    """(features, target): what team 0 gains on team 1 from the sampled ply to the end, or over
    the next ``horizon`` plies (0: to the end)."""
    banked = game["banked"]
    last = len(banked) - 1
    out = []
    for ply, x in zip(game["plies"], game["x"], strict=True):
        later = last if not horizon else min(last, ply + horizon)
        out.append((x, banked[later] - banked[ply]))
    return out


def _banked(s) -> float:
    by_team: dict[int, int] = {}
    for crew, score in s.scores().items():
        team = s.team_of(s.crew_owner(crew))
        by_team[team] = by_team.get(team, 0) + score
    return float(by_team.get(0, 0) - by_team.get(1, 0))


def _normal(games: list[list[tuple[list[float], float]]]) -> tuple[list[list[float]], list[float]]:
    k = len(NAMES)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for samples in games:
        for x, y in samples:
            for i in range(k):
                xi = x[i]
                if xi:
                    xty[i] += xi * y
                    row = xtx[i]
                    for j in range(k):
                        row[j] += xi * x[j]
    return xtx, xty


def solve(a: list[list[float]], b: list[float], ridge: float = 1e-6) -> list[float]:
    """Gaussian elimination with partial pivoting; a tiny ridge keeps an unused feature at 0."""
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(k):
        m[i][i] += ridge
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(k):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, k + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][k] / m[i][i] if m[i][i] else 0.0 for i in range(k)]


def fit(games: list, boot: int = 200, seed: str = "fit") -> tuple[list[float], list[float], float]:
    """Weights, their bootstrap standard errors over games, and R squared."""
    per_game = [_normal([g]) for g in games]
    k = len(NAMES)

    def weights_of(picks: list[int]) -> list[float]:
        a = [[0.0] * k for _ in range(k)]
        b = [0.0] * k
        for p in picks:
            ga, gb = per_game[p]
            for i in range(k):
                b[i] += gb[i]
                ai, gi = a[i], ga[i]
                for j in range(k):
                    ai[j] += gi[j]
        return solve(a, b)

    w = weights_of(list(range(len(games))))
    rng = random.Random(seed)
    draws = [weights_of([rng.randrange(len(games)) for _ in games]) for _ in range(boot)]
    se = []
    for i in range(k):
        vals = [d[i] for d in draws]
        mean = sum(vals) / len(vals)
        se.append((sum((v - mean) ** 2 for v in vals) / (len(vals) - 1)) ** 0.5)
    ys = [y for g in games for _, y in g]
    mean_y = sum(ys) / len(ys)
    total = sum((y - mean_y) ** 2 for y in ys)
    resid = sum(
        (y - sum(wi * xi for wi, xi in zip(w, x, strict=True))) ** 2 for g in games for x, y in g
    )
    return w, se, 1 - resid / total if total else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--max-plies", type=int, default=1200)
    parser.add_argument("--every", type=int, default=3, help="sample a position every N plies")
    parser.add_argument("--upto", type=int, default=600, help="last ply sampled")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--horizon", type=int, default=0, help="target: gain over the next N plies (0: to the end)"
    )
    parser.add_argument("--save", help="write the samples to this JSON file")
    parser.add_argument("--load", action="append", default=[], help="samples saved before")
    opts = parser.parse_args(argv)
    games = []
    for path in opts.load:
        with open(path) as f:
            games.extend(json.load(f))
    work = [(opts.seed, n, opts.max_plies, opts.every, opts.upto) for n in range(opts.games)]
    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            games.extend(pool.map(play_one, work))
    else:
        games.extend(play_one(w) for w in work)
    if opts.save:
        with open(opts.save, "w") as f:
            json.dump(games, f)
    w, se, r2 = fit([samples_of(g, opts.horizon) for g in games])
    positions = sum(len(g["x"]) for g in games)
    print(f"{len(games)} games, {positions} positions, horizon {opts.horizon}, R squared {r2:.3f}")
    for name, wi, si in zip(NAMES, w, se, strict=True):
        print(f"  {name:14} {wi:+8.3f}  (se {si:.3f})")
    print("weights:", json.dumps(dict(zip(NAMES, [round(x, 4) for x in w], strict=True))))


if __name__ == "__main__":
    main()
