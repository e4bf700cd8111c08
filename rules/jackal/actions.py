"""Applying a move: validation, the action itself, coins in hand, ships, and the end of a turn.

``apply`` validates against the generator and records events; ``apply_code`` is the bots' fast
path (no validation, no events). Forced movement continues in chains.py.
"""

from __future__ import annotations

from .agreement import AGREEMENT_CODES
from .errors import IllegalMove, Reason
from .events import Event
from .geometry import (
    DIR_TO,
    LAND,
    NAMES,
)
from .moves import (
    CHEST,
    COIN,
    CREW_LETTERS,
    CREWS,
    K_AGREE,
    K_CHOOSE,
    K_FLY,
    K_REVIVE,
    K_SHIP,
    K_SPIN,
    K_STAY,
    K_STEP,
    X_ACCEPT,
    X_AGREE,
    X_BOTTLE,
    X_END,
    X_OFFER,
    X_PEEK,
    X_SHIFT,
    Move,
    any_piece_name,
    piece_name,
)
from .position import (
    BITS,
    CARRYING,
    END_TURN_CODE,
    MV_CAVE,
    MV_FLIGHT,
    MV_KNIGHT,
    P_CAVE,
    P_KNIGHT,
    P_NONE,
    P_PEEK,
    P_PLANE,
    P_QUAKE1,
    P_QUAKE2,
    QUIET_ROUNDS,
    drag_of,
    name_of,
)


class Actions:
    """The actions methods of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    def apply(self, move: Move | str) -> list[Event]:
        """Validate and play one move; returns what happened. Raises IllegalMove (state unchanged)
        or NotationError for unreadable text."""
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise TypeError(f"apply() takes a Move or its text, not {type(move).__name__}")
        code = move.code
        if self._over:
            raise IllegalMove(
                Reason(f"{move} cannot be played: the game is over", "game-over", move=str(move))
            )
        # The moves of play first: the agreement codes are never among them, and are rare.
        if code not in self.legal_codes() and code not in self.agreement_codes():
            if code in AGREEMENT_CODES:
                raise IllegalMove(self._explain_agreement(code))
            raise IllegalMove(self._explain(code))
        self._ev = []
        try:
            self._do(code)
        finally:
            events, self._ev = self._ev, None
        return events

    def apply_code(self, code: int) -> None:
        """Play a packed move from legal_codes() without validation or events (bots)."""
        self._do(code)

    def _log(self, kind: str, subject: str, phrase: str, short: str = "", **data) -> None:
        self._ev.append(Event(kind, subject, phrase, data, short))

    def _do(self, code: int) -> None:
        k = code & 7
        piece = code >> 3 & 15
        origin = code >> 7 & 255
        target = code >> 15 & 255
        self._legal = None
        self.ply += 1
        ev = self._ev
        if k == K_AGREE:
            x = code >> X_SHIFT & 7
            if x in (X_OFFER, X_ACCEPT):
                self._agree(x == X_OFFER)
                return  # a free action: the turn goes on
            if x == X_AGREE:  # only replay() lets the retired move through (ruling E16)
                self._finish("agreement")
                return
            if x == X_BOTTLE:
                self._use_bottle(piece, origin, target)
                if self._after:  # used after the action: offered again while uses remain
                    self._after = False
                    self._end_turn()
                elif not self.legal_codes():  # nothing left to do after it
                    self._end_turn()
                return  # a free action: the turn goes on
            if x == X_END:
                self._after = False
                if ev is not None:
                    c = self._order[self._turn]
                    self._log("end-turn", CREWS[c].capitalize(), "ends the turn", crew=CREWS[c])
                self._end_turn(False)
                return
            self._decide(x, piece, target)
        elif self._pend:
            self._resume(k, origin, target)
        elif k == K_CHOOSE:  # second edition: a lost pirate goes through the cave
            p = piece
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
        elif k == K_STEP:
            p = piece
            if LAND[origin]:
                self._occ[origin] &= ~(1 << p)
                if code & COIN:
                    self._take_coin(origin << 3 | self._ps[p], code & CHEST)
                if ev is not None:
                    verb = "moves" if LAND[target] else "steps"
                    self._log(
                        "move",
                        name_of(p),
                        f"{verb} from {NAMES[origin]} to {NAMES[target]}" + CARRYING[drag_of(code)],
                        piece=any_piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                        coin=bool(code & COIN),
                    )
                self._ps[p] = 0
                self._trap[p] = 0
                self._go(p, target, DIR_TO[(origin, target)], origin)
            elif self._shipc[origin] >= 0:
                self._occ[origin] &= ~(1 << p)
                if ev is not None:
                    self._log(
                        "disembark",
                        name_of(p),
                        f"lands from the {CREWS[self._shipc[origin]]} ship at {NAMES[target]}",
                        piece=any_piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                        ship=CREWS[self._shipc[origin]],
                    )
                self._go(p, target, DIR_TO[(origin, target)], origin)
            else:
                self._occ[origin] &= ~(1 << p)
                if ev is not None:
                    self._log(
                        "swim",
                        name_of(p),
                        f"swims from {NAMES[origin]} to {NAMES[target]}",
                        piece=any_piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                    )
                self._enter_sea(p, target)
        elif k == K_SPIN:
            self._spin(piece, origin, drag_of(code))
        elif k == K_FLY:
            p = piece
            self._occ[origin] &= ~(1 << p)
            if code & COIN:
                self._take_coin(origin << 3, code & CHEST)
            self._plane_used = True
            if ev is not None:
                self._log(
                    "fly",
                    name_of(p),
                    f"flies the plane from {NAMES[origin]} to {NAMES[target]}"
                    + (" with a coin" if code & COIN else ""),
                    piece=any_piece_name(p),
                    origin=NAMES[origin],
                    target=NAMES[target],
                    coin=bool(code & COIN),
                )
            self._go(p, target, MV_FLIGHT, origin)
        elif k == K_SHIP:
            self._sail(piece, origin, target)
        elif k == K_REVIVE:
            self._place(piece, target, 0)
            if ev is not None:
                self._log(
                    "revive",
                    name_of(piece),
                    f"is revived in the native girl's fortress at {NAMES[target]}",
                    piece=piece_name(piece),
                    target=NAMES[target],
                )
        if self._se:
            self._meet()
        if not self._pend and not self._over:
            self._end_turn()

    def _take_coin(self, key: int, chest: int = 0) -> None:
        if chest:
            self._chest = -1
            self._carry = 3
        else:
            coins = self._coins
            n = coins[key] - 1
            if n:
                coins[key] = n
            else:
                del coins[key]
            self._carry = 1
        self._from_key = key

    def _drop_coin(self, key: int) -> None:
        if self._carry == 3:
            self._chest = key
        else:
            self._coins[key] = self._coins.get(key, 0) + 1
        self._carry = 0

    def _place(self, p: int, cell: int, step: int) -> None:
        self._pc[p] = cell
        self._ps[p] = step
        self._occ[cell] |= 1 << p

    def _resume(self, k: int, cell: int, target: int) -> None:
        p = self._pp
        pend = self._pend
        self._pend = P_NONE
        self._popts = ()
        if k == K_STAY:
            if self._carry:
                self._drop_coin(cell << 3)
            if self._se:
                self._plane_used = True  # ruling 14, second edition: now or never
            if self._ev is not None:
                self._log(
                    "stay",
                    name_of(p),
                    "lets the plane go" if self._se else f"waits by the plane at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
            return
        taken = self._taken
        if taken is None:
            taken = self._taken = {}
        key = cell << 3 | pend
        if key in taken:
            taken[key].add(target)
        else:
            taken[key] = {target}
        self._occ[cell] &= ~(1 << p)
        ev = self._ev
        if k == K_FLY:
            if pend == P_PLANE:
                self._plane_used = True
            if ev is not None:
                how = "flies the plane" if pend == P_PLANE else "slides into another flight"
                self._log(
                    "fly",
                    name_of(p),
                    f"{how} from {NAMES[cell]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                    ice=pend != P_PLANE,
                )
            self._go(p, target, MV_FLIGHT, cell)
        elif pend == P_KNIGHT:
            if ev is not None:
                self._log(
                    "horse",
                    name_of(p),
                    f"jumps like a knight from {NAMES[cell]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, MV_KNIGHT, cell)
        elif pend == P_CAVE:
            if ev is not None:
                self._log(
                    "cave",
                    name_of(p),
                    f"goes through the cave from {NAMES[cell]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, MV_CAVE, cell)
        else:
            if ev is not None:
                self._log(
                    "arrow",
                    name_of(p),
                    f"follows the arrow from {NAMES[cell]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, DIR_TO[(cell, target)], cell)

    def _sail(self, s: int, origin: int, target: int) -> None:
        occ = self._occ
        aboard = occ[origin]
        self._ship[s] = target
        self._shipc[origin] = -1
        self._shipc[target] = s
        if self._ev is not None:
            self._log(
                "ship",
                f"The {CREWS[s]} ship",
                f"sails from {NAMES[origin]} to {NAMES[target]}",
                piece=CREW_LETTERS[s] + "S",
                origin=NAMES[origin],
                target=NAMES[target],
            )
        victims = occ[target] & self._enemy[s]
        for q in BITS[victims]:
            if self._ev is not None:
                self._log(
                    "kill",
                    f"The {CREWS[s]} ship",
                    f"runs down {name_of(q)} at {NAMES[target]}",
                    piece=any_piece_name(q),
                    cell=NAMES[target],
                    ship=CREWS[s],
                )
            self._kill(q)
        if self._ev is not None:
            for q in BITS[occ[target]]:
                self._log(
                    "board",
                    name_of(q),
                    f"is picked up by the {CREWS[s]} ship",
                    piece=any_piece_name(q),
                    cell=NAMES[target],
                    ship=CREWS[s],
                )
        occ[origin] = 0
        occ[target] |= aboard
        pc = self._pc
        for q in BITS[aboard]:
            pc[q] = target

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

    def _end_turn(self, offer: bool = True) -> None:
        """The action is done and the turn passes. Second edition: unless ``offer`` is false
        (``end turn``), a crew that still can use a bottle may do so first (ruling 22, S1)."""
        if self._se and offer and not self._smoke and self._offer_after():
            return
        self._taken = None
        c = self._order[self._turn]
        drunk = self._drunk
        for q in self._members[c]:
            if drunk[q]:
                drunk[q] -= 1
        if self._smoke:
            self._smoke -= 1
        if self._smoke_new:  # ruling 26: the next full round is smoked
            self._smoke = len(self._order)
            self._smoke_new = False
        if self._noisy:
            self._quiet = 0
            self._noisy = False
        else:
            self._quiet += 1
        if self._island == 0:
            self._finish("all coins gone")
            return
        n = len(self._order)
        limit = QUIET_ROUNDS * n
        skipped = 0
        pc = self._pc
        while True:
            if self._quiet >= limit:
                self._finish("stalemate")
                return
            self._turn = (self._turn + 1) % n
            c = self._order[self._turn]
            if pc[3 * c] >= 0 or pc[3 * c + 1] >= 0 or pc[3 * c + 2] >= 0:
                legal = self._gen(c)
                if legal:
                    self._legal = legal
                    if self._offer >= 0:
                        self._lapse_offer()
                    return
                if self._ev is not None:
                    self._log(
                        "skip",
                        CREWS[c].capitalize(),
                        "has no legal move and skips the turn",
                        crew=CREWS[c],
                    )
                for q in self._members[c]:
                    if drunk[q]:
                        drunk[q] -= 1
            if self._smoke:
                self._smoke -= 1
            self._quiet += 1
            skipped += 1
            if skipped >= 2 * n:
                self._finish("stalemate")
                return

    def _offer_after(self) -> bool:
        """Second edition, after the action of an unsmoked turn: if the crew's team holds a
        bottle and a use is legal, and the game goes on, hold the turn for that decision."""
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

    def _finish(self, reason: str) -> None:
        self._over = True
        self._reason = reason
        self._after = False
        self._offer = -1  # an offer open when the game ends otherwise has nothing left to end
        self._accepted = 0
        self._legal = []
        self._pend = P_NONE
        self._popts = ()
        if self._ev is not None:
            totals = ", ".join(f"{CREWS[c].capitalize()} {self._score[c]}" for c in self._order)
            self._log(
                "end",
                "The game",
                f"is over ({reason}): {totals}",
                reason=reason,
                outcome=self._outcome().to_json(),
            )
