"""Cells, directions and notation of a variable island.

A cell is ``(x, y)``: ``x`` the column (0 = A, west), ``y`` the row (0 = row 1, the north edge:
north is up, as on the book's diagrams). The board is the island's rectangle with one ring of
water around it, so every square the island touches diagonally is water the boats may use.

>>> parse_cell("c4"), cell_name((2, 3))
((2, 3), 'C4')
>>> step((2, 3), "NE")
(3, 2)
"""

from __future__ import annotations

from .errors import NotationError

Cell = tuple[int, int]
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Clockwise from north; y grows southwards.
DIRECTIONS: dict[str, Cell] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
DIR_OF = {v: k for k, v in DIRECTIONS.items()}
ORTHOGONAL = ("N", "E", "S", "W")
KNIGHT = ((1, -2), (2, -1), (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2))


_NAMES: dict[Cell, str] = {}


def cell_name(cell: Cell) -> str:
    """``(2, 3)`` -> ``"C4"``. Kept once made: move generation names every square it offers."""
    name = _NAMES.get(cell)
    if name is None:
        name = _NAMES[cell] = f"{COLUMNS[cell[0]]}{cell[1] + 1}"
    return name


def parse_cell(text: str) -> Cell:
    """``"C4"`` -> ``(2, 3)``; anything else is a :class:`NotationError`."""
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in COLUMNS or not t[1:].isdigit() or t[1] == "0":
        raise NotationError(f"{text!r} is not a square (a column letter and a row number, e.g. C4)")
    return (COLUMNS.index(t[0]), int(t[1:]) - 1)


def step(cell: Cell, direction: str) -> Cell:
    dx, dy = DIRECTIONS[direction]
    return (cell[0] + dx, cell[1] + dy)


def add(cell: Cell, delta: Cell) -> Cell:
    return (cell[0] + delta[0], cell[1] + delta[1])


def rotate(direction: str, quarter_turns: int) -> str:
    """A printed direction after the tile was laid turned ``quarter_turns`` x 90 degrees
    clockwise."""
    names = list(DIRECTIONS)
    return names[(names.index(direction) + 2 * quarter_turns) % 8]


_NEIGHBOURS: dict[Cell, tuple[Cell, ...]] = {}


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The eight squares around ``cell`` (some may be off the board). Kept once made: the
    search bot asks millions of times, always about the same few hundred squares."""
    out = _NEIGHBOURS.get(cell)
    if out is None:
        out = _NEIGHBOURS[cell] = tuple(add(cell, d) for d in DIRECTIONS.values())
    return out


def is_diagonal(a: Cell, b: Cell) -> bool:
    return a[0] != b[0] and a[1] != b[1]


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
