"""What one seat of a Jamaica game may know, and whole games guessed from it (for the search bot).

``seat_knowledge(game, seat)`` is the game's position with everything the seat may not see taken
out (view.py says what that is): the other hands, every draw pile's cards and order, the other
seats' face-down treasures, the treasure deck and the cards set aside, the cards chosen this round
and not yet revealed, and the seed (which decides every later roll). What is left in their place
is only how many there are. The search reads nothing else.

``Determiniser(knowledge).sample(rng)`` deals the unseen cards at random, consistent with what
the seat sees, and a made-up seed for the rolls to come: a whole game the search can play on.
The seat's own draw pile and discards are guessed too (the view shows their sizes only). A card
another seat chose face down while the seat still chooses its own is handed back to a guessed
hand, so the search lets that seat choose again by the policy it plays the others by; once the
cards are being revealed one by one, an unrevealed card is a guess from its owner's cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import treasures
from .actions import DECK
from .game import JAMAICA, JamaicaGame

HIDDEN = "?"  # a card or a chosen card whose face the seat may not see


@dataclass(frozen=True)
class Knowledge:
    seat: int
    position: dict  # the game's JSON, its hidden cards replaced by HIDDEN, without the seed


def seat_knowledge(game: JamaicaGame, seat: int) -> Knowledge:
    doc = game.to_json()
    if seat not in range(game.seats):
        raise ValueError(f"no seat {seat!r} in this game")
    del doc["seed"]
    for s in range(game.seats):
        if s != seat:
            doc["hands"][s] = [HIDDEN] * len(doc["hands"][s])
            doc["treasures"][s] = [
                c if treasures.is_power(c) else HIDDEN for c in doc["treasures"][s]
            ]
        doc["decks"][s] = [HIDDEN] * len(doc["decks"][s])
        doc["discards"][s] = [HIDDEN] * len(doc["discards"][s])
    doc["chosen"] = {
        s: (card if int(s) == seat or s in doc["revealed"] else HIDDEN)
        for s, card in doc["chosen"].items()
    }
    doc["treasure_deck"] = [HIDDEN] * len(doc["treasure_deck"])
    doc["set_aside"] = [HIDDEN] * len(doc["set_aside"])
    return Knowledge(seat, doc)


class Determiniser:
    """Whole games consistent with a seat's knowledge."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        pos = knowledge.position
        seen = [c for hold in pos["treasures"] for c in hold if c != HIDDEN]
        self.unseen_treasures = sorted(set(treasures.CARDS) - set(seen))

    def sample(self, rng: random.Random) -> JamaicaGame:
        doc = dict(self.knowledge.position)  # a shallow copy: every changed entry is replaced
        seats = doc["seats"]
        doc["seed"] = f"guess-{rng.getrandbits(64):016x}"
        hands = [list(h) for h in doc["hands"]]
        decks, discards = [], []
        chosen = dict(doc["chosen"])
        choosing = doc["phase"] == "choose"
        for s in range(seats):
            key = str(s)
            hand = [c for c in hands[s] if c != HIDDEN]  # the seat's own hand, else nothing
            size = len(hands[s])
            pool = list(DECK)  # every pirate has the same action cards
            for card in hand + ([chosen[key]] if chosen.get(key, HIDDEN) != HIDDEN else []):
                pool.remove(card)
            rng.shuffle(pool)
            if chosen.get(key) == HIDDEN:
                if choosing:  # nothing is revealed before every card is in: choose again
                    del chosen[key]
                    size += 1
                else:
                    chosen[key] = pool.pop()
            hands[s] = hand + [pool.pop() for _ in range(size - len(hand))]
            deck = len(doc["decks"][s])
            decks.append(pool[:deck])
            discards.append(pool[deck:])
        doc["hands"], doc["decks"], doc["discards"], doc["chosen"] = hands, decks, discards, chosen
        self._deal_treasures(doc, rng)
        return JAMAICA.from_json(doc)

    def _deal_treasures(self, doc: dict, rng: random.Random) -> None:
        # Face-down treasures are never powers (those are kept face up): they are dealt from the
        # unseen face-down cards first, and the rest of the unseen cards fill the treasure deck
        # and the cards set aside.
        faces = [c for c in self.unseen_treasures if not treasures.is_power(c)]
        rng.shuffle(faces)
        held = [[c if c != HIDDEN else faces.pop() for c in hold] for hold in doc["treasures"]]
        rest = [c for c in self.unseen_treasures if treasures.is_power(c)] + faces
        rng.shuffle(rest)
        n = len(doc["treasure_deck"])
        doc["treasures"] = held
        doc["treasure_deck"], doc["set_aside"] = rest[:n], rest[n:]
