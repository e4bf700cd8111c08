"""The moves a seat may send now, in notation (docs/archipelago.md), each with what it does.

``_actions()`` maps every legal move's text to an action tuple that ``apply`` plays:

- ``("place", cell)``: ``boat E1`` in the landing phase;
- ``("step", pid, to, coin)``: ``W1 E2-E3`` (``$`` at the end: dragging a coin), also from or to
  a boat (its square), swimming, and ``W1 E3-E3``, a turn spent in a labyrinth;
- ``("sail", to)``: ``boat E1-G1``, the crew's boat;
- ``("revive", pid)``: ``revive W2`` by a pirate standing in the shrine;
- ``("choice", text)``: the answers of a pending choice (``to C4``, ``fire NE``, ``peek C4``,
  ``swap C4 D5``);
- ``("bottle", pid)`` / ``("end",)``: after the action, ``bottle W1`` / ``end turn``;
- ``("offer",)``, ``("accept",)``, ``("refuse",)``: the vote to end the game.
"""

from __future__ import annotations

from .geometry import DIRECTIONS, ORTHOGONAL, Cell, add, cell_name, neighbours, step
from .tiles import FACES


class Moves:
    def _actions(self, seat: int) -> dict[str, tuple]:
        if seat not in self.to_act():
            return {}
        # Cached for the apply that usually follows. Turns can pass within one ply (a crew with
        # no move, a skipped seat), and under smoke one seat may play two crews' turns of the
        # same ply: the key names the crew's turn and the smoke too, or a seat was offered the
        # moves of the crew it played a turn before (a replay then refused the site's next move).
        key = (self._ply, self.slot, self.smoke, seat)
        cache = getattr(self, "_cache", None)
        if cache and cache[0] == key:
            return cache[1]
        acts = self._compute_actions(seat)
        self._cache = (key, acts)
        return acts

    def _has_actions(self, seat: int) -> bool:
        """``bool(self._actions(seat))`` without writing every move out: the end of a turn asks
        it of the next crew (does it skip?), and a position a search throws away after one move
        never needs the rest."""
        if seat not in self.to_act():
            return False
        cache = getattr(self, "_cache", None)
        if cache and cache[0] == (self._ply, self.slot, self.smoke, seat):
            return bool(cache[1])
        if self.phase != "play" or self.pending is not None:
            return bool(self._compute_actions(seat))
        crew = self.slot_crew()
        return (
            any(self._piece_moves(pid) for pid, p in self.pieces.items() if p["seat"] == crew)
            or bool(self.boat_moves(crew))
            or bool(self.revivable(crew))
        )

    def _compute_actions(self, seat: int) -> dict[str, tuple]:
        if self.phase == "place":
            return {f"boat {cell_name(c)}": ("place", c) for c in self.landing_spots()}
        if self.phase == "vote":
            return {"accept end": ("accept",), "refuse end": ("refuse",)}
        if self.pending is not None:
            return {text: ("choice", text) for text in self.pending["options"]}
        if self.phase == "bottle":
            acts = {f"bottle {pid}": ("bottle", pid) for pid in self.bottle_uses(seat)}
            acts["end turn"] = ("end",)
            return acts
        crew = self.slot_crew()
        acts: dict[str, tuple] = {}
        pieces = self.pieces
        for pid in sorted((q for q in pieces if pieces[q]["seat"] == crew), key=_piece_order):
            moves = self._piece_moves(pid)
            if moves:
                head = f"{pid} {cell_name(self._square_of(pid))}-"
                for to, coin in moves:
                    text = head + cell_name(to) + (" $" if coin else "")
                    acts[text] = ("step", pid, to, coin)
        for to in self.boat_moves(crew):
            acts[f"boat {cell_name(self.boats[crew])}-{cell_name(to)}"] = ("sail", to)
        for pid in self.revivable(crew):
            acts[f"revive {pid}"] = ("revive", pid)
        if acts and self.nseats > 1 and not self.offered and not self.smoke:
            acts["offer end"] = ("offer",)
        return acts

    # -- the landing phase --------------------------------------------------------------------

    def landing_spots(self) -> list[Cell]:
        """Water squares orthogonally next to a beach, not on or beside another boat (A3)."""
        spots = []
        for y in range(self.height):
            for x in range(self.width):
                c = (x, y)
                if not self.is_water(c):
                    continue
                if not any(self.tiles.get(step(c, d), {}).get("back") == "B" for d in ORTHOGONAL):
                    continue
                if any(self.near(c, b) for b in self.boats.values()):
                    continue
                spots.append(c)
        return spots

    # -- pirates ------------------------------------------------------------------------------

    def _square_of(self, pid: str) -> Cell:
        p = self.pieces[pid]
        return self.boats[p["boat"]] if p["where"] == "boat" else p["cell"]

    def _piece_moves(self, pid: str) -> list[tuple[Cell, bool]]:
        p = self.pieces[pid]
        if p["where"] not in ("boat", "land", "water") or p["drunk"] or p["trapped"]:
            return []
        seat = p["seat"]
        here = self._square_of(pid)
        if p["where"] == "land":
            maze = FACES[self.face_at(here)].maze
            if maze and p["stage"] < maze:
                return (
                    [(here, False)]
                    if self._may_enter(pid, here, False, stage=p["stage"] + 1)
                    else []
                )
        out: list[tuple[Cell, bool]] = []
        can_drag = (
            p["where"] == "land" and self.coins.get(here, 0) > 0 and not self.is_missionary(pid)
        )
        swimmer = self.ability(pid) == "swimmer"
        boats = {at: owner for owner, at in self.boats.items()}
        width, height = self.width, self.height
        tiles = self.tiles
        # The land squares someone else stands on: any other one a pirate may always enter
        # empty-handed (_may_enter says so without asking more), and most squares are empty.
        manned = {o["cell"] for q, o in self.pieces.items() if o["where"] == "land" and q != pid}
        for to in neighbours(here):
            if not (0 <= to[0] < width and 0 <= to[1] < height):
                continue
            if to in tiles:
                if p["where"] == "water" and not swimmer:
                    continue  # the book: no climbing out of the sea onto land
                for coin in (False, True) if can_drag else (False,):
                    if not coin and to not in manned or self._may_enter(pid, to, coin):
                        out.append((to, coin))
                continue
            owner = boats.get(to)
            if owner is not None:
                if (
                    self.friendly(owner, seat)
                    and not self.is_missionary(pid)
                    and p["where"] != "boat"
                ):
                    out.append((to, False))
                    if can_drag:
                        out.append((to, True))
            elif (p["where"] == "water" or swimmer and p["where"] == "land") and self.is_shore(to):
                out.append((to, False))  # an enemy swimmer there is attacked
        return out

    def _may_enter(self, pid: str, to: Cell, coin: bool, stage: int = 1) -> bool:
        """May ``pid`` step onto land square ``to`` by its own move?"""
        p = self.pieces[pid]
        tile = self.tiles[to]
        if coin and (not tile["up"] or self.refuses_coin(self.face_at(to))):
            return False
        here = [q for q, o in self.pieces.items() if o["cell"] == to and o["where"] == "land"]
        if pid in here:
            here.remove(pid)
        if not here:
            return True  # nobody there: nothing below forbids it
        key = self.face_at(to) if tile["up"] else None
        enemies = [q for q in here if not self.friendly(self.pieces[q]["seat"], p["seat"])]
        if (
            key == "bank"
            and here
            and not (enemies and len(enemies) == len(here) and not self.coins.get(to))
        ):
            return False  # one pirate on the bank; a coin there keeps him safe
        if not enemies:
            return True
        if any(self.is_missionary(q) for q in enemies) or self.is_missionary(pid):
            return False
        if key == "jungle":
            return not coin
        if key in ("fortress", "shrine"):
            return False
        if any(self.is_missionary(q) for q in here):
            return False
        if FACES[key].maze if key else False:
            in_reach = [q for q in enemies if self.pieces[q]["stage"] == stage]
            return not (coin and in_reach) or self.ability(pid) == "brawler"
        return not coin or self.ability(pid) == "brawler"  # no attacking while dragging a coin

    # -- boats --------------------------------------------------------------------------------

    def boat_speed(self, crew: int) -> int:
        """One square a turn for each of the crew's own pirates aboard, one more for a navigator
        aboard (S1) and one more while a pirate of the crew stands on the spyglass."""
        aboard = 0
        navigator = spy = False
        for pid, p in self.pieces.items():
            where = p["where"]
            if where == "boat":
                if p["boat"] == crew:
                    aboard += p["seat"] == crew
                    navigator = navigator or self.ability(pid) == "navigator"
            elif where == "land" and p["seat"] == crew:
                spy = spy or self.face_at(p["cell"]) == "spyglass"
        if not aboard:
            return 0
        return aboard + spy + navigator

    def boat_moves(self, crew: int) -> list[Cell]:
        """Empty water squares within ``speed`` orthogonal steps; a step over a row of boats
        lands on the first water beyond them and counts once (the book; ruling A4)."""
        speed = self.boat_speed(crew)
        if not speed or crew not in self.boats:
            return []
        start = self.boats[crew]
        boats = {at: owner for owner, at in self.boats.items()}
        seen = {start: 0}
        frontier = [start]
        for n in range(1, speed + 1):
            nxt = []
            for c in frontier:
                for d in ORTHOGONAL:
                    to = add(c, DIRECTIONS[d])
                    while to in boats and to != start:
                        to = add(to, DIRECTIONS[d])
                    if self.is_water(to) and to not in seen and boats.get(to) in (None, crew):
                        seen[to] = n
                        nxt.append(to)
            frontier = nxt
        return sorted((c for c in seen if c != start), key=lambda c: (c[1], c[0]))

    # -- the shrine and bottles ---------------------------------------------------------------

    def revivable(self, crew: int) -> list[str]:
        in_shrine = any(
            p["seat"] == crew
            and p["where"] == "land"
            and self.face_at(p["cell"]) == "shrine"
            and not self.is_missionary(pid)
            and not p["drunk"]
            for pid, p in self.pieces.items()
        )
        if not in_shrine or self.fighters(crew) >= 3:
            return []
        return sorted(
            pid for pid, p in self.pieces.items() if p["seat"] == crew and p["where"] == "dead"
        )

    def bottle_uses(self, seat: int) -> list[str]:
        if not self.bottles[seat]:
            return []
        uses = []
        for pid, p in sorted(self.pieces.items()):
            if p["seat"] != seat or p["where"] != "land":
                continue
            if self.is_missionary(pid):
                if any(
                    q != "M" and self.pieces[q]["seat"] == seat and self.near(c, p["cell"])
                    for q, c in self.land_pirates()
                ):
                    uses.append(pid)
            elif p["trapped"] or p["stage"] < FACES[self.face_at(p["cell"])].maze:
                uses.append(pid)
        return uses


def _piece_order(pid: str) -> tuple:
    """The order a crew's moves are listed in: its pirates by name, the missionary last."""
    return (pid == "M", pid)
