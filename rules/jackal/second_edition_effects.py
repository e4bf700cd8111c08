"""Second edition: the effects of its tiles and characters (caves, earthquake, lighthouse, bottles,
Friday and the Missionary) and its own actions (leaving a cave, peeks, quakes), as methods of
``State``. Its moves are in second_edition.py; rulesets.py names its hooks.
"""

from __future__ import annotations

from .geometry import (
    LAND_CELLS,
    NAMES,
)
from .moves import (
    CHARACTER_NAMES,
    CHEST,
    COIN,
    CREWS,
    FIRST_CHARACTER,
    FR,
    MI,
    NPIECES,
    X_PEEK,
    any_piece_name,
)
from .position import (
    CURSES,
    MV_CAVE,
    P_CAVE,
    P_NONE,
    P_PEEK,
    P_QUAKE1,
    P_QUAKE2,
    name_of,
)
from .tiles import (
    BEN_GUNN,
    BOTTLES,
    CARAMBA,
    CAVE,
    FRIDAY,
    LIGHTHOUSE,
    MISSIONARY,
    OGRE,
    QUAKE,
    SPINNER_NAMES,
)


class SecondEditionEffects:
    """The second edition's effects, as methods of ``State`` (it inherits them; the arrays are in
    position.py)."""

    __slots__ = ()

    def _arrive_se(self, p: int, c: int, cell: int, k: int, mv: int) -> bool:
        """Second-edition arrival effects; True when they took over (the pirate went on, or a
        decision is pending)."""
        fresh = self._fresh == k
        self._fresh = 0
        ev = self._ev
        if k == OGRE:  # only Friday stands here; a coin he brings is eaten
            if self._carry:
                self._eaten += self._carry
                self._island -= self._carry
                self._carry = 0
                self._noisy = True
            if ev is not None:
                self._log("ogre", name_of(p), "is not afraid of the ogre", piece=any_piece_name(p))
            return True
        if k == CAVE and mv != MV_CAVE:
            lost = [q for q in range(NPIECES) if self._trap[q] == 2 and self._pc[q] != cell]
            if fresh and lost:
                self._cave_swap(p, cell, lost)
                return False
            exits = self._cave_exits(c, cell)
            if len(exits) == 1:
                self._occ[cell] &= ~(1 << p)
                if ev is not None:
                    self._log(
                        "cave",
                        name_of(p),
                        f"goes through the cave to {NAMES[exits[0]]}",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[exits[0]],
                    )
                self._go(p, exits[0], MV_CAVE, cell)
                return True
            if exits:
                self._choose(p, cell, P_CAVE, exits)
                return True
            self._trap[p] = 2
            if ev is not None:
                self._log(
                    "lost",
                    name_of(p),
                    f"is lost in the cave at {NAMES[cell]}",
                    short="gets lost in it",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
            return False
        if k == CARAMBA and ev is not None:
            self._log(
                "caramba",
                name_of(p),
                f"stumbles at {NAMES[cell]} and shouts: {CURSES[self.ply % len(CURSES)]}",
                short="stumbles and shouts: " + CURSES[self.ply % len(CURSES)],
                piece=any_piece_name(p),
                cell=NAMES[cell],
                curse=self.ply % len(CURSES),
            )
        if not fresh:
            return False
        if k in (BEN_GUNN, MISSIONARY, FRIDAY):
            q = FIRST_CHARACTER + (k - BEN_GUNN)
            self._cstat[q - FIRST_CHARACTER] = 1
            self._pcrew[q] = c
            self._recrew()
            self._place(q, cell, 0)
            if ev is not None:
                self._log(
                    "join",
                    name_of(q),
                    f"joins the {CREWS[c]} crew at {NAMES[cell]}",
                    short=f"{name_of(q)} joins the {CREWS[c]} crew",
                    piece=any_piece_name(q),
                    crew=CREWS[c],
                    cell=NAMES[cell],
                )
        elif k == BOTTLES:
            n = self._arg[cell]
            if ev is not None:
                self._log(
                    "bottles",
                    CREWS[c].capitalize(),
                    f"finds {n} message bottle" + ("s" if n > 1 else ""),
                    crew=CREWS[c],
                    count=n,
                )
            if self._harmless(p):
                n -= 1
                self._read_bottle(p)
            self._bottles[c] += n
        elif k == LIGHTHOUSE:
            opts = [t for t in LAND_CELLS if not self._up[t]]
            if opts:
                self._pcount = min(4, len(opts))
                self._choose(p, cell, P_PEEK, opts)
                return True
        elif k == QUAKE:
            opts = self._quake_tiles()
            if len(opts) >= 2:
                self._choose(p, cell, P_QUAKE1, opts)
                return True
        return False

    def _quake_tiles(self) -> list[int]:
        """Island tiles an earthquake may swap: nobody on them, no coin, no chest (ruling 24)."""
        occ = self._occ
        busy = {key >> 3 for key in self._coins}
        if self._chest >= 0:
            busy.add(self._chest >> 3)
        return [t for t in LAND_CELLS if not occ[t] and t not in busy]

    def _cave_swap(self, p: int, cell: int, lost: list[int]) -> None:
        """Ruling 23: a new cave is found while pirates are lost: they come out on it and the
        finder takes their place. Ruling S5: only those lost on the earliest-found cave."""
        held = {self._pc[q] for q in lost}
        where = next((t for t in self._caves if t in held), self._pc[lost[0]])
        out = [q for q in lost if self._pc[q] == where]
        occ = self._occ
        for q in out:
            occ[where] &= ~(1 << q)
            self._trap[q] = 0
            self._place(q, cell, 0)
        occ[cell] &= ~(1 << p)
        self._place(p, where, 0)
        if self._ev is not None:
            self._log(
                "cave",
                name_of(p),
                f"finds the way out of the cave: {', '.join(name_of(q) for q in out)} "
                f"come out at {NAMES[cell]} and {name_of(p)} goes to {NAMES[where]}",
                short=f"finds the way out of the cave for {', '.join(name_of(q) for q in out)}",
                piece=any_piece_name(p),
                cell=NAMES[cell],
                target=NAMES[where],
                freed=[any_piece_name(q) for q in out],
            )
        # Ruling S10: the finder arrives at the entrance like any forced arrival. Enemies who
        # stand there (not lost) are attacked; if it may not attack them, ruling 5: it dies.
        c = self._pcrew[p]
        enemies = occ[where] & self._enemy[c]
        if enemies:
            shielded = enemies >> MI & 1 and not self._converted
            if self._harmless(p) or self._carry or shielded:
                self._impossible(p, where, "enemies")
            else:
                self._attack(p, enemies)

    def _surrender(self, p: int) -> None:
        """Friday, attacked, joins the attacker's crew where he stands (ruling 21)."""
        c = self._pcrew[p]
        if self._pcrew[FR] == c:
            return
        self._pcrew[FR] = c
        self._recrew()
        if self._ev is not None:
            self._log(
                "surrender",
                "Friday",
                f"surrenders to {name_of(p)} and joins the {CREWS[c]} crew",
                piece="FR",
                crew=CREWS[c],
                attacker=any_piece_name(p),
            )

    def _leave(self, q: int, why: str, reason: str) -> None:
        """A character leaves the game (a bottle for Friday; Friday and the Missionary meet)."""
        cell = self._pc[q]
        if cell >= 0:
            self._occ[cell] &= ~(1 << q)
        self._pc[q] = -1
        self._ps[q] = 0
        self._trap[q] = 0
        self._drunk[q] = 0
        self._cstat[q - FIRST_CHARACTER] = 2
        self._recrew()
        if self._ev is not None:
            self._log("leave", name_of(q), why, piece=any_piece_name(q), reason=reason)

    def _read_bottle(self, q: int) -> None:
        """Friday or the Missionary reads a message (ruling 21)."""
        if q == FR:
            self._leave(FR, "reads the message in the bottle and leaves the island", "bottle")
        else:
            self._converted = True
            if self._ev is not None:
                self._log(
                    "convert",
                    "The Missionary",
                    "reads the message in the bottle, draws a cutlass and becomes a pirate",
                    piece="MI",
                )

    def _meet(self) -> None:
        """Friday and the Missionary on one square leave together (ruling 21)."""
        f = self._pc[FR]
        if f >= 0 and f == self._pc[MI] and not self._converted:
            self._leave(FR, "meets the Missionary", "meets")
            self._leave(MI, "leaves the island together with Friday", "together")
            if self._pend and self._pp in (FR, MI):
                # Ruling S11: the one who was to choose (a cave exit, an arrow) has left: the
                # chain ends, and a coin in hand goes back to where the action began.
                if self._carry:
                    self._drop_coin(self._from_key)
                self._pend = P_NONE
                self._popts = ()

    def _use_bottle(self, p: int, cell: int, target: int) -> None:
        """A free bottle use (ruling 22); the turn goes on."""
        c = self._order[self._turn]
        fr = self._friend[c]
        for d in [c] + [d for d in self._order if d != c and fr >> (3 * d) & 1]:
            if self._bottles[d]:
                self._bottles[d] -= 1
                break
        ev = self._ev
        if target != cell:
            q = FR if self._pc[FR] == target else MI
            if ev is not None:
                self._log(
                    "bottle",
                    name_of(p),
                    f"hands a message bottle to {CHARACTER_NAMES[q - FIRST_CHARACTER]} "
                    f"at {NAMES[target]}",
                    piece=any_piece_name(p),
                    target=NAMES[target],
                )
            self._read_bottle(q)
        elif self._trap[p]:
            self._trap[p] = 0
            if ev is not None:
                self._log(
                    "bottle",
                    name_of(p),
                    f"reads a message bottle and climbs out of the trap at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
        else:
            last = self._arg[cell]
            self._ps[p] = last
            if ev is not None:
                self._log(
                    "bottle",
                    name_of(p),
                    f"reads a message bottle and crosses to step {last} of the "
                    f"{SPINNER_NAMES[last]} at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    step=last,
                )
            hit = self._on_step(self._occ[cell] & self._enemy[c] & ~(1 << p), last)
            if hit:
                self._attack(p, hit)
        self._meet()

    def _attack_victims_se(self, p: int, victims: int) -> int:
        """The ``attack_victims`` hook: Friday, attacked, is not knocked back but joins the
        attacker's crew (ruling 21)."""
        if victims >> FR & 1:
            victims &= ~(1 << FR)
            self._surrender(p)
        return victims

    def _sea_victims_se(self, p: int, victims: int) -> int:
        """The ``sea_victims`` hook: Friday and the unconverted Missionary kill nobody in the
        water, nobody kills the unconverted Missionary, and Friday surrenders (ruling 21)."""
        if self._harmless(p):
            return 0
        if not self._converted:
            victims &= ~(1 << MI)
        if victims >> FR & 1:
            victims &= ~(1 << FR)
            self._surrender(p)
        return victims

    def _leave_cave(self, p: int, origin: int, target: int, code: int) -> None:
        """A pirate lost in a cave goes out by the exit it chose (ruling 23), maybe with a coin."""
        ev = self._ev
        self._occ[origin] &= ~(1 << p)
        self._trap[p] = 0
        if code & COIN:
            self._take_coin(origin << 3, code & CHEST)
        if ev is not None:
            self._log(
                "cave",
                name_of(p),
                f"finds the way through the cave from {NAMES[origin]} to {NAMES[target]}",
                piece=any_piece_name(p),
                origin=NAMES[origin],
                target=NAMES[target],
                coin=bool(code & COIN),
            )
        self._go(p, target, MV_CAVE, origin)

    def _decide(self, x: int, p: int, target: int) -> None:
        """A lighthouse peek or an earthquake tile (rulings 24, 25)."""
        cell = self._pc[p]
        pend = self._pend
        opts = self._popts
        self._pend = P_NONE
        self._popts = ()
        ev = self._ev
        if x == X_PEEK:
            seat = self.to_act()
            peeks = dict(self._peeks)
            peeks[seat] = set(peeks.get(seat, ())) | {target}
            self._peeks = peeks
            self._pcount -= 1
            if ev is not None:
                self._log(
                    "peek",
                    name_of(p),
                    f"looks at the face-down tile at {NAMES[target]} from the lighthouse",
                    piece=any_piece_name(p),
                    cell=NAMES[target],
                    seat=seat,
                )
            rest = tuple(t for t in opts if t != target)
            if self._pcount and rest:
                self._pend, self._pp, self._popts = P_PEEK, p, rest
            else:
                self._pcount = 0
            return
        if pend == P_QUAKE1:
            self._quake1 = target
            self._pend, self._pp = P_QUAKE2, p
            self._popts = tuple(t for t in opts if t != target)
            return
        a, b = self._quake1, target
        self._quake1 = -1
        kind, arg, up = self._kind[:], self._arg[:], self._up
        kind[a], kind[b] = kind[b], kind[a]
        arg[a], arg[b] = arg[b], arg[a]
        up[a], up[b] = up[b], up[a]
        self._kind, self._arg = kind, arg
        swap = {a: b, b: a}
        self._caves = [swap.get(t, t) for t in self._caves]
        self._peeks = {seat: {swap.get(t, t) for t in cells} for seat, cells in self._peeks.items()}
        self._rebuild()
        if ev is not None:
            self._log(
                "quake",
                name_of(p),
                f"shakes the island: the tiles at {NAMES[a]} and {NAMES[b]} swap places",
                piece=any_piece_name(p),
                cell=NAMES[cell],
                tiles=[NAMES[a], NAMES[b]],
            )
