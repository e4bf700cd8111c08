"""The tiles of box 1: what each face does, and the box's list of 66 tiles.

The rulebook explains every face but prints no count per face and no coin value per chest; the box
list below is this site's (ruling A1, docs/archipelago-rulings.md). It keeps the book's fixed
numbers: 66 tiles, 19 coins in the chests, 5 bottles on the bottle tiles. Every tile also has a
*back*, the terrain shown while it lies face down (mountain ``M``, forest ``F``, beach ``B``): the
book's first island removes 4 mountains, 3 forests and 2 beaches at random, and boats land beside
beaches, so backs are public and faces are not.
"""

from __future__ import annotations

from typing import NamedTuple


class Face(NamedTuple):
    key: str
    #: directions printed on the tile before it is turned (arrows, cannon, the crossroads die)
    arrows: tuple[str, ...] = ()
    #: single-use tiles (dotted edge) act the first time only; then they are empty tiles
    single_use: bool = False
    #: tiles a pirate may not enter dragging a coin (zigzag edge)
    no_coin: bool = False
    #: coins laid on the tile when it is turned up (treasure chests)
    coins: int = 0
    #: bottles taken by the crew that turns it up
    bottles: int = 0
    #: turns spent in a labyrinth
    maze: int = 0


# Every face the book explains. Keys are the notation of docs/archipelago.md.
FACES: dict[str, Face] = {
    f.key: f
    for f in (
        Face("empty"),
        Face("arrow-1", ("N",)),
        Face("arrow-1d", ("NE",)),
        Face("arrow-2", ("N", "S")),
        Face("arrow-2d", ("NE", "SW")),
        Face("arrow-3", ("NW", "E", "S")),
        Face("arrow-4", ("N", "E", "S", "W")),
        Face("arrow-4d", ("NE", "SE", "SW", "NW")),
        Face("maze-2", maze=2),
        Face("maze-3", maze=3),
        Face("maze-4", maze=4),
        Face("maze-5", maze=5),
        Face("chest-1", single_use=True, coins=1),
        Face("chest-2", single_use=True, coins=2),
        Face("chest-3", single_use=True, coins=3),
        Face("chest-4", single_use=True, coins=4),
        Face("horse"),
        Face("ice"),
        Face("pit"),
        Face("barrel"),
        Face("bottle-1", single_use=True, bottles=1),
        Face("bottle-2", single_use=True, bottles=2),
        Face("crocodile"),
        Face("bank"),
        Face("jungle", no_coin=True),
        Face("lighthouse", single_use=True),
        Face("caramba"),
        Face("balloon"),
        Face("musket", single_use=True),
        Face("shrine", no_coin=True),
        # the crossroads die: six numbered arrows, faces 1..6 in this order (ruling A9)
        Face("die", ("N", "NE", "SE", "S", "SW", "NW")),
        Face("trampoline"),
        Face("airplane", single_use=True),
        Face("cannon", ("N",)),
        Face("smoke", single_use=True),
        Face("bear", single_use=True),
        Face("missionary", single_use=True),
        Face("earthquake", single_use=True),
        Face("spyglass"),
        Face("cannibal"),
        Face("fortress", no_coin=True),
    )
}

# Box 1: (face, how many) per back. 24 mountains, 24 forests, 18 beaches = 66 tiles.
BOX: dict[str, tuple[tuple[str, int], ...]] = {
    "M": (
        ("empty", 2),
        ("arrow-1", 1),
        ("arrow-2d", 1),
        ("arrow-4", 1),
        ("maze-3", 1),
        ("maze-4", 1),
        ("maze-5", 1),
        ("chest-2", 1),
        ("chest-3", 1),
        ("chest-4", 1),
        ("horse", 1),
        ("ice", 1),
        ("pit", 1),
        ("bottle-2", 1),
        ("lighthouse", 1),
        ("musket", 1),
        ("shrine", 1),
        ("cannon", 1),
        ("bear", 1),
        ("earthquake", 1),
        ("cannibal", 1),
        ("fortress", 1),
        ("spyglass", 1),
    ),
    "F": (
        ("empty", 3),
        ("arrow-1d", 1),
        ("arrow-2", 1),
        ("arrow-3", 1),
        ("arrow-4d", 1),
        ("maze-2", 1),
        ("chest-1", 1),
        ("chest-2", 1),
        ("chest-3", 1),
        ("horse", 1),
        ("ice", 1),
        ("pit", 1),
        ("barrel", 1),
        ("bottle-1", 1),
        ("crocodile", 1),
        ("jungle", 2),
        ("caramba", 1),
        ("die", 1),
        ("smoke", 1),
        ("missionary", 1),
        ("trampoline", 1),
    ),
    "B": (
        ("empty", 5),
        ("arrow-1", 1),
        ("arrow-1d", 1),
        ("chest-1", 2),
        ("chest-2", 1),
        ("barrel", 1),
        ("bottle-2", 1),
        ("crocodile", 1),
        ("bank", 1),
        ("balloon", 1),
        ("trampoline", 1),
        ("airplane", 1),
        ("cannon", 1),
    ),
}
TOTAL_COINS = 19
TOTAL_BOTTLES = 5
# the book's first island: removed at random, face down, by back
FIRST_GAME_REMOVAL = {"M": 4, "F": 3, "B": 2}


def box_tiles() -> list[tuple[str, str]]:
    """The 66 tiles of box 1 as ``(back, face)`` pairs, in a fixed order."""
    return [(back, face) for back, faces in BOX.items() for face, n in faces for _ in range(n)]


def face(key: str) -> Face:
    return FACES[key]
