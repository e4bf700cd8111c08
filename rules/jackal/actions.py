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
    X_SHIFT,
    Move,
    any_piece_name,
    piece_name,
)
from .position import (
    BITS,
    CARRYING,
    MV_CAVE,
    MV_FLIGHT,
    MV_KNIGHT,
    P_CAVE,
    P_KNIGHT,
    P_NONE,
    P_PLANE,
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
        return self.apply_listed(code)

    def apply_listed(self, code: int) -> list[Event]:
        """Play a code of ``legal_codes()`` or ``agreement_codes()`` as listed now, with its
        events but not checked again (the protocol's moves, game.py)."""
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
            self._leave_cave(piece, origin, target, code)
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
        after = self._rules.after_move
        if after is not None:
            after(self)
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
            now_or_never = self._rules.plane_now_or_never
            if now_or_never:
                self._plane_used = True  # ruling 14, second edition: now or never
            if self._ev is not None:
                self._log(
                    "stay",
                    name_of(p),
                    "lets the plane go" if now_or_never else f"waits by the plane at {NAMES[cell]}",
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

    def _end_turn(self, offer: bool = True) -> None:
        """The action is done and the turn passes. Unless ``offer`` is false (``end turn``), the
        ruleset's ``offer_after`` hook may hold the turn for a free decision first (second
        edition: a crew that still can use a bottle, ruling 22, S1)."""
        if offer:
            hold = self._rules.offer_after
            if hold is not None and hold(self):
                return
        self._turns += 1  # the turn passes (even back to a crew of the same seat)
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
                legal = self._rules.generate(self, c)
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
