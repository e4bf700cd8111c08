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
    offer end    offer to end the game by agreement (a free action; docs/rulings.md E16)
    accept end   accept the open offer; the game ends once every player still in has accepted

Second edition adds (docs/notation.md): the characters ``BG`` (Ben Gunn), ``MI`` (the Missionary)
and ``FR`` (Friday) as pieces; ``*`` instead of ``$`` to drag the galleon's chest; ``W2 F7 bottle``
(use a bottle on W2: out of a trap, or to the spinner's last step), ``W2 F7 bottle G8`` (hand a
bottle to the character at G8), ``W2 F7 peek C3`` (lighthouse), ``W2 F7 quake C3`` (earthquake:
the tiles to swap, one ply each), ``end turn`` (after the action, keep the bottles and pass).

>>> m = Move.parse("w2 e5-f6$")
>>> str(m), m.kind, m.piece, str(m.target), m.with_coin
('W2 E5-F6$', 'move', 'W2', 'F6', True)
"""

from __future__ import annotations

import re

from .errors import NotationError
from .geometry import CELL_BY_NAME, LAND, NAMES, Coord

# The one table of piece letters: the engine, the board and the move log all read it. A pirate is
# its crew's letter and a number (W2), a ship the letter and S (WS); the second edition's
# characters have two-letter ids of their own (CHARACTERS, below), and BG is not a Black piece.
CREWS = ("white", "yellow", "black", "red")
CREW_LETTERS = "WYBR"
CREW_BY_LETTER = dict(zip(CREW_LETTERS, CREWS, strict=True))

# Internal packed move: kind | piece << 3 | origin << 7 | target << 15 | coin << 23, and for the
# second edition: chest << 25 (the dragged thing is the galleon's chest; COIN is set too) and, with
# kind K_AGREE, an extended kind in bits 26..28. The piece field is a piece number (0..11 a pirate,
# 12..14 a character: nothing else says so), or the crew of a K_SHIP move. Bit 24 is unused.
K_STEP, K_SPIN, K_FLY, K_SHIP, K_REVIVE, K_CHOOSE, K_STAY, K_AGREE = range(8)
COIN = 1 << 23
CHEST = 1 << 25
X_SHIFT = 26
# X_AGREE is the retired one-player `end by agreement`: it still parses, so that old ledgers replay
# (rules/jackal/state.py replay()), but the engine refuses it as a new move (ruling E16).
X_AGREE, X_BOTTLE, X_PEEK, X_QUAKE, X_END, X_OFFER, X_ACCEPT = range(7)
# The kinds about ending the game by agreement, not about playing it: bots leave them alone.
AGREEMENT_KINDS = frozenset(("agree", "offer", "accept"))
NONE_CELL = 255
CHARACTERS = ("BG", "MI", "FR")  # Ben Gunn, the Missionary, Friday: pieces 12, 13, 14
CHARACTER_NAMES = ("Ben Gunn", "the Missionary", "Friday")


def piece_crew(name: str) -> str | None:
    """The crew a pirate or ship id belongs to by its letter ('W2' -> 'white', 'RS' -> 'red');
    None for a character ('BG': its crew is whoever found it, not a letter) or a non-piece."""
    name = name.upper()
    if name in CHARACTERS or len(name) != 2 or name[1] not in "123S":
        return None
    return CREW_BY_LETTER.get(name[0])


def pack(kind: int, piece: int, origin: int, target: int, coin: bool = False) -> int:
    return kind | piece << 3 | origin << 7 | target << 15 | (COIN if coin else 0)


# Piece numbers: 0..11 the pirates (crew * 3 + n), 12..14 the second edition's characters, and
# nothing else. A ship is not a piece: a ship move (K_SHIP) carries its crew (0..3) in the piece
# field, and the move's kind says it is a ship. (Tile kinds are other numbers: tiles.py.)
FIRST_CHARACTER = 12
BG, MI, FR = 12, 13, 14  # Ben Gunn, the Missionary, Friday (CHARACTERS, in this order)
NPIECES = 15


def piece_name(piece: int) -> str:
    """A pirate's id: 0..11 (crew * 3 + n) -> 'W1'..'R3'."""
    return CREW_LETTERS[piece // 3] + str(piece % 3 + 1)


def ship_name(crew: int) -> str:
    """A ship's id: crew 0..3 -> 'WS', 'YS', 'BS', 'RS'."""
    return CREW_LETTERS[crew] + "S"


def any_piece_name(piece: int) -> str:
    """Pieces 0..11 pirates, 12..14 characters (second edition)."""
    return CHARACTERS[piece - FIRST_CHARACTER] if piece >= FIRST_CHARACTER else piece_name(piece)


def _code_piece(code: int) -> str:
    p = code >> 3 & 15
    return ship_name(p) if code & 7 == K_SHIP else any_piece_name(p)


def _piece_or_ship(name: str) -> tuple[bool, int]:
    """(True, crew) for a ship id, (False, piece number) for a pirate or a character."""
    name = name.upper()
    if name in CHARACTERS:
        return False, FIRST_CHARACTER + CHARACTERS.index(name)
    if len(name) != 2 or name[0] not in CREW_LETTERS or name[1] not in "123S":
        raise NotationError(
            f"{name!r} is not a piece: use a crew letter W, Y, B or R and a pirate number 1-3 "
            "or S for the ship, like W2 or WS"
        )
    crew = CREW_LETTERS.index(name[0])
    return (True, crew) if name[1] == "S" else (False, crew * 3 + int(name[1]) - 1)


def piece_index(name: str) -> int:
    """The number of a pirate ('W2' -> 1) or a character ('BG' -> 12); a ship is not a piece."""
    is_ship, index = _piece_or_ship(name)
    if is_ship:
        raise NotationError(f"{name.upper()} is a ship, not a pirate or a character")
    return index


_SQ = r"([A-Ma-m](?:1[0-3]|[1-9]))"
_PIECE = r"([WYBRwybr][123Ss]|[Bb][Gg]|[Mm][Ii]|[Ff][Rr])"
_PATTERNS = (
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*-\s*{_SQ}\s*([$*]?)$"), "dash"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*\+\s*([$*]?)$"), "spin"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*\^\s*{_SQ}\s*([$*]?)$"), "fly"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s*>\s*{_SQ}\s*([$*]?)$"), "choose"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s+bottle(?:\s+{_SQ})?$", re.I), "bottle"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s+peek\s+{_SQ}$", re.I), "peek"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s+quake\s+{_SQ}$", re.I), "quake"),
    (re.compile(rf"^{_PIECE}\s+{_SQ}\s+stay$", re.I), "stay"),
    (re.compile(rf"^{_PIECE}\s+revive\s+{_SQ}$", re.I), "revive"),
    (re.compile(r"^end\s+by\s+agreement$", re.I), "agree"),
    (re.compile(r"^end\s+turn$", re.I), "end"),
    (re.compile(r"^offer\s+end$", re.I), "offer"),
    (re.compile(r"^accept\s+end$", re.I), "accept"),
)


class Move:
    """One decision of the player to act. Immutable value; ``str(move)`` is its notation.

    ``kind`` is one of: move, disembark, board, swim, spin, fly, ship, revive, choose, stay, offer
    (``offer end``), accept (``accept end``), agree (the retired ``end by agreement``), and in the
    second edition bottle, peek, quake, end (``end turn``).
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
        if k == K_AGREE:
            return _EXTENDED_KINDS[self.code >> X_SHIFT & 7]
        return ("move", "spin", "fly", "ship", "revive", "choose", "stay")[k]

    @property
    def piece(self) -> str | None:
        if self.code & 7 == K_AGREE and self.code >> X_SHIFT & 7 in _PIECELESS:
            return None
        return _code_piece(self.code)

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
        """Drags a coin or (second edition) the galleon's chest."""
        return bool(self.code & COIN)

    @property
    def with_chest(self) -> bool:
        return bool(self.code & CHEST)

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


_EXTENDED_KINDS = ("agree", "bottle", "peek", "quake", "end", "offer", "accept")
_PIECELESS = (X_AGREE, X_END, X_OFFER, X_ACCEPT)  # moves of the seat, not of one of its pieces
_PIECELESS_FORMS = {"agree": X_AGREE, "end": X_END, "offer": X_OFFER, "accept": X_ACCEPT}
_PIECELESS_TEXT = {
    X_AGREE: "end by agreement",
    X_END: "end turn",
    X_OFFER: "offer end",
    X_ACCEPT: "accept end",
}


def _build(form: str, groups: tuple) -> int:
    if form in _PIECELESS_FORMS:
        return pack(K_AGREE, 0, NONE_CELL, NONE_CELL) | _PIECELESS_FORMS[form] << X_SHIFT
    is_ship, piece = _piece_or_ship(groups[0])
    if form == "dash":
        origin, target = CELL_BY_NAME[groups[1].upper()], CELL_BY_NAME[groups[2].upper()]
        drag = _drag(groups[3])
        if is_ship:
            if drag:
                raise NotationError("a ship does not drag coins: write it without '$'")
            return pack(K_SHIP, piece, origin, target)
        return pack(K_STEP, piece, origin, target) | drag
    if is_ship:
        raise NotationError(f"a ship ({groups[0].upper()}) only sails: write it like 'WS G1-H1'")
    if form == "spin":
        cell = CELL_BY_NAME[groups[1].upper()]
        return pack(K_SPIN, piece, cell, cell) | _drag(groups[2])
    if form in ("fly", "choose"):
        origin, target = CELL_BY_NAME[groups[1].upper()], CELL_BY_NAME[groups[2].upper()]
        kind = K_FLY if form == "fly" else K_CHOOSE
        return pack(kind, piece, origin, target) | _drag(groups[3])
    if form == "stay":
        cell = CELL_BY_NAME[groups[1].upper()]
        return pack(K_STAY, piece, cell, cell)
    if form in ("bottle", "peek", "quake"):
        origin = CELL_BY_NAME[groups[1].upper()]
        target = CELL_BY_NAME[groups[2].upper()] if groups[2] else origin
        x = {"bottle": X_BOTTLE, "peek": X_PEEK, "quake": X_QUAKE}[form]
        return pack(K_AGREE, piece, origin, target) | x << X_SHIFT
    cell = CELL_BY_NAME[groups[1].upper()]  # revive
    return pack(K_REVIVE, piece, NONE_CELL, cell)


def _drag(mark: str) -> int:
    return COIN | CHEST if mark == "*" else COIN if mark == "$" else 0


def format_code(code: int) -> str:
    kind = code & 7
    origin = code >> 7 & 255
    target = code >> 15 & 255
    if kind == K_AGREE:
        x = code >> X_SHIFT & 7
        if x in _PIECELESS_TEXT:
            return _PIECELESS_TEXT[x]
        piece = _code_piece(code)
        if x == X_BOTTLE:
            return f"{piece} {NAMES[origin]} bottle" + (
                f" {NAMES[target]}" if target != origin else ""
            )
        return f"{piece} {NAMES[origin]} {'peek' if x == X_PEEK else 'quake'} {NAMES[target]}"
    piece = _code_piece(code)
    coin = "*" if code & CHEST else "$" if code & COIN else ""
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
