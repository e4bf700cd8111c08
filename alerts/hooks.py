"""The games' signals, answered after the commit: a turn began, many began, a clock runs low.

The signals come inside the move's (or the sweep's) transaction. Nothing is read or written
there: each asks, once the transaction has committed, for a Celery task that writes the alerts'
rows and sends them (alerts.tasks). A move rolled back alerts nobody; the move's request pays
for no query of ours.
"""

from __future__ import annotations

import logging

from django.db import transaction

logger = logging.getLogger(__name__)


def _queue(task, *args) -> None:
    def send() -> None:
        try:
            task.delay(*args)
        except Exception:  # the broker is away: an alert lost, never a move
            logger.exception("could not queue %s", task.name)

    transaction.on_commit(send)


def turn_began(sender, *, game, seat, now, **kwargs) -> None:
    from . import tasks

    _queue(tasks.turns_began, [(game.pk, game.ply, seat.index)])


def turns_began(sender, *, began, **kwargs) -> None:
    from . import tasks

    _queue(tasks.turns_began, [(game.pk, game.ply, seat.index) for game, seat, _now in began])


def clock_low(sender, *, game, seat, level, now, **kwargs) -> None:
    from . import tasks

    if seat.user_id is not None:
        _queue(tasks.clock_low, game.pk, game.ply, seat.user_id)
