"""Jamaica behind the game protocol: the state, its setup and its JSON.

The whole game is a function of (seats, seed, moves): the deal (action decks, the treasure deck,
the first captain) comes from ``DealRng(seed)``; every later roll or shuffle from
``chance_rng(seed, ply, tag)`` (see ``JamaicaGame.roll``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import (
    DealRng,
    GameState,
    IllegalMove,
    Outcome,
    Ruleset,
    SetupError,
    chance_rng,
    register,
)

from . import engine, moves, track, treasures
from . import holds as H
from .actions import DECK, HAND_SIZE
from .view import player_view

NAME = "jamaica"
PHASES = ("order", "choose", "resolve", "over")


class JamaicaGame(GameState):
    def __init__(self, seats: int, seed: str) -> None:
        self._seats = seats
        self.seed = seed
        self._ply = 0
        self._draws = 0  # rolls taken during the current ply (tells them apart)
        self.round = 1
        self.captain = 0
        self.dice: list[int] = []
        self.morning: int | None = None
        self.evening: int | None = None
        self.phase = "order"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.decks: list[list[str]] = [[] for _ in range(seats)]
        self.discards: list[list[str]] = [[] for _ in range(seats)]
        self.chosen: dict[int, str] = {}
        self.revealed: dict[int, str] = {}
        self.progress = [0] * seats
        self.holds = [H.new_holds() for _ in range(seats)]
        self.treasures: list[list[str]] = [[] for _ in range(seats)]
        self.lairs = list(track.LAIRS)
        self.treasure_deck: list[str] = []
        self.set_aside: list[str] = []
        self.queue: list[dict] = []
        self.pending: dict | None = None
        self.race_over = False
        self.ended: str | None = None  # why the site ended the race early (ruling J24)

    # -- chance ---------------------------------------------------------------------------------

    def begin_ply(self) -> None:
        self._ply += 1
        self._draws = 0

    def roll(self, tag: str, n: int) -> int:
        """A uniform int in 0..n-1 for the ``_draws``-th chance event of this ply."""
        self._draws += 1
        return chance_rng(self.seed, self._ply, f"{tag}#{self._draws}").below(n)

    # -- the protocol ---------------------------------------------------------------------------

    @property
    def ruleset(self) -> str:
        return NAME

    @property
    def seats(self) -> int:
        return self._seats

    @property
    def ply(self) -> int:
        return self._ply

    def to_act(self) -> frozenset[int]:
        if self.phase == "over":
            return frozenset()
        if self.phase == "choose":
            return frozenset(range(self._seats)).difference(self.chosen)
        return frozenset([self.pending["seat"]]) if self.pending else frozenset()

    def owes(self, seat: int) -> bool:
        """``seat in self.to_act()``, without making the set (every move asks)."""
        if self.phase == "choose":
            return seat not in self.chosen and seat in range(self._seats)
        pending = self.pending
        return pending is not None and self.phase != "over" and pending["seat"] == seat

    def legal_moves(self, seat: int) -> list[str]:
        return moves.legal_moves(self, seat)

    def apply(self, seat: int, move: str) -> list[dict]:
        return moves.apply_move(self, seat, move)

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> dict[int, int]:
        """Gold in the holds + treasures (cursed ones count against) + the white number."""
        return {
            s: H.total(self.holds[s], "gold")
            + sum(treasures.value(c) for c in self.treasures[s])
            + track.white_number(self.progress[s])
            for s in range(self._seats)
        }

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        scores = self.scores()
        # Equal scores: the ship further along wins; equal again, the place is shared.
        places: dict[tuple[int, int], list[int]] = {}
        for s in range(self._seats):
            places.setdefault((scores[s], self.progress[s]), []).append(s)
        ranking = [places[key] for key in sorted(places, reverse=True)]
        return Outcome(scores, ranking, self.ended or "race")

    def end_now(self, reason: str) -> None:
        """The site ends the race as it stands (a resignation, a timeout, a claim: ruling J24):
        nothing more is resolved, the cards chosen this round go back to their hands, and every
        ship scores where it is, as at the end of a race."""
        if self.phase == "over":
            raise IllegalMove("the game is over")
        for seat, card in self.chosen.items():
            if seat not in self.revealed:  # never played: still its owner's
                self.hands[seat].append(card)
            else:
                self.discards[seat].append(card)
        self.chosen, self.revealed = {}, {}
        self.queue, self.pending = [], None
        self.morning = self.evening = None
        self.phase = "over"
        self.ended = str(reason)

    def view(self, seat: int | None) -> dict:
        if seat is not None and seat not in range(self._seats):
            raise SetupError(f"no seat {seat!r} in this game")
        return player_view(self, seat)

    def to_json(self) -> dict:
        return {
            "ruleset": NAME,
            "seats": self._seats,
            "seed": self.seed,
            "ply": self._ply,
            "round": self.round,
            "captain": self.captain,
            "dice": list(self.dice),
            "morning": self.morning,
            "evening": self.evening,
            "phase": self.phase,
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            "discards": [list(d) for d in self.discards],
            "chosen": {str(s): c for s, c in sorted(self.chosen.items())},
            "revealed": {str(s): c for s, c in sorted(self.revealed.items())},
            "progress": list(self.progress),
            "holds": [[list(h) for h in hs] for hs in self.holds],
            "treasures": [list(t) for t in self.treasures],
            "lairs": list(self.lairs),
            "treasure_deck": list(self.treasure_deck),
            "set_aside": list(self.set_aside),
            "queue": [dict(step) for step in self.queue],
            "pending": dict(self.pending) if self.pending else None,
            "race_over": self.race_over,
            # Only in a race the site ended early: older positions stay exactly as they were.
            **({"ended": self.ended} if self.ended else {}),
        }

    def copy(self) -> JamaicaGame:
        """An independent copy, without a JSON round trip (the search bots copy a lot). The
        strings and numbers inside are immutable and shared; every list and dict is new."""
        other = JamaicaGame.__new__(JamaicaGame)
        other.__dict__.update(self.__dict__)
        other.dice = list(self.dice)
        other.hands = [list(h) for h in self.hands]
        other.decks = [list(d) for d in self.decks]
        other.discards = [list(d) for d in self.discards]
        other.chosen = dict(self.chosen)
        other.revealed = dict(self.revealed)
        other.progress = list(self.progress)
        other.holds = [list(hs) for hs in self.holds]  # a hold's pair is replaced, never changed
        other.treasures = [list(t) for t in self.treasures]
        other.lairs = list(self.lairs)
        other.treasure_deck = list(self.treasure_deck)
        other.set_aside = list(self.set_aside)
        other.queue = [dict(step) for step in self.queue]
        other.pending = dict(self.pending) if self.pending else None
        return other


class JamaicaRuleset(Ruleset):
    name = NAME
    game = NAME
    seat_counts = (2, 3, 4, 5, 6)
    options: Mapping = {}
    ends_early = True  # ruling J24; no seat's turns pass: every captain chooses a card each day

    def new_game(self, seats: int, seed: str, **options: Any) -> JamaicaGame:
        self.check_seats(seats)
        self.resolve_options(options)
        if not isinstance(seed, str):
            raise SetupError("the seed is text")
        game = JamaicaGame(seats, seed)
        deal = DealRng(seed)
        for s in range(seats):
            deck = list(DECK)
            deal.shuffle(deck)
            game.hands[s], game.decks[s] = deck[:HAND_SIZE], deck[HAND_SIZE:]
            # 3 food in one hold, 3 gold in another (rulebook, setup).
            game.holds[s][0] = ["food", 3]
            game.holds[s][1] = ["gold", 3]
        cards = list(treasures.CARDS)
        deal.shuffle(cards)
        game.treasure_deck = cards[: treasures.IN_PLAY]
        game.set_aside = cards[treasures.IN_PLAY :]
        game.captain = deal.below(seats)
        engine.start_round(game, [])
        return game

    def from_json(self, doc: Mapping[str, Any]) -> JamaicaGame:
        try:
            if doc.get("ruleset") != NAME:
                raise SetupError("not a Jamaica position")
            seats = doc["seats"]
            if seats not in self.seat_counts or not isinstance(doc["seed"], str):
                raise SetupError("bad seats or seed")
            game = JamaicaGame(seats, doc["seed"])
            game._ply = int(doc["ply"])
            game.round = int(doc["round"])
            game.captain = int(doc["captain"])
            game.dice = [int(d) for d in doc["dice"]]
            game.morning, game.evening = doc["morning"], doc["evening"]
            if doc["phase"] not in PHASES:
                raise SetupError(f"unknown phase {doc['phase']!r}")
            game.phase = doc["phase"]
            game.hands = [list(h) for h in doc["hands"]]
            game.decks = [list(d) for d in doc["decks"]]
            game.discards = [list(d) for d in doc["discards"]]
            game.chosen = {int(s): c for s, c in doc["chosen"].items()}
            game.revealed = {int(s): c for s, c in doc["revealed"].items()}
            game.progress = [int(p) for p in doc["progress"]]
            game.holds = [[list(h) for h in hs] for hs in doc["holds"]]
            game.treasures = [list(t) for t in doc["treasures"]]
            game.lairs = [int(x) for x in doc["lairs"]]
            game.treasure_deck = list(doc["treasure_deck"])
            game.set_aside = list(doc["set_aside"])
            game.queue = [dict(step) for step in doc["queue"]]
            game.pending = dict(doc["pending"]) if doc["pending"] else None
            game.race_over = bool(doc["race_over"])
            ended = doc.get("ended")
            if ended is not None and not isinstance(ended, str):
                raise SetupError("ended is the reason the race was ended early")
            game.ended = ended
        except SetupError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise SetupError(f"malformed Jamaica position: {e!r}") from None
        lists = (game.hands, game.decks, game.discards, game.progress, game.holds, game.treasures)
        if any(len(x) != seats for x in lists):
            raise SetupError("malformed Jamaica position: one entry per seat expected")
        return game


JAMAICA = register(JamaicaRuleset())
