"""The running clock of a game: whose turn, since when, until when; and what pages show of it.

`games.clock.clocks` does the arithmetic; this module keeps its results on the rows the move service
has locked anyway (`Game.turn_started_at`, `Game.deadline`, `Seat.bank`), so a clock changes in
the same transaction as the move that changes the turn. A clock belongs to a seat, not to a crew:
it runs from the moment a seat must act until its turn ends. A decision in the middle of a turn
(a chain choice, a bottle, a peek, an offer to end) is the same turn: nothing restarts. A turn
that ends with the same seat to act again (the others skipped, a crew of theirs with no move, a
game of one) begins a new turn of that seat's clock: the rules say when a turn ended
(`GameState.turns_begun`).

A simultaneous choice (several seats must act at once, `Seat.must_act`) is one turn of all of
them: it begins for all at once, and the game's deadline is that of the first seat in seat order
still owing its choice (the clock seat, `clock_seat`). Each seat's bank is charged when it
answers; the others' clocks run on until the last answer begins the next turn.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clock import clocks
from games.models import Game, Seat
from games.signals import turn_began, turns_began

UTC_ZONE = ZoneInfo("UTC")


def control_of(game: Game) -> clocks.TimeControl:
    return clocks.TimeControl(
        kind=game.clock_kind,
        days=game.clock_days,
        increment_days=game.clock_increment_days,
        weekends_off=game.weekends_off,
    )


def zone_of(seat: Seat) -> ZoneInfo:
    """The seat's player's time zone (their weekends); UTC for a bot or a bad name."""
    try:
        return ZoneInfo(seat.user.time_zone) if seat.user_id else UTC_ZONE
    except (KeyError, ValueError):
        return UTC_ZONE


def start_clocks(game: Game, seats: list[Seat], now: datetime) -> None:
    """At the start of a game: every seat gets the starting bank, and the first turn begins."""
    bank = control_of(game).starting_bank if game.clock_kind == clocks.BANK else None
    for seat in seats:
        seat.bank = bank
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(bank=bank)
    begin_turn(game, seats, now)


def begin_turn(
    game: Game, seats: list[Seat], now: datetime, *, quiet: frozenset[int] = frozenset()
) -> None:
    """The seats that must act start their turn now: the deadline of the clock seat, or none when
    no clock runs for it; each player told (`turn_began`), but for the seats in `quiet`. Sets the
    fields on `game`; the caller saves them (`CLOCK_FIELDS`)."""
    game.turn_started_at = now if game.status == Game.Status.RUNNING else None
    _set_deadline(game, seats, now)
    collected = _began.get()
    for seat in seats_to_act(game, seats):
        if not seat.plays_by_bot and seat.index not in quiet:
            if collected is not None:
                collected.append((game, seat, now))
            else:
                turn_began.send(sender=Game, game=game, seat=seat, now=now)


# The turns begun within `turns_began_in_bulk` (None outside: each is told as it begins).
_began: ContextVar[list | None] = ContextVar("turns_began_in_bulk", default=None)


@contextmanager
def turns_began_in_bulk(*, after_commit: bool = False):
    """Within it, the turns that begin are told once at its end (`turns_began`, one signal for
    them all), not one by one: the clock sweep begins thousands in one transaction, and the
    turn e-mails then write their rows in one statement, not two queries a turn. Nothing is
    told if the block fails (its transaction is rolled back).

    With `after_commit`, they are told once the transaction has committed (a move: its turn
    e-mails' rows are no part of the move, and the game's lock is not held while they are
    written). A failure to write them then is logged, not the move's: the move stands."""
    began: list = []
    token = _began.set(began)
    try:
        yield
    finally:
        _began.reset(token)
    if not began:
        return
    if after_commit:
        transaction.on_commit(lambda: turns_began.send(sender=Game, began=began), robust=True)
    else:
        turns_began.send(sender=Game, began=began)


def _set_deadline(game: Game, seats: list[Seat], now: datetime) -> None:
    """The deadline of the clock seat, whose turn began at `now`; paused for its vacation."""
    game.deadline = game.warn_at = None
    seat = clock_seat(game, seats)
    if seat is None or seat.plays_by_bot:
        return
    if game.paused_at is None and on_vacation_here(game, seat, now):
        game.paused_at, game.paused_for = now, "vacation"
    if game.paused_at is not None:
        # Paused (staff, a vacation): the new turn's clock waits, with the whole turn's time.
        game.paused_left = control_of(game).time_for_turn(seat.bank)
        game.turn_started_at = None
        return
    control = control_of(game)
    budget = control.time_for_turn(seat.bank)
    if budget is not None:
        game.deadline = clocks.deadline_after(
            now, budget, zone_of(seat), weekends_off=control.weekends_off
        )
        game.warn_at = next_warning(game, seat, now, budget)


CLOCK_FIELDS = ["turn_started_at", "deadline", "warn_at", "paused_at", "paused_left", "paused_for"]


def on_vacation_here(game: Game, seat: Seat, now: datetime) -> bool:
    """The seat's player is on vacation, and this table lets vacations stop its clocks."""
    return game.vacation_allowed and seat.user_id is not None and seat.user.on_vacation(now)


# A player is warned when their time falls under each of these, once each per turn: but only
# under those the turn began above (a 1-day clock does not start with an "under 24 h" warning).
WARNINGS = (timedelta(hours=24), timedelta(hours=2))


def next_warning(game: Game, seat: Seat, now: datetime, left: timedelta) -> datetime | None:
    """When `seat`, with `left` clock time at `now`, next falls under a warning's threshold."""
    for threshold in WARNINGS:
        if left > threshold:
            return clocks.deadline_after(
                now, left - threshold, zone_of(seat), weekends_off=game.weekends_off
            )
    return None


def warning_due(left: timedelta) -> str:
    """Which warning a seat with `left` clock time gets now: "24h" or "2h"."""
    return "2h" if left <= WARNINGS[1] else "24h"


def after_move(
    game: Game,
    seats: list[Seat],
    mover: int,
    now: datetime,
    owed_before: frozenset[int] = frozenset(),
    *,
    turn_passed: bool = False,
) -> None:
    """After `mover`'s move (`owed_before`: the seats that had to act before it): if the mover's
    turn is over, charge its bank (in memory: the move writes its seats' banks with their other
    changes, `listing.relist`); if a new turn began (not just the mover's part of a
    simultaneous choice that others still owe), start its clock. Within a turn, nothing changes.

    `turn_passed`: the rules say a turn ended with this move (`GameState.turns_begun` changed).
    Then a mover still to act begins a new turn of its own: the others are skipped, or it plays
    alone. Its clock is a new turn's, as if another seat had moved in between: days per move
    start afresh, a bank is charged the turn and given its increment."""
    owing = {seat.index for seat in seats_to_act(game, seats)}
    again = mover in owing and owing - {mover} <= owed_before  # the mover acts on, nobody new
    if again and not turn_passed:
        return
    # (The mover may owe again at once with others joining: Jamaica's captain orders the dice,
    # then every seat, the captain too, chooses a card. That is a new turn, for all of them.)
    charge_turn(game, seats, mover, now, save=False)  # the move writes its seats at once
    if owing and owing <= owed_before - {mover}:
        # The others still owe the same simultaneous choice: their clocks run on; only the
        # deadline may now be another seat's.
        _set_deadline(game, seats, game.turn_started_at or now)
        return
    # The mover's own next turn, alone (the others skipped), is no news to the mover: no "your
    # turn" for it. A turn that others join is news to all (Jamaica's cards, the captain's too).
    begin_turn(game, seats, now, quiet=frozenset({mover}) if again else frozenset())


def charge_turn(
    game: Game, seats: list[Seat], seat_index: int, now: datetime, *, save: bool = True
) -> None:
    """The turn of `seat_index` ends now: its bank loses the clock time used, plus increment.
    Without `save` the seat is changed in memory only (the caller writes `bank`)."""
    if game.clock_kind != clocks.BANK or game.turn_started_at is None:
        return
    seat = next(s for s in seats if s.index == seat_index)
    if seat.plays_by_bot or seat.bank is None:
        return
    control = control_of(game)
    used = clocks.clock_time(
        game.turn_started_at, now, zone_of(seat), weekends_off=control.weekends_off
    )
    seat.bank = control.bank_after_turn(seat.bank, used)
    if save:
        seat.save(update_fields=["bank"])


def seats_to_act(game: Game, seats: list[Seat]) -> list[Seat]:
    """The seats of `game` that must act now, in seat order (none unless it runs)."""
    if game.status != Game.Status.RUNNING:
        return []
    return sorted((s for s in seats if s.must_act), key=lambda s: s.index)


def clock_seat(game: Game, seats: list[Seat]) -> Seat | None:
    """The seat whose time the game's clock (`Game.deadline`) measures: the one that must act,
    or during a simultaneous choice the first in seat order still owing."""
    owing = seats_to_act(game, seats)
    return owing[0] if owing else None


# --- What pages show ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClockLine:
    seat: int
    name: str
    left: timedelta | None  # clock time left (None: no clock)
    running: bool  # counting down now (its turn, and not its weekend)
    words: str
    stand_in: bool = False  # a bot plays for the seat's player (games.clock.forfeits)
    skipped: bool = False  # out of time at a table where the crews are then skipped
    paused: bool = False  # the clock is paused (staff, or this player's vacation)
    vacation_until: datetime | None = None  # shown to everyone at the table
    to_act: bool = False  # the seat must act now

    @property
    def seconds(self) -> int:
        return int(self.left.total_seconds()) if self.left is not None else 0


def time_left(game: Game, seat: Seat, now: datetime | None = None) -> timedelta | None:
    """Clock time `seat` has left now: until its deadline on its turn, else its bank."""
    now = now or timezone.now()
    if game.clock_kind == clocks.UNLIMITED or seat.plays_by_bot:
        return None
    if game.status == Game.Status.RUNNING and seat.must_act:
        if game.paused_at is not None:
            return game.paused_left
        if game.deadline is None:
            return None
        return clocks.clock_time(now, game.deadline, zone_of(seat), weekends_off=game.weekends_off)
    if game.clock_kind == clocks.BANK:
        return seat.bank
    return control_of(game).time_for_turn(None)


def clock_lines(game: Game, seats: list[Seat], now: datetime | None = None) -> list[ClockLine]:
    """One line per seat of a running game, in words, computed on the server (true without
    JavaScript; static/js/clock.js counts the running one down)."""
    now = now or timezone.now()
    if game.status != Game.Status.RUNNING:
        return []
    lines = []
    # The engine's list of skipped seats (rules.jackal.skipping), when the state was read: lists
    # that defer it show only the running clock, and a skipped seat never runs one.
    skipped = set((game.__dict__.get("state") or {}).get("skipped", ()))
    for seat in seats:
        if seat.index in skipped:
            words = str(_("out of time; their crews are skipped"))
            lines.append(
                ClockLine(seat.index, seat.occupant_name, None, False, words, skipped=True)
            )
            continue
        left = time_left(game, seat, now)
        to_act = seat.must_act
        running = (
            to_act
            and left is not None
            and game.paused_at is None
            and clocks.clock_time(
                now, now + timedelta(seconds=1), zone_of(seat), weekends_off=game.weekends_off
            )
            > timedelta(0)
        )
        words = clocks.describe_remaining(left) if left is not None else ""
        lines.append(
            ClockLine(
                seat.index,
                seat.occupant_name,
                left,
                running,
                words,
                stand_in=bool(seat.stand_in),
                paused=to_act and game.paused_at is not None,
                to_act=to_act,
                vacation_until=seat.user.vacation_until
                if seat.user_id and seat.user.on_vacation(now) and game.vacation_allowed
                else None,
            )
        )
    return lines
