"""Where things are drawn on the Jackal board: the grid turned so that the viewer's side of the
island is at the bottom, each cell's corner, each piece's disc and each ship's hull.

`Layout` gives those places both in SVG units (for board_svg.py, which draws) and in percent of the
picture (the island kit's `Spot`), so that the page can lay clickable controls exactly over the
drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from games.families.island.svg_kit import Spot
from rules.jackal import View
from rules.jackal.geometry import COLUMNS, DIR_INDEX, DX, DY

CELL = 48
MARGIN = 16
GRID = 13
WIDTH = GRID * CELL + 2 * MARGIN

# Which side of the island each crew's ship sails along (rules.jackal.geometry.BERTHS).
CREW_SIDES = {"white": 0, "yellow": 1, "black": 2, "red": 3}


def board_pieces(view: View) -> list[dict]:
    """The pieces standing on the island or at sea: living pirates, then the second edition's
    characters that have been found and are in play (as pirate-like dicts with ``character``).

    A character's crew is the one that found it (or converted it); the view says which.
    """
    pieces = [dict(p, character=False) for p in view.pirates if p["alive"]]
    for piece_id, info in (view.characters or {}).items():
        if info and info.get("cell") and not info.get("gone"):
            pieces.append(
                {
                    "id": piece_id,
                    "crew": info.get("crew"),
                    "alive": True,
                    "cell": info["cell"],
                    "step": info.get("step", 0),
                    "aboard": False,
                    "swimming": False,
                    "trapped": bool(info.get("trapped")),
                    "drunk": bool(info.get("drunk")),
                    "carrying": False,
                    "lost": bool(info.get("lost")),
                    "character": True,
                }
            )
    return pieces


def side_for(view: View, seat: int | None = None) -> int:
    """The side of the island drawn at the bottom: the first crew of the viewer's seat (the
    view's own, or `seat` for a view that is nobody's, as the replay's of a game over), else
    White's. The board and the replay turn the island alike for one player."""
    seat = view.seat if seat is None else seat
    if seat is not None:
        for crew in view.crews:
            if view.crew_owner.get(crew) == seat:
                return CREW_SIDES[crew]
    return 0


def to_screen(x: int, y: int, side: int) -> tuple[int, int]:
    """Grid column/row (x east, y north) to screen column/row (row 0 at the top)."""
    if side == 0:
        return x, GRID - 1 - y
    if side == 1:
        return GRID - 1 - y, GRID - 1 - x
    if side == 2:
        return GRID - 1 - x, y
    return y, x


def grid_xy(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


@dataclass(frozen=True)
class Disc:
    x: float
    y: float
    r: float


class Layout:
    """Where cells and pieces of one view are drawn, turned so that `side` is at the bottom."""

    def __init__(self, view: View, side: int = 0) -> None:
        self.view = view
        self.side = side
        self.hulls: dict[str, tuple[float, float, float, float]] = {}
        self.discs: dict[str, Disc] = {}
        ships_at = {ship["cell"]: ship for ship in view.ships}
        pirates_at: dict[str, list[dict]] = {}
        for pirate in board_pieces(view):
            pirates_at.setdefault(pirate["cell"], []).append(pirate)
        for name in set(ships_at) | set(pirates_at):
            x, y = self.origin(name)
            ship = ships_at.get(name)
            if ship is not None:
                self.hulls[ship["id"]] = (x + 4, y + CELL * 0.66, CELL - 8, CELL * 0.3)
                area = (x + 2, y + 1, CELL - 4, CELL * 0.66)
            else:
                area = (x + 3, y + 3, CELL - 6, CELL - 6)
            pirates = pirates_at.get(name, [])
            for pirate, disc in zip(pirates, slots(len(pirates), *area), strict=True):
                self.discs[pirate["id"]] = disc

    def origin(self, name: str) -> tuple[float, float]:
        """Top-left corner of a cell, in SVG units."""
        return cell_origin(name, self.side)

    def cell_spot(self, name: str) -> Spot:
        x, y = self.origin(name)
        return spot(x, y, CELL, CELL)


@lru_cache(maxsize=4 * GRID * GRID)
def cell_origin(name: str, side: int) -> tuple[float, float]:
    """Top-left corner of a cell, in SVG units, with `side` of the island at the bottom."""
    col, row = to_screen(*grid_xy(name), side)
    return MARGIN + col * CELL, MARGIN + row * CELL


def screen_vector(direction: str, side: int) -> tuple[float, float]:
    """A compass direction (N, NE, ..) as a unit vector on screen."""
    d = DIR_INDEX[direction]
    x0, y0 = to_screen(1, 1, side)
    x1, y1 = to_screen(1 + DX[d], 1 + DY[d], side)
    length = math.hypot(x1 - x0, y1 - y0)
    return (x1 - x0) / length, (y1 - y0) / length


def spot(x: float, y: float, w: float, h: float) -> Spot:
    return Spot(100 * x / WIDTH, 100 * y / WIDTH, 100 * w / WIDTH, 100 * h / WIDTH)


def slots(n: int, x: float, y: float, w: float, h: float) -> list[Disc]:
    """Centres and radius for n pieces sharing the area (x, y, w, h)."""
    if n == 0:
        return []
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = math.ceil(n / cols)
    cw, rh = w / cols, h / rows
    r = min(cw, rh, CELL * 0.5) * 0.46
    return [Disc(x + cw * (i % cols + 0.5), y + rh * (i // cols + 0.5), r) for i in range(n)]
