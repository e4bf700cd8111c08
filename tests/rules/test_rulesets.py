"""Rulesets plug into the engine as hooks and data (rules/jackal/rulebook.py, docs/engine.md), and a
refused move is explained from the generator's own lists (rules/jackal/refusals.py)."""

import random

import pytest
from jackal_testkit import legal, play, pos

from rules.jackal import IllegalMove, SetupError, State, new_game, player_view
from rules.jackal.rulebook import RULES, JackalRules, register_rules, rules_for
from rules.jackal.rulesets import CLASSIC_RULES, SECOND_EDITION_RULES

SE = "second-edition"


@pytest.fixture
def lagoon():
    """A third ruleset for the test: the classic game's hooks and deck, with one piece of the
    second edition's data (the plane is now or never). Unregistered again afterwards."""
    hooks = _hooks_of(CLASSIC_RULES) | {"plane_now_or_never": True}
    rules = register_rules(JackalRules("test-lagoon", **hooks))
    try:
        yield rules
    finally:
        del RULES["test-lagoon"]


def test_each_built_in_ruleset_is_registered_by_its_name():
    assert rules_for("classic") is CLASSIC_RULES
    assert rules_for(SE) is SECOND_EDITION_RULES
    assert new_game("classic").rules is CLASSIC_RULES
    assert new_game(SE).copy().rules is SECOND_EDITION_RULES
    with pytest.raises(SetupError, match="unknown ruleset 'archipelago'"):
        new_game("archipelago")


def test_a_name_is_registered_once():
    with pytest.raises(SetupError, match="already registered"):
        register_rules(JackalRules("classic", **_hooks_of(SECOND_EDITION_RULES)))


def _hooks_of(rules: JackalRules) -> dict:
    return {name: getattr(rules, name) for name in JackalRules.__slots__ if name != "name"}


def test_a_third_ruleset_plugs_in_with_hooks_and_data_alone(lagoon):
    """The lagoon differs from the classic game only by one datum: staying by the plane gives it
    up (ruling 14 of the second edition). It plays that way, and only that way differs."""
    tiles = {"G4": "plane"}
    for ruleset, used in (("classic", False), ("test-lagoon", True)):
        s = pos(ruleset=ruleset, tiles=tiles, pirates={"W1": "G3", "W2": "G3"})
        lines = play(s, "W1 G3-G4", "W1 G4 stay")
        assert s.to_json()["plane_used"] is used
        assert ("White 1 lets the plane go" in lines) is used
    # a whole game of the new ruleset: legal moves, copies, JSON round trips, views
    s = new_game("test-lagoon", players=3, seed="lagoon")
    rng = random.Random(7)
    while not s.is_over() and s.ply < 400:
        t = State.from_json(s.to_json())
        assert t.to_json() == s.to_json() and t.legal_codes() == s.legal_codes()
        assert t.rules is lagoon
        s.apply(rng.choice([m for m in s.legal_moves() if m.kind not in ("offer", "accept")]))
        assert player_view(s, 0).ruleset == "test-lagoon"


def test_the_classic_game_gains_nothing_from_the_second_editions_hooks():
    """Data a ruleset does not use stays out of its positions."""
    classic, second = new_game("classic", seed="x"), new_game(SE, seed="x")
    assert "chest" not in classic.coin_counts() and "chest" in second.coin_counts()
    assert "bottles" not in classic.to_json() and "bottles" in second.to_json()
    assert not classic.second_edition and second.second_edition


# -- refusals derived from the generator ------------------------------------------------------


def refusal(s: State, move: str) -> dict:
    before = s.to_json()
    with pytest.raises(IllegalMove) as refused:
        s.apply(move)
    assert s.to_json() == before
    return refused.value.reason


def test_a_character_refused_by_an_enemy_fortress_is_told_so():
    """Ben Gunn stepping into a fortress an enemy holds: the refusal names the fortress (it used
    to look up the crew of piece 12 as if it were a pirate, and failed)."""
    s = pos(
        ruleset=SE,
        tiles={"F5": "fortress"},
        pirates={"Y1": "F5"},
        characters={"BG": ("white", "E5")},
    )
    assert "BG E5-F5" not in legal(s)
    assert refusal(s, "BG E5-F5")["reason"] == "fortress-held"


def test_landing_by_an_enemy_missionary_names_him_not_a_fortress():
    s = pos(ruleset=SE, tiles={"G2": "empty"}, characters={"MI": ("yellow", "G2")})
    assert not [m for m in legal(s) if m.startswith("W1")]
    reason = refusal(s, "W1 G1-G2")
    assert (reason["reason"], reason["cell"]) == ("enemy-missionary", "G2")


def test_dragging_what_is_not_there_is_refused_for_the_chest_too():
    s = pos(ruleset=SE, pirates={"W1": "E6"}, coins={"E6": 1}, chest="E5")
    assert "W1 E6-F6$" in legal(s)
    assert refusal(s, "W1 E6-F6*")["reason"] == "no-coin-here"


@pytest.mark.parametrize(
    ("ruleset", "tile", "reason"),
    [
        ("classic", "fortress", "coin-fortress"),
        ("classic", "empty", "coin-attack"),
        (SE, "thicket", "thicket-no-coin"),
        (SE, "fortress", "coin-fortress"),
    ],
)
def test_a_step_legal_empty_handed_is_refused_for_the_coin(ruleset, tile, reason):
    enemy = {} if tile in ("fortress", "thicket") else {"Y1": "F5"}
    s = pos(ruleset=ruleset, tiles={"F5": tile}, pirates={"W1": "E5", **enemy}, coins={"E5": 1})
    assert "W1 E5-F5" in legal(s) and "W1 E5-F5$" not in legal(s)
    assert refusal(s, "W1 E5-F5$")["reason"] == reason


def test_a_held_fortress_is_refused_with_or_without_a_coin():
    s = pos(tiles={"F5": "fortress"}, pirates={"W1": "E5", "Y1": "F5"}, coins={"E5": 1})
    assert refusal(s, "W1 E5-F5")["reason"] == "fortress-held"
    assert refusal(s, "W1 E5-F5$")["reason"] == "fortress-held"


def test_friday_on_a_spinner_is_not_told_that_an_enemy_holds_the_next_step():
    """Friday crosses a spinner at once (he steps off it): the generator gives him no spin, and
    the refusal of one says he is not crossing, where it used to blame an enemy on the next step."""
    s = pos(ruleset=SE, tiles={"F6": "mountains"}, characters={"FR": ("white", "F5")})
    play(s, "FR F5-F6", "YS A7-A6", "BS G13-F13", "RS M7-M6")
    assert "FR F6-F7" in legal(s)
    assert refusal(s, "FR F6+")["reason"] == "not-crossing"
    # a pirate in the same place is held by the spinner
    s = pos(ruleset=SE, tiles={"F6": "mountains"}, pirates={"W1": "F6.1"})
    assert refusal(s, "W1 F6-F7")["reason"] == "cross-first"
