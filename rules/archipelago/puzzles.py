"""The one-player puzzles: small face-up islands against the bear.

The book's 10 puzzle cards are pictures that the text does not carry, so these puzzles are the
site's own (ruling P1), laid out as data. Each is rows of squares, west to east, north on top:

- ``.`` water; a face key (``empty``, ``pit``, ``arrow-1``...) a face-up tile; ``@n`` after a key
  turns it ``n`` quarter turns clockwise; ``bank`` is where the pirates start and bring the coins;
  ``bear`` is the den, where the bear starts; ``chest-n`` lies face up with its coins on it.
- ``turns``: the most turns allowed; ``alive``: the fewest pirates that must survive.
"""

from __future__ import annotations

from typing import NamedTuple


class Puzzle(NamedTuple):
    key: str
    rows: tuple[str, ...]
    turns: int
    alive: int
    title: str


PUZZLES: dict[str, Puzzle] = {
    p.key: p
    for p in (
        Puzzle(
            "first-steps",
            (
                ". . . . . . . .",
                ". bank empty chest-1 empty empty empty .",
                ". empty empty empty empty empty empty .",
                ". . . . empty empty bear .",
                ". . . . . . . .",
            ),
            turns=3,
            alive=3,
            title="One coin, three turns",
        ),
        Puzzle(
            "the-arrows",
            (
                ". . . . . . . .",
                ". bank empty arrow-1@1 empty chest-2 . .",
                ". empty pit empty ice empty empty .",
                ". empty empty jungle empty arrow-2@1 bear .",
                ". . . . . . . .",
            ),
            turns=7,
            alive=2,
            title="Two coins past the pit",
        ),
        Puzzle(
            "balloon-ride",
            (
                ". . . . . . . .",
                ". bank empty empty crocodile chest-3 . .",
                ". empty fortress empty empty balloon empty .",
                ". . empty trampoline empty empty bear .",
                ". . . . . . . .",
            ),
            turns=5,
            alive=2,
            title="Three coins and a balloon",
        ),
    )
}


def squares(puzzle: Puzzle) -> dict[tuple[int, int], tuple[str, int]]:
    """(x, y) -> (face, quarter turns) for every land square."""
    out = {}
    for y, row in enumerate(puzzle.rows):
        for x, token in enumerate(row.split()):
            if token != ".":
                key, _, rot = token.partition("@")
                out[(x, y)] = (key, int(rot or 0))
    return out


def size(puzzle: Puzzle) -> tuple[int, int]:
    return max(len(r.split()) for r in puzzle.rows), len(puzzle.rows)
