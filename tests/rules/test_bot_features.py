"""The evaluation's features (rules/bots/features.py) and the fit that weighs them
(bench/fit_eval.py)."""

import os
import random
import sys

from rules.jackal import Coord, State, new_game
from rules.jackal.bots.features import NAMES, linear_values, team_features

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
import fit_eval  # noqa: E402


def test_at_the_start_each_team_has_its_crews_aboard_and_nothing_else():
    s = new_game("classic", players=2, seed="features")
    f = team_features(s)
    assert set(f) == {0, 1}
    for team in f.values():
        named = dict(zip(NAMES, team, strict=True))
        # Two players: two crews of three each, every coin still on the island.
        assert named["pirates"] == 6 and named["pirate_share"] == 6.0
        assert named["ashore"] == named["held"] == named["trapped"] == named["swim"] == 0
        assert named["frontier"] == 6  # the three land squares beside each ship
    # No weights: banked coins only; a weight counts its feature.
    assert linear_values(s, [0.0] * len(NAMES)) == {0: 0.0, 1: 0.0}
    one = [1.0 if n == "pirates" else 0.0 for n in NAMES]
    assert linear_values(s, one) == {0: 6.0, 1: 6.0}


def test_a_pirate_on_a_coin_holds_it_and_an_enemy_beside_it_puts_it_at_risk():
    s = new_game("classic", players=2, seed="features")
    d = s.to_json()
    square = next(sq for sq in d["tiles"] if Coord.parse(sq).x == 6 and Coord.parse(sq).y == 6)
    d["face_up"] = sorted({*d["face_up"], square})
    d["tiles"][square] = "empty"
    d["coins"] = {square: 2}
    d["total_coins"] = d.get("total_coins", 0)
    at = Coord.parse(square)
    d["pirates"]["W1"] = {**d["pirates"]["W1"], "cell": square}
    beside = f"{chr(ord(square[0]) + 1)}{square[1:]}"
    d["pirates"]["Y1"] = {**d["pirates"]["Y1"], "cell": beside}
    for sq in (beside,):
        d["face_up"] = sorted({*d["face_up"], sq})
        d["tiles"][sq] = "empty"
    s = State.from_json(d)
    f = team_features(s)
    white = s.team_of(s.crew_owner("white"))
    named = dict(zip(NAMES, f[white], strict=True))
    assert named["held"] == 1 and named["stack"] == 1 and named["at_risk"] == 1
    assert named["held_steps"] >= min(at.y, 12 - at.y, at.x, 12 - at.x)  # at least to the sea
    assert named["ashore"] == 1 and named["threatened"] == 1
    other = dict(zip(NAMES, f[1 - white], strict=True))
    assert other["held"] == 0 and other["loose"] > 0  # the coins are loose for the other team


def test_the_fit_recovers_known_weights():
    rng = random.Random(1)
    truth = [0.5 * (i % 3) - 0.4 for i in range(len(NAMES))]
    games = []
    for _ in range(30):
        samples = []
        for _ in range(40):
            x = [rng.uniform(-3, 3) for _ in NAMES]
            y = sum(w * v for w, v in zip(truth, x, strict=True)) + rng.gauss(0, 0.1)
            samples.append((x, y))
        games.append(samples)
    w, se, r2 = fit_eval.fit(games, boot=20)
    assert all(abs(a - b) < 0.02 for a, b in zip(w, truth, strict=True))
    assert r2 > 0.99 and all(0 < s < 0.02 for s in se)


def test_the_target_is_the_gain_to_the_end_or_over_the_horizon():
    game = {"plies": [0, 2], "x": [[0.0] * len(NAMES)] * 2, "banked": [0, 0, 1, 1, 3, 2]}
    assert [y for _, y in fit_eval.samples_of(game, 0)] == [2, 1]
    assert [y for _, y in fit_eval.samples_of(game, 2)] == [1, 2]
