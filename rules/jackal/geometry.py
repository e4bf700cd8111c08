"""Board geometry: the 13x13 grid, coordinates and the precomputed tables the engine runs on.

Cells are small ints ``0..168``: ``cell = y * 13 + x`` where ``x`` is the column (0 = A .. 12 = M)
and ``y`` the row (0 = row 1, White's south side .. 12 = row 13, Black's north side).

>>> Coord.parse("f7")
Coord(x=5, y=6)
>>> str(Coord.parse("F7")), Coord.parse("F7").cell
('F7', 83)
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import NotationError

SIZE = 13
CELLS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJKLM"

# Directions, clockwise from north. North is towards row 13 (Black's side).
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DX = (0, 1, 1, 1, 0, -1, -1, -1)
DY = (1, 1, 0, -1, -1, -1, 0, 1)
DIR_INDEX = {name: i for i, name in enumerate(DIR_NAMES)}

# Crew colour indices; also the index of the side the crew's ship sails along.
WHITE, YELLOW, BLACK, RED = 0, 1, 2, 3


class Coord(NamedTuple):
    """A cell of the 13x13 grid: column letter A..M (west to east) + row 1..13 (south to north)."""

    x: int
    y: int

    @property
    def cell(self) -> int:
        return self.y * SIZE + self.x

    @classmethod
    def of(cls, cell: int) -> Coord:
        return COORDS[cell]

    @classmethod
    def parse(cls, text: str) -> Coord:
        cell = CELL_BY_NAME.get(text.strip().upper()) if isinstance(text, str) else None
        if cell is None:
            raise NotationError(
                f"{text!r} is not a square: use a column letter A-M and a row number 1-13, like F7"
            )
        return COORDS[cell]

    def __str__(self) -> str:
        return COLUMNS[self.x] + str(self.y + 1)


COORDS = tuple(Coord(c % SIZE, c // SIZE) for c in range(CELLS))
NAMES = tuple(str(c) for c in COORDS)
CELL_BY_NAME = {name: i for i, name in enumerate(NAMES)}


def cell_at(x: int, y: int) -> int:
    """The cell at column x, row y, or -1 off the grid."""
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return y * SIZE + x
    return -1


def _is_land(x: int, y: int) -> bool:
    if not (1 <= x <= 11 and 1 <= y <= 11):
        return False
    return (x, y) not in ((1, 1), (11, 1), (1, 11), (11, 11))


LAND = bytes(1 if _is_land(c % SIZE, c // SIZE) else 0 for c in range(CELLS))
LAND_CELLS = tuple(c for c in range(CELLS) if LAND[c])

# STEP[cell * 8 + d]: the neighbour of cell in direction d, or -1 off the grid.
STEP = tuple(cell_at(c % SIZE + DX[d], c // SIZE + DY[d]) for c in range(CELLS) for d in range(8))
# All neighbours on the grid, land or sea.
NEIGHBOURS = tuple(
    tuple(STEP[c * 8 + d] for d in range(8) if STEP[c * 8 + d] >= 0) for c in range(CELLS)
)
SEA_NEIGHBOURS = tuple(tuple(n for n in NEIGHBOURS[c] if not LAND[n]) for c in range(CELLS))
_KNIGHT_DELTAS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KNIGHT = tuple(
    tuple(
        t for t in (cell_at(c % SIZE + dx, c // SIZE + dy) for dx, dy in _KNIGHT_DELTAS) if t >= 0
    )
    for c in range(CELLS)
)


# The direction index of each one-cell step (origin, target).
DIR_TO = {(c, STEP[c * 8 + d]): d for c in range(CELLS) for d in range(8) if STEP[c * 8 + d] >= 0}


def _first_sea(c: int, d: int) -> int:
    x, y = c % SIZE, c // SIZE
    while True:
        x += DX[d]
        y += DY[d]
        if not _is_land(x, y):
            return cell_at(x, y)


# Where a cannon on a land cell facing d throws a pirate: the first sea cell on that line.
CANNON_DEST = tuple(_first_sea(c, d) if LAND[c] else -1 for c in range(CELLS) for d in range(8))

# Ships: each side has 9 berths facing its 9 edge tiles.
BERTHS = (
    tuple(cell_at(x, 0) for x in range(2, 11)),  # white, south
    tuple(cell_at(0, y) for y in range(2, 11)),  # yellow, west
    tuple(cell_at(x, 12) for x in range(2, 11)),  # black, north
    tuple(cell_at(12, y) for y in range(2, 11)),  # red, east
)
SHIP_START = tuple(side[4] for side in BERTHS)
INWARD = (0, 2, 4, 6)  # the direction from a berth to the tile in front of it, per side
FRONT = [-1] * CELLS
BERTH_MOVES: list[tuple[int, ...]] = [()] * CELLS
for _side, _berths in enumerate(BERTHS):
    for _i, _b in enumerate(_berths):
        FRONT[_b] = STEP[_b * 8 + INWARD[_side]]
        BERTH_MOVES[_b] = tuple(_berths[j] for j in (_i - 1, _i + 1) if 0 <= j < len(_berths))
FRONT = tuple(FRONT)
BERTH_MOVES = tuple(BERTH_MOVES)
