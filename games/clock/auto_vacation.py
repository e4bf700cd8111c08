"""Automatic vacation: a clock that runs out spends a day of its player's vacation bank instead of
the timeout (the classic correspondence sites do this; docs/people.md).

The clock's sweep (games.clock.sweep) asks `spare` about the due games it has locked, before it
times any out. A game is spared when its table allows vacations and the player whose clock ran
out (the clock seat, a person's, no bot standing in) either is on vacation already (a vacation
just started whose pauses have not reached this game yet) or has automatic vacation on
(`User.auto_vacation`, the Settings switch) and at least a whole day banked. Then:

- a one-day vacation starts for the player, as if they had started it themselves
  (games.clock.vacation): the day leaves the bank, every game waiting for them is paused, and
  beat ends it a day later (`vacation.end_due`), which resumes the clocks;
- this game is paused for the vacation with no time left on its clock, so that when the day
  ends it is due again at once: the next sweep spends the next day, while days remain, and
  times the seat out as the table chose once none is left (or the player turned it off);
- the ledger gets a `SeatAction` of kind `vacation` at the game's ply: the game's log (the
  clock panel beside the board) says so, and reliability (accounts.reliability) counts it as
  a timeout covered, not a miss;
- the player is told by e-mail (`games.signals.vacation_spent`, reminders.services): once per
  turn covered, with the days left.

Exactly once: everything happens under the sweep's row lock of the game, in its transaction; the
players' rows are locked too (in id order, so two sweeps cannot deadlock on them), so two sweeps
that spare two games of one player spend one day between them, not two. A move that holds the
game's lock first gives the game a new deadline, and the sweep does not see it due.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q

from accounts.models import User
from games import ledger
from games.clock import turns, vacation
from games.lists import listing
from games.models import Game, Seat, SeatAction
from games.signals import vacation_spent

logger = logging.getLogger(__name__)

DAY = timedelta(days=1)
USER_FIELDS = ["vacation_left", "vacation_counted_at", "vacation_until"]


def spare(game_ids: list[int], now: datetime) -> list[tuple[int, int, bool, int]]:
    """Of the due games `game_ids` (locked by the caller's transaction), spend vacation for
    those it can; their changes, as `notify.games_changed` takes them."""
    owing = _clock_seats(game_ids)
    if not owing:
        return []
    users = {
        user.pk: user
        for user in User.objects.select_for_update()
        .filter(
            Q(auto_vacation=True) | Q(vacation_until__gt=now),
            pk__in={user_id for _seat, user_id in owing.values()},
        )
        .order_by("pk")
    }
    started: set[int] = set()
    spared: dict[int, int] = {}
    for game_id, (seat_index, user_id) in sorted(owing.items()):
        user = users.get(user_id)
        if user is None:
            continue
        if not user.on_vacation(now):
            balance = user.vacation_balance(now)
            if not user.auto_vacation or balance < DAY:
                continue
            user.vacation_left = balance - DAY
            user.vacation_counted_at = now
            user.vacation_until = now + DAY
            started.add(user.pk)
        spared[game_id] = seat_index
    if not spared:
        return []
    if started:
        User.objects.bulk_update([users[pk] for pk in started], USER_FIELDS)
    return _pause(spared, users, owing, started, now)


def _clock_seats(game_ids: list[int]) -> dict[int, tuple[int, int]]:
    """(seat index, user id) of the clock seat of each game that allows vacations, where a
    person plays it (one query)."""
    first: dict[int, tuple[int, int | None, bool]] = {}
    for game_id, index, user_id, bot, stand_in in (
        Seat.objects.filter(game_id__in=game_ids, must_act=True, game__vacation_allowed=True)
        .order_by("game_id", "index")
        .values_list("game_id", "index", "user_id", "bot", "stand_in")
    ):
        first.setdefault(game_id, (index, user_id, bool(bot or stand_in)))
    return {
        game_id: (index, user_id)
        for game_id, (index, user_id, by_bot) in first.items()
        if user_id is not None and not by_bot
    }


def _pause(spared: dict[int, int], users, owing, started: set[int], now: datetime) -> list:
    games = list(Game.objects.filter(pk__in=list(spared)).defer("state").order_by("pk"))
    actions, told, changes = [], [], []
    for game in games:
        seat_index = spared[game.pk]
        user = users[owing[game.pk][1]]
        action = SeatAction(
            game=game, ply=game.ply, seat=seat_index, kind=SeatAction.Kind.VACATION, created_at=now
        )
        ledger.seal(game, action)
        actions.append(action)
        # No time left: the turn is due again the moment the vacation ends (the next day's).
        game.paused_at, game.paused_for, game.paused_left = now, "vacation", timedelta(0)
        game.deadline = game.warn_at = game.turn_started_at = None
        game.save(update_fields=[*turns.CLOCK_FIELDS, "ledger_seal"])
        listing.relist(game)  # its place in the players' my games follows the clock
        told.append((game, seat_index, user, user.pk in started))
        changes.append((game.pk, game.ply, False, game.players))
        logger.info(
            "game %s ply %s: seat %s out of time, a day of vacation spent",
            game.pk,
            game.ply,
            seat_index,
        )
    SeatAction.objects.bulk_create(actions)
    vacation_spent.send(sender=Game, spent=told, now=now)
    if started:
        transaction.on_commit(lambda: _pause_other_games(started, set(spared), now))
    return changes


def _pause_other_games(user_ids: set[int], paused: set[int], now: datetime) -> None:
    """After the commit: the rest of the games waiting for the players whose vacation began
    stop too, as a vacation they started would stop them (each under its own lock)."""
    for user in User.objects.filter(pk__in=user_ids):
        for game_id in vacation.waiting_games(user).exclude(pk__in=paused):
            vacation.pause_for_vacation(game_id, user, now)
