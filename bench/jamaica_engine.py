"""Benchmark of the Jamaica rules: random games through the protocol, plies per second.

    python3 bench/jamaica_engine.py                  # 5 runs x 40 games, 2-6 players mixed
    python3 bench/jamaica_engine.py --runs 7 --games 100 --players 4

Two loops are timed, each the median of several runs:

- public: what the site does: ``legal_moves()`` + ``apply()`` with validation and events;
- copy: the same plus a ``copy()`` every ply (a bot that tries a move on a copy);

and one more figure: the easy bot's time per decision (view + legal moves + its choice).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.jamaica import JAMAICA  # noqa: E402
from rules.jamaica.bot import choose_move  # noqa: E402


def play(seats: int, seed: str, copy: bool) -> int:
    rng = random.Random(seed)
    game = JAMAICA.new_game(seats, seed)
    while not game.is_over():
        seat = rng.choice(sorted(game.to_act()))
        move = rng.choice(game.legal_moves(seat))
        if copy:
            game.copy()
        game.apply(seat, move)
    return game.ply


def run(games: int, players: list[int], copy: bool, tag: str) -> tuple[float, float]:
    plies = 0
    start = time.perf_counter()
    for n in range(games):
        plies += play(players[n % len(players)], f"{tag} {n}", copy)
    elapsed = time.perf_counter() - start
    return plies / elapsed, games / elapsed


def bot_decision_ms(games: int) -> float:
    decisions = 0
    spent = 0.0
    for n in range(games):
        game = JAMAICA.new_game(4, f"bot {n}")
        rng = random.Random(n)
        while not game.is_over():
            seat = min(game.to_act())
            start = time.perf_counter()
            move = choose_move("easy", game.view(seat), game.legal_moves(seat), rng)
            spent += time.perf_counter() - start
            decisions += 1
            game.apply(seat, move)
    return 1000 * spent / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6))
    args = parser.parse_args()
    players = [args.players] if args.players else [2, 3, 4, 5, 6]
    for label, copy in (("public", False), ("copy", True)):
        results = [run(args.games, players, copy, f"{label} {r}") for r in range(args.runs)]
        plies = statistics.median(r[0] for r in results)
        games = statistics.median(r[1] for r in results)
        print(f"jamaica {label:6} {plies:9.0f} plies/s {games:8.1f} games/s  players={players}")
    print(f"jamaica easy bot {bot_decision_ms(max(args.games // 4, 5)):.3f} ms a decision")


if __name__ == "__main__":
    main()
