"""Dice duel: a test-only game behind the protocol, with what Jackal lacks.

Every round all seats bid 1, 2 or 3 *at once* (a simultaneous choice: each bid stays hidden from
the others until the last one is in); then a die (1..3) is rolled from the seed and the ply (a
chance event), and every seat whose bid matches it scores that many points. The first to reach the
target wins; after ``MAX_ROUNDS`` the best score wins, and equal scores share the place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import (
    GameState,
    IllegalMove,
    NotationError,
    Option,
    Outcome,
    Ruleset,
    SetupError,
    chance_rng,
    register,
)

MAX_ROUNDS = 8
BIDS = ("bid 1", "bid 2", "bid 3")


class DiceDuel(GameState):
    def __init__(self, seats: int, seed: str, target: int) -> None:
        self._seats = seats
        self.seed = seed
        self.target = target
        self._ply = 0
        self.round = 1
        self.scores = [0] * seats
        self.bids: dict[int, int] = {}
        self.last_roll: int | None = None
        self.over = False

    @property
    def ruleset(self) -> str:
        return "dice-duel"

    @property
    def seats(self) -> int:
        return self._seats

    @property
    def ply(self) -> int:
        return self._ply

    def to_act(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset(seat for seat in range(self._seats) if seat not in self.bids)

    def legal_moves(self, seat: int) -> list[str]:
        return list(BIDS) if seat in self.to_act() else []

    def apply(self, seat: int, move: str) -> list[dict]:
        if move not in BIDS:
            raise NotationError(f"{move!r} is not a bid (bid 1, bid 2 or bid 3)")
        self.check_seat(seat)
        self._ply += 1
        self.bids[seat] = int(move[-1])
        events: list[dict] = [{"kind": "bid", "seat": seat}]  # the value stays hidden
        if len(self.bids) < self._seats:
            return events
        roll = chance_rng(self.seed, self._ply).below(3) + 1
        self.last_roll = roll
        events.append({"kind": "bids", "bids": {str(s): b for s, b in sorted(self.bids.items())}})
        events.append({"kind": "roll", "die": roll})
        for s, bid in sorted(self.bids.items()):
            if bid == roll:
                self.scores[s] += roll
                events.append({"kind": "score", "seat": s, "points": roll})
        self.bids = {}
        if max(self.scores) >= self.target or self.round == MAX_ROUNDS:
            self.over = True
            events.append({"kind": "over"})
        else:
            self.round += 1
        return events

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        places: dict[int, list[int]] = {}
        for seat, score in enumerate(self.scores):
            places.setdefault(score, []).append(seat)
        ranking = [places[score] for score in sorted(places, reverse=True)]
        return Outcome(dict(enumerate(self.scores)), ranking, "target" if self.target else None)

    def view(self, seat: int | None) -> dict:
        return {
            "seat": seat,
            "round": self.round,
            "scores": list(self.scores),
            "last_roll": self.last_roll,
            "ready": sorted(self.bids),
            "my_bid": self.bids.get(seat) if seat is not None else None,
        }

    def to_json(self) -> dict:
        return {
            "ruleset": "dice-duel",
            "seats": self._seats,
            "seed": self.seed,
            "target": self.target,
            "ply": self._ply,
            "round": self.round,
            "scores": list(self.scores),
            "bids": {str(s): b for s, b in self.bids.items()},
            "last_roll": self.last_roll,
            "over": self.over,
        }

    def copy(self) -> DiceDuel:
        return DICE_DUEL.from_json(self.to_json())


class DiceDuelRules(Ruleset):
    name = "dice-duel"
    game = "dice-duel"
    seat_counts = (2, 3)
    options = {"target": Option(4, (2, 3, 4, 5), "points that win")}

    def new_game(self, seats: int, seed: str, **options: Any) -> DiceDuel:
        self.check_seats(seats)
        return DiceDuel(seats, seed, self.resolve_options(options)["target"])

    def from_json(self, doc: Mapping[str, Any]) -> DiceDuel:
        try:
            state = DiceDuel(doc["seats"], doc["seed"], doc["target"])
            state._ply = doc["ply"]
            state.round = doc["round"]
            state.scores = list(doc["scores"])
            state.bids = {int(s): b for s, b in doc["bids"].items()}
            state.last_roll = doc["last_roll"]
            state.over = doc["over"]
        except (KeyError, TypeError) as e:
            raise SetupError(f"malformed dice-duel position: {e!r}") from None
        return state


DICE_DUEL = register(DiceDuelRules())

__all__ = ["DICE_DUEL", "DiceDuel", "IllegalMove"]
