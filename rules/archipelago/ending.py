"""What the site may do to a game outside its moves: end it now, or pass a seat's turns.

Both are the site's answers to a player who resigned or ran out of time (games.clock.forfeits), kept
in its own ledger beside the moves and played again at the same ply by a replay; neither is a move a
player types.

- ``end_now(reason)`` (ruling F1): the game ends as it stands. A pending choice or an open vote is
  dropped; every seat scores the coins stowed in its boat so far, ranked as at a normal end.
- ``skip_seat(seat)`` (ruling F2): from now on every turn of that seat's crew passes, as the turn
  of a crew with no legal move does (a barrel wears off, the bear walks, the round counts as a
  quiet one), and so does a turn that seat would play for a neighbour's crew under smoke. A
  skipped seat is never asked to answer an offer to end, and alone it cannot offer one. The
  skipped seats are part of the position (JSON ``skipped``, written only when a seat is skipped,
  so positions stored before stay valid).

The mixin comes before ``Position`` and ``Moves`` in ``Archipelago``'s bases, so it extends their
JSON and legal moves; ``game.py`` calls ``passed_over`` and ``_pass_skipped`` at the two places
where a turn begins.
"""

from __future__ import annotations

from rules.core import IllegalMove, SetupError

MID_ACTION = (
    "mid-action"  # the site plays the seat's remaining decisions first (games.clock.forfeits)
)


class SkipRefused(IllegalMove):
    """A refused ``skip_seat``; ``reason`` says why, as Jackal's refusals do (the site reads
    ``"mid-action"``: it plays the seat's pending decision, then asks again)."""

    def __init__(self, message: str, code: str, seat: int) -> None:
        super().__init__(message)
        self.reason = {"reason": code, "seat": seat}


class Ending:
    """``end_now`` and ``skip_seat`` of :class:`~.game.Archipelago` (it inherits them)."""

    def _init_position(self, seats, seed, options) -> None:
        super()._init_position(seats, seed, options)
        self.skipped: tuple[int, ...] = ()

    # -- ending now (F1) --------------------------------------------------------------------------

    def end_now(self, reason: str) -> None:
        if self.phase == "over":
            raise IllegalMove("the game is over")
        self.vote = None
        self._finish(reason, [])  # drops a pending choice; the site tells the end, not an event

    # -- skipped seats (F2) ---------------------------------------------------------------------

    def passed_over(self) -> bool:
        """The current turn belongs to a skipped seat: its crew's, or its controller's (smoke)."""
        return bool(self.skipped) and (
            self.slot_crew() in self.skipped or self.controller() in self.skipped
        )

    def skip_seat(self, seat: int) -> list[dict]:
        if not isinstance(seat, int) or not 0 <= seat < self.nseats:
            raise SetupError(f"there is no seat {seat!r} in this game")
        if self.phase == "over":
            raise IllegalMove("the game is over")
        if self.nseats == 1:  # a puzzle: nobody would play on
            raise SkipRefused("a game of one seat cannot pass its turns", "alone", seat)
        if seat in self.skipped:
            raise SkipRefused(f"seat {seat} is skipped already", "skipped", seat)
        owes = seat in self.to_act()
        if self.phase == "place" and seat not in self.boats:
            # Its boat must be on the water before its turns can pass: it places it first.
            code = MID_ACTION if owes else "no boat"
            raise SkipRefused(f"seat {seat} has not placed its boat", code, seat)
        if owes and (self.pending is not None or self.phase == "bottle"):
            raise SkipRefused(f"seat {seat} is in the middle of an action", MID_ACTION, seat)
        if self.phase == "vote" and seat == self.vote["by"]:
            raise SkipRefused(f"seat {seat} waits for the answers to its offer", "offer", seat)
        ev: list[dict] = []
        if self.phase == "vote" and owes:
            # Out of time on an offer to end: the offer is refused for it, and the turn of the
            # seat that offered goes on (it may then pass, if that seat is skipped too).
            ev.append({"kind": "refuse end", "seat": seat})
            self._vote_refused()
        self.skipped = tuple(sorted({*self.skipped, seat}))
        # The legal-move cache's key (ply, turn, smoke, seat) does not name the skipped seats,
        # and they change the moves (no offer to end that nobody is left to answer).
        self._cache = None
        self._pass_skipped(ev)
        return ev

    def _skip_mark(self) -> dict:
        """What a "skip" event adds when the turn passes because its seat is skipped."""
        return {"skipped": True} if self.passed_over() else {}

    def _pass_skipped(self, ev: list) -> None:
        """If the turn that begins now is a skipped seat's, it passes (and the turns after it,
        through ``_end_turn``)."""
        if self.phase == "play" and self.pending is None and self.passed_over():
            ev.append({"kind": "skip", "seat": self.slot_crew(), "skipped": True})
            self._end_turn(ev)

    def _compute_actions(self, seat: int) -> dict[str, tuple]:
        acts = super()._compute_actions(seat)
        if "offer end" in acts and not self._others_answer(seat):
            del acts["offer end"]  # nobody left to answer it
        return acts

    def _others_answer(self, seat: int) -> bool:
        return any(s != seat and s not in self.skipped for s in range(self.nseats))

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict:
        d = super().to_json()
        if self.skipped:
            d["skipped"] = list(self.skipped)
        return d

    def _load_position(self, d: dict) -> None:
        super()._load_position(d)
        seats = d.get("skipped") or []
        if not isinstance(seats, list) or not all(
            isinstance(s, int) and 0 <= s < self.nseats for s in seats
        ):
            raise SetupError("malformed archipelago position: a bad skipped seat")
        self.skipped = tuple(sorted(set(seats)))
