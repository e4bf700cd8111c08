"""What a bot knows at its seat, and how it turns that into full positions it can search.

A bot never sees the real state. ``seat_knowledge(state, seat)`` hands it exactly what a person at
that seat has: the player view (face-up tiles, its own lighthouse peeks) and the position JSON
with every face-down tile and the seed cut out (the rest of the position JSON is public: where
the pieces and coins are, whose turn it is, which ways a chain already took).

A search needs whole positions, so ``Determiniser`` fills the face-down squares with a sample of
what is left of the deck (the ruleset's deck minus every tile the seat has seen) and rebuilds a
``State`` from the documented position JSON. Arrows and cannons are dealt with a random
quarter-turn, so they are counted by shape and sampled with a random turn, as the deal does.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from rules.jackal import AGREEMENT_KINDS, Move, State, View, new_game, player_view

# The eight directions clockwise; a quarter-turn moves two places along this list.
_DIRS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@dataclass(frozen=True)
class Knowledge:
    """Everything one seat may know: its view and the public part of the position JSON."""

    view: View
    position: dict  # the position JSON without the seed and without face-down tiles

    @property
    def seat(self) -> int:
        return self.view.seat


def moves_of_play(view: View) -> list[str]:
    """The seat's legal moves less the offers to end the game by agreement and their acceptance
    (ruling E16): those are the people's decision, and a bot that offered or accepted would end
    games on a whim. Bots play on."""
    return [text for text in view.legal_moves if Move.parse(text).kind not in AGREEMENT_KINDS]


def seat_knowledge(state: State, seat: int) -> Knowledge:
    """What the person at ``seat`` knows about ``state`` (the only way bots read a game)."""
    view = player_view(state, seat)
    position = state.to_json()
    face_up = set(position["face_up"])
    # The hidden deal: gone before any bot code sees the position.
    position["tiles"] = {sq: t for sq, t in position["tiles"].items() if sq in face_up}
    position["seed"] = ""
    return Knowledge(view, position)


def _rotate(text: str, quarter_turns: int) -> str:
    kind, _, arg = text.partition(":")
    dirs = [_DIRS[(_DIRS.index(d) + 2 * quarter_turns) % 8] for d in arg.split(",")]
    return kind + ":" + ",".join(sorted(dirs, key=_DIRS.index))


def shape(text: str) -> str:
    """A tile's text with its deal rotation taken out (arrows, cannons): what the deck holds."""
    if text.startswith(("arrow:", "cannon:")):
        return min(_rotate(text, q) for q in range(4))
    return text


def _turns(text: str) -> bool:
    return text.startswith(("arrow:", "cannon:"))


@lru_cache(maxsize=16)
def deck(ruleset: str, players: int, teams: bool) -> tuple[str, ...]:
    """The ruleset's tiles by shape, sorted. Read off a fresh public deal: the deck is public
    knowledge (RULES.md), and no game's hidden deal is involved."""
    tiles = new_game(ruleset, players=players, seed="deck", teams=teams).to_json()["tiles"]
    return tuple(sorted(shape(t) for t in tiles.values()))


class Determiniser:
    """Samples complete positions consistent with one seat's knowledge."""

    def __init__(self, knowledge: Knowledge) -> None:
        pos = knowledge.position
        self.position = pos
        known = dict(pos["tiles"])  # face-up tiles
        peeked = knowledge.view.peeked or {}
        known.update(peeked)
        remaining = Counter(deck(pos["ruleset"], pos["players"], pos["teams"]))
        for text in known.values():
            s = shape(text)
            if remaining[s] > 0:
                remaining[s] -= 1
        self.known = known
        self.unknown = sorted(
            c["coord"]
            for c in knowledge.view.cells
            if c.get("face_down") and c["coord"] not in peeked
        )
        pool = sorted(remaining.elements())
        # The counts agree in every position the engine can reach; keep sampling sound even if
        # a future tile changes its face when turned (pad with empties, drop extras).
        if len(pool) < len(self.unknown):
            pool += ["empty"] * (len(self.unknown) - len(pool))
        self.pool = pool
        # Whether anything is hidden at all: then every sample is the same position.
        self.exact = not self.unknown

    def tiles(self, rng: random.Random) -> dict[str, str]:
        """One sample of the whole island's tiles."""
        pool = self.pool[:]
        rng.shuffle(pool)
        tiles = dict(self.known)
        for sq, text in zip(self.unknown, pool, strict=False):
            tiles[sq] = _rotate(text, rng.randrange(4)) if _turns(text) else text
        return tiles

    def sample(self, rng: random.Random) -> State:
        """A full State: the seat's knowledge plus one guess at every face-down tile."""
        d = dict(self.position)
        d["tiles"] = self.tiles(rng)
        return State.from_json(d)
