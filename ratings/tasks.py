"""Background work for ratings: rate what has finished."""

from celery import shared_task

from .services import rate_pending


@shared_task(acks_late=True)
def rate_finished_games() -> int:
    """Rate every finished game not rated yet. Idempotent: running it twice rates nothing twice
    (each game's RatedGame row is unique, and runs hold the ladder rows' lock)."""
    return rate_pending()
