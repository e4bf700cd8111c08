"""Every decision about a reminder e-mail, kept so that staff can answer "why did I get no mail?"
(Lichess users report turns they were never told about: #5283, #17951).

A row is made when something may deserve an e-mail (a turn began, a clock runs low, a digest is
due) with `due_at`; beat's sweep (reminders.sending) decides when it is due: sent, batched with
other games into one e-mail, skipped (watching live, no longer their turn, e-mails turned off) or
held for quiet hours (and then decided again when they end).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Reminder(models.Model):
    class Kind(models.TextChoices):
        TURN = "turn", _("your turn")
        CLOCK_24H = "clock-24h", _("under 24 hours left")
        CLOCK_2H = "clock-2h", _("under 2 hours left")
        DIGEST = "digest", _("daily digest")
        NUDGE = "nudge", _("a nudge")
        NEXT = "next", _("you're next")
        # Once per turn a vacation day paid for (games.clock.auto_vacation).
        VACATION = "vacation", _("a day of vacation spent for a clock that ran out")

    class Channel(models.TextChoices):
        # E-mail is decided by this app's sweep (reminders.sending); the others by the alerts'
        # (alerts.delivery), which write their decisions here too.
        EMAIL = "email", _("e-mail")
        PUSH = "push", _("Web Push")
        WEBHOOK = "webhook", _("webhook")

    class Decision(models.TextChoices):
        PENDING = "pending", _("waiting a few minutes, for other games to join it")
        HELD = "held", _("held for quiet hours")
        SENT = "sent", _("sent")
        BATCHED = "batched", _("sent, with other games in one e-mail")
        WATCHING = "watching", _("skipped: watching the game live")
        STALE = "stale", _("skipped: no longer waiting for them (or nothing to tell)")
        OFF = "off", _("skipped: they turned these e-mails off")
        VACATION = "vacation", _("skipped: on vacation")
        NOWHERE = "nowhere", _("skipped: no device or webhook to send to")
        BOUNCED = "bounced", _("skipped: their address bounces")
        FAILED = "failed", _("failed")

    OPEN = (Decision.PENDING, Decision.HELD)

    kind = models.CharField(max_length=10, choices=Kind.choices, verbose_name=_("kind"))
    channel = models.CharField(
        max_length=8,
        choices=Channel.choices,
        default=Channel.EMAIL,
        db_default=Channel.EMAIL,
        verbose_name=_("channel"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reminders",
        verbose_name=_("player"),
    )
    # None for a digest, which is about every game waiting for the player.
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("game"),
    )
    ply = models.PositiveIntegerField(
        default=0, help_text=_("the game's ply when the turn began"), verbose_name=_("ply")
    )
    decision = models.CharField(
        max_length=10,
        choices=Decision.choices,
        default=Decision.PENDING,
        verbose_name=_("decision"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    due_at = models.DateTimeField(verbose_name=_("due"))
    held_until = models.DateTimeField(null=True, blank=True, verbose_name=_("held until"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided"))
    games_in_email = models.PositiveSmallIntegerField(
        default=0, verbose_name=_("games in the e-mail")
    )
    # Why, in a few words, where the decision alone does not say it (a push service's answer,
    # a webhook's status, how many devices it reached).
    detail = models.CharField(
        max_length=200, blank=True, default="", db_default="", verbose_name=_("detail")
    )
    # Bumped by each sweep that takes the row (reminders.sending): the conditional update on
    # the value read is the claim.
    claims = models.PositiveIntegerField(default=0, editable=False, verbose_name=_("claims"))

    class Meta:
        verbose_name = _("reminder")
        verbose_name_plural = _("reminders")
        ordering = ["-created_at"]
        constraints = [
            # One reminder of a kind per turn and channel, however often a turn is begun again
            # (a seat taken back from the bot) or two sweeps run at once. Nudges may come on
            # later days of one turn (alerts.nudges keeps them to one a day).
            models.UniqueConstraint(
                fields=["user", "game", "ply", "kind", "channel"],
                name="reminder_once_per_turn",
                condition=~Q(kind="nudge"),
            ),
        ]
        indexes = [
            # Beat's sweep reads the open reminders that are due: only those are in the index.
            models.Index(
                fields=["due_at"],
                name="reminder_open_due",
                condition=Q(decision__in=["pending", "held"]),
            ),
            # The admin's per-player log, newest first.
            models.Index(fields=["user", "-created_at"], name="reminder_by_user"),
        ]

    def __str__(self) -> str:
        return (
            f"{self.get_kind_display()} ({self.channel}) for {self.user_id} "
            f"in game {self.game_id}: {self.decision}"
        )


class FailingAddress(models.Model):
    """An e-mail address that hard-bounced (reminders.bounces): the site sends it no reminder
    until the player confirms it again (allauth's confirmation ends the row)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="failing_addresses",
        verbose_name=_("player"),
    )
    email = models.EmailField(verbose_name=_("address"))
    status = models.CharField(max_length=16, verbose_name=_("status"))
    diagnostic = models.CharField(max_length=300, blank=True, verbose_name=_("diagnostic"))
    bounced_at = models.DateTimeField(auto_now_add=True, verbose_name=_("bounced"))

    class Meta:
        verbose_name = _("failing address")
        verbose_name_plural = _("failing addresses")
        constraints = [
            models.UniqueConstraint(fields=["user", "email"], name="failing_address_once")
        ]

    def __str__(self) -> str:
        return self.email
