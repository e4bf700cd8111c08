"""Moves: the value type, its text notation, and the packed int the engine uses internally.

Notation (see docs/notation.md)::

    W2 E5-F6     pirate W2 goes one square: land step, disembark, board or swim
    W2 E5-F6$    the same, dragging a coin from E5
    W2 F7+       W2 climbs one step further on the spinner at F7 (W2 F7+$ with a coin)
    W2 F7^K3     W2 flies the plane from F7 to K3
    W2 F7>G8     chain choice: W2, stopped at F7 (arrow, horse, ice), goes on to G8
    W2 F7 stay   W2 stays on the plane at F7 instead of flying now
    WS G1-H1     White's ship sails from G1 to H1
    W3 revive F7 the dead pirate W3 is reborn in the native girl's fortress at F7
    end by agreement

>>> m = Move.parse("w2 e5-f6$")
>>> str(m), m.kind, m.piece, str(m.target), m.with_coin
('W2 E5-F6$', 'move', 'W2', 'F6', True)
"""

from __future__ import annotations

import re

from .errors import NotationError
from .geometry import CELL_BY_NAME, LAND, NAMES, Coord

CREWS = ("white", "yellow", "black", "red")
CREW_LETTERS = "WYBR"

# Internal packed move: kind | piece << 3 | origin << 7 | target << 15 | coin << 23.
K_STEP, K_SPIN, K_FLY, K_SHIP, K_REVIVE, K_CHOOSE, K_STAY, K_AGREE = range(8)
COIN = 1 << 23
NONE_CELL = 255


def pack(kind: int, piece: int, origin: int, target: int, coin: bool = False) -> int:
    return kind | piece << 3 | origin << 7 | target << 15 | (COIN if coin else 0)


def piece_name(piece: int) -> str:
    """0..11 are pirates (crew * 3 + n), 12..15 ships: 'W2', 'YS'."""
    if piece >= 12:
        return CREW_LETTERS[piece - 12] + "S"
    return CREW_LETTERS[piece // 3] + str(piece % 3 + 1)


def piece_index(name: str) -> int:
    name = name.upper()
    if len(name) != 2 or name[0] not in CREW_LETTERS or name[1] not in "123S":
        raise NotationError(
            f"{name!r} is not a piece: use a crew letter W, Y, B or R and a pirate number 1-3 "
            "or S for the ship, like W2 or WS"
        )
    crew = CREW_LETTERS.index(name[0])
    return 12 + crew if name[1] == "S" else crew * 3 + int(name[1]) - 1


_SQ = r"([A-Ma-m](?:1[0-3]|[1-9]))"
_PIECE = r"([WYBRwybr][123Ss])"
_PATTERNS = (
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*-\s*{_SQ}\s*(\$?)$"), "dash"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*\+\s*(\$?)$"), "spin"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*\^\s*{_SQ}\s*(\$?)$"), "fly"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*>\s*{_SQ}\s*(\$?)$"), "choose"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s+stay$", re.I), "stay"),
    (re.compile(rf"^{_PIECE}\s+revive\s+{_SQ}$", re.I), "revive"),
    (re.compile(r"^end\s+by\s+agreement$", re.I), "agree"),
)


class Move:
    """One decision of the player to act. Immutable value; ``str(move)`` is its notation.

    ``kind`` is one of: move, disembark, board, swim, spin, fly, ship, revive, choose, stay, agree.
    """

    __slots__ = ("code",)

    def __init__(self, code: int) -> None:
        object.__setattr__(self, "code", code)

    def __setattr__(self, name, value):
        raise AttributeError("Move is immutable")

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a move")
        text = " ".join(text.split())
        for pattern, form in _PATTERNS:
            m = pattern.match(text)
            if m:
                return cls(_build(form, m.groups()))
        raise NotationError(
            f"{text!r} is not a move. Examples: 'W2 E5-F6', 'W2 E5-F6$' (with a coin), "
            "'W2 F7+' (spinner), 'W2 F7^K3' (plane), 'W2 F7>G8' (choice), 'W2 F7 stay', "
            "'WS G1-H1' (ship), 'W3 revive F7'"
        )

    @property
    def kind(self) -> str:
        k = self.code & 7
        if k == K_STEP:
            o, t = self._origin, self._target
            if LAND[o]:
                return "move" if LAND[t] else "board"
            return "disembark" if LAND[t] else "swim"
        return ("move", "spin", "fly", "ship", "revive", "choose", "stay", "agree")[k]

    @property
    def piece(self) -> str | None:
        if self.code & 7 == K_AGREE:
            return None
        return piece_name(self.code >> 3 & 15)

    @property
    def _origin(self) -> int:
        return self.code >> 7 & 255

    @property
    def _target(self) -> int:
        return self.code >> 15 & 255

    @property
    def origin(self) -> Coord | None:
        o = self._origin
        return None if o == NONE_CELL else Coord.of(o)

    @property
    def target(self) -> Coord | None:
        t = self._target
        return None if t == NONE_CELL else Coord.of(t)

    @property
    def with_coin(self) -> bool:
        return bool(self.code & COIN)

    def __str__(self) -> str:
        return format_code(self.code)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Move) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def to_json(self) -> str:
        return str(self)


def _build(form: str, groups: tuple) -> int:
    if form == "agree":
        return pack(K_AGREE, 0, NONE_CELL, NONE_CELL)
    piece = piece_index(groups[0])
    is_ship = piece >= 12
    if form == "dash":
        origin, target = CELL_BY_NAME[groups[1].upper()], CELL_BY_NAME[groups[2].upper()]
        coin = groups[3] == "$"
        if is_ship:
            if coin:
                raise NotationError("a ship does not drag coins: write it without '$'")
            return pack(K_SHIP, piece, origin, target)
        return pack(K_STEP, piece, origin, target, coin)
    if is_ship:
        raise NotationError(f"a ship ({groups[0].upper()}) only sails: write it like 'WS G1-H1'")
    if form == "spin":
        cell = CELL_BY_NAME[groups[1].upper()]
        return pack(K_SPIN, piece, cell, cell, groups[2] == "$")
    if form in ("fly", "choose"):
        origin, target = CELL_BY_NAME[groups[1].upper()], CELL_BY_NAME[groups[2].upper()]
        kind = K_FLY if form == "fly" else K_CHOOSE
        return pack(kind, piece, origin, target, groups[3] == "$")
    if form == "stay":
        cell = CELL_BY_NAME[groups[1].upper()]
        return pack(K_STAY, piece, cell, cell)
    cell = CELL_BY_NAME[groups[1].upper()]  # revive
    return pack(K_REVIVE, piece, NONE_CELL, cell)


def format_code(code: int) -> str:
    kind = code & 7
    if kind == K_AGREE:
        return "end by agreement"
    piece = piece_name(code >> 3 & 15)
    origin = code >> 7 & 255
    target = code >> 15 & 255
    coin = "$" if code & COIN else ""
    if kind in (K_STEP, K_SHIP):
        return f"{piece} {NAMES[origin]}-{NAMES[target]}{coin}"
    if kind == K_SPIN:
        return f"{piece} {NAMES[origin]}+{coin}"
    if kind == K_FLY:
        return f"{piece} {NAMES[origin]}^{NAMES[target]}{coin}"
    if kind == K_CHOOSE:
        return f"{piece} {NAMES[origin]}>{NAMES[target]}{coin}"
    if kind == K_STAY:
        return f"{piece} {NAMES[origin]} stay"
    return f"{piece} revive {NAMES[target]}"
