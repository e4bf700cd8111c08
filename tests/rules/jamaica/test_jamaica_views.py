"""Hidden information never reaches a view or an event: other hands, the draw piles, the treasure
deck and the cards set aside, others' face-down treasures, choices not yet revealed, the seed.

The main proof is differential: two states that differ only in what a seat may not know give that
seat the very same view."""

import json
import random

from jamaica_kit import play_round, position, random_game

from rules.jamaica import JAMAICA
from rules.jamaica.treasures import POWERS, is_power


def perturbed(game, viewer, rng):
    """A copy of ``game`` with everything hidden from ``viewer`` dealt anew (same sizes)."""
    doc = game.to_json()
    doc["seed"] = f"another seed {rng.random()}"
    for s in range(game.seats):
        if s == viewer:
            continue
        hidden_choice = str(s) in doc["chosen"] and str(s) not in doc["revealed"]
        pool = doc["hands"][s] + doc["decks"][s] + doc["discards"][s]
        if hidden_choice:
            pool.append(doc["chosen"][str(s)])
        rng.shuffle(pool)
        sizes = [len(doc["hands"][s]), len(doc["decks"][s])]
        doc["hands"][s], pool = pool[: sizes[0]], pool[sizes[0] :]
        doc["decks"][s], pool = pool[: sizes[1]], pool[sizes[1] :]
        if hidden_choice:
            doc["chosen"][str(s)], pool = pool[0], pool[1:]
        doc["discards"][s] = pool
    # face-down treasures of the others, the treasure deck and the 3 set aside: one hidden pool
    # (a power in the deck may only be swapped with another hidden card of the deck or set aside)
    holders = [s for s in range(game.seats) if s != viewer]
    piles = doc["treasure_deck"] + doc["set_aside"]
    pool = [c for c in piles if not is_power(c)]
    for s in holders:
        pool += [c for c in doc["treasures"][s] if not is_power(c)]
    rng.shuffle(pool)
    for s in holders:
        n = sum(1 for c in doc["treasures"][s] if not is_power(c))
        doc["treasures"][s] = [c for c in doc["treasures"][s] if is_power(c)] + pool[:n]
        pool = pool[n:]
    pool += [c for c in piles if is_power(c)]
    rng.shuffle(pool)
    n = len(doc["treasure_deck"])
    doc["treasure_deck"], doc["set_aside"] = pool[:n], pool[n:]
    return JAMAICA.from_json(doc)


def test_hidden_things_never_change_a_seats_view_at_any_ply():
    rng = random.Random(1)
    changed = 0
    for seats in (2, 3, 5, 6):

        def hook(game, seat, move, events):
            nonlocal changed
            if game.is_over():
                return
            for viewer in (*range(game.seats), None):
                other = perturbed(game, viewer, rng)
                changed += other.to_json() != game.to_json()
                assert other.view(viewer) == game.view(viewer), (viewer, move)

        random_game(seats, f"leaks {seats}", hook=hook)
    assert changed > 500  # the perturbation really changed hidden things


def test_the_owner_does_see_its_own_hand_choice_and_treasures():
    game = position(
        2,
        hands={0: ["AG", "FG", "CF"], 1: ["AA", "AB", "BA"]},
        treasures={0: ["T7", "saber"], 1: ["C3"]},
    )
    game.apply(0, "play AG")
    mine = game.view(0)
    assert mine["hand"] == ["CF", "FG"] and mine["my_card"] == "AG"
    assert mine["my_treasures"] == ["T7"] and mine["powers"] == [["saber"], []]
    theirs = game.view(1)
    assert theirs["my_card"] is None and theirs["ready"] == [0] and theirs["my_treasures"] == ["C3"]
    assert theirs["face_down"] == [1, 1] and theirs["hand"] == ["AA", "AB", "BA"]
    text = json.dumps(theirs)
    assert "AG" not in text and "T7" not in text and "C3" in text
    spectator = json.dumps(game.view(None))
    assert all(card not in spectator for card in ("AG", "FG", "CF", "T7", "C3", "AA"))


def test_a_view_holds_no_pile_no_deck_no_seed():
    game = JAMAICA.new_game(4, "secret seed 123")
    for viewer in (0, 3, None):
        view = game.view(viewer)
        text = json.dumps(view)
        assert "secret seed 123" not in text
        assert not {"decks", "treasure_deck_cards", "set_aside", "chosen", "seed"} & set(view)
        assert view["treasure_deck"] == 9 and view["deck_sizes"] == [8, 8, 8, 8]


def test_events_name_no_hidden_card():
    def hook(game, seat, move, events):
        for e in events:
            if e["kind"] == "reveal":
                continue  # a card revealed in its turn is public
            if "card" in e:
                assert e["card"] in POWERS, e  # powers lie face up
            assert e["kind"] != "chosen" or set(e) == {"kind", "seat"}

    for seats in (2, 4, 6):
        random_game(seats, f"event leaks {seats}", hook=hook)


def test_a_choice_is_revealed_to_the_others_only_in_its_turn():
    game = position(
        3,
        captain=2,
        morning=1,
        evening=1,
        hands={0: ["FG", "CF", "GA"], 1: ["FG", "CF", "GA"], 2: ["FG", "CF", "GA"]},
        holds={s: [] for s in range(3)},
    )
    game.apply(0, "play CF")
    game.apply(1, "play GA")
    assert game.view(2)["revealed"] == {} and game.view(None)["ready"] == [0, 1]
    events = game.apply(2, "play FG")
    reveals = [(e["seat"], e["card"]) for e in events if e["kind"] == "reveal"]
    assert reveals == [(2, "FG"), (0, "CF"), (1, "GA")]


def test_after_the_game_the_treasures_are_shown():
    game = position(
        2,
        morning=6,
        evening=6,
        hands={0: ["AA", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        progress={0: 40},
        treasures={1: ["C2", "T5"]},
    )
    play_round(game, {0: "AA", 1: "FG"})
    assert game.is_over()
    assert game.view(0)["treasures"] == [[], ["C2", "T5"]]
