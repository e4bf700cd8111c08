"""Correspondence clocks: how much time a seat has, and when it runs out.

Pure arithmetic on aware datetimes. The models keep the results (a seat's bank and deadline) and
one periodic sweep acts on the deadlines that are due (ARCHITECTURE.md: never one countdown per
game). Every sum is done in UTC: arithmetic on two aware datetimes of the same zone is wall-clock
arithmetic in Python, which would be an hour off across a change to or from summer time.

Three kinds of control, chosen when a table is opened:

- ``per-move``: the same time for every turn (1, 2, 3, 5, 7 or 14 days); the clock starts afresh
  at each turn.
- ``bank``: a bank of days that a turn spends, plus an increment after each turn, never above the
  starting bank: fast players save time for slow weeks.
- ``unlimited``: no deadline (friendly games).

With *weekends off*, Saturday and Sunday in the player's own time zone do not run their clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

PER_MOVE = "per-move"
BANK = "bank"
UNLIMITED = "unlimited"
KINDS = (PER_MOVE, BANK, UNLIMITED)

PER_MOVE_DAYS = (1, 2, 3, 5, 7, 14)
BANK_DAYS = (3, 5, 7, 10, 14, 21, 30)
INCREMENT_DAYS = (0, 1, 2, 3)

DAY = timedelta(days=1)
SATURDAY = 5  # date.weekday(): Monday is 0


class ClockError(ValueError):
    """A time control that the site does not offer; the message is for the player."""


@dataclass(frozen=True)
class TimeControl:
    kind: str = PER_MOVE
    days: int = 3  # per move: each turn's time; bank: the starting (and largest) bank
    increment_days: int = 0  # bank only: added after each turn
    weekends_off: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ClockError(_("Unknown time control: %(kind)s.") % {"kind": self.kind})
        if self.kind == PER_MOVE and self.days not in PER_MOVE_DAYS:
            raise ClockError(
                _("Days per move: one of %(days)s.") % {"days": _listed(PER_MOVE_DAYS)}
            )
        if self.kind == BANK and self.days not in BANK_DAYS:
            raise ClockError(_("A time bank: one of %(days)s days.") % {"days": _listed(BANK_DAYS)})
        if self.kind == BANK and self.increment_days not in INCREMENT_DAYS:
            raise ClockError(
                _("The increment: one of %(days)s days.") % {"days": _listed(INCREMENT_DAYS)}
            )
        if self.kind != BANK and self.increment_days:
            raise ClockError(_("Only a time bank has an increment."))

    @property
    def is_unlimited(self) -> bool:
        return self.kind == UNLIMITED

    @property
    def starting_bank(self) -> timedelta | None:
        """What each seat has when the game starts (None: no clock)."""
        return None if self.is_unlimited else self.days * DAY

    def time_for_turn(self, bank: timedelta | None) -> timedelta | None:
        """The clock time a seat may spend on the turn it begins with `bank` left."""
        if self.kind == PER_MOVE:
            return self.days * DAY
        return bank

    def bank_after_turn(self, bank: timedelta | None, used: timedelta) -> timedelta | None:
        """What is left after a turn that took `used` of clock time."""
        if self.kind == PER_MOVE:
            return self.days * DAY
        if self.kind == UNLIMITED or bank is None:
            return None
        left = max(bank - used, timedelta(0)) + self.increment_days * DAY
        return min(left, self.days * DAY)

    def describe(self) -> str:
        """The control in words, for the lobby and the table ("3 days per move")."""
        if self.kind == UNLIMITED:
            text = _("no time limit")
        elif self.kind == PER_MOVE:
            text = ngettext("%(n)d day per move", "%(n)d days per move", self.days) % {
                "n": self.days
            }
        else:
            text = ngettext("a bank of %(n)d day", "a bank of %(n)d days", self.days) % {
                "n": self.days
            }
            if self.increment_days:
                text += " " + ngettext(
                    "+%(n)d day a move", "+%(n)d days a move", self.increment_days
                ) % {"n": self.increment_days}
        if self.weekends_off:
            text += ", " + _("weekends off")
        return text


def _listed(values: tuple[int, ...]) -> str:
    return ", ".join(str(value) for value in values)


# --- Clock time: real time less the weekends of the player's zone --------------------------------


def _local_midnight(day: date, zone: ZoneInfo) -> datetime:
    """The start of `day` in `zone`, as a UTC instant."""
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def _days_between(start: datetime, end: datetime, zone: ZoneInfo):
    """(local date, UTC start, UTC end) for each local day that [start, end) touches."""
    day = start.astimezone(zone).date()
    cursor = start
    while cursor < end:
        day_end = _local_midnight(day + DAY, zone)
        yield day, cursor, min(day_end, end)
        cursor, day = day_end, day + DAY


def clock_time(start: datetime, end: datetime, zone: ZoneInfo, *, weekends_off: bool) -> timedelta:
    """How much of [start, end) runs a player's clock."""
    start, end = start.astimezone(UTC), end.astimezone(UTC)
    if end <= start:
        return timedelta(0)
    if not weekends_off:
        return end - start
    return sum(
        (
            chunk_end - chunk_start
            for day, chunk_start, chunk_end in _days_between(start, end, zone)
            if day.weekday() < SATURDAY
        ),
        timedelta(0),
    )


def deadline_after(
    start: datetime, budget: timedelta, zone: ZoneInfo, *, weekends_off: bool
) -> datetime:
    """The instant at which a clock started at `start` with `budget` left runs out."""
    start = start.astimezone(UTC)
    if not weekends_off:
        return start + budget
    remaining, cursor = budget, start
    day = start.astimezone(zone).date()
    while True:
        day_end = _local_midnight(day + DAY, zone)
        if day.weekday() < SATURDAY:
            if day_end - cursor >= remaining:
                return cursor + remaining
            remaining -= day_end - cursor
        cursor, day = day_end, day + DAY


# --- In words ----------------------------------------------------------------------------------


def describe_remaining(left: timedelta) -> str:
    """Time left in words: "2 days 4 h", "5 h 12 min", "12 min"; "time is up" at zero."""
    if left <= timedelta(0):
        return _("time is up")
    minutes = int(left.total_seconds() // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        text = ngettext("%(n)d day", "%(n)d days", days) % {"n": days}
        return text + (" " + _("%(n)d h") % {"n": hours} if hours else "")
    if hours:
        return _("%(h)d h %(m)d min") % {"h": hours, "m": minutes}
    return _("%(n)d min") % {"n": max(minutes, 1)}


# --- Vacation -----------------------------------------------------------------------------------

VACATION_START = timedelta(days=7)  # what a new account has
VACATION_CAP = timedelta(days=30)
VACATION_EARNED_EVERY = timedelta(days=7)  # one day earned per week


def accrued_vacation(balance: timedelta, since: datetime, now: datetime) -> timedelta:
    """A vacation balance of `balance` at `since`, grown by the days earned until `now`.

    Earned continuously (a day a week, so half a day after three and a half days), never above
    the cap; a balance over the cap (given by staff) is kept, not cut.
    """
    if now <= since or balance >= VACATION_CAP:
        return balance
    earned = (now - since) / VACATION_EARNED_EVERY * DAY
    return min(balance + earned, VACATION_CAP)
