"""Deciding and sending the alerts, each logged in the reminders' decision log
(`reminders.Reminder`, one row per kind, turn and channel): sent, failed, or skipped and why.

A row is written for each channel a player has set up (a device, a webhook; e-mail for nudges
and "you're next"), then decided as the turn e-mails are (reminders.sending): not on vacation,
a kind they take on that channel, still waiting for them, not watching the game live, outside
their quiet hours (else held, and released by beat when the hours end). The claim is the
reminders' own: a conditional update on the `claims` the row was read with, so two workers
never both send one row.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.models import User
from games.live import presence
from games.models import Game, Seat
from reminders.bounces import address_fails
from reminders.models import Reminder
from reminders.sending import quiet_hours_end

from . import mail, payloads, push, webhooks
from .models import AlertChoices, Channel, Kind, NextWatch, Nudge, PushDevice, Webhook

logger = logging.getLogger(__name__)

Decision = Reminder.Decision
# The reminders' kinds of the alerts' kinds (a clock warning is logged as the 24 h one: the
# alert says "low", whichever threshold it crossed).
LOGGED_KIND = {
    Kind.TURN: Reminder.Kind.TURN,
    Kind.CLOCK: Reminder.Kind.CLOCK_24H,
    Kind.NUDGE: Reminder.Kind.NUDGE,
    Kind.NEXT: Reminder.Kind.NEXT,
}
ALERT_KIND = {
    Reminder.Kind.TURN: Kind.TURN,
    Reminder.Kind.CLOCK_24H: Kind.CLOCK,
    Reminder.Kind.CLOCK_2H: Kind.CLOCK,
    Reminder.Kind.NUDGE: Kind.NUDGE,
    Reminder.Kind.NEXT: Kind.NEXT,
}
# The rows this module decides (the reminders' sweep takes the e-mails of turns and clocks).
OURS = Q(channel__in=[Channel.PUSH, Channel.WEBHOOK]) | Q(
    channel=Channel.EMAIL, kind__in=[Reminder.Kind.NUDGE, Reminder.Kind.NEXT]
)


def channels_set_up(user_id: int) -> set[str]:
    """The channels this player has somewhere to send to (e-mail: a nudge or "you're next")."""
    found = {Channel.EMAIL}
    if PushDevice.objects.filter(user_id=user_id).exists():
        found.add(Channel.PUSH)
    if Webhook.objects.filter(user_id=user_id, disabled_at__isnull=True).exists():
        found.add(Channel.WEBHOOK)
    return found


def write_rows(user_id: int, game_id: int, ply: int, kind: str, now: datetime, **extra) -> list:
    """A row per channel the player has for `kind` (e-mail only for the kinds it takes)."""
    ids = []
    for channel in sorted(channels_set_up(user_id)):
        if channel == Channel.EMAIL and kind not in (Kind.NUDGE, Kind.NEXT):
            continue
        fields = {
            "user_id": user_id,
            "game_id": game_id,
            "ply": ply,
            "kind": LOGGED_KIND[kind],
            "channel": channel,
        }
        try:
            with transaction.atomic():
                row = Reminder.objects.create(**fields, due_at=now, **extra)
        except IntegrityError:
            continue  # this turn's row exists already (a seat taken back, a second task)
        ids.append(row.pk)
    return ids


def plan_turns(turns: list[tuple[int, int, int]]) -> list[int]:
    """Rows for turns that began: (game id, ply, seat index) each."""
    now = timezone.now()
    games = Game.objects.in_bulk({game_id for game_id, _ply, _index in turns})
    seats = {
        (seat.game_id, seat.index): seat
        for seat in Seat.objects.filter(game_id__in=games).only("game_id", "index", "user_id")
    }
    ids = []
    for game_id, ply, index in turns:
        game = games.get(game_id)
        seat = seats.get((game_id, index))
        if game is None or seat is None:
            continue
        if seat.user_id is not None:
            ids += write_rows(seat.user_id, game_id, ply, Kind.TURN, now)
        if game.players >= 3:
            # "You're next": the seat after this one in turn order, if its player asked.
            after = seats.get((game_id, (index + 1) % game.players))
            if (
                after is not None
                and after.user_id not in (None, seat.user_id)
                and NextWatch.objects.filter(user_id=after.user_id, game_id=game_id).exists()
            ):
                ids += write_rows(after.user_id, game_id, ply, Kind.NEXT, now)
    return ids


def plan_clock(game_id: int, ply: int, user_id: int) -> list[int]:
    return write_rows(user_id, game_id, ply, Kind.CLOCK, timezone.now())


def due_ids(now: datetime | None = None) -> list[int]:
    now = now or timezone.now()
    return list(
        Reminder.objects.filter(OURS, decision__in=Reminder.OPEN, due_at__lte=now)
        .order_by("due_at")
        .values_list("pk", flat=True)[:1000]
    )


def _still_waiting(row: Reminder, game: Game) -> bool:
    """Still worth telling: the turn is the player's at the same ply ("you're next": the seat
    before theirs still on it)."""
    if not game.is_running or game.ply != row.ply:
        return False
    seats = list(game.seats.all())
    if row.kind == Reminder.Kind.NEXT:
        return not any(s.must_act and s.user_id == row.user_id for s in seats)
    return any(s.must_act and s.user_id == row.user_id and not s.stand_in for s in seats)


def decide(row: Reminder, user: User, now: datetime) -> str | None:
    """The decision that skips or holds `row`, or None to send it."""
    kind = ALERT_KIND[row.kind]
    if user.on_vacation(now):
        return Decision.VACATION
    if row.channel not in AlertChoices.channels_of(user, kind):
        return Decision.OFF
    if row.channel == Channel.EMAIL and user.turn_emails == "never":
        return Decision.OFF
    if not _still_waiting(row, row.game):
        return Decision.STALE
    if kind != Kind.NEXT and presence.watching(user.pk, row.game_id):
        return Decision.WATCHING
    if user.in_quiet_hours(now):
        return Decision.HELD
    if row.channel == Channel.EMAIL and address_fails(user):
        return Decision.BOUNCED
    return None


def deliver(ids: list[int]) -> int:
    """Decide each row and send those to send; returns how many were sent."""
    sent = 0
    now = timezone.now()
    for row in Reminder.objects.filter(pk__in=ids, decision__in=Reminder.OPEN).select_related(
        "user", "game"
    ):
        taken = Reminder.objects.filter(pk=row.pk, decision=row.decision, claims=row.claims).update(
            claims=F("claims") + 1
        )
        if not taken:
            continue  # another worker has it
        sent += _deliver_one(row, now)
    return sent


def _deliver_one(row: Reminder, now: datetime) -> int:
    user = row.user
    row.decided_at = now
    skip = decide(row, user, now)
    if skip == Decision.HELD:
        row.decision = Decision.HELD
        row.held_until = row.due_at = quiet_hours_end(user, now)
    elif skip is not None:
        row.decision = skip
    else:
        payload = payloads.alert(user, row.game, ALERT_KIND[row.kind], by=_nudger(row))
        row.decision, row.detail = _send(row, user, payload)
    row.save(update_fields=["decision", "decided_at", "due_at", "held_until", "detail"])
    if row.decision == Decision.SENT and row.channel == Channel.WEBHOOK:
        # Queued once the row says so: each hook's task writes its answer onto it.
        webhooks.queue_for_user(user, payload, row.pk)
    logger.info("alert %s: %s %s", row.pk, row.decision, row.detail)
    return int(row.decision == Decision.SENT)


def _nudger(row: Reminder):
    if row.kind != Reminder.Kind.NUDGE:
        return None
    nudge = (
        Nudge.objects.filter(game_id=row.game_id, to_id=row.user_id, ply=row.ply)
        .select_related("by")
        .order_by("-created_at")
        .first()
    )
    return nudge.by if nudge else None


def _send(row: Reminder, user: User, payload: dict) -> tuple[str, str]:
    if row.channel == Channel.PUSH:
        outcome = push.send_to_user(user, payload)
        if outcome.sent:
            return Decision.SENT, outcome.words()
        if not (outcome.failed or outcome.dropped):
            return Decision.NOWHERE, ""
        return Decision.FAILED, outcome.words()
    if row.channel == Channel.WEBHOOK:
        hooks = webhooks.working_hooks(user)
        if not hooks:
            return Decision.NOWHERE, ""
        # Sent means handed to the hooks' tasks; each one's answer comes back on this row.
        return Decision.SENT, f"{len(hooks)} hook(s) queued"
    mail.alert_email(user, payload).send()
    return Decision.SENT, ""
