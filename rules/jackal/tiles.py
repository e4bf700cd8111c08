"""Tiles: kinds as small ints and the tile text form (the decks are in decks.py).

A tile is a pair ``(kind, arg)``:

- ``ARROW``: arg is a bit mask of directions (bit d = direction d, see geometry.DIR_NAMES);
- ``CANNON``: arg is the direction of the barrel;
- ``SPINNER``: arg is the number of steps (2 jungle, 3 desert, 4 swamp, 5 mountains);
- ``GOLD``: arg is the number of coins in the chest (1..5);
- ``EMPTY``: arg is the picture (0..3), purely cosmetic;
- every other kind: arg is 0.

Text form (used in positions and custom set-ups): ``empty``, ``empty:2``, ``arrow:N``,
``arrow:NE,SW``, ``arrow:E,S,W``, ``horse``, ``jungle``, ``desert``, ``swamp``, ``mountains``,
``ice``, ``trap``, ``crocodile``, ``ogre``, ``fortress``, ``native``, ``gold:3``, ``balloon``,
``plane``, ``cannon:E``, ``rum``; second edition only: ``galleon``, ``smoke``, ``lighthouse``,
``cave``, ``earthquake``, ``thicket`` (dense jungle), ``caramba``, ``bottles:1``..``bottles:3``,
``ben-gunn``, ``missionary``, ``friday``.

>>> format_tile(*parse_tile("arrow:s,n"))
'arrow:N,S'
"""

from __future__ import annotations

from functools import lru_cache

from .errors import NotationError
from .geometry import DIR_INDEX, DIR_NAMES

SEA = 0
EMPTY = 1
ARROW = 2
HORSE = 3
SPINNER = 4
ICE = 5
TRAP = 6
CROCODILE = 7
OGRE = 8
FORTRESS = 9
NATIVE = 10  # the native-girl fortress, where the dead are revived
GOLD = 11
BALLOON = 12
PLANE = 13
CANNON = 14
RUM = 15
# Second edition only.
GALLEON = 16  # the galleon's chest, worth 3
SMOKE = 17
LIGHTHOUSE = 18
CAVE = 19
QUAKE = 20  # earthquake
THICKET = 21  # dense jungle
CARAMBA = 22
BOTTLES = 23  # arg: how many message bottles (1..3)
BEN_GUNN = 24
MISSIONARY = 25
FRIDAY = 26

KIND_NAMES = {
    SEA: "sea",
    EMPTY: "empty",
    ARROW: "arrow",
    HORSE: "horse",
    ICE: "ice",
    TRAP: "trap",
    CROCODILE: "crocodile",
    OGRE: "ogre",
    FORTRESS: "fortress",
    NATIVE: "native",
    GOLD: "gold",
    BALLOON: "balloon",
    PLANE: "plane",
    CANNON: "cannon",
    RUM: "rum",
    GALLEON: "galleon",
    SMOKE: "smoke",
    LIGHTHOUSE: "lighthouse",
    CAVE: "cave",
    QUAKE: "earthquake",
    THICKET: "thicket",
    CARAMBA: "caramba",
    BOTTLES: "bottles",
    BEN_GUNN: "ben-gunn",
    MISSIONARY: "missionary",
    FRIDAY: "friday",
}
SPINNER_NAMES = {2: "jungle", 3: "desert", 4: "swamp", 5: "mountains"}
_SPINNER_STEPS = {name: steps for steps, name in SPINNER_NAMES.items()}
_KIND_BY_NAME = {name: kind for kind, name in KIND_NAMES.items() if kind != SEA}

# Tiles a pirate may end its action on (and where coins may lie). Every other tile moves it on.
STOPPABLE = frozenset(
    {EMPTY, SPINNER, TRAP, FORTRESS, NATIVE, GOLD, PLANE, RUM}
    | {GALLEON, SMOKE, LIGHTHOUSE, CAVE, QUAKE, THICKET, CARAMBA, BOTTLES}
    | {BEN_GUNN, MISSIONARY, FRIDAY}
)


def mask_of(dirs) -> int:
    m = 0
    for d in dirs:
        m |= 1 << d
    return m


def dirs_of(mask: int) -> tuple[int, ...]:
    return tuple(d for d in range(8) if mask >> d & 1)


MASK_DIRS = tuple(dirs_of(m) for m in range(256))


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Turn an arrow mask clockwise by 90 degrees per quarter turn."""
    k = (2 * quarter_turns) % 8
    return ((mask << k) | (mask >> (8 - k))) & 0xFF


def orient(kind: int, arg: int, quarter_turns: int) -> int:
    """The arg of a tile after the deal turned it clockwise by quarter_turns."""
    if kind == ARROW:
        return rotate_mask(arg, quarter_turns)
    if kind == CANNON:
        return (arg + 2 * quarter_turns) % 8
    return arg


def tile_name(kind: int, arg: int) -> str:
    """The name of a tile in log lines: 'ice', 'a jungle', 'an arrow pointing N and S'."""
    if kind == SPINNER:
        return ("the " if arg == 5 else "a ") + SPINNER_NAMES[arg]
    if kind == GOLD:
        return f"a chest of {arg} coin" + ("s" if arg > 1 else "")
    if kind == ARROW:
        heads = [DIR_NAMES[d] for d in MASK_DIRS[arg]]
        if len(heads) == 1:
            return f"an arrow pointing {heads[0]}"
        return "an arrow pointing " + ", ".join(heads[:-1]) + " and " + heads[-1]
    if kind == CANNON:
        return f"a cannon facing {DIR_NAMES[arg]}"
    return {
        EMPTY: "an empty tile",
        HORSE: "a horse",
        ICE: "ice",
        TRAP: "a trap",
        CROCODILE: "a crocodile",
        OGRE: "the ogre",
        FORTRESS: "a fortress",
        NATIVE: "the native girl's fortress",
        BALLOON: "a balloon",
        PLANE: "the plane",
        RUM: "a barrel of rum",
        GALLEON: "the galleon's treasure chest",
        SMOKE: "a grass fire",
        LIGHTHOUSE: "the lighthouse",
        CAVE: "a cave",
        QUAKE: "the earthquake",
        THICKET: "a dense jungle",
        CARAMBA: "caramba",
        BOTTLES: f"{arg} message bottle" + ("s" if arg > 1 else ""),
        BEN_GUNN: "Ben Gunn",
        MISSIONARY: "the Missionary",
        FRIDAY: "Friday",
    }[kind]


def format_tile(kind: int, arg: int) -> str:
    if kind == SPINNER:
        return SPINNER_NAMES[arg]
    name = KIND_NAMES[kind]
    if kind == ARROW:
        return name + ":" + ",".join(DIR_NAMES[d] for d in MASK_DIRS[arg])
    if kind == CANNON:
        return name + ":" + DIR_NAMES[arg]
    if kind in (GOLD, BOTTLES) or (kind == EMPTY and arg):
        return f"{name}:{arg}"
    return name


def parse_tile(text: str) -> tuple[int, int]:
    """Parse the tile text form into (kind, arg); raises NotationError."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a tile")
    return _parse_tile_text(text)


# A stored position names all 117 tiles and there are only a few dozen distinct names: loading
# positions (the site does it for every move) parses each name once.
@lru_cache(maxsize=1024)
def _parse_tile_text(text: str) -> tuple[int, int]:
    name, _, rest = text.strip().lower().partition(":")
    if name in _SPINNER_STEPS and not rest:
        return SPINNER, _SPINNER_STEPS[name]
    kind = _KIND_BY_NAME.get(name)
    if kind is None:
        raise NotationError(f"unknown tile {text!r}")
    try:
        if kind == ARROW:
            dirs = [DIR_INDEX[d.strip().upper()] for d in rest.split(",")]
            if not dirs:
                raise KeyError
            return ARROW, mask_of(dirs)
        if kind == CANNON:
            d = DIR_INDEX[rest.strip().upper()]
            if d % 2:
                raise KeyError
            return CANNON, d
        if kind == GOLD:
            value = int(rest)
            if not 1 <= value <= 5:
                raise ValueError
            return GOLD, value
        if kind == BOTTLES:
            value = int(rest)
            if not 1 <= value <= 3:
                raise ValueError
            return BOTTLES, value
        if kind == EMPTY:
            picture = int(rest) if rest else 0
            if not 0 <= picture <= 3:
                raise ValueError
            return EMPTY, picture
    except (KeyError, ValueError):
        raise NotationError(f"bad tile {text!r}") from None
    if rest:
        raise NotationError(f"tile {name!r} takes no argument: {text!r}")
    return kind, 0
