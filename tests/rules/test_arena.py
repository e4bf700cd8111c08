"""bench/arena.py on Jackal: it counts the decisions that would pass the site's thinking cap.

The arena's budgets are iterations and uncapped (so a run is the same on any machine); the site
stops a search at rules.bots.THINKING_SECONDS. The count says how often the two differ."""

from __future__ import annotations

import importlib.util
import os
import re

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ARENA = os.path.join(HERE, "..", "..", "bench", "arena.py")


@pytest.fixture
def arena():
    spec = importlib.util.spec_from_file_location("arena_under_test", ARENA)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cap_lines(arena, capsys, caps: dict) -> list[str]:
    arena.THINKING_SECONDS = caps
    arena.main(["easy", "random", "--games", "1", "--max-plies", "40", "--seed", "cap"])
    return [line for line in capsys.readouterr().out.splitlines() if "cap (wall)" in line]


def test_every_decision_longer_than_the_cap_is_counted(arena, capsys):
    lines = cap_lines(arena, capsys, {"easy": 0.0, "random": None})
    # Only easy has a cap; every one of its decisions takes longer than no time at all.
    assert len(lines) == 1
    found = re.fullmatch(r"  (\d+) of them \(100\.0%\) past the site's 0 s cap \(wall\)", lines[0])
    assert found and int(found[1]) >= 15  # half of the 40 plies, less single-move turns


def test_a_cap_no_decision_reaches_counts_none(arena, capsys):
    lines = cap_lines(arena, capsys, {"easy": 3600.0, "random": 3600.0})
    assert lines == [
        "  0 of them (0.0%) past the site's 3600 s cap (wall)",
        "  0 of them (0.0%) past the site's 3600 s cap (wall)",
    ]


def test_the_site_and_the_arena_read_one_cap():
    from games import tasks
    from rules import bots

    assert tasks.THINKING_SECONDS is bots.THINKING_SECONDS
    assert bots.THINKING_SECONDS["strong"] == 2.0
