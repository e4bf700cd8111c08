"""Beat's reminder sweep: each open reminder that is due is decided once, and the e-mails go.

Per user, their open reminders are claimed together by conditional updates (the decision they
were read with): two sweeps at once never both send. The claim, the decisions and the send are
one transaction per user, so a sweep that dies leaves the reminders open for the next one.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import TurnEmails
from games.live import presence
from games.models import Game

from . import emails
from .bounces import address_fails
from .models import Reminder

logger = logging.getLogger(__name__)

Decision = Reminder.Decision
USERS_PER_SWEEP = 500
DECIDED_FIELDS = ["decision", "decided_at", "due_at", "held_until", "games_in_email"]
# The rows this sweep decides: turn e-mails and clock warnings. The other channels and kinds
# are the alerts' (alerts.delivery).
# A vacation notice (games.clock.auto_vacation) is an e-mail of this sweep too.
MAIL_KINDS = (
    Reminder.Kind.TURN,
    Reminder.Kind.CLOCK_24H,
    Reminder.Kind.CLOCK_2H,
    Reminder.Kind.VACATION,
)
MINE = {"channel": Reminder.Channel.EMAIL, "kind__in": MAIL_KINDS}


def quiet_hours_end(user, now: datetime) -> datetime:
    """The next end of `user`'s quiet hours after `now` (they are inside them now)."""
    zone = ZoneInfo(user.time_zone)
    local = now.astimezone(zone)
    end = datetime.combine(local.date(), user.quiet_hours_end, tzinfo=zone)
    if end <= local:
        end = datetime.combine(local.date() + timedelta(days=1), user.quiet_hours_end, tzinfo=zone)
    return end.astimezone(now.tzinfo)


def send_due(now: datetime | None = None) -> int:
    """Decide every due reminder; returns how many e-mails went out."""
    now = now or timezone.now()
    user_ids = list(
        Reminder.objects.filter(decision__in=Reminder.OPEN, due_at__lte=now, **MINE)
        .order_by()
        .values_list("user_id", flat=True)
        .distinct()[:USERS_PER_SWEEP]
    )
    return sum(_send_for_user(user_id, now) for user_id in user_ids)


def _wanted(reminder: Reminder, user) -> bool:
    """Turn e-mails go to those who chose every turn; clock warnings to all but those who
    turned e-mails off entirely."""
    if reminder.kind == Reminder.Kind.TURN:
        return user.turn_emails == TurnEmails.EVERY_TURN
    return user.turn_emails != TurnEmails.NEVER


def _still_waiting(reminder: Reminder, game: Game) -> bool:
    """The turn the reminder is about is still the user's, at the same ply. A vacation day
    spent is news whatever happened since: the day has left the bank."""
    if reminder.kind == Reminder.Kind.VACATION:
        return True
    if not game.is_running or game.ply != reminder.ply:
        return False
    return any(
        s.must_act and s.user_id == reminder.user_id and not s.stand_in for s in game.seats.all()
    )


def _send_for_user(user_id: int, now: datetime) -> int:
    with transaction.atomic():
        # The user's open reminders, due or not: those not yet due join this e-mail (batching).
        open_ones = list(
            Reminder.objects.filter(user_id=user_id, decision__in=Reminder.OPEN, **MINE)
            .select_related("user", "game")
            .prefetch_related("game__seats")
        )
        claimed = []
        for reminder in open_ones:
            # The claim: only a row still as we read it is taken. A second sweep blocks on the
            # row lock until this one commits, then finds `claims` moved on and gets 0.
            taken = Reminder.objects.filter(
                pk=reminder.pk, decision=reminder.decision, claims=reminder.claims
            ).update(claims=F("claims") + 1)
            if taken:
                claimed.append(reminder)
        if not any(r.due_at <= now for r in claimed):
            return 0  # another sweep decided the due ones first
        user = claimed[0].user
        to_send = []
        for reminder in claimed:
            reminder.decided_at = now
            if not _wanted(reminder, user):
                reminder.decision = Decision.OFF
            elif not _still_waiting(reminder, reminder.game):
                reminder.decision = Decision.STALE
            elif presence.watching(user.pk, reminder.game_id):
                reminder.decision = Decision.WATCHING
            elif address_fails(user):
                reminder.decision = Decision.BOUNCED
            elif user.in_quiet_hours(now):
                reminder.decision = Decision.HELD
                reminder.held_until = reminder.due_at = quiet_hours_end(user, now)
            else:
                to_send.append(reminder)
        sent = 0
        for kind in (Reminder.Kind.TURN, Reminder.Kind.CLOCK_24H, Reminder.Kind.CLOCK_2H):
            group = [r for r in to_send if r.kind == kind]
            if not group:
                continue
            games = list({r.game_id: r.game for r in group}.values())
            emails.turn_email(
                user, games, kind="turn" if kind == Reminder.Kind.TURN else "low"
            ).send()
            sent += 1
            for reminder in group:
                reminder.decision = Decision.SENT if len(games) == 1 else Decision.BATCHED
                reminder.games_in_email = len(games)
        for reminder in to_send:
            if reminder.kind == Reminder.Kind.VACATION:
                emails.vacation_email(user, reminder.game, now).send()
                sent += 1
                reminder.decision = Decision.SENT
                reminder.games_in_email = 1
        for reminder in claimed:
            reminder.save(update_fields=DECIDED_FIELDS)
        logger.info("reminders for user %s: %s", user_id, [str(r.decision) for r in claimed])
    return sent
