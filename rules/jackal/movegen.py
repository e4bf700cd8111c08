"""Move generation: the legal moves of the crew to act, as packed ints (see moves.py).

The one place that decides what is legal; refusals.py explains a refused move from these lists.
"""

from __future__ import annotations

from .agreement import AGREEMENT_MOVES
from .geometry import (
    BERTH_MOVES,
    FRONT,
    LAND,
    LAND_CELLS,
    NEIGHBOURS,
    SEA_NEIGHBOURS,
)
from .moves import (
    CHEST,
    COIN,
    K_AGREE,
    K_CHOOSE,
    K_FLY,
    K_REVIVE,
    K_SHIP,
    K_SPIN,
    K_STAY,
    NONE_CELL,
    X_PEEK,
    X_QUAKE,
    X_SHIFT,
    Move,
)
from .position import (
    BITS,
    CREW_MASK,
    END_TURN_CODE,
    FORTS,
    P_FLIGHT,
    P_PEEK,
    P_PLANE,
)
from .tiles import (
    FORTRESS,
    NATIVE,
    PLANE,
    SPINNER,
)


class MoveGeneration:
    """The movegen methods of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    def legal_codes(self) -> list[int]:
        """Legal moves as packed ints (see moves.py). Do not mutate the list."""
        legal = self._legal
        if legal is None:
            if self._over:
                legal = []
            elif self._pend:
                legal = self._gen_pending()
            elif self._after:
                legal = self._gen_after()
            else:
                legal = self._rules.generate(self, self._order[self._turn])
            self._legal = legal
        return legal

    def legal_moves(self) -> list[Move]:
        """Everything the seat to act may play now: the moves of ``legal_codes()`` and the free
        actions about ending the game by agreement (``offer end``, ``accept end``: ruling E16,
        agreement.py)."""
        moves = [Move(code) for code in self.legal_codes()]
        code = self._agreement_code()
        if code:
            moves.append(AGREEMENT_MOVES[code])  # shared: a Move is immutable
        return moves

    def _gen_pending(self) -> list[int]:
        p = self._pp
        cell = self._pc[p]
        base = p << 3 | cell << 7 | (COIN if self._carry else 0)
        pend = self._pend
        if self._carry == 3:
            base |= CHEST
        if pend >= P_PEEK:
            x = (X_PEEK if pend == P_PEEK else X_QUAKE) << X_SHIFT
            return [K_AGREE | x | (base & ~(COIN | CHEST)) | t << 15 for t in self._popts]
        kind = K_FLY if pend in (P_FLIGHT, P_PLANE) else K_CHOOSE
        codes = [kind | base | t << 15 for t in self._popts]
        if pend == P_PLANE:
            codes.append(K_STAY | p << 3 | cell << 7 | cell << 15)
        return codes

    def _gen_classic(self, c: int) -> list[int]:
        """The classic game's moves of crew c at the start of its action (the ``generate`` hook
        of the classic rules, rulesets.py)."""
        pc = self._pc
        ps = self._ps
        occ = self._occ
        up = self._up
        kind = self._kind
        coins = self._coins
        shipc = self._shipc
        en = self._enemy[c]
        fr = self._friend[c]
        res: list[int] = []
        add = res.append
        for p in range(3 * c, 3 * c + 3):
            cell = pc[p]
            if cell < 0 or self._drunk[p]:
                continue
            base = p << 3 | cell << 7
            if not LAND[cell]:
                if shipc[cell] >= 0:  # aboard: only the tile in front
                    t = FRONT[cell]
                    if not (up[t] and (kind[t] == FORTRESS or kind[t] == NATIVE) and occ[t] & en):
                        add(base | t << 15)
                else:  # swimming
                    for t in SEA_NEIGHBOURS[cell]:
                        add(base | t << 15)
                continue
            if self._trap[p]:
                continue
            k = kind[cell]
            step = ps[p]
            have = coins.get(cell << 3 | step, 0) if coins else 0
            if k == SPINNER and step < self._arg[cell]:
                code = K_SPIN | base | cell << 15
                add(code)
                if have and not self._on_step(occ[cell] & en, step + 1):
                    add(code | COIN)
                continue
            if k == PLANE and not self._plane_used:
                for t in self._flight_classic(c, False, cell):
                    add(K_FLY | base | t << 15)
                if have:
                    for t in self._flight_classic(c, True, cell):
                        add(K_FLY | base | t << 15 | COIN)
                continue
            for t in NEIGHBOURS[cell]:
                if LAND[t]:
                    if not up[t]:
                        add(base | t << 15)
                        continue
                    kt = kind[t]
                    o = occ[t] & en
                    if o and kt == SPINNER:
                        o = self._on_step(o, 1)
                    if kt in FORTS:
                        if not o:
                            add(base | t << 15)
                        continue
                    add(base | t << 15)
                    if have and not o:
                        add(base | t << 15 | COIN)
                else:
                    s = shipc[t]
                    if s < 0:
                        continue
                    add(base | t << 15)
                    if have and fr >> (3 * s) & 1:
                        add(base | t << 15 | COIN)
        self._gen_ships_and_revival(c, add)
        return res

    def _gen_ships_and_revival(self, c: int, add) -> None:
        """Crew c's moves that both editions generate alike: sailing a ship of its team (its own
        with a sober pirate of the team aboard, a teammate's with a sober pirate of c aboard),
        and the native girl bringing back c's first dead pirate while a sober pirate of c stands
        on her square."""
        pc = self._pc
        occ = self._occ
        fr = self._friend[c]
        drunk = self._drunk
        ship = self._ship
        for s in self._order:
            if not fr >> (3 * s) & 1:
                continue
            berth = ship[s]
            steer = occ[berth] & (fr if s == c else CREW_MASK[c])
            if steer and any(not drunk[q] for q in BITS[steer]):
                base = K_SHIP | s << 3 | berth << 7
                for t in BERTH_MOVES[berth]:
                    add(base | t << 15)
        girl = self._native
        if girl >= 0 and any(not drunk[q] for q in BITS[occ[girl] & CREW_MASK[c]]):
            for p in range(3 * c, 3 * c + 3):
                if pc[p] < 0:
                    add(K_REVIVE | p << 3 | NONE_CELL << 7 | girl << 15)
                    break

    def _gen_after(self) -> list[int]:
        """After the action (ruling 22, S1): the bottle uses, and ending the turn."""
        res: list[int] = []
        self._gen_bottles(self._order[self._turn], res.append)
        res.append(END_TURN_CODE)
        return res

    def _on_step(self, mask: int, step: int) -> int:
        """The pirates of mask standing on the given spinner step."""
        ps = self._ps
        out = 0
        for q in BITS[mask]:
            if ps[q] == step:
                out |= 1 << q
        return out

    def _flight_targets(self, c: int, carrying: bool, exclude: int, p: int = -1) -> list[int]:
        """Where the plane (or ice after a flight) can take piece p of crew c, ``exclude`` aside
        (ruling 14): the ruleset's ``flight_targets`` hook."""
        return self._rules.flight_targets(self, c, carrying, exclude, p)

    def _flight_classic(self, c: int, carrying: bool, exclude: int, p: int = -1) -> list[int]:
        """Classic: to any face-down tile empty-handed, to a face-up one the pirate could enter,
        or back to its own ship."""
        up = self._up
        kind = self._kind
        occ = self._occ
        en = self._enemy[c]
        out = []
        for t in LAND_CELLS:
            if t == exclude:
                continue
            if not up[t]:
                if not carrying:
                    out.append(t)
                continue
            kt = kind[t]
            o = occ[t] & en
            if o and kt == SPINNER:
                o = self._on_step(o, 1)
            if kt in FORTS:
                if o or carrying:
                    continue
            elif o and carrying:
                continue
            out.append(t)
        out.append(self._ship[c])
        return out
