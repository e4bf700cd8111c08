"""Beat runs the reminder sweep every minute (CELERY_BEAT_SCHEDULE)."""

from celery import shared_task

from .sending import send_due


@shared_task
def send_reminders() -> int:
    return send_due()
