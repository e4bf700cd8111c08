"""Seats whose crews are skipped: the site's "crews are skipped" answer to a player out of time.

A correspondence site may let a table play on without a seat whose player ran out of time: from
then on every turn of that seat's crews passes at once, as a crew's turn does when it has no
legal move (its pirates stay where they are, its coins count at the end). The site records the
timeout beside the moves and calls ``skip_seat`` at that point of the ledger, so a replay does
the same. The skipped seats are part of the position (``_skipped``, a bit mask; JSON ``skipped``,
written only when a seat is skipped, so positions stored before stay valid as they are).

Only at the start of a turn: in the middle of an action (a chain choice, the bottles after it)
the seat must finish first (the site plays those decisions for it, as moves of the ledger).
The rounds of passed turns count as quiet ones (no coin moved), so a table where every seat
still in play is skipped ends in a stalemate rather than turning for ever.
"""

from __future__ import annotations

from .errors import IllegalMove, Reason, SetupError
from .moves import CREWS


class Skipping:
    """The skipping methods of ``State`` (it inherits them; the mask is in position.py)."""

    __slots__ = ()

    @property
    def skipped_seats(self) -> list[int]:
        """The seats whose crews are passed over, lowest first."""
        return [seat for seat in range(self.players) if self._skipped >> seat & 1]

    def skip_seat(self, seat: int) -> list:
        """From now on the crews of ``seat`` are passed over; if it is that seat's turn, it
        passes now (the events say so). Raises IllegalMove (nothing changed) once the game is
        over, for a seat skipped already, or in the middle of that seat's action."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise SetupError(f"there is no seat {seat!r} in this game")
        if self._over:
            raise IllegalMove(Reason("the game is over", "game-over"))
        if self._skipped >> seat & 1:
            raise IllegalMove(Reason(f"seat {seat} is skipped already", "skipped", seat=seat))
        if self.to_act() == seat and (self._pend or self._after):
            raise IllegalMove(
                Reason(f"seat {seat} is in the middle of an action", "mid-action", seat=seat)
            )
        self._skipped |= 1 << seat
        self._ev = []
        try:
            self._pass_skipped()
        finally:
            events, self._ev = self._ev, None
        return events

    def _end_turn(self, offer: bool = True) -> None:
        super()._end_turn(offer)
        if self._skipped:
            self._pass_skipped()

    def _crew_owner_now(self) -> int:
        return self._owner[self._order[self._turn]]

    def _pass_skipped(self) -> None:
        """While the crew whose turn it is belongs to a skipped seat, or a skipped seat would play
        it (under smoke, second edition), its turn passes."""
        while not (self._over or self._pend or self._after) and (
            self._skipped >> self._crew_owner_now() & 1 or self._skipped >> self.to_act() & 1
        ):
            if self._ev is not None:
                crew = CREWS[self._order[self._turn]]
                self._log(
                    "skipped",
                    crew.capitalize(),
                    "is skipped: its player ran out of time",
                    crew=crew,
                )
            super()._end_turn(False)

    def _skipping_json(self, d: dict) -> None:
        if self._skipped:
            d["skipped"] = self.skipped_seats

    def _skipping_from_json(self, d: dict) -> None:
        seats = d.get("skipped") or []
        if not all(isinstance(s, int) and 0 <= s < self.players for s in seats):
            raise SetupError("malformed jackal-position: a bad skipped seat")
        self._skipped = sum(1 << seat for seat in set(seats))
