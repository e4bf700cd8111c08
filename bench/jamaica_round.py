"""How long a table of Jamaica bots makes its players wait a round: the bots' thinking alone,
decision by decision, at the site's cap for Jamaica (games.families.jamaica.family.bot_seconds)
and at the bots' own (rules.bots.THINKING_SECONDS).

    DEBUG=true python3 bench/jamaica_round.py               # six ships, normal bots, 6 rounds
    DEBUG=true python3 bench/jamaica_round.py --ships 4 --level strong --rounds 10

The cap is wall-clock time, so on a loaded machine a round costs about the same seconds (its
decisions times the cap) but the bots search fewer rollouts in them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.settings")

import django  # noqa: E402

django.setup()

from games.families import family_of  # noqa: E402
from rules.bots import THINKING_SECONDS, play  # noqa: E402
from rules.core import ruleset  # noqa: E402


def round_times(ships: int, level: str, rounds: int, seconds: float | None) -> list[float]:
    """Seconds of thinking each round of a game of `ships` bots took, for `rounds` rounds."""
    game = ruleset("jamaica").new_game(seats=ships, seed="bench-jamaica-round")
    times, started, current = [], 0.0, game.view(None)["round"]
    step = 0
    while not game.is_over() and len(times) < rounds:
        seat = min(game.to_act())
        begin = time.perf_counter()
        move = play(level, game, seat, f"bench-{step}-{seat}", seconds=seconds)
        started += time.perf_counter() - begin
        game.apply(seat, move)
        step += 1
        now = game.view(None)["round"]
        if now != current:
            times.append(started)
            started, current = 0.0, now
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ships", type=int, default=6)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    usual = THINKING_SECONDS[args.level]
    site = family_of("jamaica").thinking_seconds(args.level, usual)
    for name, seconds in (("the site's cap", site), ("the bots' own cap", usual)):
        times = round_times(args.ships, args.level, args.rounds, seconds)
        print(
            f"{args.ships} {args.level} bots, {name} ({seconds} s a decision): a round "
            f"{statistics.median(times):.2f} s median, {max(times):.2f} s at most "
            f"({len(times)} rounds)"
        )


if __name__ == "__main__":
    main()
