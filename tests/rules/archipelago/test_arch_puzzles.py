"""The one-player puzzles (ruleset archipelago-puzzle): order of the pirates, the bear as the
opponent, the sea and the balloon, victory conditions and the score in turns."""

import json

import pytest

from rules.archipelago import PUZZLE
from rules.archipelago.geometry import parse_cell
from rules.archipelago.puzzles import PUZZLES
from rules.core import IllegalMove, load

# Found by a breadth-first search over the puzzle's positions: the fewest turns.
FIRST_STEPS = [
    "W1 B2-C2",
    "W2 B2-C2",
    "W3 B2-C2",
    "W1 C2-D2",
    "W2 C2-C3",
    "W3 C2-D2",
    "W1 D2-C3 $",
    "W2 C3-B2 $",
]
BALLOON_RIDE = [
    "W1 B2-C2", "W2 B2-C2", "W3 B2-C2",
    "W1 C2-D2", "W2 C2-D2", "W3 C2-D2",
    "W1 D2-C3", "W2 D2-C3", "W3 D2-C3",
    "W1 C3-D4", "to F2", "W2 C3-D4", "to F2", "W3 C3-D4", "to F2",
    "W1 F2-F3 $", "W2 F2-F3 $", "W3 F2-F3 $",
]  # fmt: skip

THE_ARROWS = [
    "W1 B2-C2", "W2 B2-C3", "W3 B2-C3",
    "W1 C2-D3", "W2 C3-D4", "W3 C3-D4",
    "W1 D3-D2", "W2 D4-E3", "W3 D4-E3",
    "W1 E2-F2", "W2 F2-F3 $", "W3 F2-F3 $",
    "W2 F3-E3 $", "W3 F3-E3 $",
    "W2 D3-C3 $", "W3 D3-C3 $",
    "W2 C3-B2 $", "W3 C3-B2 $",
]  # fmt: skip


def test_the_arrows_is_solved_in_seven_turns_with_one_pirate_lost():
    g = PUZZLE.new_game(1, "solve", puzzle="the-arrows")
    for move in THE_ARROWS:
        g.apply(0, move)
    assert g.outcome().reason == "solved" and g.outcome().scores == {0: 7}
    assert g.pieces["W1"]["where"] == "gone" and g.coins[g.bank()] == 2


def test_the_pirates_move_in_order_then_the_bear():
    g = PUZZLE.new_game(1, "order")
    assert g.to_act() == {0} and {m.split()[0] for m in g.legal_moves(0)} == {"W1"}
    g.apply(0, "W1 B2-C2")
    assert {m.split()[0] for m in g.legal_moves(0)} == {"W2"}
    g.apply(0, "W2 B2-C2")
    bear = g.bear
    ev = g.apply(0, "W3 B2-B3")
    assert ev[-1]["kind"] == "bear" and g.bear != bear and g.quiet == 1
    with pytest.raises(IllegalMove):
        g.apply(0, "W2 C2-D2")


def test_a_puzzle_is_solved_with_every_coin_on_the_bank_and_scores_its_turns():
    g = PUZZLE.new_game(1, "solve")
    for move in FIRST_STEPS:
        g.apply(0, move)
    assert g.is_over() and g.outcome().reason == "solved"
    assert g.outcome().scores == {0: 3} and g.coins[g.bank()] == 1


def test_the_balloon_ride_is_solved_in_its_five_turns_by_trampoline_and_balloon():
    g = PUZZLE.new_game(1, "solve", puzzle="balloon-ride")
    for move in BALLOON_RIDE:
        g.apply(0, move)
    assert g.outcome().reason == "solved" and g.outcome().scores == {0: 5}
    assert g.coins[g.bank()] == 3


def test_too_many_turns_fail_the_puzzle():
    g = PUZZLE.new_game(1, "slow")
    while not g.is_over():
        g.apply(0, g.legal_moves(0)[0])
    assert g.outcome().reason == "failed" and g.outcome().scores == {0: 0}
    assert g.quiet <= PUZZLES["first-steps"].turns


def test_the_bear_kills_in_a_puzzle_and_too_few_survivors_fail():
    g = PUZZLE.new_game(1, "bear", puzzle="the-arrows")  # two of three must survive
    g.bear = parse_cell("C3")
    g.apply(0, "W1 B2-C3")  # into the bear's square
    assert g.pieces["W1"]["where"] == "gone" and not g.is_over()
    g.pieces["W2"]["cell"] = parse_cell("D3")
    g.bear = parse_cell("E3")
    g.apply(0, "W2 D3-D2")
    g.apply(0, "W3 B2-B3")  # the bear's step after the turn reaches W2
    assert g.pieces["W2"]["where"] == "gone"
    assert g.is_over() and g.outcome().reason == "failed"


def test_leaving_the_island_kills_and_the_balloon_lifts_to_the_bank():
    g = PUZZLE.new_game(1, "sea", puzzle="balloon-ride")
    g.tiles[parse_cell("C2")].update(face="arrow-1", rot=0)  # points north, into the sea
    g.apply(0, "W1 B2-C2")
    assert g.pieces["W1"]["where"] == "gone"
    g = PUZZLE.new_game(1, "balloon", puzzle="balloon-ride")
    g.pieces["W1"]["cell"] = parse_cell("E3")
    g.apply(0, "W1 E3-F3")
    assert g.pieces["W1"]["cell"] == g.bank()


def test_a_puzzle_position_round_trips_and_hides_nothing_it_should_not():
    g = PUZZLE.new_game(1, "json", puzzle="the-arrows")
    g.apply(0, g.legal_moves(0)[0])
    doc = json.loads(json.dumps(g.to_json()))
    again = load(doc)
    assert again.to_json() == g.to_json() and again.ruleset == "archipelago-puzzle"
    assert "json" not in json.dumps(g.view(0)).replace('"json"', "")
    assert g.copy().to_json() == g.to_json()


@pytest.mark.parametrize("key", sorted(PUZZLES))
def test_every_puzzle_starts_on_the_bank_with_the_bear_on_its_den(key):
    g = PUZZLE.new_game(1, "start", puzzle=key)
    assert all(p["cell"] == g.bank() for p in g.pieces.values())
    assert g.tiles[g.bear]["face"] == "bear" and g.coin_total() == g.expected_coins() > 0


def test_the_puzzle_bank_holds_the_whole_crew():
    g = PUZZLE.new_game(1, "bank")
    g.pieces["W1"]["cell"] = parse_cell("C2")
    g._cache = None
    assert "W1 C2-B2" in g.legal_moves(0)  # W2 and W3 are on the bank


@pytest.mark.parametrize("key", sorted(PUZZLES))
def test_random_puzzle_games_end_and_replay_exactly(key):
    import random

    for n in range(5):
        seed = f"random {key} {n}"
        g = PUZZLE.new_game(1, seed, puzzle=key)
        rng = random.Random(seed)
        played = []
        while not g.is_over():
            move = rng.choice(g.legal_moves(0))
            g.apply(0, move)
            played.append((0, move))
            assert g.coin_total() == g.expected_coins()
            assert load(json.loads(json.dumps(g.to_json()))).to_json() == g.to_json()
        assert len(played) <= 3 * PUZZLES[key].turns + 40  # choices add a few plies
        assert PUZZLE.replay(1, seed, played, puzzle=key).to_json() == g.to_json()
        assert g.outcome().reason in ("solved", "failed")
