"""Beat's clock sweep: every running game whose deadline has passed times out, exactly once.

ARCHITECTURE.md: never one countdown per game. The deadlines are a column (`Game.deadline`), and
the sweep reads the due ones from the partial index `game_running_deadline`, so its cost follows
what is due, not how many games run. Each due game is claimed by a conditional update (its ply
and deadline as read): of two sweeps running at once, or a sweep and the player's last-second
move, exactly one changes the row; the claim and the timeout are one transaction, so a sweep
that dies half-way leaves the deadline in place for the next one.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from . import forfeits, services, turns
from .models import Game
from .signals import clock_low

logger = logging.getLogger(__name__)

BATCH = 500  # due games read per query: a backlog is worked through, a batch at a time


def due_games(now: datetime, limit: int = BATCH) -> list[tuple[int, int]]:
    """(game id, ply) of running games whose deadline is at or before `now`, oldest first."""
    return list(
        Game.objects.filter(status=Game.Status.RUNNING, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", "ply")[:limit]
    )


def claim_and_time_out(game_id: int, ply: int, now: datetime) -> bool:
    """Time out `game_id`'s seat to act at `ply` if no one got there first."""
    try:
        with transaction.atomic():
            # The claim: only a row still at this ply, still running and still due is changed.
            # A move in between moved the ply on (and set a new deadline); another sweep cleared
            # the deadline. Either way this update changes nothing, and we stop here.
            claimed = Game.objects.filter(
                pk=game_id, ply=ply, status=Game.Status.RUNNING, deadline__lte=now
            ).update(deadline=None)
            if not claimed:
                return False
            forfeits.time_out(game_id, expected_ply=ply)
    except services.GameError as error:
        logger.info("timeout of game %s at ply %s not applied: %s", game_id, ply, error.message)
        return False
    return True


def sweep_timeouts(now: datetime | None = None) -> int:
    """Time out every due game; returns how many this sweep timed out."""
    now = now or timezone.now()
    done = 0
    while True:
        batch = due_games(now)
        acted = sum(claim_and_time_out(game_id, ply, now) for game_id, ply in batch)
        done += acted
        if len(batch) < BATCH or not acted:
            return done


def sweep_warnings(now: datetime | None = None) -> int:
    """Warn every player whose clock has fallen under 24 h or 2 h; returns how many."""
    now = now or timezone.now()
    due = list(
        Game.objects.filter(status=Game.Status.RUNNING, warn_at__lte=now)
        .order_by("warn_at")
        .values_list("pk", "ply", "warn_at")[:BATCH]
    )
    return sum(_warn(game_id, ply, warn_at, now) for game_id, ply, warn_at in due)


def _warn(game_id: int, ply: int, warn_at: datetime, now: datetime) -> bool:
    with transaction.atomic():
        game, seats = services.game_with_seats(game_id)
        seat = next((s for s in seats if s.index == game.to_act_seat), None)
        left = turns.time_left(game, seat, now) if seat is not None else None
        following = None
        if left is not None and left > turns.WARNINGS[1]:
            following = turns.next_warning(game, seat, now, left)
        # The claim: the row as read (its ply and this warning) moves on to the next warning;
        # a move in between, or another sweep, has changed it and this update changes nothing.
        claimed = Game.objects.filter(
            pk=game_id, ply=ply, status=Game.Status.RUNNING, warn_at=warn_at
        ).update(warn_at=following)
        if not claimed or left is None:
            return False
        clock_low.send(sender=Game, game=game, seat=seat, level=turns.warning_due(left), now=now)
    return True
