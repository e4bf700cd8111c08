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


def turns_began(sender, *, began, **kwargs) -> None:
    """`games.signals.turns_began`: many turns began at once (the clock sweep's batch), each as
    `turn_began`; their reminders are written in one statement (a turn's row that exists
    already is kept, as `get_or_create` keeps it)."""
    Reminder.objects.bulk_create(
        [
            Reminder(
                user=seat.user,
                game=game,
                ply=game.ply,
                kind=Reminder.Kind.TURN,
                due_at=now + BATCH_WINDOW,
            )
            for game, seat, now in began
            if seat.user is not None and seat.user.turn_emails == TurnEmails.EVERY_TURN
        ],
        ignore_conflicts=True,
    )


def clock_low(sender, *, game, seat, level, now, **kwargs) -> None:
    """`games.signals.clock_low`: a warning for every player with an e-mail (the sweep decides
    whether they want it, so that the decision is logged)."""
    if seat.user is None:
        return
    kind = Reminder.Kind.CLOCK_2H if level == "2h" else Reminder.Kind.CLOCK_24H
    Reminder.objects.get_or_create(
        user=seat.user, game=game, ply=game.ply, kind=kind, defaults={"due_at": now}
    )


def vacation_spent(sender, *, spent, now, **kwargs) -> None:
    """`games.signals.vacation_spent`: the clocks that ran out and were paid for by a day of
    vacation; one notice per turn covered (the sweep decides when it goes, and logs it)."""
    Reminder.objects.bulk_create(
        [
            Reminder(user=user, game=game, ply=game.ply, kind=Reminder.Kind.VACATION, due_at=now)
            for game, _seat, user, _started in spent
        ],
        ignore_conflicts=True,
    )
