"""What happens when a piece enters a square: reveals, every tile's effect, fights, coins.

A move is a *chain*: the piece enters a square, the square's tile may send it on (arrows, ice, the
horse, the cannon...), and so on until it rests, dies, reaches a boat or must make a choice (several
arrows, the horse, the trampoline, the airplane, the musket, the lighthouse, the earthquake). A
choice stops the chain in ``pending`` until the same seat answers with ``to C4``, ``fire NE``...

The chain's context ``ctx`` remembers where the move started (``start``: a square, or None from a
boat), whether a coin is dragged (``coin``) and the hops already made (``seen``: a repeat is the
book's deadly cycle).
"""

from __future__ import annotations

from rules.core.rng import chance_rng

from .geometry import DIR_OF, DIRECTIONS, KNIGHT, Cell, add, cell_name, rotate, step
from .tiles import FACES

Hop = tuple[Cell, tuple[int, int] | None, str]  # (square, the move's vector, how it came)


class Effects:
    # -- moving pieces home, to death, aboard --------------------------------------------------

    def _send_home(self, pid: str, ev: list, cause: str) -> None:
        """Hit in a fight, shot, mauled: back aboard the crew's own boat (2v2 too)."""
        p = self.pieces[pid]
        if self.is_missionary(pid):
            return  # he cannot be attacked; the bear kills him instead (see _maul)
        frm = p["cell"]
        p.update(where="boat", cell=None, boat=p["seat"], stage=0, trapped=False, drunk=0)
        ev.append({"kind": cause, "piece": pid, "from": cell_name(frm) if frm else None})

    def _kill(self, pid: str, ev: list, cause: str) -> None:
        p = self.pieces[pid]
        frm = p["cell"]
        # the crew's three pirates wait for the shrine; the missionary is gone for good (A14)
        where = "gone" if pid == "M" else "dead"
        p.update(where=where, cell=None, boat=None, stage=0, trapped=False, drunk=0)
        ev.append(
            {"kind": "death", "piece": pid, "cause": cause, "at": cell_name(frm) if frm else None}
        )

    def _maul(self, pid: str, ev: list) -> None:
        if pid == "M" and not self.pieces[pid]["convert"]:
            self._kill(pid, ev, "bear")
        else:
            self._send_home(pid, ev, "mauled")

    def _drop_coin(self, ctx: dict, cell: Cell | None, ev: list) -> None:
        """The dragged coin stays behind on ``cell`` (the move's start when None)."""
        if not ctx["coin"]:
            return
        ctx["coin"] = False
        where = cell if cell is not None else ctx["start"]
        self.coins[where] = self.coins.get(where, 0) + 1
        ev.append({"kind": "coin left", "at": cell_name(where)})

    def _lose_coin(self, ctx: dict, how: str, ev: list) -> None:
        if ctx["coin"]:
            ctx["coin"] = False
            if how == "eaten":
                self.eaten += 1
            else:
                self.sunk += 1
            self.noisy = True
            ev.append({"kind": "coin " + how})

    def _board(self, pid: str, owner: int, ctx: dict, ev: list) -> None:
        p = self.pieces[pid]
        p.update(where="boat", cell=None, boat=owner, stage=0, trapped=False)
        ev.append({"kind": "aboard", "piece": pid, "boat": owner})
        if ctx["coin"]:
            ctx["coin"] = False
            self.stowed[owner] += 1
            self.noisy = True
            ev.append({"kind": "stowed", "boat": owner, "piece": pid})

    # -- the chain ------------------------------------------------------------------------------

    def _travel(self, pid: str, hop: Hop, ctx: dict, ev: list) -> None:
        """Follow a chain from ``hop`` until the piece rests or a choice is pending."""
        while hop is not None:
            if hop in ctx["seen"]:
                # the book: a pirate caught in a repeating cycle of moves dies
                self._drop_coin(ctx, None, ev)
                self._kill(pid, ev, "cycle")
                return
            ctx["seen"].append(hop)
            hop = self._enter(pid, hop, ctx, ev)

    def _enter(self, pid: str, hop: Hop, ctx: dict, ev: list) -> Hop | None:
        cell, delta, via = hop
        p = self.pieces[pid]
        if not self.on_board(cell):
            self._lose_coin(ctx, "sunk", ev)
            self._kill(pid, ev, "off the map")  # ruling A12
            return None
        if not self.is_land(cell):
            return self._into_water(pid, cell, ctx, ev)
        if self.bear == cell:
            # mauled before anything else; a face-down tile stays face down (the book)
            self._drop_coin(ctx, None, ev)
            p.update(where="land", cell=cell)
            self._maul(pid, ev)
            return None
        tile = self.tiles[cell]
        if ctx["coin"] and not tile["up"] and self.book_rulings():
            # ruling A7, the book: "when dragging a coin, you can only move to face-up tiles"
            self._drop_coin(ctx, None, ev)
        if not tile["up"]:
            tile = self._tile_to_change(cell)
            tile["up"] = True
            self.noisy = True
            ev.append(
                {
                    "kind": "reveal",
                    "piece": pid,
                    "cell": cell_name(cell),
                    "tile": tile["face"],
                    "rot": tile["rot"],
                }
            )
            for k in self.known:
                k.discard(cell)
            if self._on_reveal(pid, cell, ctx, ev):
                return None
        key = self.face_at(cell)
        face = FACES[key]
        if ctx["coin"] and self.refuses_coin(key):
            self._drop_coin(ctx, None, ev)  # ruling A7: the coin stays where the move began
        p.update(where="land", cell=cell)
        if key.startswith("arrow") or key == "die":
            dirs = [rotate(d, tile["rot"]) for d in face.arrows]
            if key == "die":
                roll = chance_rng(self.seed, self._ply, f"die {cell_name(cell)}").below(6)
                ev.append({"kind": "die", "cell": cell_name(cell), "roll": roll + 1})
                dirs = [dirs[roll]]
            if len(dirs) == 1:
                return (step(cell, dirs[0]), DIRECTIONS[dirs[0]], "arrow")
            return self._choose(pid, "arrow", [step(cell, d) for d in dirs], cell, ctx)
        if key in ("horse", "trampoline"):
            return self._jump(pid, cell, key, ctx, ev)
        if key == "ice":
            if via == "airplane":
                return self._fly(pid, cell, ctx, ev)
            if via in ("horse", "trampoline") and self.book_rulings():
                # the book: "if you came in on a horse, make another horse move": a new jump of
                # the player's choice, not the same vector again (which may lead into the sea)
                return self._jump(pid, cell, via, ctx, ev)
            if delta is not None:
                return (add(cell, delta), delta, via)
        if key == "airplane":
            return self._fly(pid, cell, ctx, ev)
        if key == "cannon":
            d = rotate(face.arrows[0], tile["rot"])
            to = step(cell, d)
            while self.is_land(to):
                to = step(to, d)
            return (to, DIRECTIONS[d], "cannon")
        if key == "balloon":
            if self.is_missionary(pid):
                return self._rest(pid, cell, ctx, ev)  # ruling A15
            ev.append({"kind": "balloon", "piece": pid, "cell": cell_name(cell)})
            self._board(pid, self._home_boat(pid), ctx, ev)
            return None
        if key == "crocodile":
            ev.append({"kind": "crocodile", "piece": pid, "cell": cell_name(cell)})
            if ctx["start"] is None:
                self._board(pid, ctx["from_boat"], ctx, ev)
                return None
            if not self.is_land(ctx["start"]):  # a swimmer (S1) goes back into the sea
                return self._into_water(pid, ctx["start"], ctx, ev)
            p["stage"] = ctx["stage"]  # back where it stood, labyrinth progress kept
            return self._rest(pid, ctx["start"], ctx, ev, quiet=True)
        if key == "cannibal":
            self._lose_coin(ctx, "eaten", ev)
            self._kill(pid, ev, "cannibal")
            return None
        if key == "caramba" and not self.is_missionary(pid):
            self._drop_coin(ctx, cell, ev)
            self._send_home(pid, ev, "caramba")  # ruling A10
            return None
        if key == "pit":
            return self._pit(pid, cell, ctx, ev)
        if key == "barrel" and self.ability(pid) != "sober":
            p["drunk"] = 2  # this turn's end takes one: the owner's next turn is skipped
        if face.maze:
            p["stage"] = face.maze if self.ability(pid) == "pathfinder" else 1
        return self._rest(pid, cell, ctx, ev)

    def _home_boat(self, pid: str) -> int:
        return self.pieces[pid]["seat"]

    def _into_water(self, pid: str, cell: Cell, ctx: dict, ev: list) -> None:
        p = self.pieces[pid]
        owner = self.boat_at(cell)
        if self.is_missionary(pid):
            self._drop_coin(ctx, None, ev)
            self._kill(pid, ev, "drowned")  # ruling A15
            return None
        if owner is not None:
            if self.friendly(p["seat"], owner):
                self._board(pid, owner, ctx, ev)
            else:
                self._lose_coin(ctx, "sunk", ev)
                self._kill(pid, ev, "enemy boat")  # the book's cannon rule, for every move (A11)
            return None
        self._lose_coin(ctx, "sunk", ev)
        p.update(where="water", cell=cell, stage=0, trapped=False)
        ev.append({"kind": "swim", "piece": pid, "cell": cell_name(cell)})
        for other in self.pieces_at(cell, "water"):
            if not self.friendly(self.pieces[other]["seat"], p["seat"]):
                self._send_home(other, ev, "hit")
        return None

    def _jump(self, pid, cell, via, ctx, ev) -> Hop | None:
        """Horse and trampoline: land squares, or a friendly boat (ruling A13). The landing is
        the player's choice, so it obeys what the pirate's own step obeys (rulings A7, A35): with
        a coin, a face-up tile that takes coins and no enemy to attack."""
        seat = self.pieces[pid]["seat"]
        if via == "horse":
            targets = [add(cell, k) for k in KNIGHT]
        else:
            targets = [add(cell, (2 * dx, 2 * dy)) for dx, dy in DIRECTIONS.values()]
        ok = []
        for t in targets:
            if self.is_land(t):
                if not self.book_rulings() or self._may_enter(pid, t, ctx["coin"]):
                    ok.append(t)
            elif self.is_water(t):
                owner = self.boat_at(t)
                if owner is not None and self.friendly(owner, seat) and not self.is_missionary(pid):
                    ok.append(t)
        if not ok:
            return self._rest(pid, cell, ctx, ev)
        if len(ok) == 1:
            return (ok[0], (ok[0][0] - cell[0], ok[0][1] - cell[1]), via)
        return self._choose(pid, via, ok, cell, ctx)

    def _fly(self, pid, cell, ctx, ev) -> Hop | None:
        """The airplane (once per game) or ice after a flight: any unoccupied face-up square."""
        tile = self.tiles[cell]
        if tile["face"] == "airplane":
            self._tile_to_change(cell)["spent"] = True
        ok = [
            c
            for c, t in sorted(self.tiles.items(), key=lambda i: (i[0][1], i[0][0]))
            if t["up"] and c != cell and not self._occupied(c) and self.bear != c
        ]
        if not ok:
            return self._rest(pid, cell, ctx, ev)
        return self._choose(pid, "airplane", ok, cell, ctx)

    def _occupied(self, cell: Cell) -> bool:
        return any(p["where"] == "land" and p["cell"] == cell for p in self.pieces.values())

    def _choose(self, pid, kind, cells, at, ctx) -> None:
        self.pending = {
            "kind": kind,
            "piece": pid,
            "cell": at,
            "start": ctx["start"],
            "from_boat": ctx["from_boat"],
            "coin": ctx["coin"],
            "stage": ctx["stage"],
            "seen": list(ctx["seen"]),
            "options": [f"to {cell_name(c)}" for c in cells],
        }
        return None

    def _pit(self, pid, cell, ctx, ev) -> Hop | None:
        seat = self.pieces[pid]["seat"]
        trapped = [
            q
            for q in self.pieces_at(cell)
            if q != pid
            and self.pieces[q]["trapped"]
            and self.friendly(self.pieces[q]["seat"], seat)
        ]
        if trapped:
            for q in trapped:
                self.pieces[q]["trapped"] = False
            ev.append({"kind": "rescue", "piece": pid, "freed": trapped})
        elif self.ability(pid) != "climber":
            self.pieces[pid]["trapped"] = True
        return self._rest(pid, cell, ctx, ev)

    def _rest(self, pid: str, cell: Cell, ctx: dict, ev: list, quiet: bool = False) -> None:
        """The chain ends on a land square: fight, leave the coin, then any choice of the tile."""
        p = self.pieces[pid]
        p.update(where="land", cell=cell)
        if ctx["coin"]:
            ctx["coin"] = False
            self.coins[cell] = self.coins.get(cell, 0) + 1
        if not quiet:
            self._fight(pid, cell, ev)
        key = self.face_at(cell)
        if key == "musket":
            self._tile_to_change(cell)["spent"] = True
            self.pending = _after("fire", pid, [f"fire {d}" for d in DIRECTIONS])
        elif key == "lighthouse":
            self._tile_to_change(cell)["spent"] = True
            self._lighthouse(pid, 4)
        elif key == "earthquake":
            self._tile_to_change(cell)["spent"] = True
            self._earthquake(pid)
        return None

    def _fight(self, pid: str, cell: Cell, ev: list) -> None:
        p = self.pieces[pid]
        if self.is_missionary(pid):
            return
        key = self.face_at(cell)
        if key in ("jungle", "fortress", "shrine"):
            return
        here = self.pieces_at(cell)
        if any(self.is_missionary(q) for q in here):
            return
        if key == "bank" and self.coins.get(cell, 0):
            return
        for q in here:
            other = self.pieces[q]
            if q == pid or self.friendly(other["seat"], p["seat"]) or self.is_missionary(q):
                continue
            if FACES[key].maze and other["stage"] != p["stage"]:
                continue  # in a labyrinth only the enemy one step ahead is in reach
            self._send_home(q, ev, "hit")

    # -- tiles that act when turned up ------------------------------------------------------------

    def _on_reveal(self, pid: str, cell: Cell, ctx: dict, ev: list) -> bool:
        """First-time effects; True when the chain ends here."""
        tile = self.tiles[cell]
        face = FACES[tile["face"]]
        seat = self.pieces[pid]["seat"]
        if face.coins:
            self.coins[cell] = self.coins.get(cell, 0) + face.coins
            self._tile_to_change(cell)["spent"] = True
            ev.append({"kind": "treasure", "cell": cell_name(cell), "coins": face.coins})
        elif face.bottles:
            self._tile_to_change(cell)["spent"] = True
            n = min(face.bottles, self.bottle_supply)
            self.bottle_supply -= n
            if self.is_missionary(pid) and n:
                # the book: he acts as though he were handed the bottle (A16: the rest to his crew)
                self.bottles_used += 1
                n -= 1
                self._convert(ev)
            self.bottles[seat] += n
            ev.append({"kind": "bottles", "seat": seat, "bottles": n})
        elif tile["face"] == "smoke":
            self._tile_to_change(cell)["spent"] = True
            self.smoke_pending = True
            ev.append({"kind": "smoke", "cell": cell_name(cell)})
        elif tile["face"] == "missionary":
            self._tile_to_change(cell)["spent"] = True
            if "M" not in self.pieces:
                self.pieces["M"] = {
                    "seat": seat,
                    "where": "land",
                    "cell": cell,
                    "boat": None,
                    "stage": 0,
                    "trapped": False,
                    "drunk": 0,
                    "convert": False,
                }
                ev.append({"kind": "missionary", "cell": cell_name(cell), "seat": seat})
        elif tile["face"] == "bear":
            self._tile_to_change(cell)["spent"] = True
            self.bear = cell
            self.bear_waker = seat
            self.bear_fresh = True
            ev.append({"kind": "bear wakes", "cell": cell_name(cell), "seat": seat})
            self._drop_coin(ctx, None, ev)
            self.pieces[pid].update(where="land", cell=cell)
            self._maul(pid, ev)
            self._bear_step(ev)
            return True
        return False

    def _convert(self, ev: list) -> None:
        self.pieces["M"]["convert"] = True
        ev.append({"kind": "convert", "seat": self.pieces["M"]["seat"]})

    def _lighthouse(self, pid: str, left: int) -> None:
        cells = [
            c
            for c, t in sorted(self.tiles.items(), key=lambda i: (i[0][1], i[0][0]))
            if not t["up"]
        ]
        seat = self.pieces[pid]["seat"]
        cells = [c for c in cells if c not in self.known[seat]] if left < 4 else cells
        if not cells or left <= 0:
            self.pending = None
            return
        self.pending = _after("peek", pid, [f"peek {cell_name(c)}" for c in cells])
        self.pending["left"] = left

    def _earthquake(self, pid: str) -> None:
        free = [
            c
            for c in sorted(self.tiles, key=lambda c: (c[1], c[0]))
            if not self._occupied(c) and not self.coins.get(c) and self.bear != c
        ]
        if len(free) < 2:
            self.pending = None
            return
        options = [
            f"swap {cell_name(a)} {cell_name(b)}" for i, a in enumerate(free) for b in free[i + 1 :]
        ]
        self.pending = _after("swap", pid, options)

    def _offer_turns(self, pid: str, cells: list) -> None:
        """After an earthquake's swap, the finder may turn each swapped face-up arrow tile once,
        to any orientation that points elsewhere, or keep them as they lie (ruling A23)."""
        options = []
        for cell in cells:
            tile = self.tiles[cell]
            if not (tile["up"] and tile["face"].startswith("arrow-")):
                continue
            arrows = FACES[tile["face"]].arrows
            seen = [{rotate(d, tile["rot"]) for d in arrows}]
            for quarters in (1, 2, 3):
                points = {rotate(d, tile["rot"] + quarters) for d in arrows}
                if points not in seen:
                    seen.append(points)
                    options.append(f"turn {cell_name(cell)} {quarters}")
        if options:
            self.pending = _after("turn", pid, [*options, "keep"])
            self.pending["cells"] = [cell_name(c) for c in cells]

    def _fire(self, pid: str, direction: str, ev: list) -> None:
        """The musket: the nearest piece in the line is hit (ruling A17)."""
        at = self.pieces[pid]["cell"]
        d = DIRECTIONS[direction]
        ev.append({"kind": "fire", "piece": pid, "cell": cell_name(at), "dir": direction})
        to = add(at, d)
        while self.on_board(to):
            targets = [
                q
                for q in self.pieces_at(to) + self.pieces_at(to, "water")
                if not self.is_missionary(q)
            ]
            if targets:
                self._send_home(sorted(targets, key=_piece_order)[0], ev, "shot")
                return
            to = add(to, d)
        ev.append({"kind": "miss", "dir": DIR_OF[d]})


def _after(kind: str, pid: str, options: list[str]) -> dict:
    return {
        "kind": kind,
        "piece": pid,
        "cell": None,
        "start": None,
        "from_boat": None,
        "coin": False,
        "stage": 0,
        "seen": [],
        "options": options,
    }


def _piece_order(pid: str) -> tuple[int, str]:
    return ("WYRKM".index(pid[0]), pid)
