"""Ending the game by agreement (ruling E16): ``offer end`` and ``accept end``, free actions.

The seat to act may offer at the start of a turn; every other seat still in accepts on its own
turn or plays on; the game ends with reason 'agreement' once all have agreed. The offer lapses
when its maker is to act again or is out, and is cleared when the game ends otherwise. The open
offer is part of the position (``_offer``, ``_accepted`` in position.py; serialise.py writes it
only while open). The retired one-player ``end by agreement`` is refused as a new move; only
``replay()`` still plays it, so that old ledgers keep their recorded ends.
"""

from __future__ import annotations

from .errors import IllegalMove, Reason, SetupError
from .moves import CREWS, Move, format_code

# The retired `end by agreement`: one player ended the game alone. Refused as a new move; replay()
# still accepts it, so that ledgers written before ruling E16 changed replay as they were played.
LEGACY_AGREE_CODE = Move.parse("end by agreement").code
OFFER_CODE = Move.parse("offer end").code
ACCEPT_CODE = Move.parse("accept end").code
AGREEMENT_CODES = frozenset((LEGACY_AGREE_CODE, OFFER_CODE, ACCEPT_CODE))
AGREEMENT_MOVES = {code: Move(code) for code in AGREEMENT_CODES}  # shared: a Move is immutable


class Agreement:
    """The agreement methods of ``State`` (it inherits them; the fields are in position.py)."""

    __slots__ = ()

    def agreement_codes(self) -> list[int]:
        """The free actions about ending the game by agreement (ruling E16) open to the seat to act:
        ``offer end`` when no offer is open, ``accept end`` when another seat's offer is open and
        this seat has not accepted it yet. Never in the middle of an action (a chain choice, or the
        bottles after it): they belong to the start of a turn. They are not in ``legal_codes()``,
        which search bots and random play draw from: ending the game is not a move of play."""
        code = self._agreement_code()
        return [code] if code else []

    def _agreement_code(self) -> int:
        """The one agreement action open now, or 0 (no list: legal_moves() calls it every ply)."""
        if self._over or self._pend or self._after:
            return 0
        if self._offer < 0:
            return OFFER_CODE
        if not self._accepted >> self.to_act() & 1:
            return ACCEPT_CODE
        return 0

    @property
    def agreement(self) -> dict | None:
        """The open offer to end the game by agreement: ``{"offered_by": seat, "accepted":
        [seats]}`` (the seat that offered is among those that accepted), or None."""
        if self._offer < 0:
            return None
        return {
            "offered_by": self._offer,
            "accepted": [seat for seat in range(self.players) if self._accepted >> seat & 1],
        }

    def _seats_still_in(self) -> int:
        """Bit mask of the seats with a crew still in: a crew with a pirate on the board (ruling
        E14: the others are passed over). In teams every seat counts for itself."""
        pc = self._pc
        mask = 0
        for c in self._order:
            if pc[3 * c] >= 0 or pc[3 * c + 1] >= 0 or pc[3 * c + 2] >= 0:
                mask |= 1 << self._owner[c]
        return mask & ~self._skipped  # a skipped seat (skipping.py) is not asked either

    def _agree(self, offer: bool) -> None:
        """``offer end`` or ``accept end`` by the seat to act (ruling E16). The game ends when
        every seat still in has agreed; until then it goes on, and the turn stays with this seat."""
        seat = self.to_act()
        if offer:
            self._offer = seat
            self._accepted = 1 << seat
        else:
            self._accepted |= 1 << seat
        if self._ev is not None:
            self._log(
                "offer" if offer else "accept",
                self._seat_subject(seat),
                "offers to end the game by agreement"
                if offer
                else "accepts the offer to end the game by agreement",
                seat=seat,
            )
        if not self._seats_still_in() & ~self._accepted:
            self._finish("agreement")

    def end_by_forfeit(self, reason: str) -> None:
        """End the game now, as it stands: the site's timeout, resignation or claim of victory
        (ledgered by the site beside the moves; never a move a player types). The scores are
        those on the board; the site places the seats that forfeited last."""
        if self._over:
            raise IllegalMove("the game is over")
        self._finish(reason)

    def _lapse_offer(self) -> None:
        """The turn has passed: an open offer lapses when its maker is to act again (nobody
        accepted it in a whole round), or once its maker is no longer in."""
        seat = self._offer
        if self.to_act() != seat and self._seats_still_in() >> seat & 1:
            return
        self._offer = -1
        self._accepted = 0
        if self._ev is not None:
            self._log(
                "offer-lapsed",
                self._seat_subject(seat),
                "no longer offers to end the game: the offer lapsed",
                seat=seat,
            )

    def _seat_subject(self, seat: int) -> str:
        """A seat in a log line: its crews ("The White and Black player")."""
        crews = " and ".join(CREWS[c].capitalize() for c in self._order if self._owner[c] == seat)
        return f"The {crews} player"

    def _explain_agreement(self, code: int) -> str:
        """Why an agreement action is refused now."""
        text = format_code(code)
        if code == LEGACY_AGREE_CODE:
            return Reason(
                f"{text} is not a move any more: one player cannot end the game. Offer it with "
                "'offer end'; it ends when every player still in has accepted with 'accept end'",
                "agree-retired",
                move=text,
            )
        if self._pend or self._after:
            return Reason(
                f"{text} is not possible now: finish the move first; "
                "offer or accept at the start of a turn",
                "agreement-later",
                move=text,
            )
        if code == OFFER_CODE:
            return Reason(
                f"{text} is not possible: an offer to end the game is already open",
                "offer-open",
                move=text,
            )
        if self._offer < 0:
            return Reason(
                f"{text} is not possible: nobody has offered to end the game", "no-offer", move=text
            )
        return Reason(
            f"{text} is not possible: you have already agreed to end the game",
            "already-agreed",
            move=text,
        )

    def _agreement_json(self, d: dict) -> None:
        """Only while an offer is open: positions stored before ruling E16 stay valid as is."""
        if self._offer >= 0:
            d["agreement"] = self.agreement

    def _agreement_from_json(self, d: dict) -> None:
        agreement = d.get("agreement")
        if agreement:
            self._offer = int(agreement["offered_by"])
            self._accepted = sum(1 << int(seat) for seat in agreement["accepted"])
            if not (0 <= self._offer < self.players and self._accepted >> self._offer & 1):
                raise SetupError("malformed jackal-position: a bad offer to end the game")
