"""Why a move is refused: a sentence for the player, derived from the move generator's own lists
(a move is refused exactly when it is not generated; this only finds the words).
"""

from __future__ import annotations

from .errors import Reason as R
from .geometry import (
    BERTH_MOVES,
    FRONT,
    LAND,
    NAMES,
    NEIGHBOURS,
)
from .moves import (
    CHEST,
    COIN,
    CREWS,
    FIRST_CHARACTER,
    FR,
    K_AGREE,
    K_CHOOSE,
    K_FLY,
    K_REVIVE,
    K_SHIP,
    K_SPIN,
    K_STAY,
    K_STEP,
    MI,
    X_BOTTLE,
    X_END,
    X_SHIFT,
    any_piece_name,
    format_code,
    ship_name,
)
from .position import (
    FORTS,
    name_of,
)
from .tiles import (
    PLANE,
    SPINNER,
    SPINNER_NAMES,
    THICKET,
)


class Refusals:
    """The refusals methods of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    def _explain(self, code: int) -> str:
        text = format_code(code)
        k = code & 7
        piece = code >> 3 & 15
        origin = code >> 7 & 255
        target = code >> 15 & 255
        c = self._order[self._turn]
        legal = self.legal_codes()
        if self._pend:
            opts = ", ".join(format_code(x) for x in legal)
            return R(
                f"{text} is not possible: {name_of(self._pp)} must first finish the move. "
                f"Choose one of: {opts}",
                "finish-first",
                move=text,
                piece=any_piece_name(self._pp),
                options=[format_code(x) for x in legal],
            )
        if self._after:
            opts = ", ".join(format_code(x) for x in legal)
            return R(
                f"{text} is not possible: {CREWS[c].capitalize()} has made its action; "
                f"use a bottle or end the turn. Choose one of: {opts}",
                "after-action",
                move=text,
                crew=CREWS[c],
                options=[format_code(x) for x in legal],
            )
        if k == K_AGREE and code >> X_SHIFT & 7 == X_END:
            return R(
                f"{text} is not possible: a turn is ended that way only after the action, "
                "while a bottle could still be used",
                "end-after-action",
                move=text,
            )
        is_character = piece >= FIRST_CHARACTER and k != K_SHIP
        if k == K_AGREE and code >> X_SHIFT & 7 == X_BOTTLE and not self._team_bottles(c):
            return R(
                f"{text} is not possible: {CREWS[c].capitalize()} has no message bottle",
                "no-bottle",
                move=text,
                crew=CREWS[c],
            )
        if is_character:
            crew = self._pcrew[piece]
            if crew < 0:
                return R(
                    f"{text} is not possible: {name_of(piece)} is not in anyone's crew",
                    "no-crew-yet",
                    move=text,
                    piece=any_piece_name(piece),
                )
        else:
            crew = piece if k == K_SHIP else piece // 3
        if crew not in self._order:
            return R(
                f"{text} is not possible: there is no {CREWS[crew]} crew in this game",
                "no-such-crew",
                move=text,
                crew=CREWS[crew],
            )
        if k in (K_CHOOSE, K_STAY):
            return R(
                f"{text} is not possible: there is no choice to make now", "no-choice", move=text
            )
        if crew != c and not (k == K_SHIP and self._friend[c] >> (3 * crew) & 1):
            return R(
                f"{text} is not possible: it is {CREWS[c].capitalize()}'s turn "
                f"(seat {self._owner[c]})",
                "not-your-turn",
                move=text,
                crew=CREWS[c],
            )
        reason = None
        if k == K_SHIP:
            berth = self._ship[crew]
            if origin != berth:
                reason = R(
                    f"the {CREWS[crew]} ship is at {NAMES[berth]}, not {NAMES[origin]}",
                    "ship-elsewhere",
                    crew=CREWS[crew],
                    cell=NAMES[berth],
                    origin=NAMES[origin],
                )
            elif target not in BERTH_MOVES[berth]:
                reason = R(
                    "a ship moves one berth along its own side of the island and never "
                    "round a corner",
                    "ship-one-berth",
                )
            else:
                reason = R(
                    "a ship needs one of its own crew's (or an ally's) pirates aboard, "
                    "sober, to sail",
                    "ship-needs-pirate",
                )
        elif k == K_REVIVE:
            if self._pc[piece] >= 0:
                reason = R(f"{name_of(piece)} is alive", "alive", piece=any_piece_name(piece))
            elif self._native < 0 or target != self._native:
                reason = R(
                    f"there is no native girl's fortress at {NAMES[target]}",
                    "no-native",
                    cell=NAMES[target],
                )
            else:
                reason = R(
                    "a pirate is revived only while one of its own crew stands in the "
                    "native girl's fortress, one at a time (the lowest number first)",
                    "revive-rule",
                )
        else:
            cell = self._pc[piece]
            if cell < 0:
                reason = R(f"{name_of(piece)} is dead", "dead", piece=any_piece_name(piece))
            elif cell != origin:
                reason = R(
                    f"{name_of(piece)} is at {NAMES[cell]}, not {NAMES[origin]}",
                    "elsewhere",
                    piece=any_piece_name(piece),
                    cell=NAMES[cell],
                    origin=NAMES[origin],
                )
            elif self._trap[piece]:
                reason = R(
                    f"{name_of(piece)} is caught in a trap until a friend comes to the tile",
                    "trapped",
                    piece=any_piece_name(piece),
                )
            elif self._drunk[piece]:
                reason = R(
                    f"{name_of(piece)} is drunk on rum and misses this turn",
                    "drunk",
                    piece=any_piece_name(piece),
                )
            else:
                reason = self._explain_step(code, piece, cell, k, target, legal)
        is_ship = k == K_SHIP  # a ship move's piece field is its crew, not a piece number
        mine = [
            format_code(x) for x in legal if (x >> 3 & 15) == piece and (x & 7 == K_SHIP) == is_ship
        ]
        name = ship_name(piece) if is_ship else any_piece_name(piece)
        hint = f" Legal for {name}: {', '.join(mine)}." if mine else ""
        return R(
            f"{text} is not possible: {reason}.{hint}",
            reason.key,
            move=text,
            **reason.fields,
            legal_for=name,
            options=mine,
        )

    def _explain_entry(self, p: int, target: int, dragging_only: bool) -> str | None:
        """Second edition (its ``explain_entry`` hook): the character's or the dense jungle's rule
        that refuses piece p on the face-up square ``target``, if one does (rulings 21, 27).
        ``dragging_only``: the generator allows the same step empty-handed, so only what the
        piece drags can be the reason; else the square refuses the piece itself (``_entry``)."""
        if dragging_only:
            if p == MI and not self._converted:
                return R("the Missionary does not carry coins", "missionary-no-coin")
            if self._kind[target] == THICKET:
                return R("no coin goes into the dense jungle", "thicket-no-coin")
            return None
        enemies = self._occ[target] & self._enemy[self._pcrew[p]]
        if p == MI and not self._converted and enemies:
            return R("the Missionary never shares a square with enemies", "missionary-alone")
        if enemies >> MI & 1 and not self._converted and p != FR:
            return R(
                f"nobody shares a square with an enemy Missionary ({NAMES[target]})",
                "enemy-missionary",
                cell=NAMES[target],
            )
        if enemies and self._harmless(p):
            return R(f"{name_of(p)} never attacks", "never-attacks", piece=any_piece_name(p))
        return None

    def _explain_square(self, p: int, target: int, dragging_only: bool) -> str:
        """Why piece p may not end its step on the face-up land square ``target``: the ruleset's
        own reason first, then the classic ones (see ``_explain_entry`` for ``dragging_only``)."""
        explain_entry = self._rules.explain_entry
        if explain_entry is not None:
            reason = explain_entry(self, p, target, dragging_only)
            if reason:
                return reason
        if self._kind[target] in FORTS:
            if not dragging_only:
                return R(
                    f"enemies hold the fortress at {NAMES[target]}",
                    "fortress-held",
                    cell=NAMES[target],
                )
            return R("a pirate cannot carry a coin into a fortress", "coin-fortress")
        return R(
            "a pirate carrying a coin cannot attack; leave the coin and attack empty-handed",
            "coin-attack",
        )

    def _explain_step(
        self, code: int, p: int, cell: int, k: int, target: int, legal: list[int]
    ) -> str:
        """Why a move of piece p standing on ``cell`` is refused. The generator's lists decide
        between the reasons: a move the generator allows empty-handed is refused for what it
        drags, one it does not allow at all for where it goes."""
        kind = self._kind
        coin = bool(code & COIN)
        step = self._ps[p]
        key = cell << 3 | step
        if coin and not (self._chest == key if code & CHEST else self._coins.get(key)):
            return R(f"there is no coin to drag at {NAMES[cell]}", "no-coin-here", cell=NAMES[cell])
        dragging_only = coin and (code & ~(COIN | CHEST)) in legal
        # A piece part-way across a spinner is held by it unless the generator lets it step off
        # (second edition: Friday crosses at once).
        steps_off = any(x & 7 == K_STEP and x >> 3 & 15 == p for x in legal)
        if kind[cell] == SPINNER and step < self._arg[cell] and not steps_off:
            if k != K_SPIN:
                return R(
                    f"{name_of(p)} must first cross the {SPINNER_NAMES[self._arg[cell]]}: "
                    f"step {step} of {self._arg[cell]} (write {any_piece_name(p)} "
                    f"{NAMES[cell]}+)",
                    "cross-first",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    step=step,
                    steps=self._arg[cell],
                )
            return R(
                "an enemy holds the next step and a pirate with a coin cannot attack",
                "next-step-held",
            )
        if k == K_SPIN:
            return R(
                f"{name_of(p)} is not crossing a spinner", "not-crossing", piece=any_piece_name(p)
            )
        if kind[cell] == PLANE and not self._plane_used:
            if k != K_FLY:
                return R(
                    f"leaving the plane's tile means flying the plane: write "
                    f"{any_piece_name(p)} {NAMES[cell]}^{NAMES[target]}",
                    "fly-to-leave",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    target=NAMES[target],
                )
            return R(
                f"the plane cannot take {name_of(p)} to {NAMES[target]}"
                + (" with a coin" if coin else ""),
                "plane-cannot",
                piece=any_piece_name(p),
                target=NAMES[target],
                coin=coin,
            )
        if k == K_FLY:
            return R(
                f"there is no plane ready to fly at {NAMES[cell]}", "no-plane", cell=NAMES[cell]
            )
        if not LAND[cell]:
            if self._shipc[cell] >= 0:
                if target != FRONT[cell]:
                    return R(
                        "a pirate goes ashore only onto the tile straight in front of the "
                        f"ship ({NAMES[FRONT[cell]]})",
                        "ashore-in-front",
                        cell=NAMES[FRONT[cell]],
                    )
                return self._explain_square(p, target, False)
            return R(
                "a swimmer moves one sea square along the coast and cannot climb onto land "
                "except aboard a ship",
                "swimmer",
            )
        if target not in NEIGHBOURS[cell]:
            return R(
                f"{NAMES[target]} is not next to {NAMES[cell]}",
                "not-next",
                target=NAMES[target],
                cell=NAMES[cell],
            )
        if not LAND[target]:
            if self._shipc[target] < 0:
                return R("a pirate cannot jump into the sea from land", "no-jump")
            return R(
                "a coin cannot be carried onto an enemy ship (it would sink)", "coin-enemy-ship"
            )
        if not self._up[target]:
            return R("a pirate carrying a coin may only walk on face-up tiles", "coin-face-up")
        return self._explain_square(p, target, dragging_only)
