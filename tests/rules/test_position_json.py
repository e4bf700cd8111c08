"""Whole positions as versioned JSON (server side only): load/save round trips."""

import json
import random

import pytest
from jackal_testkit import pos

from rules.jackal import SetupError, State, new_game, player_view


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
@pytest.mark.parametrize(
    "seed,players,teams", [("a", 2, False), ("b", 3, False), ("c", 4, False), ("d", 4, True)]
)
def test_position_round_trips_through_json_at_every_ply(seed, players, teams, ruleset):
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(300 if ruleset == "classic" else 1500):
        if s.is_over():
            break
        d = json.loads(json.dumps(s.to_json()))
        t = State.from_json(d)
        assert t.to_json() == s.to_json()
        assert t.legal_codes() == s.legal_codes()
        move = rng.choice(s.legal_moves())
        assert [e.to_json() for e in t.apply(move)] == [e.to_json() for e in s.apply(move)]
        # The stored-and-reloaded position goes on exactly like the one that never left memory
        # (the site stores the position after every ply).
        assert t.to_json() == s.to_json()


def test_position_json_keeps_a_pending_chain():
    s = pos(tiles={"F5": "horse", "G7": "crocodile"}, pirates={"W1": "E5"}, coins={"E5": 1})
    s.apply("W1 E5-F5$")
    s.apply("W1 F5>G7$")
    d = s.to_json()
    assert d["pending"] == {
        "kind": "horse",
        "pirate": "W1",
        "options": ["H6", "H4", "G3", "E3", "D4", "D6", "E7"],
    }
    assert d["chain"] == {
        "progress": False,  # the set-up's tiles lie face up: nothing revealed, no coin gone
        "coin": True,
        "coin_from": "E5",
        "taken": {"F5:horse": ["G7"]},
    }
    t = State.from_json(json.loads(json.dumps(d)))
    assert t.to_json() == d and t.coin_counts() == s.coin_counts()
    assert player_view(t, 0).to_json() == player_view(s, 0).to_json()


def test_position_json_is_versioned_and_checked():
    d = new_game("classic", players=2, seed="v").to_json()
    assert d["format"] == "jackal-position" and d["version"] == 1 and d["seed"] == "v"
    for bad in (
        {**d, "version": 2},
        {**d, "format": "x"},
        {**d, "tiles": {}},
        {**d, "turn": "green"},
        {k: v for k, v in d.items() if k != "ships"},
        [],
    ):
        with pytest.raises(SetupError):
            State.from_json(bad)


def test_copy_is_independent():
    s = new_game("classic", players=4, seed="copy")
    t = s.copy()
    t.apply("W1 G1-G2")
    assert s.ply == 0 and t.ply == 1 and s.to_json() != t.to_json()
    assert s.copy().to_json() == s.to_json()
