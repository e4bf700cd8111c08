"""After a game's finishing commit, queue its rating (games/services.py stays untouched)."""

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Game
from games.signals import games_ended

logger = logging.getLogger(__name__)


def _queue() -> None:
    from .tasks import rate_finished_games

    try:
        rate_finished_games.delay()
    except Exception:
        # The broker is away: the next finished game's task, or recompute_ratings, catches up.
        logger.exception("could not queue the rating of finished games")


@receiver(post_save, sender=Game, dispatch_uid="ratings.game_saved")
def game_saved(sender, instance: Game, created=False, update_fields=None, **kwargs) -> None:
    # Cheap on every move: only the save that writes the finished status queues anything. A game
    # is never created finished (its seats come after it): such rows are copies, left to
    # recompute_ratings.
    if created or instance.status != Game.Status.FINISHED:
        return
    if update_fields is not None and "status" not in update_fields:
        return
    transaction.on_commit(_queue)


@receiver(games_ended, dispatch_uid="ratings.games_ended")
def games_ended_in_bulk(sender, game_ids, **kwargs) -> None:
    # One rating task for a whole batch of games the clock ended: the task rates them all.
    if game_ids:
        transaction.on_commit(_queue)
