"""Rulings F1 and F2 (docs/archipelago-rulings.md): the site ends a game now, or passes a seat."""

import pytest
from archipelago_kit import coins, island, kinds, put, roundtrip, turn

from rules.archipelago import ARCHIPELAGO
from rules.core import IllegalMove


def _first_move(g, seat):
    """A move of the seat's crew that is not the offer to end."""
    return next(m for m in g.legal_moves(seat) if m != "offer end")


def test_F1_ending_now_scores_the_stowed_coins_as_they_stand():
    g = island(seats=3)
    g.stowed = [1, 3, 1]
    coins(g, "E5", 2)
    g.end_now("resignation")
    assert g.is_over() and g.to_act() == frozenset() and g.legal_moves(0) == []
    outcome = g.outcome()
    assert outcome.reason == "resignation"
    assert outcome.scores == {0: 1, 1: 3, 2: 1}
    assert outcome.ranking == [[1], [0, 2]]
    assert roundtrip(g).outcome() == outcome
    with pytest.raises(IllegalMove):
        g.end_now("timeout")


def test_F1_ending_now_drops_a_pending_choice_and_an_open_vote():
    g = island({"D5": "trampoline"})
    put(g, "W1", "E5")
    g.apply(0, "W1 E5-D5")
    assert g.pending is not None
    g.end_now("timeout")
    assert g.pending is None and g.outcome().reason == "timeout"

    g = island()
    g.apply(0, "offer end")
    assert g.phase == "vote"
    g.end_now("claim")
    assert g.vote is None and g.outcome().reason == "claim"


def test_F1_two_on_two_ends_with_the_teams_totals():
    g = island(seats=4, teams=True)
    g.stowed = [2, 0, 1, 4]
    g.end_now("timeout")
    assert g.outcome().scores == {0: 3, 1: 4, 2: 3, 3: 4}
    assert g.outcome().ranking == [[1, 3], [0, 2]]


def test_F2_a_skipped_seat_is_passed_over_from_now_on():
    g = island(seats=3)
    assert g.to_act() == {0}
    assert g.skip_seat(1) == []  # not its turn: nothing passes now
    g.apply(0, _first_move(g, 0))
    assert g.to_act() == {2}
    g.apply(2, _first_move(g, 2))
    assert g.to_act() == {0}
    again = roundtrip(g)
    assert again.skipped == (1,) and again.to_json()["skipped"] == [1]
    assert "skipped" not in island().to_json()  # positions without a skip keep their form
    with pytest.raises(IllegalMove):
        g.skip_seat(1)


def test_F2_skipping_the_seat_to_act_passes_its_turn_at_once_as_a_quiet_turn():
    g = island(seats=3)
    quiet = g.quiet
    events = g.skip_seat(0)
    assert events[0] == {"kind": "skip", "seat": 0, "skipped": True}
    assert g.to_act() == {1} and g.quiet == quiet + 1


def test_F2_in_the_middle_of_an_action_the_seat_finishes_first():
    g = island({"D5": "trampoline"})
    put(g, "W1", "E5")
    g.apply(0, "W1 E5-D5")  # a choice where to jump is pending
    with pytest.raises(IllegalMove) as refused:
        g.skip_seat(0)
    assert refused.value.reason["reason"] == "mid-action" and g.skipped == ()
    g.apply(0, g.legal_moves(0)[0])
    g.skip_seat(0)
    assert g.skipped == (0,)


def test_F2_a_seat_places_its_boat_before_it_is_skipped():
    g = ARCHIPELAGO.new_game(3, "place")  # the players place their boats
    with pytest.raises(IllegalMove) as refused:
        g.skip_seat(0)
    assert refused.value.reason["reason"] == "mid-action"
    g.apply(0, g.legal_moves(0)[0])
    g.skip_seat(0)
    g.apply(1, g.legal_moves(1)[0])
    events = g.apply(2, g.legal_moves(2)[0])
    # the boats are placed: seat 0 would begin, and passes
    assert {"kind": "skip", "seat": 0, "skipped": True} in events and g.to_act() == {1}


def test_F2_a_skipped_seat_is_not_asked_to_end_and_alone_cannot_offer():
    g = island(seats=3)
    g.skip_seat(2)
    g.apply(0, "offer end")
    assert g.to_act() == {1}
    events = g.apply(1, "accept end")
    assert g.outcome().reason == "agreement" and "over" in kinds(events)

    g = island()
    g.skip_seat(1)
    assert "offer end" not in g.legal_moves(0)


def test_F2_a_seat_out_of_time_on_an_offer_refuses_it():
    g = island(seats=3)
    g.apply(0, "offer end")
    events = g.skip_seat(1)
    assert events == [{"kind": "refuse end", "seat": 1}]
    assert g.phase == "play" and g.to_act() == {0}
    g.apply(0, _first_move(g, 0))
    assert g.to_act() == {2}


def test_F2_a_seat_out_of_time_on_the_sites_proposal_refuses_it_and_it_comes_back_later():
    from rules.archipelago.position import QUIET_ROUNDS

    g = island(seats=3)
    g.quiet = QUIET_ROUNDS * 3 - 1
    g.apply(0, "W1 F11-F10")
    assert g.phase == "vote" and g.vote["by"] is None
    g.apply(0, "accept end")
    assert g.skip_seat(2) == [{"kind": "refuse end", "seat": 2}]
    assert g.phase == "play" and g.refusals == 1 and g.to_act() == {1}
    # the next proposal asks only the seats still playing
    g.quiet = QUIET_ROUNDS * 3 * 2 - 1
    g.apply(1, _first_move(g, 1))
    assert g.phase == "vote" and g.to_act() == {0, 1}


def test_F2_under_smoke_a_skipped_player_does_not_play_a_neighbours_crew():
    g = island(seats=3)
    g.skip_seat(1)
    turn(g, 0)
    g.smoke = 3  # seat 1 would play seat 0's crew this round
    assert g.passed_over()
    g.smoke = 0
    assert not g.passed_over()


def test_F2_a_table_with_every_seat_skipped_ends_in_a_stalemate():
    g = island()
    g.skip_seat(1)
    events = g.skip_seat(0)
    assert g.is_over() and g.outcome().reason == "stalemate" and "over" in kinds(events)


def test_F2_a_skip_under_smoke_hands_the_next_seat_its_own_crew():
    """Found by a record that would not replay: with smoke burning, seat 2 played crew 1's turn;
    skipping it passed crew 2's turn too (played, under smoke, by seat 0), and then seat 0's own
    turn offered crew 2's moves, read from the legal-move cache of that same ply. A position read
    back from JSON had no cache and offered crew 0's: the site and a replay disagreed."""
    g = island(seats=3)
    turn(g, 1)
    g.smoke = 2  # burns down at the end of crew 1's turn and of crew 2's
    assert g.to_act() == {2}
    g.skip_seat(2)
    assert g.to_act() == {0} and g.slot_crew() == 0 and not g.smoke
    own = g.legal_moves(0)
    assert own == roundtrip(g).legal_moves(0)
    assert {m.split()[0] for m in own if m != "offer end"} <= {"W1", "W2", "W3", "boat"}
