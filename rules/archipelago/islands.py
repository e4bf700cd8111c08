"""Island shapes as data, and the assembly of an island from the box.

The book's first-game diagram is a picture that the text does not carry, so its layout here is this
site's drawing of it (ruling A2): 57 land squares (the 66 tiles less the 9 removed at random) whose
backs are 20 mountains, 21 forests and 16 beaches, beaches on the coast. ``M``/``F``/``B`` are the
backs a square takes; ``.`` is water; the outer ring is always water. ``landings`` are the book's
recommended starting spots, one per seat in turn order (used with the ``landing`` option
"recommended"). ``north`` is the top row, as on the book's diagrams (the bear's clockwise order
starts there).
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.rng import DealRng

from .errors import SetupError
from .geometry import Cell, parse_cell
from .tiles import FACES, box_tiles


class Shape(NamedTuple):
    key: str
    rows: tuple[str, ...]
    landings: tuple[str, ...]

    @property
    def size(self) -> tuple[int, int]:
        return len(self.rows[0]), len(self.rows)

    def backs(self) -> dict[Cell, str]:
        return {
            (x, y): ch for y, row in enumerate(self.rows) for x, ch in enumerate(row) if ch != "."
        }


SHAPES: dict[str, Shape] = {
    # The first island (ruling A2): one round island with a small bay on its east side.
    "first": Shape(
        "first",
        (
            "...........",
            "....BFFB...",
            "...BFMMFB..",
            "..BFMMMFF..",
            ".BFMMMMFB..",
            ".FMMMMFB...",
            ".BFMMMMFFB.",
            "..FMMMFFFB.",
            "...BFFFB...",
            "....BBB....",
            "...........",
        ),
        ("F11", "A5", "E1", "K7"),
    ),
    # Two islands with a strait between them: the same 57 tiles, boats sail through the strait.
    "twin": Shape(
        "twin",
        (
            "..............",
            "..BF......FB..",
            ".BFMFB...BFMF.",
            ".FMMMF..BFMMB.",
            ".BMMMF..FMMF..",
            "..FMMB..BMMMF.",
            "..BFMF..FMMFB.",
            "...BFB..BFFB..",
            "..............",
        ),
        ("D9", "A5", "L1", "N4"),
    ),
}


def check_shape(shape: Shape) -> None:
    """A shape is playable: a water ring, rows of one width, backs that the box can fill."""
    width, height = shape.size
    if any(len(r) != width for r in shape.rows):
        raise SetupError(f"island {shape.key}: rows of different widths")
    if set(shape.rows[0] + shape.rows[-1]) != {"."} or any(
        r[0] != "." or r[-1] != "." for r in shape.rows
    ):
        raise SetupError(f"island {shape.key}: the outer ring must be water")
    need: dict[str, int] = {}
    for back in shape.backs().values():
        need[back] = need.get(back, 0) + 1
    have: dict[str, int] = {}
    for back, _ in box_tiles():
        have[back] = have.get(back, 0) + 1
    for back, n in need.items():
        if n > have.get(back, 0):
            raise SetupError(f"island {shape.key}: {n} {back} squares, the box has {have[back]}")


def assemble(shape: Shape, seed: str) -> tuple[dict[Cell, dict], list[str]]:
    """Lay the island face down from the seed: per back, shuffle the box's tiles, remove the
    surplus at random (the book's 4 mountains, 3 forests and 2 beaches on the first island), deal
    the rest onto the squares with that back, each turned at random (the book: flip tiles
    randomly, so arrows and cannons point anywhere). Returns the squares and the removed faces."""
    check_shape(shape)
    rng = DealRng(f"{seed}\x1fisland")
    by_back: dict[str, list[str]] = {}
    for back, key in box_tiles():
        by_back.setdefault(back, []).append(key)
    squares = shape.backs()
    removed: list[str] = []
    tiles: dict[Cell, dict] = {}
    for back in sorted(by_back):
        pool = by_back[back]
        rng.shuffle(pool)
        cells = sorted((c for c, b in squares.items() if b == back), key=lambda c: (c[1], c[0]))
        surplus = len(pool) - len(cells)
        removed.extend(pool[:surplus])
        for cell, key in zip(cells, pool[surplus:], strict=True):
            turns = rng.below(4) if FACES[key].arrows else 0
            tiles[cell] = {"face": key, "rot": turns, "back": back, "up": False, "spent": False}
    return tiles, sorted(removed)


def landing_cells(shape: Shape) -> list[Cell]:
    return [parse_cell(c) for c in shape.landings]
