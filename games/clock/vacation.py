"""Vacations: a player stops their clocks in every game for some days (OGS has this; Lichess's
users keep asking for it, lichess-org/lila #59, #148, #5154).

Each player banks vacation days (7 to start, a day a week more, at most 30:
games.clock.clocks.accrued_vacation). Starting a vacation takes the days from the bank and pauses
the clock of every game waiting for them (and each turn that comes to them while away starts paused,
games.clock.turns.begin_turn), except at tables that forbid vacations. Ending it early gives the
days not used back; beat ends those that run out (`end_due`). A clock that runs out may start
a vacation of a day by itself (games.clock.auto_vacation). Resuming uses the staff's resume
(games.clock.staff): the turn goes on with the clock time it had.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import services
from games.clock import staff, turns
from games.lists import listing, my_turn
from games.models import Game

logger = logging.getLogger(__name__)


class VacationError(services.GameError):
    code = "vacation"


def start(user: User, days: int, now: datetime | None = None) -> User:
    now = now or timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.on_vacation(now):
            raise VacationError(_("You are on vacation already."))
        balance = user.vacation_balance(now)
        if days < 1 or timedelta(days=days) > balance:
            raise VacationError(
                _("You can take from 1 to %(n)d days of vacation now.") % {"n": balance.days}
            )
        user.vacation_left = balance - timedelta(days=days)
        user.vacation_counted_at = now
        user.vacation_until = now + timedelta(days=days)
        user.save(update_fields=["vacation_left", "vacation_counted_at", "vacation_until"])
    for game_id in waiting_games(user):
        pause_for_vacation(game_id, user, now)
    return user


def waiting_games(user: User):
    """The ids of the games waiting for `user` at tables that allow vacations."""
    return my_turn.waiting_for(user).filter(vacation_allowed=True).values_list("pk", flat=True)


def pause_for_vacation(game_id: int, user: User, now: datetime) -> None:
    with transaction.atomic():
        game, seats = services.game_with_seats(game_id, lock=True)
        seat = turns.clock_seat(game, seats)
        if not game.is_running or game.paused_at is not None or seat is None:
            return
        if seat.user_id != user.pk or seat.plays_by_bot:
            return
        game.paused_left = turns.time_left(game, seat, now)
        game.paused_at, game.paused_for = now, "vacation"
        game.deadline = game.warn_at = game.turn_started_at = None
        game.save(update_fields=turns.CLOCK_FIELDS)
        listing.relist(game)  # its place in the players' my games follows the clock


def stop(user: User, now: datetime | None = None, *, ending: datetime | None = None) -> User:
    """End `user`'s vacation now: the days not used go back to the bank, the clocks restart.
    With `ending`, only the vacation that ends then (beat's claim, under the user's row lock)."""
    now = now or timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.vacation_until is None or (ending and user.vacation_until != ending):
            raise VacationError(_("You are not on vacation."))
        unused = max(user.vacation_until - now, timedelta(0))
        user.vacation_left = user.vacation_balance(now) + unused
        user.vacation_counted_at = now
        user.vacation_until = None
        user.save(update_fields=["vacation_left", "vacation_counted_at", "vacation_until"])
    paused = Game.objects.filter(
        status=Game.Status.RUNNING, paused_for="vacation", seats__user=user
    ).values_list("pk", flat=True)
    for game_id in list(paused):
        staff.resume(game_id, only_for="vacation")
    return user


def end_due(now: datetime | None = None) -> int:
    """Beat: end the vacations that have run out, each once."""
    now = now or timezone.now()
    due = list(
        User.objects.filter(vacation_until__lte=now).values_list("pk", "vacation_until")[:500]
    )
    ended = 0
    for user_id, until in due:
        try:
            stop(User(pk=user_id), now, ending=until)
        except VacationError:
            continue  # another sweep, or the player, ended it first
        ended += 1
    return ended
