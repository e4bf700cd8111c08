"""Staff's hands on a game's clock (the admin's actions): give the player to act more time,
pause the clock and resume it. Each locks the game row, as a move does, so none of them races
a move or the sweep."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services
from games.clock import clocks, turns
from games.lists import listing
from games.models import Game


class ClockStaffError(services.GameError):
    code = "clock"


def _locked_running(game_id: int):
    game, seats = services.game_with_seats(game_id, lock=True)
    if not game.is_running:
        raise ClockStaffError(_("Game %(id)d is not running.") % {"id": game.pk})
    seat = turns.clock_seat(game, seats)
    return game, seats, seat


def give_time(game_id: int, extra: timedelta) -> Game:
    """The player to act gets `extra` clock time on this turn (their deadline moves on)."""
    with transaction.atomic():
        game, _seats, seat = _locked_running(game_id)
        if game.paused_at is not None:
            game.paused_left = (game.paused_left or timedelta(0)) + extra
        elif game.deadline is None:
            raise ClockStaffError(_("No clock runs in game %(id)d.") % {"id": game.pk})
        else:
            now = timezone.now()
            left = turns.time_left(game, seat, now) + extra
            game.deadline = clocks.deadline_after(
                now, left, turns.zone_of(seat), weekends_off=game.weekends_off
            )
            game.warn_at = turns.next_warning(game, seat, now, left)
        game.save(update_fields=turns.CLOCK_FIELDS)
        listing.relist(game)  # its place in the players' my games follows the clock
    return game


def pause(game_id: int) -> Game:
    """Stop the clock: the time left is kept, and nothing times out until `resume`."""
    with transaction.atomic():
        game, _seats, seat = _locked_running(game_id)
        if game.paused_at is not None:
            raise ClockStaffError(_("Game %(id)d is paused already.") % {"id": game.pk})
        now = timezone.now()
        game.paused_left = turns.time_left(game, seat, now) if seat is not None else None
        game.paused_at, game.paused_for = now, "staff"
        # The time before the pause is in paused_left: a bank is charged from the resume on.
        game.deadline = game.warn_at = game.turn_started_at = None
        game.save(update_fields=turns.CLOCK_FIELDS)
        listing.relist(game)  # its place in the players' my games follows the clock
    return game


def resume(game_id: int, *, only_for: str = "") -> Game | None:
    """Restart a paused clock with the time it had (`only_for`: only a pause of that kind, else
    leave the game as it is and return None)."""
    with transaction.atomic():
        game, _seats, seat = _locked_running(game_id)
        if only_for and game.paused_for != only_for:
            return None
        if game.paused_at is None:
            raise ClockStaffError(_("Game %(id)d is not paused.") % {"id": game.pk})
        now = timezone.now()
        left, game.paused_at, game.paused_left, game.paused_for = game.paused_left, None, None, ""
        game.turn_started_at = now
        if seat is not None and left is not None and not seat.plays_by_bot:
            if game.clock_kind == clocks.BANK:
                seat.bank = left  # what the turn has left: charged from now on
                seat.save(update_fields=["bank"])
            game.deadline = clocks.deadline_after(
                now, left, turns.zone_of(seat), weekends_off=game.weekends_off
            )
            game.warn_at = turns.next_warning(game, seat, now, left)
        game.save(update_fields=turns.CLOCK_FIELDS)
        listing.relist(game)  # its place in the players' my games follows the clock
    return game
