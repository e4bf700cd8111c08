"""bench/arena.py plays Jamaica too (issue 15): bots through the protocol, seats rotated, a win
rate with its 95 % interval, the same figures for the same seed."""

from __future__ import annotations

import importlib.util
import os
import re

import pytest

from rules.core import ruleset

HERE = os.path.dirname(os.path.abspath(__file__))
ARENA = os.path.join(HERE, "..", "..", "..", "bench", "arena.py")


@pytest.fixture(scope="module")
def arena():
    spec = importlib.util.spec_from_file_location("arena", ARENA)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def figures(arena, capsys, *args: str) -> list[str]:
    arena.main(list(args))
    out = capsys.readouterr().out
    # Times differ from run to run; everything else is the seed's.
    return [line for line in out.splitlines() if not re.search(r"ms a decision|\d+ s$", line)]


def test_a_tiny_jamaica_run_prints_the_rate_and_its_interval_and_repeats(arena, capsys):
    args = ("easy", "random", "--ruleset", "jamaica", "--players", "3", "--games", "6")
    first = figures(arena, capsys, *args)
    assert len([line for line in first if line.startswith("game ")]) == 6
    assert "jamaica: easy (1 seat) v random (2 seats), 6 games, seed 'arena'" in first
    rate = next(line for line in first if line.startswith("wins "))
    assert re.fullmatch(r"wins \d, draws \d, losses \d; rate \d+% \(95 % CI \d+%-\d+%\)", rate), (
        rate
    )
    assert figures(arena, capsys, *args) == first  # reproducible by the seed
    assert figures(arena, capsys, *args, "--seed", "other") != first


def test_each_game_is_a_whole_race_with_the_seat_of_a_rotating(arena):
    results = [
        arena.play_one(("easy", "random", 4, "jamaica", "t", n, None, 5000)) for n in range(4)
    ]
    for game in results:
        assert game["finished"] and game["result"] in (0.0, 0.5, 1.0)
        assert game["decisions"]["easy"] and game["decisions"]["random"]
    assert [game["a_seat"] for game in results] == [0, 1, 2, 3]  # A's seat rotates
    # A result is A's own: a game replayed gives the same figures.
    again = arena.play_one(("easy", "random", 4, "jamaica", "t", 2, None, 5000))
    assert {k: again[k] for k in ("result", "margin", "plies")} == {
        k: results[2][k] for k in ("result", "margin", "plies")
    }


def test_a_seat_count_the_rules_do_not_have_is_refused(arena):
    assert 6 in ruleset("jamaica").seat_counts
    with pytest.raises(SystemExit):
        arena.main(["easy", "random", "--players", "6", "--games", "1"])  # Jackal: 2 to 4


def test_a_run_in_parts_plays_the_whole_runs_games(arena, capsys):
    # --first K starts at deal K (a long arena split over sessions or machines): the parts'
    # games are the whole run's, deal by deal.
    args = ("easy", "random", "--ruleset", "jamaica", "--players", "3", "--seed", "parts")
    games = lambda lines: [line for line in lines if line.startswith("game ")]  # noqa: E731
    whole = games(figures(arena, capsys, *args, "--games", "5"))
    first = games(figures(arena, capsys, *args, "--games", "2"))
    rest = games(figures(arena, capsys, *args, "--games", "3", "--first", "2"))
    assert len(whole) == 5 and first + rest == whole
    assert rest[0].startswith("game   2 ")
