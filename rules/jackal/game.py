"""Jackal behind the game protocol (``rules.core``): its rulesets, registered by name.

The engine's own API (``State``, packed move codes, ``Event`` objects) stays the fast path for bots
and the engine's tests; this module is the door for code that serves every game alike.

>>> from rules.core import ruleset
>>> game = ruleset("second-edition").new_game(seats=3, seed="example")
>>> game.to_act(), game.legal_moves(1)
(frozenset({0}), [])
>>> events = game.apply(0, game.legal_moves(0)[0])
>>> events[0]["kind"], events[0]["piece"], sorted(game.to_act())
('disembark', 'W1', [1])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.protocol import GameState, Option, Ruleset
from rules.core.registry import register

from .agreement import LEGACY_AGREE_CODE
from .decks import DECK_VERSIONS, LATEST_DECK
from .errors import IllegalMove, SetupError
from .moves import Move
from .state import Outcome, State, new_game
from .stored import STORED_END_KEYS, end_stored
from .view import player_view

# Move code -> notation. A code's text depends on the code alone (moves.format_code), and a game
# offers the same few thousand codes again and again: each is written once.
_NOTATION: dict[int, str] = {}


def notation(code: int) -> str:
    text = _NOTATION.get(code)
    if text is None:
        text = _NOTATION[code] = str(Move(code))
    return text


class JackalGame(GameState):
    """A Jackal ``State`` seen through the protocol. One seat acts at a time: Jackal has no
    simultaneous choice (smoke hands a crew's action to another seat, still one at a time).

    ``_listed`` keeps the moves last listed by ``legal_moves``: the engine's list of codes they
    were written from, the agreement code, and text -> code. While the engine still holds that
    very list (it makes a new one after every change of the position) and the same agreement
    code, those texts are the legal moves, and a move sent as one of them is played by its code
    without being read or checked again. Copies share it with the engine's list."""

    __slots__ = ("state", "_listed")

    def __init__(self, state: State, listed: tuple | None = None) -> None:
        self.state = state
        self._listed = listed

    @property
    def ruleset(self) -> str:
        return self.state.ruleset

    @property
    def seats(self) -> int:
        return self.state.players

    @property
    def ply(self) -> int:
        return self.state.ply

    def to_act(self) -> frozenset[int]:
        seat = self.state.to_act()
        return frozenset() if seat is None else frozenset((seat,))

    def legal_moves(self, seat: int) -> list[str]:
        if seat != self.state.to_act():
            return []
        return list(self._listing()[2])

    def _listing(self) -> tuple:
        state = self.state
        codes = state.legal_codes()
        agree = state._agreement_code()
        listed = self._listed
        if listed is None or listed[0] is not codes or listed[1] != agree:
            every = [*codes, agree] if agree else codes
            known = _NOTATION.get
            texts = tuple([known(code) or notation(code) for code in every])
            listed = self._listed = (codes, agree, texts, dict(zip(texts, every, strict=True)))
        return listed

    def _listed_code(self, seat: int, move) -> int | None:
        """The code of ``move`` if it is one of the texts ``legal_moves(seat)`` gives now."""
        listed = self._listed
        state = self.state
        if (
            listed is None
            or listed[0] is not state._legal
            or seat != state.to_act()
            or listed[1] != state._agreement_code()
        ):
            return None
        return listed[3].get(move) if isinstance(move, str) else None

    def apply(self, seat: int, move: str) -> list[dict]:
        code = self._listed_code(seat, move)
        if code is None:
            self.check_seat(seat)
            return [event.as_data() for event in self.state.apply(move)]
        return [event.as_data() for event in self.state.apply_listed(code)]

    def play(self, seat: int, move: str) -> None:
        code = self._listed_code(seat, move)
        if code is None:
            self.apply(seat, move)
        else:
            self.state.apply_code(code)

    def is_over(self) -> bool:
        return self.state.is_over()

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def view(self, seat: int | None) -> dict:
        if seat is not None and not 0 <= seat < self.state.players:
            raise IllegalMove(f"there is no seat {seat!r} in this game")
        return player_view(self.state, seat).to_json()

    def end_now(self, reason: str) -> None:
        self.state.end_by_forfeit(reason)

    def skip_seat(self, seat: int) -> list[dict]:
        return [event.as_data() for event in self.state.skip_seat(seat)]

    def turns_begun(self) -> int:
        return self.state.turns_begun

    def to_json(self) -> dict:
        return self.state.to_json()

    def copy(self) -> JackalGame:
        return JackalGame(self.state.copy(), self._listed)


class JackalRuleset(Ruleset):
    game = "jackal"
    seat_counts = (2, 3, 4)
    ends_early = skips_seats = True  # State.end_by_forfeit, ruling E25 (skipping.py)
    stored_end_keys = STORED_END_KEYS
    options = {
        "teams": Option(False, (False, True), "4 players, two against two (opposite sides)"),
        "deck": Option(
            LATEST_DECK, DECK_VERSIONS, "the deck's version; games started before a correction"
        ),
    }

    def __init__(self, name: str) -> None:
        self.name = name

    def new_game(self, seats: int, seed: str, **options: Any) -> JackalGame:
        self.check_seats(seats)
        opts = self.resolve_options(options)
        return JackalGame(
            new_game(self.name, players=seats, seed=seed, teams=opts["teams"], deck=opts["deck"])
        )

    def replay_move(self, state: JackalGame, seat: int, move: str) -> list[dict]:
        """Like ``rules.jackal.replay``, a replay still plays the retired ``end by agreement`` of
        ledgers written before ruling E16 (agreement.py), which ended the game at once whoever
        played it; nothing else does. The engine tells no events of it."""
        if " ".join(move.lower().split()) == "end by agreement" and not state.is_over():
            state.check_seat(seat)
            state.state.apply_code(LEGACY_AGREE_CODE)
            return []
        return state.apply(seat, move)

    def canonical(self, move: str) -> str:
        return str(Move.parse(move))

    def options_of(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        # A position stored before decks were versioned has no "deck": it was dealt from deck 1.
        return {"teams": bool(doc.get("teams", False)), "deck": doc.get("deck", 1)}

    def end_stored(self, doc: Mapping[str, Any], reason: str) -> tuple[dict, Outcome]:
        if doc.get("ruleset") != self.name:
            raise SetupError(f"this position is {doc.get('ruleset')}, not {self.name}")
        return end_stored(dict(doc), reason)

    def from_json(self, doc: Mapping[str, Any]) -> JackalGame:
        state = State.from_json(dict(doc))
        if state.ruleset != self.name:
            raise SetupError(f"this position is {state.ruleset}, not {self.name}")
        return JackalGame(state)

    def __repr__(self) -> str:
        return f"JackalRuleset({self.name!r})"


CLASSIC = register(JackalRuleset("classic"))
SECOND_EDITION = register(JackalRuleset("second-edition"))
