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

from . import forfeits, services
from .models import Game

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
