"""Random Jamaica games, 2 to 6 players, with the invariants checked at every ply: tokens are
accounted for by the events, holds never exceed their number, cards and treasures are conserved,
ships stay on the track, the race ends; positions round-trip through JSON and the ledger replays."""

import json
import random

import pytest
from jamaica_kit import random_game

from rules.core import load
from rules.jamaica import JAMAICA, track
from rules.jamaica.actions import DECK
from rules.jamaica.holds import KINDS, total
from rules.jamaica.treasures import CARDS, SIXTH

TOKEN_KINDS = {"gold", "food", "cannons"}


def tokens(game):
    return {k: sum(total(game.holds[s], k) for s in range(game.seats)) for k in KINDS}


def accounted(events):
    """How the events say the tokens on board changed, by kind."""
    delta = dict.fromkeys(KINDS, 0)
    for e in events:
        kind = e["kind"]
        if kind == "load":
            delta[e["tokens"]] += e["n"]
            if "thrown" in e:
                delta[e["thrown_tokens"]] -= e["thrown"]
        elif kind in ("pay", "shortage"):
            delta[e["tokens"]] -= e["n"]
        elif kind == "cannons":
            delta["cannons"] -= e["n"]
        elif kind == "spoils" and e.get("tokens"):
            delta[e["tokens"]] -= e["n"]  # taken out of the loser's hold; the load adds them back
    return delta


def check_invariants(game):
    for s in range(game.seats):
        size = 6 if SIXTH in game.treasures[s] else 5
        assert len(game.holds[s]) == size
        for kind, count in game.holds[s]:
            assert (kind is None and count == 0) or (kind in TOKEN_KINDS and count > 0)
        cards = game.hands[s] + game.decks[s] + game.discards[s]
        if s in game.chosen:
            cards.append(game.chosen[s])
        assert sorted(cards) == sorted(DECK)
        assert track.FLOOR <= game.progress[s] <= track.FINISH
    owned = [c for t in game.treasures for c in t]
    assert sorted(owned + game.treasure_deck + game.set_aside) == sorted(CARDS)
    assert len(game.treasure_deck) == len(game.lairs)
    assert game.is_over() == (game.to_act() == frozenset())


def ply_checks(game, seat, move, events, before):
    check_invariants(game)
    after = tokens(game)
    delta = accounted(events)
    assert {k: after[k] - before[k] for k in KINDS} == delta, events
    json.dumps(events)
    assert all(isinstance(e["kind"], str) for e in events)


def playout(seats, seed):
    state = {"tokens": None}

    def hook(game, seat, move, events):
        ply_checks(game, seat, move, events, state["tokens"])
        state["tokens"] = tokens(game)

    rng = random.Random(seed)
    game = JAMAICA.new_game(seats, seed)
    state["tokens"] = tokens(game)
    check_invariants(game)
    plies = 0
    while not game.is_over():
        seat = rng.choice(sorted(game.to_act()))
        move = rng.choice(game.legal_moves(seat))
        events = game.apply(seat, move)
        hook(game, seat, move, events)
        plies += 1
        assert plies < 5000 and game.round < 200
    assert any(p == track.FINISH for p in game.progress)
    out = game.outcome()
    assert sorted(s for place in out.ranking for s in place) == list(range(seats))
    assert out.scores == game.scores()
    return game


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_games_keep_the_invariants(seats):
    for n in range(12):
        playout(seats, f"playout {seats} {n}")


@pytest.mark.parametrize("seats", [2, 4, pytest.param(6, marks=pytest.mark.slow)])
def test_every_ply_round_trips_through_json_and_replays_from_the_ledger(seats):
    seed = f"round trip {seats}"
    ledger = []

    def hook(game, seat, move, events):
        ledger.append((seat, move))
        doc = game.to_json()
        again = load(json.loads(json.dumps(doc)))
        assert again.to_json() == doc
        assert again.view(seat) == game.view(seat) and again.legal_moves(seat) == game.legal_moves(
            seat
        )
        assert JAMAICA.replay(seats, seed, ledger).to_json() == doc
        copy = game.copy()
        if not copy.is_over():
            acting = min(copy.to_act())
            copy.apply(acting, copy.legal_moves(acting)[0])
            assert game.to_json() == doc  # the copy is independent

    game, played = random_game(seats, seed, hook=hook)
    assert played == ledger


def test_a_stored_game_mid_fight_resumes():
    rng = random.Random(5)
    for n in range(200):
        game = JAMAICA.new_game(4, f"mid fight {n}")
        while not game.is_over():
            if game.pending and game.pending["kind"] in ("cannons", "saber", "spoils"):
                doc = json.loads(json.dumps(game.to_json()))
                stored = JAMAICA.from_json(doc)
                seat = min(game.to_act())
                move = game.legal_moves(seat)[-1]
                assert stored.apply(seat, move) == game.apply(seat, move)
                assert stored.to_json() == game.to_json()
                return
            seat = rng.choice(sorted(game.to_act()))
            game.apply(seat, rng.choice(game.legal_moves(seat)))
    pytest.fail("no fight met in 200 games")


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_slow_thousands_of_games(seats):
    for n in range(600):
        playout(seats, f"slow {seats} {n}")
