"""bench/search_agreement.py: its figures mean something only if the search under test really runs
with the constants it is given, the reference with ismcts.py as it stands, and nothing is left
changed afterwards."""

from __future__ import annotations

import importlib.util
import os
import re

import pytest

from rules.jackal.bots import ismcts

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench")


@pytest.fixture(scope="module")
def bench():
    path = os.path.join(BENCH, "search_agreement.py")
    spec = importlib.util.spec_from_file_location("search_agreement", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_numeric_constants_of_the_search_can_be_set(bench):
    assert bench.constants_of(["EXPLORE=0.35", "SAMPLES=8"]) == {"EXPLORE": 0.35, "SAMPLES": 8}
    for bad in ("FOO=1", "CENTRED=0", "WEIGHTS=1", "EXPLORE=much", "explore=1"):
        with pytest.raises(ValueError):
            bench.constants_of([bad])


def test_the_search_under_test_runs_with_its_constants_and_leaves_them_as_they_were(bench):
    _, _, knowledge = bench.positions("t", 1)[0]
    seen = []

    class Spy(ismcts.Search):
        def run(self):
            seen.append(ismcts.EXPLORE)
            return super().run()

    original, ismcts.Search = ismcts.Search, Spy
    try:
        bench.search(knowledge, 50, "a", {"EXPLORE": 0.123})
        bench.search(knowledge, 50, "a", {})
    finally:
        ismcts.Search = original
    assert seen == [0.123, ismcts.EXPLORE] and ismcts.EXPLORE != 0.123


def test_a_run_prints_the_agreement_and_the_regret(bench, capsys):
    bench.main(["--deals", "1", "--budget", "60", "--reference", "200", "--seed", "t"])
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith("15 positions (seed 't', 1 deals), 60 iterations (ismcts.py as it")
    match = re.fullmatch(
        r"same move as the reference (\d+) of (\d+) \(\d+%\); mean regret (-?\d+\.\d{4}); "
        r"\d+ ms of CPU a search",
        second,
    )
    assert match, second
    assert int(match[2]) == 30 and 0 <= int(match[1]) <= 30
