"""bench/eval_screen.py: the one-ply player with another evaluation, against plain `easy`.

The screen is only worth its figures if seat A really plays the evaluation it is given and
everything else is the arena's game: the same deal, seats and seeds."""

from __future__ import annotations

import importlib.util
import os
import random
import re
from functools import partial

import pytest

from rules.jackal import new_game
from rules.jackal.bots import easy, seat_knowledge
from rules.jackal.bots.probe import EASY, STRONG, rewards, team_values

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench")


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, os.path.join(BENCH, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def screen():
    return load("eval_screen")


@pytest.fixture(scope="module")
def arena():
    return load("arena")


@pytest.mark.parametrize("n", [0, 1])
def test_the_easy_evaluation_plays_the_arenas_easy_game(screen, arena, n):
    # Seat A with easy's own weights is plain `easy`: the game is the arena's easy v easy game,
    # move for move, so the score and margin agree (game 0 classic, game 1 second edition).
    ruleset = arena.RULESETS[n % 2]
    game = arena.play_one(("easy", "easy", 2, ruleset, "scr", n, None, 60))
    result, margin, score = screen.play_one((EASY, False, 2, "scr", n, 60, None))
    assert (result, margin, score) == (game["result"], game["margin"], game["coins"])


def test_the_easy_bot_looks_ahead_with_the_evaluation_it_is_given():
    s = new_game("classic", players=2, seed="hook")
    rng = random.Random(3)
    while len(s.legal_codes()) < 4:
        s.apply_code(rng.choice(s.legal_codes()))
    for _ in range(30):
        s.apply_code(rng.choice(s.legal_codes()))
    knowledge = seat_knowledge(s, s.to_act())
    plain = easy.choose_move(knowledge, random.Random("a"))
    same = easy.choose_move(knowledge, random.Random("a"), evaluate=partial(rewards, w=EASY))
    assert same == plain

    # An evaluation that wants the opposite of every team's reward picks another move.
    def contrary_rewards(st):
        return {t: 1 - r for t, r in rewards(st).items()}

    contrary = easy.choose_move(knowledge, random.Random("a"), evaluate=contrary_rewards)
    assert contrary != plain


def test_a_screen_prints_the_weights_rate_interval_and_margin(screen, capsys):
    screen.main(["--weights", "strong", "--carry", "--set", "swim=0.05", "--games", "2",
                 "--max-plies", "40", "--seed", "tiny"])  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(str(STRONG._replace(swim=0.05)) + " carry=True, 2 players, 2 games")
    assert re.fullmatch(
        r"wins \d, draws \d, losses \d; rate \d+% \(95 % CI \d+%-\d+%\); "
        r"average score margin [+-]\d+\.\d\d, A's average score \d+\.\d\d",
        out[1],
    ), out[1]


def test_a_bad_setting_is_refused_with_the_fields(screen, capsys):
    with pytest.raises(SystemExit):
        screen.main(["--set", "courage=2", "--games", "1"])
    assert "the fields are pirate, pirate_share, trapped, sea_risk, swim" in capsys.readouterr().err


def test_the_coin_weights_are_the_evaluations_own():
    # --set held=..., loose=... must reach team_values: a position with coins face up on the
    # island changes its worth when the weight of a loose coin does.
    s = new_game("classic", players=2, seed="coins")
    rng = random.Random(5)
    while not s.search_arrays().coins:
        s.apply_code(rng.choice(s.legal_codes()))
    plain = team_values(s, EASY)
    assert team_values(s, EASY._replace(loose=0.25)) == plain  # the default, spelt out
    assert team_values(s, EASY._replace(loose=1.0)) != plain


@pytest.mark.parametrize(
    "given, says",
    [("[1, 2]", "give a JSON object"), ("{oops", "give a JSON object"), ('{"gold": 1}', "gold")],
)
def test_fitted_weights_that_are_not_features_are_refused(screen, capsys, given, says):
    with pytest.raises(SystemExit):
        screen.main(["--fitted", given, "--games", "1"])
    assert says in capsys.readouterr().err
