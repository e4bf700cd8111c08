"""The game protocol (rules/core): one harness for every registered ruleset, and what the
test-only dice duel proves that Jackal cannot (a simultaneous choice, a die rolled mid-game)."""

import json
import random

import pytest
from dice_duel import DICE_DUEL

from rules.core import (
    GameError,
    GameState,
    IllegalMove,
    NotationError,
    Outcome,
    SetupError,
    load,
    register,
    ruleset,
    ruleset_names,
)
from rules.jackal import JackalRuleset

RULESETS = ("classic", "second-edition", "archipelago", "dice-duel", "jamaica")
# Jackal's free actions about ending the game by agreement (ruling E16): a random game that offered
# and accepted would end within a round, so the playouts play on instead.
AGREEMENT = ("offer end", "accept end")


def play_through_the_protocol(name: str, seats: int, seed: str, max_plies: int = 2000):
    """A random game played only through the protocol, checking its promises at every ply.
    Returns the final state and the (seat, move) pairs played."""
    rules = ruleset(name)
    state = rules.new_game(seats, seed)
    rng = random.Random(seed)
    played = []
    while not state.is_over() and len(played) < max_plies:
        acting = state.to_act()
        assert acting and acting <= set(range(seats))
        for seat in range(seats):
            moves = state.legal_moves(seat)
            assert bool(moves) == (seat in acting), (seat, acting)
        idle = [seat for seat in range(seats) if seat not in acting]
        if idle and len(played) % 7 == 0:
            before = state.to_json()
            with pytest.raises(IllegalMove):
                state.apply(idle[0], rng.choice(state.legal_moves(min(acting))))
            assert state.to_json() == before
        seat = rng.choice(sorted(acting))
        move = rng.choice([m for m in state.legal_moves(seat) if m not in AGREEMENT])
        if len(played) % 11 == 0:
            copy = state.copy()
            copy.apply(seat, move)
            assert copy.ply == state.ply + 1
        events = state.apply(seat, move)
        played.append((seat, move))
        assert state.ply == len(played)
        assert all(isinstance(e["kind"], str) and "text" not in e for e in events)
        json.dumps(events)
        if len(played) % 25 == 0:
            assert load(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
            for viewer in (*range(seats), None):
                assert seed not in json.dumps(state.view(viewer))
    return state, played


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_keeps_the_protocol_through_a_whole_game(name):
    rules = ruleset(name)
    seats = rules.seat_counts[-1]
    state, played = play_through_the_protocol(name, seats, f"protocol {name}")
    assert state.is_over() and state.to_act() == frozenset()
    assert all(state.legal_moves(seat) == [] for seat in range(seats))
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    ranked = [seat for place in outcome.ranking for seat in place]
    assert sorted(ranked) == list(range(seats)) and set(outcome.scores) == set(range(seats))
    best = max(outcome.scores.values())
    assert all(outcome.scores[seat] == best for seat in outcome.ranking[0])
    json.dumps(outcome.to_json())
    again = rules.replay(seats, f"protocol {name}", played)
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize("name", RULESETS)
def test_a_refused_move_leaves_the_state_as_it_was(name):
    state = ruleset(name).new_game(2, "refusals")
    before = state.to_json()
    seat = min(state.to_act())
    with pytest.raises(GameError):
        state.apply(seat, "no such move")
    with pytest.raises(IllegalMove):
        state.apply(seat + 5, state.legal_moves(seat)[0])
    assert state.to_json() == before


def test_replay_names_the_ply_of_a_refused_move():
    classic = ruleset("classic")
    state = classic.new_game(2, "ledger")
    first = state.legal_moves(0)[0]
    with pytest.raises(IllegalMove, match="ply 2"):
        classic.replay(2, "ledger", [(0, first), (0, first)])


def test_jackal_replay_still_plays_the_retired_end_by_agreement_of_old_ledgers():
    # Ruling E16: refused as a new move, replayed as it was played before the change.
    classic = ruleset("classic")
    game = classic.replay(2, "ledger", [(0, "WS G1-H1"), (1, "end by agreement")])
    assert game.is_over() and game.outcome().reason == "agreement"
    with pytest.raises(IllegalMove, match="ply 2"):
        classic.replay(2, "ledger", [(0, "WS G1-H1"), (0, "end by agreement")])
    fresh = classic.new_game(2, "ledger")
    with pytest.raises(IllegalMove, match="not a move any more"):
        fresh.apply(0, "end by agreement")


def test_the_registry_knows_the_rulesets_and_refuses_strangers():
    assert {"classic", "second-edition", "dice-duel"} <= set(ruleset_names())
    assert ruleset_names("jackal") == ["classic", "second-edition"]
    assert ruleset("classic").seat_counts == (2, 3, 4)
    with pytest.raises(SetupError, match="unknown ruleset"):
        ruleset("chess")
    with pytest.raises(SetupError, match="already registered"):
        register(JackalRuleset("classic"))
    register(DICE_DUEL)  # registering the same ruleset again is harmless
    with pytest.raises(SetupError):
        load({"format": "something else"})


def test_seat_counts_and_options_are_checked():
    with pytest.raises(SetupError, match="2, 3, 4"):
        ruleset("classic").new_game(5, "x")
    with pytest.raises(SetupError, match="no option"):
        ruleset("classic").new_game(2, "x", colour="blue")
    with pytest.raises(SetupError):
        ruleset("classic").new_game(2, "x", teams=True)  # teams need 4
    teams = ruleset("classic").new_game(4, "x", teams=True)
    assert teams.state.teams and teams.seats == 4
    with pytest.raises(SetupError):
        ruleset("dice-duel").new_game(2, "x", target=9)


def test_jackal_events_are_data_and_the_view_hides_face_down_tiles():
    game = ruleset("classic").new_game(2, "events")
    events = game.apply(0, "W1 G1-G2")
    assert events[0]["kind"] == "disembark" and events[0]["piece"] == "W1"
    assert events[1]["kind"] == "reveal" and events[1]["cell"] == "G2"
    cells = {cell["coord"]: cell for cell in game.view(1)["cells"]}
    assert cells["G2"]["tile"] == game.state.to_json()["tiles"]["G2"]
    face_down = [cell for cell in cells.values() if cell.get("face_down")]
    assert len(face_down) == 116 and not any("tile" in cell for cell in face_down)


# -- a simultaneous choice and a chance event (dice duel) --------------------------------------


def test_a_simultaneous_choice_waits_for_every_seat_and_hides_early_bids():
    duel = DICE_DUEL.new_game(3, "simultaneous")
    assert duel.to_act() == {0, 1, 2}
    assert duel.apply(1, "bid 3") == [{"kind": "bid", "seat": 1}]
    assert duel.to_act() == {0, 2}
    assert duel.view(1)["my_bid"] == 3
    assert duel.view(0)["my_bid"] is None and duel.view(0)["ready"] == [1]
    assert "3" not in json.dumps(duel.view(None)["my_bid"])
    with pytest.raises(IllegalMove):
        duel.apply(1, "bid 2")  # one bid per round
    duel.apply(0, "bid 1")
    events = duel.apply(2, "bid 2")
    assert [e["kind"] for e in events[:3]] == ["bid", "bids", "roll"]
    assert events[1]["bids"] == {"0": 1, "1": 3, "2": 2}
    assert duel.to_act() == {0, 1, 2} and duel.view(0)["round"] == 2


def test_the_die_comes_from_the_seed_and_the_ply_whatever_the_order_of_bids():
    """The same bids sent in another order (same plies) meet the same die; another seed may not."""
    one, two = DICE_DUEL.new_game(2, "luck"), DICE_DUEL.new_game(2, "luck")
    rolls_one, rolls_two = [], []
    for _ in range(6):
        if one.is_over():
            break
        one.apply(0, "bid 1")
        rolls_one.append(one.apply(1, "bid 2")[2]["die"])
        two.apply(1, "bid 2")
        rolls_two.append(two.apply(0, "bid 1")[2]["die"])
    assert rolls_one == rolls_two and one.to_json() == two.to_json()
    other_seeds = set()
    for n in range(20):
        duel = DICE_DUEL.new_game(2, f"other {n}")
        duel.apply(0, "bid 1")
        other_seeds.add(duel.apply(1, "bid 1")[2]["die"])
    assert other_seeds == {1, 2, 3}


def test_a_stored_duel_mid_round_reloads_with_its_hidden_bid():
    duel = DICE_DUEL.new_game(2, "stored")
    duel.apply(0, "bid 2")
    loaded = load(json.loads(json.dumps(duel.to_json())))
    assert isinstance(loaded, GameState) and loaded.to_act() == {1}
    assert loaded.view(0)["my_bid"] == 2 and loaded.view(1)["my_bid"] is None
    with pytest.raises(NotationError):
        loaded.apply(1, "bid 4")


def test_equal_scores_share_the_place():
    duel = DICE_DUEL.new_game(2, "tie", target=2)
    while not duel.is_over():
        duel.apply(0, "bid 1")
        duel.apply(1, "bid 1")
    outcome = duel.outcome()
    assert outcome.ranking == [[0, 1]] and outcome.place_of(1) == 1


def _some_plies(state, rng: random.Random, plies: int, avoid=()) -> None:
    """Random legal moves (none of Jackal's offers to end) until over or `plies` played."""
    for _ in range(plies):
        if state.is_over():
            return
        seat = min(state.to_act())
        moves = [m for m in state.legal_moves(seat) if m not in AGREEMENT]
        assert seat not in avoid, f"skipped seat {seat} was asked to act: {moves}"
        state.apply(seat, rng.choice(moves or state.legal_moves(seat)))


@pytest.mark.parametrize("name", ruleset_names())
@pytest.mark.parametrize("deal", range(3))
def test_every_ruleset_keeps_its_word_on_ending_early_and_skipping(name, deal):
    """`Ruleset.ends_early` and `skips_seats` are what the site offers (games.clock.forfeits): a
    ruleset that declares one does it, one that does not refuses it and changes nothing."""
    rules = ruleset(name)
    seats = rules.seat_counts[0]
    rng = random.Random(f"{name} {deal}")
    state = rules.new_game(seats, f"capabilities {deal}")
    _some_plies(state, rng, rng.randrange(0, 40))
    if state.is_over():
        return
    ended = state.copy()
    if rules.ends_early:
        ended.end_now("resignation")
        assert ended.is_over() and ended.to_act() == frozenset()
        assert ended.outcome().reason == "resignation"
        assert rules.from_json(json.loads(json.dumps(ended.to_json()))).is_over()
        with pytest.raises(IllegalMove):
            ended.end_now("timeout")
    else:
        before = ended.to_json()
        with pytest.raises(IllegalMove):
            ended.end_now("resignation")
        assert ended.to_json() == before
    seat = min(state.to_act())
    if not rules.skips_seats:
        before = state.to_json()
        with pytest.raises(IllegalMove):
            state.skip_seat(seat)
        assert state.to_json() == before
        return
    while True:  # as the site does (games.clock.forfeits._skip): a seat mid-action finishes first
        try:
            state.skip_seat(seat)
            break
        except IllegalMove as error:
            assert (getattr(error, "reason", None) or {}).get("reason") == "mid-action"
        legal = state.legal_moves(seat)
        state.apply(seat, "end turn" if "end turn" in legal else legal[0])
    _some_plies(state, rng, 200, avoid={seat})


@pytest.mark.parametrize(
    "name, seats, options",
    [
        ("archipelago", 2, {"island": "twin", "landing": "recommended"}),
        ("archipelago", 4, {"teams": True, "abilities": {"W2": "climber", "Y1": "swimmer"}}),
        ("archipelago-puzzle", 1, {"puzzle": "the-arrows"}),
    ],
)
def test_a_stored_positions_options_start_the_replay_of_its_ledger_again(name, seats, options):
    """The site replays a ledger from `options_of` its stored position (the replay viewer, the
    deal's check, records): a game opened with options must be dealt with them again."""
    rules = ruleset(name)
    state = rules.new_game(seats, "options again", **options)
    again = rules.new_game(seats, "options again", **rules.options_of(state.to_json()))
    assert again.to_json() == state.to_json()
