"""Forced-move chains: entering a tile resolves it, and forced movement can enter further tiles.

When the chain meets a choice (an arrow with several heads, a horse, the plane, ice after a horse
or a flight) the state holds a *pending choice* for the same crew; each decision is its own ply.
"""

from __future__ import annotations

from .events import DEATH_REASONS
from .geometry import (
    CANNON_DEST,
    KNIGHT,
    LAND,
    NAMES,
    STEP,
)
from .moves import (
    CREWS,
    FIRST_CHARACTER,
    any_piece_name,
)
from .position import (
    BITS,
    CARRYING,
    FORTS,
    MV_FLIGHT,
    MV_KNIGHT,
    P_ARROW,
    P_FLIGHT,
    P_KNIGHT,
    P_PLANE,
    coin_key_name,
    name_of,
)
from .tiles import (
    ARROW,
    BALLOON,
    CANNON,
    CAVE,
    CROCODILE,
    GALLEON,
    GOLD,
    HORSE,
    ICE,
    MASK_DIRS,
    OGRE,
    PLANE,
    RUM,
    SMOKE,
    SPINNER,
    SPINNER_NAMES,
    STOPPABLE,
    TRAP,
    format_tile,
    tile_name,
)


class Chains:
    """The chains methods of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    def _spin(self, p: int, cell: int, coin: int) -> None:
        step = self._ps[p] + 1
        if coin == 3:
            self._chest = cell << 3 | step
        elif coin:
            coins = self._coins
            key = cell << 3 | (step - 1)
            coins[key] -= 1
            if not coins[key]:
                del coins[key]
            coins[cell << 3 | step] = coins.get(cell << 3 | step, 0) + 1
        self._ps[p] = step
        if self._ev is not None:
            steps = self._arg[cell]
            self._log(
                "spin",
                name_of(p),
                f"goes on to step {step} of {steps} in the "
                f"{SPINNER_NAMES[steps]} at {NAMES[cell]}" + CARRYING[coin],
                piece=any_piece_name(p),
                cell=NAMES[cell],
                step=step,
                steps=steps,
                coin=bool(coin),
            )
        hit = self._on_step(self._occ[cell] & self._enemy[self._pcrew[p]] & ~(1 << p), step)
        if hit:
            self._attack(p, hit)

    def _go(self, p: int, cell: int, mv: int, prev: int) -> None:
        """Pirate p (lifted off the board) enters cell, having arrived by mv from prev; resolve
        forced movement until it stops, dies, boards, swims or needs a choice."""
        kind = self._kind
        up = self._up
        seen = None
        while True:
            if not LAND[cell]:
                self._enter_sea(p, cell)
                return
            if not up[cell]:
                if self._carry:
                    self._impossible(p, cell, "coin-face-down")
                    return
                self._reveal(p, cell)
            k = kind[cell]
            if k in STOPPABLE:
                self._arrive(p, cell, k, mv)
                return
            if k == ARROW:
                dirs = MASK_DIRS[self._arg[cell]]
                if len(dirs) > 1:
                    self._choose(p, cell, P_ARROW, [STEP[cell << 3 | d] for d in dirs])
                    return
                mv = dirs[0]
                nxt = STEP[cell << 3 | mv]
                if self._ev is not None:
                    self._log(
                        "arrow",
                        name_of(p),
                        f"follows the arrow to {NAMES[nxt]}",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == ICE:
                if mv == MV_KNIGHT:
                    self._choose(p, cell, P_KNIGHT, KNIGHT[cell])
                    return
                if mv == MV_FLIGHT:
                    targets = self._flight_targets(self._pcrew[p], self._carry, cell, p)
                    self._choose(p, cell, P_FLIGHT, targets)
                    return
                nxt = STEP[cell << 3 | mv]
                if self._ev is not None:
                    self._log(
                        "ice",
                        name_of(p),
                        f"slides on to {NAMES[nxt]}",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == HORSE:
                self._choose(p, cell, P_KNIGHT, KNIGHT[cell])
                return
            elif k == CROCODILE:
                nxt = prev
                if mv < 8:
                    mv = (mv + 4) & 7
                if self._ev is not None:
                    self._log(
                        "crocodile",
                        name_of(p),
                        f"is chased back to {NAMES[nxt]} by the crocodile",
                        short=f"is chased back to {NAMES[nxt]}",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == OGRE:
                if self._rules.ogre_proof >> p & 1:  # second edition: Friday
                    self._arrive(p, cell, k, mv)
                    return
                if self._ev is not None:
                    self._log(
                        "ogre",
                        name_of(p),
                        "is eaten by the ogre" + (" together with the coin" if self._carry else ""),
                        short="is eaten" + (" together with the coin" if self._carry else ""),
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                        coin=self._carry,
                    )
                if self._carry:
                    self._eaten += self._carry
                    self._island -= self._carry
                    self._carry = 0
                    self._noisy = True
                self._kill(p)
                return
            elif k == BALLOON:
                dest = self._ship[self._pcrew[p]]
                if self._ev is not None:
                    self._log(
                        "balloon",
                        name_of(p),
                        f"is carried by the balloon to the {CREWS[self._pcrew[p]]} ship",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[dest],
                    )
                self._enter_sea(p, dest)
                return
            elif k == CANNON:
                dest = CANNON_DEST[cell << 3 | self._arg[cell]]
                if self._ev is not None:
                    self._log(
                        "cannon",
                        name_of(p),
                        f"is fired by the cannon to {NAMES[dest]}",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[dest],
                    )
                self._enter_sea(p, dest)
                return
            else:  # pragma: no cover - every kind is handled above
                raise AssertionError(f"unhandled tile kind {k}")
            prev, cell = cell, nxt
            state = (cell, mv, prev)
            if seen is None:
                seen = {state}
            elif state in seen:
                self._impossible(p, cell, "cycle")
                return
            else:
                seen.add(state)

    def _choose(self, p: int, cell: int, pend: int, targets) -> None:
        """Stop the chain at a choice: the same crew decides next."""
        taken = self._taken.get(cell << 3 | pend) if self._taken else None
        opts = tuple(t for t in targets if t not in taken) if taken else tuple(targets)
        if not opts and pend != P_PLANE:
            self._impossible(p, cell, "no-way-left")
            return
        self._place(p, cell, 0)
        self._pend = pend
        self._pp = p
        self._popts = opts

    def _arrive(self, p: int, cell: int, k: int, mv: int = -1) -> None:
        """p ends forced movement on a tile where one can stop."""
        c = self._pcrew[p]
        occ = self._occ
        o = occ[cell] & self._enemy[c]
        step = 1 if k == SPINNER else 0
        if o and step:
            o = self._on_step(o, 1)
        rules = self._rules
        may_stop = rules.may_stop
        if may_stop is not None:
            o = may_stop(self, p, c, cell, k, o)
            if o < 0:  # it may not stop there: it died
                return
        if o:
            if k in FORTS:
                self._impossible(p, cell, "fortress-held")
                return
            if self._carry:
                self._impossible(p, cell, "coin-attack")
                return
            self._attack(p, o)
        elif self._carry and (k in FORTS):
            self._impossible(p, cell, "coin-fortress")
            return
        self._place(p, cell, step)
        ev = self._ev
        arrive = rules.arrive
        if arrive is not None and arrive(self, p, c, cell, k, mv):
            return
        if k == PLANE and not self._plane_used:
            self._choose(p, cell, P_PLANE, self._flight_targets(c, self._carry, cell, p))
            if ev is not None:
                self._log(
                    "plane",
                    name_of(p),
                    "may fly the plane now or wait by it",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
            return
        if self._carry:
            self._drop_coin(cell << 3 | step)
        if k == SPINNER:
            if ev is not None:
                steps = self._arg[cell]
                self._log(
                    "spin",
                    name_of(p),
                    f"stops on step 1 of {steps} in the {SPINNER_NAMES[steps]} at {NAMES[cell]}",
                    short=f"stops on step 1 of {steps}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    step=1,
                    steps=steps,
                )
        elif k == TRAP and not rules.trap_proof >> p & 1:  # second edition: Friday
            friends = occ[cell] & self._friend[c] & ~(1 << p)
            if friends:
                trap = self._trap
                freed = [q for q in BITS[friends] if trap[q]]
                for q in freed:
                    trap[q] = 0
                if ev is not None and freed:
                    self._log(
                        "rescue",
                        name_of(p),
                        "frees "
                        + ", ".join(name_of(q) for q in freed)
                        + f" from the trap at {NAMES[cell]}",
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                        freed=[any_piece_name(q) for q in freed],
                    )
            else:
                self._trap[p] = 1
                if ev is not None:
                    self._log(
                        "trap",
                        name_of(p),
                        f"is caught in the trap at {NAMES[cell]}",
                        short="is caught in it",
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                    )
        elif k == RUM:
            self._drunk[p] = 2
            if ev is not None:
                self._log(
                    "rum",
                    name_of(p),
                    f"finds rum at {NAMES[cell]}: drunk, misses the crew's next turn",
                    short="gets drunk: misses the crew's next turn",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )

    def _attack(self, p: int, victims: int) -> None:
        pc = self._pc
        occ = self._occ
        ship = self._ship
        spare = self._rules.attack_victims
        if spare is not None:
            victims = spare(self, p, victims)
            if not victims:
                return
        pcrew = self._pcrew
        for q in BITS[victims]:
            occ[pc[q]] &= ~(1 << q)
            self._trap[q] = 0
            self._place(q, ship[pcrew[q]], 0)
        if self._ev is not None:
            names = [name_of(q) for q in BITS[victims]]
            crews = {pcrew[q] for q in BITS[victims]}
            self._log(
                "attack",
                name_of(p),
                "knocks "
                + ", ".join(names)
                + " back to "
                + (f"the {CREWS[crews.pop()]} ship" if len(crews) == 1 else "their ships"),
                piece=any_piece_name(p),
                victims=[any_piece_name(q) for q in BITS[victims]],
            )

    def _enter_sea(self, p: int, cell: int) -> None:
        c = self._pcrew[p]
        s = self._shipc[cell]
        ev = self._ev
        if s >= 0 and self._friend[c] >> (3 * s) & 1:
            self._place(p, cell, 0)
            if self._carry:
                what = "the galleon's chest" if self._carry == 3 else "a coin"
                self._score[c] += self._carry
                self._island -= self._carry
                self._carry = 0
                self._noisy = True
                if ev is not None:
                    self._log(
                        "score",
                        name_of(p),
                        f"brings {what} aboard the {CREWS[s]} ship: "
                        f"{CREWS[c].capitalize()} has {self._score[c]}",
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                        crew=CREWS[c],
                        score=self._score[c],
                        ship=CREWS[s],
                        chest=what != "a coin",
                    )
            elif ev is not None:
                self._log(
                    "board",
                    name_of(p),
                    f"climbs aboard the {CREWS[s]} ship at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    ship=CREWS[s],
                )
            return
        if self._carry:
            self._sunk += self._carry
            self._island -= self._carry
            self._carry = 0
            self._noisy = True
            if ev is not None:
                self._log(
                    "sink",
                    name_of(p),
                    f"drops the coin into the sea at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
        if s >= 0:
            if ev is not None:
                self._log(
                    "death",
                    name_of(p),
                    f"runs into the {CREWS[s]} ship at {NAMES[cell]} and dies",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    ship=CREWS[s],
                )
            self._kill(p)
            return
        victims = self._occ[cell] & self._enemy[c]
        if victims:
            spare = self._rules.sea_victims
            if spare is not None:
                victims = spare(self, p, victims)
        for q in BITS[victims]:
            if ev is not None:
                self._log(
                    "kill",
                    name_of(p),
                    f"kills {name_of(q)} in the water at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    victim=any_piece_name(q),
                    cell=NAMES[cell],
                )
            self._kill(q)
        self._place(p, cell, 0)

    def _reveal(self, p: int, cell: int) -> None:
        self._up[cell] = 1
        self._noisy = True
        k = self._kind[cell]
        if k == GOLD:
            v = self._arg[cell]
            self._coins[cell << 3] = self._coins.get(cell << 3, 0) + v
            self._hidden -= v
        elif k == GALLEON:
            self._chest = cell << 3
            self._hidden -= 3
        elif k == SMOKE:
            self._smoke_new = True
        elif k == CAVE:
            self._caves = self._caves + [cell]
        self._fresh = k  # read by a ruleset's arrival hook (second edition: a find)
        if self._ev is not None:
            self._log(
                "reveal",
                name_of(p),
                f"reveals {tile_name(k, self._arg[cell])} at {NAMES[cell]}",
                piece=any_piece_name(p),
                cell=NAMES[cell],
                tile=format_tile(k, self._arg[cell]),
            )

    def _impossible(self, p: int, cell: int, reason: str) -> None:
        """Ruling 5: forced movement ended where the pirate may not be. It dies; a dragged coin
        goes back to where the action began. `reason` is a key of DEATH_REASONS: the event
        carries it as data, so that the site can say it in any language."""
        coin = self._carry
        if coin:
            self._drop_coin(self._from_key)
        if self._ev is not None:
            back = coin_key_name(self._from_key).split(".")[0] if coin else None
            self._log(
                "death",
                name_of(p),
                DEATH_REASONS[reason].format(cell=NAMES[cell])
                + " and dies"
                + (f"; the coin goes back to {back}" if coin else ""),
                piece=any_piece_name(p),
                cell=NAMES[cell],
                reason=reason,
                **({"coin_back": back} if coin else {}),
            )
        self._kill(p)

    def _kill(self, p: int) -> None:
        cell = self._pc[p]
        if cell >= 0:
            self._occ[cell] &= ~(1 << p)
        self._pc[p] = -1
        self._ps[p] = 0
        self._trap[p] = 0
        self._drunk[p] = 0
        if p >= FIRST_CHARACTER:  # a character who dies is gone for good
            self._cstat[p - FIRST_CHARACTER] = 2
            self._recrew()
            return
        c = p // 3
        if self._ev is not None and all(self._pc[q] < 0 for q in range(3 * c, 3 * c + 3)):
            self._log(
                "out",
                CREWS[c].capitalize(),
                "has no pirates left and is out of the game",
                crew=CREWS[c],
            )
