"""Second edition: its moves (characters, bottles) and the effects of its tiles (caves, earthquake,
lighthouse, smoke, Friday and the Missionary).
"""

from __future__ import annotations

from .geometry import (
    BERTH_MOVES,
    FRONT,
    LAND,
    LAND_CELLS,
    NAMES,
    NEIGHBOURS,
    SEA_NEIGHBOURS,
)
from .moves import (
    CHAR,
    CHARACTER_NAMES,
    CHEST,
    COIN,
    CREWS,
    K_AGREE,
    K_CHOOSE,
    K_REVIVE,
    K_SHIP,
    K_SPIN,
    NONE_CELL,
    X_BOTTLE,
    X_SHIFT,
    any_piece_name,
)
from .position import (
    BITS,
    CREW_MASK,
    CURSES,
    FR,
    MI,
    MV_CAVE,
    NPIECES,
    P_CAVE,
    P_NONE,
    P_PEEK,
    P_QUAKE1,
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
    SPINNER,
    SPINNER_NAMES,
)


class SecondEditionEffects:
    """The second edition methods of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    def _gen_se(self, c: int) -> list[int]:
        pc = self._pc
        ps = self._ps
        occ = self._occ
        kind = self._kind
        coins = self._coins
        shipc = self._shipc
        en = self._enemy[c]
        fr = self._friend[c]
        res: list[int] = []
        add = res.append
        drunk = self._drunk
        chest = self._chest
        for p in self._members[c]:
            cell = pc[p]
            if cell < 0 or drunk[p]:
                continue
            base = p << 3 | cell << 7 | (CHAR if p >= 12 else 0)
            if not LAND[cell]:
                if shipc[cell] >= 0:
                    t = FRONT[cell]
                    if self._entry(p, c, t):
                        add(base | t << 15)
                else:
                    harmless = self._harmless(p)
                    for t in SEA_NEIGHBOURS[cell]:
                        o = occ[t] & en
                        if o and shipc[t] < 0 and (harmless or o >> MI & 1):
                            continue
                        add(base | t << 15)
                continue
            if self._trap[p]:
                if self._trap[p] == 2:
                    for t in self._cave_exits(c, cell):
                        add(K_CHOOSE | base | t << 15)
                continue
            k = kind[cell]
            step = ps[p]
            key = cell << 3 | step
            drag = []
            if p != MI or self._converted:
                if coins.get(key, 0):
                    drag.append(COIN)
                if chest == key:
                    drag.append(COIN | CHEST)
            if k == SPINNER and step < self._arg[cell] and p != FR:
                code = K_SPIN | base | cell << 15
                hit = self._on_step(occ[cell] & en, step + 1)
                if hit and self._harmless(p):
                    continue
                add(code)
                if not hit:
                    for d in drag:
                        add(code | d)
                continue
            for t in NEIGHBOURS[cell]:
                if LAND[t]:
                    r = self._entry(p, c, t)
                    if r:
                        add(base | t << 15)
                        if r == 3:
                            for d in drag:
                                add(base | t << 15 | d)
                else:
                    sh = shipc[t]
                    if sh < 0:
                        continue
                    add(base | t << 15)
                    if fr >> (3 * sh) & 1:
                        for d in drag:
                            add(base | t << 15 | d)
        ship = self._ship
        for sh in self._order:
            if not fr >> (3 * sh) & 1:
                continue
            berth = ship[sh]
            steer = occ[berth] & (fr if sh == c else CREW_MASK[c])
            if steer and any(not drunk[q] for q in BITS[steer]):
                base = K_SHIP | sh << 3 | berth << 7
                for t in BERTH_MOVES[berth]:
                    add(base | t << 15)
        girl = self._native
        if girl >= 0 and any(not drunk[q] for q in BITS[occ[girl] & CREW_MASK[c]]):
            for p in range(3 * c, 3 * c + 3):
                if pc[p] < 0:
                    add(K_REVIVE | p << 3 | NONE_CELL << 7 | girl << 15)
                    break
        if not self._smoke and self._team_bottles(c):
            self._gen_bottles(c, add)
        return res

    def _gen_bottles(self, c: int, add) -> None:
        """Free bottle uses (ruling 22): out of a trap, to a spinner's last step, or handed to
        Friday / the Missionary on a neighbouring square."""
        pc = self._pc
        targets = [q for q in (MI, FR) if pc[q] >= 0 and (q == FR or not self._converted)]
        for p in self._members[c]:
            cell = pc[p]
            if cell < 0 or self._drunk[p] or self._trap[p] == 2:
                continue
            base = K_AGREE | X_BOTTLE << X_SHIFT | p << 3 | cell << 7 | (CHAR if p >= 12 else 0)
            if LAND[cell]:
                if self._trap[p]:
                    add(base | cell << 15)
                elif self._kind[cell] == SPINNER and self._ps[p] < self._arg[cell] and p != FR:
                    last = self._arg[cell]
                    hit = self._on_step(self._occ[cell] & self._enemy[c], last)
                    if not (hit and self._harmless(p)):
                        add(base | cell << 15)
            if p < 12:
                for q in targets:
                    if pc[q] in NEIGHBOURS[cell]:
                        add(base | pc[q] << 15)

    def _cave_exits(self, c: int, cell: int) -> list[int]:
        """Revealed cave squares other than cell that no enemy blocks (ruling 23)."""
        en = self._enemy[c]
        return [t for t in self._caves if t != cell and not self._occ[t] & en]

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
            q = 12 + (k - BEN_GUNN)
            self._cstat[q - 12] = 1
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
        self._cstat[q - 12] = 2
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
                    f"hands a message bottle to {CHARACTER_NAMES[q - 12]} at {NAMES[target]}",
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

    def _team_bottles(self, c: int) -> int:
        """Bottles crew c may use: its own and its allies' (ruling 22)."""
        friends = self._friend[c]
        return sum(self._bottles[d] for d in self._order if d == c or friends >> (3 * d) & 1)
