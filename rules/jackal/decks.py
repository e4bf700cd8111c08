"""The decks as data: which tiles each ruleset deals, in the fixed order the shuffle starts from.

A game's deal is a function of its seed *and* its deck, so a deck is never edited in place: a
correction is a new version, and every game stores the version it was dealt from (``State.deck``,
``"deck"`` in its JSON). Games started before a correction keep dealing (and replaying) as they
did; new games get ``LATEST_DECK``.

- version 1: the first decks; the three-headed arrow was drawn as a T (E, S, W), as RULES.md said.
- version 2: the three-headed arrow as printed: one diagonal head and two straight heads at right
  angles, pointing away from it (NW, E, S). See docs/rulings.md, E18.

Arrows and cannons are listed pointing "up"; the deal gives each a random quarter-turn.

>>> from collections import Counter
>>> from rules.jackal.tiles import format_tile
>>> changed = Counter(deck("classic", 2)) - Counter(deck("classic", 1))
>>> [(format_tile(*tile), n) for tile, n in changed.items()]
[('arrow:E,S,NW', 3)]
>>> tiles = [format_tile(*tile) for tile in deck("second-edition")]
>>> len(tiles), tiles.count("arrow:E,S,NW"), tiles.count("galleon")
(117, 3, 1)
"""

from __future__ import annotations

from functools import cache

from .errors import SetupError
from .rulebook import rules_for
from .tiles import GALLEON, GOLD, parse_tile

DECK_VERSIONS = (1, 2)
LATEST_DECK = DECK_VERSIONS[-1]

THREE_HEADED_ARROW = {1: "arrow:E,S,W", 2: "arrow:NW,E,S"}


def _arrows(version: int) -> tuple[tuple[str, int], ...]:
    """The seven arrow tiles, three of each (RULES.md "Decks")."""
    kinds = ("arrow:N", "arrow:NE", "arrow:N,S", "arrow:NE,SW", THREE_HEADED_ARROW[version])
    kinds += ("arrow:N,E,S,W", "arrow:NE,SE,SW,NW")
    return tuple((kind, 3) for kind in kinds)


_SPINNERS_TO_TREASURE = (
    ("horse", 2),
    ("jungle", 5),
    ("desert", 4),
    ("swamp", 2),
    ("mountains", 1),
    ("ice", 6),
    ("trap", 3),
    ("crocodile", 4),
    ("ogre", 1),
    ("fortress", 2),
    ("native", 1),
    ("gold:1", 5),
    ("gold:2", 5),
    ("gold:3", 3),
    ("gold:4", 2),
    ("gold:5", 1),
)
_AIR_AND_RUM = (("balloon", 2), ("plane", 1), ("cannon:N", 2), ("rum", 4))


def classic_deck(version: int) -> tuple[tuple[str, int], ...]:
    empty = (("empty", 10), ("empty:1", 10), ("empty:2", 10), ("empty:3", 10))
    return empty + _arrows(version) + _SPINNERS_TO_TREASURE + _AIR_AND_RUM


def second_edition_deck(version: int) -> tuple[tuple[str, int], ...]:
    empty = (("empty", 5), ("empty:1", 5), ("empty:2", 4), ("empty:3", 4))
    extras = (
        ("smoke", 2),
        ("lighthouse", 1),
        ("cave", 4),
        ("earthquake", 1),
        ("thicket", 3),
        ("caramba", 1),
        ("bottles:1", 3),
        ("bottles:2", 2),
        ("bottles:3", 1),
        ("ben-gunn", 1),
        ("missionary", 1),
        ("friday", 1),
    )
    return (
        empty + _arrows(version) + _SPINNERS_TO_TREASURE + (("galleon", 1),) + _AIR_AND_RUM + extras
    )


def deck_list(ruleset: str, version: int = LATEST_DECK) -> tuple[tuple[str, int], ...]:
    """The deck as (tile text, how many) pairs, in dealing order."""
    if version not in DECK_VERSIONS:
        versions = ", ".join(str(v) for v in DECK_VERSIONS)
        raise SetupError(f"unknown deck version {version!r}; known: {versions}")
    return rules_for(ruleset).deck(version)  # each ruleset names its deck (rulesets.py)


@cache
def _deck(ruleset: str, version: int) -> tuple[tuple[int, int], ...]:
    tiles = tuple(parse_tile(text) for text, n in deck_list(ruleset, version) for _ in range(n))
    assert len(tiles) == 117, (ruleset, version, len(tiles))
    return tiles


@cache
def coins_in_deck(ruleset: str, version: int = LATEST_DECK) -> int:
    """The coins a deal puts on the island: the treasure chests, and the galleon's chest worth 3
    (classic 37, second edition 40)."""
    return sum(
        arg if kind == GOLD else 3 if kind == GALLEON else 0
        for kind, arg in _deck(ruleset, version)
    )


def deck(ruleset: str, version: int = LATEST_DECK) -> list[tuple[int, int]]:
    """The 117 tiles as (kind, arg), in the fixed order the deal shuffles (a new list)."""
    return list(_deck(ruleset, version))
