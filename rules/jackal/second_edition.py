"""Second edition: its moves (characters, bottles, the entry rules of Friday, the Missionary and the
dense jungle, the plane's targets). The effects of its tiles are in second_edition_effects.py.
"""

from __future__ import annotations

from .geometry import (
    FRONT,
    LAND,
    LAND_CELLS,
    NEIGHBOURS,
    SEA_NEIGHBOURS,
)
from .moves import (
    CHEST,
    COIN,
    FIRST_CHARACTER,
    FR,
    K_AGREE,
    K_CHOOSE,
    K_SPIN,
    MI,
    X_BOTTLE,
    X_SHIFT,
)
from .position import (
    END_TURN_CODE,
    FORTS,
    QUIET_ROUNDS,
)
from .tiles import (
    OGRE,
    SPINNER,
    THICKET,
)


class SecondEditionMoves:
    """The second edition's moves, as methods of ``State`` (it inherits them; the arrays are in
    position.py); rulesets.py names them as the hooks of the second edition."""

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
            base = p << 3 | cell << 7
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
        self._gen_ships_and_revival(c, add)
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
            base = K_AGREE | X_BOTTLE << X_SHIFT | p << 3 | cell << 7
            if LAND[cell]:
                if self._trap[p]:
                    add(base | cell << 15)
                elif self._kind[cell] == SPINNER and self._ps[p] < self._arg[cell] and p != FR:
                    last = self._arg[cell]
                    hit = self._on_step(self._occ[cell] & self._enemy[c], last)
                    if not (hit and self._harmless(p)):
                        add(base | cell << 15)
            if p < FIRST_CHARACTER:
                for q in targets:
                    if pc[q] in NEIGHBOURS[cell]:
                        add(base | pc[q] << 15)

    def _cave_exits(self, c: int, cell: int) -> list[int]:
        """Revealed cave squares other than cell that no enemy blocks (ruling 23)."""
        en = self._enemy[c]
        return [t for t in self._caves if t != cell and not self._occ[t] & en]

    def _team_bottles(self, c: int) -> int:
        """Bottles crew c may use: its own and its allies' (ruling 22)."""
        friends = self._friend[c]
        return sum(self._bottles[d] for d in self._order if d == c or friends >> (3 * d) & 1)

    def _harmless(self, p: int) -> bool:
        """Friday and the unconverted Missionary never attack (ruling 21)."""
        return p == FR or (p == MI and not self._converted)

    def _entry(self, p: int, c: int, t: int) -> int:
        """Second edition: may piece p of crew c enter the land square t by its own move?
        0 no, 1 empty-handed, 3 also dragging a coin or the chest."""
        if not self._up[t]:
            return 1
        kt = self._kind[t]
        o = self._occ[t] & self._enemy[c]
        if o:
            preacher = o >> MI & 1 and not self._converted
            if p == FR and preacher:
                return 1  # Friday meets the Missionary: they leave together
            if preacher:
                return 0  # nobody shares a tile with an enemy Missionary
            if p == MI and not self._converted:
                return 1 if o == 1 << FR else 0
        if kt == THICKET:
            return 1  # dense jungle: no coins, no attacks, enemies may share it (ruling 27)
        if o and kt == SPINNER:
            o = self._on_step(o, 1)
        if kt in FORTS:
            return 0 if o else 1
        if o:
            return 0 if self._harmless(p) else 1
        return 3

    def _flight_se(self, c: int, carrying: bool, exclude: int, p: int = -1) -> list[int]:
        """Second edition: the plane flies only to a revealed tile the piece could enter (with
        what it drags), never to a ship (ruling 14)."""
        up = self._up
        need = 3 if carrying else 1
        return [
            t for t in LAND_CELLS if t != exclude and up[t] and self._entry(p, c, t) & need == need
        ]

    def _may_stop_se(self, p: int, c: int, cell: int, k: int, o: int) -> int:
        """The ``may_stop`` hook: a piece ending forced movement among enemies, a character, or
        on the dense jungle or the ogre follows the entry rules of its own moves (rulings 21, 27).
        Returns the enemies it attacks, or -1 when it may not stop there (it dies, ruling 5)."""
        if o or p >= FIRST_CHARACTER or k in (THICKET, OGRE):
            r = self._entry(p, c, cell)
            if not r or (self._carry and r != 3):
                self._impossible(p, cell, self._why_not(p, c, cell, r))
                return -1
            if k == THICKET or self._harmless(p):
                return 0
        return o

    def _why_not(self, p: int, c: int, cell: int, r: int) -> str:
        """The reason (a key of DEATH_REASONS) a pirate may not end its move at `cell`."""
        k = self._kind[cell]
        if r:
            if k == THICKET:
                return "coin-thicket"
            if k in FORTS:
                return "coin-fortress"
            return "coin-attack"
        o = self._occ[cell] & self._enemy[c]
        if o >> MI & 1 and not self._converted:
            return "missionary"
        if self._harmless(p):
            return "harmless"
        return "fortress-held"

    def _offer_after(self) -> bool:
        """Second edition, after the action of an unsmoked turn: if the crew's team holds a
        bottle and a use is legal, and the game goes on, hold the turn for that decision."""
        if self._smoke:
            return False  # a smoked turn is played by another seat: no bottles (ruling 26)
        c = self._order[self._turn]
        if self._over or self._island == 0 or not self._team_bottles(c):
            return False
        quiet = 0 if self._noisy else self._quiet + 1
        if quiet >= QUIET_ROUNDS * len(self._order):
            return False  # the game ends with this turn (stalemate)
        res: list[int] = []
        self._gen_bottles(c, res.append)
        if not res:
            return False
        res.append(END_TURN_CODE)
        self._taken = None
        self._after = True
        self._legal = res
        return True
