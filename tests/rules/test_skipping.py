"""A seat whose crews are skipped (the site's "crews are skipped" timeout): its turns pass at
once to the end of the game, the position says so and replays exactly."""

import random

import pytest

from rules.jackal import State, new_game
from rules.jackal.errors import IllegalMove


def play_out(state: State, rng: random.Random, limit: int = 4000) -> list[int]:
    """Random legal moves to the end; the seats that acted, in order."""
    acted = []
    while not state.is_over() and limit:
        acted.append(state.to_act())
        state.apply(rng.choice(state.legal_moves()))
        limit -= 1
    return acted


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_a_skipped_seat_never_acts_again_and_the_game_ends(ruleset):
    rng = random.Random(7)
    state = new_game(ruleset, players=3, seed="skip")
    for _ in range(12):  # some turns of play first
        state.apply(rng.choice(state.legal_moves()))
    while state.pending or state.to_act() == 1:  # at the start of a turn of another seat
        state.apply(rng.choice(state.legal_moves()))
    state.skip_seat(1)
    assert state.skipped_seats == [1]
    acted = play_out(state, rng)
    assert state.is_over() and 1 not in acted
    assert {0, 2} <= set(acted)
    # The skipped seat still has its place in the outcome: its coins count.
    assert set(state.outcome().scores) == {0, 1, 2}


def test_skipping_the_seat_to_act_passes_its_turn_now_with_an_event():
    state = new_game("classic", players=3, seed="skip")
    assert state.to_act() == 0
    events = state.skip_seat(0)
    assert state.to_act() == 1
    assert [e.kind for e in events] == ["skipped"]
    assert state.ply == 0  # not a move: the ledger's moves and the position's ply agree


def test_the_skipped_seats_are_in_the_json_and_the_copy():
    state = new_game("classic", players=3, seed="skip")
    assert "skipped" not in state.to_json()  # positions without it stay as they were
    state.skip_seat(2)
    doc = state.to_json()
    assert doc["skipped"] == [2]
    again = State.from_json(doc)
    assert again.skipped_seats == [2] and again.to_json() == doc
    assert state.copy().skipped_seats == [2]


def test_bad_skips_are_refused_and_change_nothing():
    state = new_game("classic", players=3, seed="skip")
    state.skip_seat(1)
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.skip_seat(1)
    with pytest.raises(ValueError):
        state.skip_seat(3)
    assert state.to_json() == before
    bad = dict(before, skipped=[5])
    with pytest.raises(ValueError):
        State.from_json(bad)


def test_a_table_where_every_seat_is_skipped_ends_rather_than_turning_for_ever():
    state = new_game("classic", players=2, seed="skip")
    state.skip_seat(1)
    state.skip_seat(0)
    assert state.is_over()
