"""Helpers for the Jamaica tests: positions built to order, rigged dice, whole rounds."""

from __future__ import annotations

import random

from rules.jamaica import JAMAICA
from rules.jamaica.actions import DECK
from rules.jamaica.combat_die import FACES
from rules.jamaica.holds import HOLDS


def position(
    seats=2,
    *,
    captain=0,
    morning=3,
    evening=5,
    hands=None,
    progress=None,
    holds=None,
    treasures=None,
    treasure_deck=None,
    seed="kit",
):
    """A game in the card-choosing phase of round 1 with everything given set as asked.
    ``holds[s]`` lists (kind, count) pairs, padded with empty holds; a seat owning the 6th hold
    gets six."""
    doc = JAMAICA.new_game(seats, seed).to_json()
    doc.update(
        captain=captain,
        dice=[morning, evening],
        morning=morning,
        evening=evening,
        phase="choose",
        pending=None,
        queue=[],
    )
    for s, hand in (hands or {}).items():
        doc["hands"][s] = list(hand)
        doc["decks"][s] = [c for c in DECK if c not in hand]
    for s, p in (progress or {}).items():
        doc["progress"][s] = p
    for s, cards in (treasures or {}).items():
        doc["treasures"][s] = list(cards)
        for card in cards:
            for pile in (doc["treasure_deck"], doc["set_aside"]):
                if card in pile:
                    pile.remove(card)
        if "sixth" in cards:
            doc["holds"][s].append([None, 0])
    for s, content in (holds or {}).items():
        size = HOLDS + (1 if "sixth" in doc["treasures"][s] else 0)
        filled = [[k, n] for k, n in content]
        doc["holds"][s] = filled + [[None, 0]] * (size - len(filled))
    if treasure_deck is not None:
        doc["treasure_deck"] = list(treasure_deck)
    return JAMAICA.from_json(doc)


def rig(game, *, combat=(), dice=(), steal=()):
    """Make the next rolls of ``game`` come out as given (combat faces, action die values, the
    index of a blindly stolen treasure); once a kind's script is used up, its rolls are the
    game's own again."""
    queues = {
        "combat": [FACES.index(f) for f in combat],
        "dice": [d - 1 for d in dice],
        "steal": list(steal),
    }

    own = game.roll

    def roll(tag, n):
        key = tag.split(" ")[0]
        if not queues.get(key):
            return own(tag, n)
        value = queues[key].pop(0)
        assert 0 <= value < n
        return value

    game.roll = roll
    return game


def play_round(game, cards):
    """Every seat plays its card (seat order); returns the events of all the moves."""
    events = []
    for seat, card in sorted(cards.items()):
        events += game.apply(seat, f"play {card}")
    return events


def kinds(events):
    return [e["kind"] for e in events]


def random_game(seats, seed, rng=None, hook=None, max_plies=5000):
    """A random game to its end; ``hook(game, seat, move, events)`` after every ply."""
    rng = rng or random.Random(seed)
    game = JAMAICA.new_game(seats, seed)
    ledger = []
    while not game.is_over():
        seat = rng.choice(sorted(game.to_act()))
        move = rng.choice(game.legal_moves(seat))
        events = game.apply(seat, move)
        ledger.append((seat, move))
        if hook:
            hook(game, seat, move, events)
        assert len(ledger) < max_plies, "the race did not end"
    return game, ledger
