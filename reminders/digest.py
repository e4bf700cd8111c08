"""The daily digest: once a day, at the hour a player chose in their own time zone, one e-mail
with every game waiting for them, most urgent first, with the time left. Beat's sweep reads the
players whose digest is due (`User.next_digest_at`, partial index `user_digest_due`) and claims
each by moving that column on a day with a conditional update: two sweeps never send twice."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import TurnEmails, User
from games.lists import my_turn

from . import emails
from .bounces import address_fails
from .models import Reminder

logger = logging.getLogger(__name__)

USERS_PER_SWEEP = 500


def send_digests(now: datetime | None = None) -> int:
    now = now or timezone.now()
    due = list(
        User.objects.filter(turn_emails=TurnEmails.DAILY_DIGEST, next_digest_at__lte=now)
        .order_by("next_digest_at")
        .values_list("pk", "next_digest_at")[:USERS_PER_SWEEP]
    )
    return sum(_digest(user_id, due_at, now) for user_id, due_at in due)


def _digest(user_id: int, due_at: datetime, now: datetime) -> bool:
    with transaction.atomic():
        user = User.objects.get(pk=user_id)
        claimed = User.objects.filter(
            pk=user_id, turn_emails=TurnEmails.DAILY_DIGEST, next_digest_at=due_at
        ).update(next_digest_at=user.next_digest_after(now))
        if not claimed:
            return False
        games = list(
            my_turn.waiting_for(user).order_by(
                F("deadline").asc(nulls_last=True), F("turn_started_at").asc(nulls_last=True)
            )
        )
        log = Reminder(user=user, kind=Reminder.Kind.DIGEST, due_at=due_at, decided_at=now)
        if games and address_fails(user):
            log.decision = Reminder.Decision.BOUNCED
        elif games:
            emails.turn_email(user, games, kind="digest").send()
            log.decision, log.games_in_email = Reminder.Decision.SENT, len(games)
        else:
            log.decision = Reminder.Decision.STALE  # nothing waits: no e-mail
        log.save()
        logger.info("digest for user %s: %d game(s)", user_id, len(games))
    return bool(games)
