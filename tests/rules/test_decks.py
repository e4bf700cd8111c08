"""Versioned decks: a correction to a tile deals new games differently and old games as before."""

import random

import pytest

from rules.core import SetupError, ruleset
from rules.jackal import LATEST_DECK, Move, State, new_game, replay
from rules.jackal.decks import THREE_HEADED_ARROW, deck
from rules.jackal.tiles import ARROW, MASK_DIRS, parse_tile

RULESETS = ("classic", "second-edition")


def three_headed(tiles: dict[str, str]) -> dict[str, tuple[int, ...]]:
    out = {}
    for square, text in tiles.items():
        kind, arg = parse_tile(text)
        if kind == ARROW and len(MASK_DIRS[arg]) == 3:
            out[square] = MASK_DIRS[arg]
    return out


def random_moves(state: State, n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    played = []
    for _ in range(n):
        if state.is_over():
            break
        move = str(Move(rng.choice(state.legal_codes())))  # no offer to end the game (E16)
        state.apply(move)
        played.append(move)
    return played


@pytest.mark.parametrize("name", RULESETS)
def test_new_games_deal_the_printed_three_headed_arrow_and_store_the_deck(name):
    s = new_game(name, players=4, seed="new deck")
    assert s.deck == LATEST_DECK == 2 and s.to_json()["deck"] == 2
    heads = three_headed(s.to_json()["tiles"])
    assert len(heads) == 3
    for dirs in heads.values():
        assert sorted(d % 2 for d in dirs) == [0, 0, 1]  # one diagonal, two straight


@pytest.mark.parametrize("name", RULESETS)
def test_deck_one_still_deals_the_t_on_the_same_squares(name):
    old = new_game(name, players=2, seed="same seed", deck=1).to_json()["tiles"]
    new = new_game(name, players=2, seed="same seed").to_json()["tiles"]
    old_heads, new_heads = three_headed(old), three_headed(new)
    assert all(sorted(d % 2 for d in dirs) == [0, 0, 0] for dirs in old_heads.values())
    # The shuffle and the turns are the same: only the three-headed arrows differ.
    assert set(old_heads) == set(new_heads)
    assert {k: v for k, v in old.items() if k not in old_heads} == {
        k: v for k, v in new.items() if k not in new_heads
    }


@pytest.mark.parametrize("name", RULESETS)
def test_a_game_stored_before_versioning_replays_exactly(name):
    """A stored position without "deck" was dealt from deck 1: it loads as such, its JSON is the
    same as before versioning, and replaying its moves with its deck gives that JSON again."""
    s = new_game(name, players=3, seed="started last year", deck=1)
    moves = random_moves(s, 150, seed=7)
    stored = s.to_json()
    assert "deck" not in stored  # byte-for-byte what was stored before decks had versions
    loaded = State.from_json(stored)
    assert loaded.deck == 1
    again = replay(name, 3, "started last year", moves, deck=loaded.deck)
    assert again.to_json() == stored
    latest = replay(name, 3, "started last year", [], deck=LATEST_DECK)
    assert latest.to_json()["tiles"] != stored["tiles"]


def test_a_new_game_round_trips_its_deck_through_json():
    s = new_game("classic", players=2, seed="round trip")
    random_moves(s, 40, seed=3)
    loaded = State.from_json(s.to_json())
    assert loaded.deck == 2 and loaded.to_json() == s.to_json()
    assert loaded.copy().deck == 2


def test_the_protocol_takes_the_deck_as_an_option():
    classic = ruleset("classic")
    old = classic.new_game(2, "opt", deck=1)
    assert old.state.deck == 1 and classic.new_game(2, "opt").state.deck == LATEST_DECK
    with pytest.raises(SetupError):
        classic.new_game(2, "opt", deck=3)


def test_unknown_deck_versions_are_refused():
    with pytest.raises(SetupError):
        new_game("classic", seed="x", deck=0)
    doc = new_game("classic", seed="x").to_json()
    doc["deck"] = 99
    with pytest.raises(SetupError):
        State.from_json(doc)


def test_the_decks_differ_only_in_the_three_headed_arrow():
    for name in RULESETS:
        old, new = deck(name, 1), deck(name, 2)
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        assert [old[i] for i in changed] == [parse_tile(THREE_HEADED_ARROW[1])] * 3
        assert [new[i] for i in changed] == [parse_tile(THREE_HEADED_ARROW[2])] * 3
