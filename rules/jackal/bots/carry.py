"""How far a coin really has to be carried home: the search bots' distance to a ship.

A pirate carrying a coin may step only onto face-up land, not into a fortress and not into the
water (rules/jackal/movegen.py), so the straight-line distance the evaluation used to read lies
whenever face-down tiles or the sea stand in the way. In a logged four-player game the search
carried a coin about for 150 plies, every square at the same straight-line distance from the ship
looking alike. ``Carry`` counts the steps over squares a coin can cross, breadth first from the
ship, once per (ship square, face-up squares) within one search.

Only squares the seat has seen face up at the root count as known: a tile turned over inside the
search is taken as walkable whatever the guess put there (the guess differs from one
determinisation to the next, and the cache is kept per search).
"""

from __future__ import annotations

from rules.jackal import Coord
from rules.jackal.geometry import BERTHS

from .probe import DIST, LAND, N

NEIGHBOURS = [[t for t in range(N) if DIST[c][t] == 1] for c in range(N)]
# Tiles a pirate with a coin may stop on and step off again: not the forts (no coin allowed), nor
# those that move, kill or hold a pirate (arrows, horses, ice, cannons, balloons, planes, ogres,
# crocodiles, traps, caves), whose way onward the count cannot follow.
WALKABLE = frozenset(
    (
        "empty", "gold", "bottles", "jungle", "desert", "swamp", "mountains", "lighthouse",
        "ben-gunn", "friday", "missionary", "rum", "earthquake", "smoke", "thicket", "galleon",
        "caramba",
    )
)  # fmt: skip
FAR = 30  # no way home over known squares: the straight line plus a detour (see ``steps``)
DETOUR = 6
CACHE = 4096  # rows kept per search
# The ship comes to meet a coin: per berth, the other berths of its side by sailing steps (one a
# move, as a step of the carrier is), nearest first. SAIL = False: the ship stays where it is.
SAIL = True
# The ship may only sail with a pirate of its team aboard (RULES.md, ruling 1): steps() is told
# whether one is (``sails``). A logged game: a crew with all three pirates ashore walked a coin
# K5-L5 through a desert and back for 40 plies, the count saying its ship would come to meet it.
# A spinner (jungle 2, desert 3, swamp 4, mountains 5) costs its steps, not one (SPIN): the same
# game's desert looked one step wide, so crossing it with a coin looked like progress.
SPIN = True
SPINS = {"jungle": 2, "desert": 3, "swamp": 4, "mountains": 5}
SAILS: dict[int, list[tuple[int, int]]] = {
    b: sorted((abs(i - j), other) for j, other in enumerate(side) if other != b)
    for side in BERTHS
    for i, b in enumerate(side)
}


class Carry:
    """Steps home for a coin, per ship square, over the squares a coin may cross."""

    __slots__ = ("blocked", "cost", "rows")

    def __init__(self, face_up_tiles: dict[str, str]) -> None:
        """``face_up_tiles``: square -> tile text, the tiles the seat sees face up."""
        blocked = [False] * N
        cost = [1] * N  # moves to cross a square with a coin, from entering it to leaving it
        for square, text in face_up_tiles.items():
            name = text.partition(":")[0]
            cell = Coord.parse(square).cell
            if name not in WALKABLE:
                blocked[cell] = True
            elif SPIN and name in SPINS:
                cost[cell] = SPINS[name]
        self.blocked = blocked
        self.cost = cost
        self.rows: dict[tuple[int, bool, bytes], list[int]] = {}

    def steps(self, cell: int, ship: int, up: list[int], sails: bool = True, step: int = 0) -> int:
        """Moves to bring a coin from ``cell`` aboard the ship at ``ship`` (``up``: the face-up
        flags of the position): the steps to carry it to a berth of the ship's side plus the
        ship's sailing there (SAIL). The ship sailing about did not count before (a logged game:
        H1-G1-H1-G1 for 18 plies while a pirate walked coins about with no way home to where
        the ship lay), though meeting a coin is often the shorter way; only a ship with a pirate
        of its team aboard sails (``sails``). A coin on a spinner at ``step`` (1 on entering)
        has that many steps less one already crossed. With no known way, the straight line to
        the ship plus DETOUR (sailing first is never shorter on that count)."""
        sails = sails and SAIL
        key = (ship, sails, bytes(up))
        row = self.rows.get(key)
        if row is None:
            if len(self.rows) >= CACHE:
                self.rows.clear()
            row = self.rows[key] = self._spread(ship, up, sails)
        d = row[cell]
        if d >= FAR:  # the square itself may be one a coin is carried off but not onto
            d = min((row[t] for t in NEIGHBOURS[cell]), default=FAR) + 1
        elif step > 1 and SPIN:
            d -= step - 1
        return d if d < FAR else DIST[cell][ship] + DETOUR

    def _spread(self, ship: int, up: list[int], sails: bool) -> list[int]:
        """Per square, the moves to bring a coin aboard from its first step there: shortest
        paths (a bucket per count: every square costs 1 to 5) from the squares beside each
        berth the ship may sail to, each starting at its sailing steps plus its own cost."""
        blocked, cost = self.blocked, self.cost
        row = [FAR] * N
        levels: list[list[int]] = [[] for _ in range(FAR)]
        for sail, berth in [(0, ship), *(SAILS.get(ship, ()) if sails else ())]:
            for t in NEIGHBOURS[berth]:
                if LAND[t] and up[t] and not blocked[t]:
                    d = sail + cost[t]
                    if d < row[t]:
                        row[t] = d
                        levels[d].append(t)
        for d in range(1, FAR - 1):
            for c in levels[d]:
                if row[c] != d:  # reached sooner from a nearer berth
                    continue
                for t in NEIGHBOURS[c]:
                    if LAND[t] and up[t] and not blocked[t]:
                        e = d + cost[t]
                        if e < row[t] and e < FAR:
                            row[t] = e
                            levels[e].append(t)
        return row
