"""Making reminders: a row for each turn that may deserve an e-mail (reminders.sending decides)."""

from __future__ import annotations

from datetime import timedelta

from accounts.models import TurnEmails

from .models import Reminder

# A turn e-mail waits this long, so that the games turning to a player within it make one e-mail.
BATCH_WINDOW = timedelta(minutes=3)


def turn_began(sender, *, game, seat, now, **kwargs) -> None:
    """`games.signals.turn_began`, inside the move's transaction: a person's turn began."""
    user = seat.user
    if user is None or user.turn_emails != TurnEmails.EVERY_TURN:
        return
    Reminder.objects.get_or_create(
        user=user,
        game=game,
        ply=game.ply,
        kind=Reminder.Kind.TURN,
        defaults={"due_at": now + BATCH_WINDOW},
    )
