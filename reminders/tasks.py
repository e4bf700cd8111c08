"""Beat runs the reminder sweep every minute (CELERY_BEAT_SCHEDULE)."""

from celery import shared_task

from .digest import send_digests
from .sending import send_due


@shared_task
def send_reminders() -> int:
    """Turn e-mails, clock warnings and the daily digests that are due."""
    return send_due() + send_digests()
