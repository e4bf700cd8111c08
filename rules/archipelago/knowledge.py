"""What one seat of an Archipelago game may know, and whole games guessed from it (for the search).

``seat_knowledge(game, seat)`` is the game's position with everything the seat may not see taken
out (view.py says what that is): the face and the turn of every face-down tile, except the faces
the seat peeked at from the lighthouse (it saw the face, not which way an arrow points), the
removed tiles, and the seed (which decides every later roll of the crossroads die). Where a
hidden face was, the knowledge holds HIDDEN; the backs stay, they are public.

``Determiniser(knowledge).sample(rng)`` deals the unseen faces at random, consistent with what the
seat sees: per back, the box's tiles less those face up and those it peeked at, shuffled onto
the face-down squares of that back, the rest removed; each turned at random; and a made-up seed.
The coins of face-down and removed chests then add up to what the seat counts as unfound, as
they must.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .game import ARCHIPELAGO, Archipelago
from .tiles import FACES, box_tiles

HIDDEN = "?"  # a face (or a turn) the seat may not see


@dataclass(frozen=True)
class Knowledge:
    seat: int
    position: dict  # the game's JSON, hidden faces and turns replaced by HIDDEN, without the seed


def seat_knowledge(game: Archipelago, seat: int) -> Knowledge:
    if seat not in range(game.seats):
        raise ValueError(f"no seat {seat!r} in this game")
    doc = game.to_json()
    del doc["seed"]
    peeked = set(doc["known"][seat])
    for cell, tile in doc["tiles"].items():
        if not tile["up"]:
            tile["rot"] = HIDDEN
            if cell not in peeked:
                tile["face"] = HIDDEN
    doc["removed"] = [HIDDEN] * len(doc["removed"])
    return Knowledge(seat, doc)


class Determiniser:
    """Whole games consistent with a seat's knowledge."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        tiles = knowledge.position["tiles"]
        unseen = Counter(box_tiles())  # (back, face) -> how many the seat has not seen
        for tile in tiles.values():
            if tile["face"] != HIDDEN:
                unseen[(tile["back"], tile["face"])] -= 1
        self.pools = {
            back: sorted(face for (b, face), n in unseen.items() if b == back for _ in range(n))
            for back in sorted({b for b, _ in unseen})
        }
        self.hidden = {
            back: [c for c, t in sorted(tiles.items()) if t["face"] == HIDDEN and t["back"] == back]
            for back in self.pools
        }
        self.turned = sorted(c for c, t in tiles.items() if t["rot"] == HIDDEN)

    def sample(self, rng: random.Random) -> Archipelago:
        doc = dict(self.knowledge.position)  # a shallow copy: every changed entry is replaced
        doc["seed"] = f"guess-{rng.getrandbits(64):016x}"
        tiles = dict(doc["tiles"])
        removed: list[str] = []
        for back, pool in self.pools.items():
            faces = list(pool)
            rng.shuffle(faces)
            cells = self.hidden[back]
            for cell, face in zip(cells, faces, strict=False):
                tiles[cell] = dict(tiles[cell], face=face)
            removed.extend(faces[len(cells) :])
        for cell in self.turned:
            tile = tiles[cell] = dict(tiles[cell])
            tile["rot"] = rng.randrange(4) if FACES[tile["face"]].arrows else 0
        doc["tiles"], doc["removed"] = tiles, sorted(removed)
        return ARCHIPELAGO.from_json(doc)
