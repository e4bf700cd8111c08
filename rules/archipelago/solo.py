"""The single-player variant ("pirate puzzles") behind the protocol: ruleset ``archipelago-puzzle``.

One seat plays three pirates of one crew, ``W1`` (the book's white pirate), ``W2`` (yellow) and
``W3`` (red), all starting on the bank. They move in that order, one move each; then the bear
takes its step: that is one *turn*. The bear is on its den from the start. A pirate dies when the
bear enters its square (or it enters the bear's), or when a move takes it off the island (into the
water). The balloon lifts a pirate to the bank. The puzzle is solved when every coin lies on the
bank within the puzzle's turns and with enough pirates alive; the score is the number of turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import IllegalMove, Option, Outcome, Ruleset, SetupError

from .game import Archipelago
from .geometry import cell_name
from .position import RULINGS
from .puzzles import PUZZLES, size, squares
from .tiles import FACES

ORDER = ("W1", "W2", "W3")


class PuzzleGame(Archipelago):
    @property
    def ruleset(self) -> str:
        return "archipelago-puzzle"

    def expected_coins(self) -> int:
        return sum(FACES[f].coins for f, _ in squares(PUZZLES[self.options["puzzle"]]).values())

    def bank(self):
        return next(c for c, t in self.tiles.items() if t["face"] == "bank")

    def mover(self) -> str | None:
        return ORDER[self.slot] if self.phase != "over" else None

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.phase == "over" else frozenset({0})

    def _compute_actions(self, seat: int) -> dict[str, tuple]:
        if self.pending is not None or self.phase == "bottle":
            return super()._compute_actions(seat)
        pid = self.mover()
        acts = {}
        for to, coin in self._piece_moves(pid):
            frm = self._square_of(pid)
            acts[f"{pid} {cell_name(frm)}-{cell_name(to)}" + (" $" if coin else "")] = (
                "step",
                pid,
                to,
                coin,
            )
        if not acts:
            acts["pass"] = ("pass",)  # a pirate with no move (in a pit...) lets its turn go
        return acts

    def _has_actions(self, seat: int) -> bool:
        return bool(self._actions(seat))  # never the shortcut: a pirate with no move may pass

    def _may_enter(self, pid, to, coin, stage=1):
        if self.face_at(to) == "bank" and self.tiles[to]["up"]:
            return True  # the puzzle's bank holds the whole crew (ruling P2)
        return super()._may_enter(pid, to, coin, stage)

    # boats do not exist here: every way home leads to the bank, the sea kills
    def _send_home(self, pid, ev, cause):
        p = self.pieces[pid]
        frm = p["cell"]
        p.update(where="land", cell=self.bank(), stage=0, trapped=False, drunk=0)
        ev.append({"kind": cause, "piece": pid, "from": cell_name(frm) if frm else None})

    def _maul(self, pid, ev):
        self._kill(pid, ev, "bear")

    def _into_water(self, pid, cell, ctx, ev):
        self._lose_coin(ctx, "sunk", ev)
        self._kill(pid, ev, "off the island")
        return None

    def _kill(self, pid, ev, cause):
        super()._kill(pid, ev, cause)
        self.pieces[pid]["where"] = "gone"  # no shrine brings a puzzle pirate back

    def _enter(self, pid, hop, ctx, ev):
        cell = hop[0]
        if self.is_land(cell) and self.face_at(cell) == "balloon" and self.bear != cell:
            self.pieces[pid].update(where="land", cell=cell)
            ev.append({"kind": "balloon", "piece": pid, "cell": cell_name(cell)})
            return (self.bank(), None, "balloon")
        return super()._enter(pid, hop, ctx, ev)

    def apply(self, seat, move):
        if isinstance(move, str) and " ".join(move.split()) == "pass":
            self.check_seat(seat)
            if "pass" not in self._actions(seat):
                raise IllegalMove("pass is not a legal move now")
            self._ply += 1
            ev = [{"kind": "pass", "piece": self.mover()}]
            self._end_turn(ev)
            return ev
        return super().apply(seat, move)

    def _after_action(self, ev):
        if self.pending is not None:
            return
        if not self.smoke and self.bottle_uses(0):
            self.phase = "bottle"
            return
        self._end_turn(ev)

    def _end_turn(self, ev):
        self._turns += 1
        self.phase = "play"
        for p in self.pieces.values():
            if p["drunk"]:
                p["drunk"] -= 1
        while True:
            if self._judge(ev):
                return
            self.slot += 1
            if self.slot == len(ORDER):
                self.slot = 0
                self.quiet += 1  # in a puzzle ``quiet`` counts the turns completed
                self._bear_step(ev)
                if self._judge(ev):
                    return
            if self.pieces[self.mover()]["where"] == "land":
                return

    def _judge(self, ev) -> bool:
        alive = sum(1 for p in self.pieces.values() if p["where"] == "land")
        bank = self.bank()
        solved = (
            self.coins.get(bank, 0) == self.expected_coins()
            and alive >= PUZZLES[self.options["puzzle"]].alive
        )
        if solved:
            self._finish("solved", ev)
            return True
        puzzle = PUZZLES[self.options["puzzle"]]
        lost = self.sunk + self.eaten
        if alive < puzzle.alive or lost or self.quiet >= puzzle.turns:
            self._finish("failed", ev)
            return True
        return False

    def outcome(self):
        if self.phase != "over":
            return None
        # the score is the turn in which the last coin reached the bank (``quiet`` counts the
        # turns completed); a failed puzzle scores nothing
        score = self.quiet + 1 if self.reason == "solved" else 0
        return Outcome({0: score}, [[0]], self.reason)


class PuzzleRuleset(Ruleset):
    name = "archipelago-puzzle"
    game = "archipelago"
    seat_counts = (1,)
    ends_early = True  # given up (F1): a puzzle not solved scores nothing
    options = {
        "puzzle": Option("first-steps", tuple(PUZZLES), "which puzzle"),
        "rulings": Option(RULINGS, (1, 2), "the rulings' version (position.RULINGS)"),
    }

    def new_game(self, seats: int, seed: str, **options: Any) -> PuzzleGame:
        self.check_seats(seats)
        opts = self.resolve_options(options)
        rulings = opts.pop("rulings")  # kept in the position, beside the options
        puzzle = PUZZLES[opts["puzzle"]]
        g = PuzzleGame()
        g._init_position(1, seed, {"island": "first", "landing": "recommended", "teams": False})
        g.rulings = rulings
        g.options = dict(opts, island="first", landing="recommended", teams=False)
        _lay_out(g, puzzle)
        return g

    def options_of(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        # Which puzzle is the whole layout: a replay of the ledger must lay out the same one.
        # A position without "rulings" was played by version 1 (position.RULINGS).
        stored = doc.get("options") or {}
        kept = {"puzzle": stored["puzzle"]} if "puzzle" in stored else {}
        return {**kept, "rulings": doc.get("rulings", 1)}

    def from_json(self, doc: Mapping[str, Any]) -> PuzzleGame:
        if not isinstance(doc, Mapping) or doc.get("ruleset") != "archipelago-puzzle":
            raise SetupError("not an archipelago puzzle position")
        try:
            opts = self.resolve_options({"puzzle": doc["options"]["puzzle"]})
            g = self.new_game(1, str(doc["seed"]), **opts)
        except (KeyError, TypeError) as e:
            raise SetupError(f"malformed archipelago puzzle position: {e!r}") from None
        g._load_position(dict(doc))
        return g


def _lay_out(g: PuzzleGame, puzzle) -> None:
    g.width, g.height = size(puzzle)
    g.tiles = {}
    for cell, (key, rot) in squares(puzzle).items():
        g.tiles[cell] = {
            "face": key,
            "rot": rot,
            "back": "B",
            "up": True,
            "spent": bool(FACES[key].coins) or key == "bear",
        }
        if FACES[key].coins:
            g.coins[cell] = FACES[key].coins
        if key == "bear":
            g.bear, g.bear_waker = cell, 0
    g.removed = []
    g.stowed = [0]
    g.bottles = [0]
    g.known = [set()]
    bank = g.bank()
    for pid in ORDER:
        g.pieces[pid].update(where="land", cell=bank, boat=None)
    g.phase = "play"
