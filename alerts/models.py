"""What a player set up to hear of their turns beyond e-mail: the browsers that get Web Push,
their webhooks, their calendar's secret address, which channels each kind of alert takes, the
games where they want to know they are next, and the nudges sent to them."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Kind(models.TextChoices):
    """The kinds of alert a player chooses channels for (the e-mails' own choice is
    `User.turn_emails`)."""

    TURN = "turn", _("Your turn")
    CLOCK = "clock", _("Clock running low")
    NUDGE = "nudge", _("Nudges")
    NEXT = "next", _("You're next")


class Channel(models.TextChoices):
    EMAIL = "email", _("E-mail")
    PUSH = "push", _("Web Push")
    WEBHOOK = "webhook", _("Webhooks")


# What a player gets until they choose: every kind on every channel they set up (a device or a
# hook is only there because they added it). E-mail takes nudges and "you're next" only: its
# turns and clock warnings are `User.turn_emails`.
DEFAULT_CHANNELS = {
    Kind.TURN: [Channel.PUSH, Channel.WEBHOOK],
    Kind.CLOCK: [Channel.PUSH, Channel.WEBHOOK],
    Kind.NUDGE: [Channel.EMAIL, Channel.PUSH, Channel.WEBHOOK],
    Kind.NEXT: [Channel.PUSH, Channel.WEBHOOK],
}
EMAIL_KINDS = (Kind.NUDGE, Kind.NEXT)


class AlertChoices(models.Model):
    """The channels each kind of alert takes, for one player (missing: `DEFAULT_CHANNELS`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="alert_choices",
        verbose_name=_("player"),
    )
    # {"turn": ["push", "webhook"], ...}: written only by alerts.forms, which checks it.
    channels = models.JSONField(default=dict, verbose_name=_("channels"))

    class Meta:
        verbose_name = _("alert choices")
        verbose_name_plural = _("alert choices")

    def __str__(self) -> str:
        return str(self.user)

    @staticmethod
    def channels_of(user, kind: str) -> list[str]:
        row = AlertChoices.objects.filter(user=user).first()
        chosen = row.channels if row else {}
        return list(chosen.get(kind, DEFAULT_CHANNELS.get(kind, [])))


class PushDevice(models.Model):
    """One browser's push subscription (the Push API's endpoint and its keys)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="push_devices",
        verbose_name=_("player"),
    )
    endpoint = models.URLField(max_length=1000, unique=True, verbose_name=_("endpoint"))
    p256dh = models.CharField(max_length=200, verbose_name=_("public key"))
    auth = models.CharField(max_length=64, verbose_name=_("auth secret"))
    name = models.CharField(max_length=80, blank=True, verbose_name=_("device"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("added"))
    last_sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last push"))

    class Meta:
        verbose_name = _("push device")
        verbose_name_plural = _("push devices")
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.name or self.endpoint[:60]

    def subscription_info(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Webhook(models.Model):
    class Form(models.TextChoices):
        JSON = "json", _("JSON (signed)")
        DISCORD = "discord", _("Discord")
        SLACK = "slack", _("Slack")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="webhooks",
        verbose_name=_("player"),
    )
    url = models.URLField(max_length=500, verbose_name=_("address"))
    form = models.CharField(
        max_length=8, choices=Form.choices, default=Form.JSON, verbose_name=_("form")
    )
    secret = models.CharField(max_length=64, default=new_token, verbose_name=_("secret"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("added"))
    # Deliveries that failed in a row (every retry counted); at `alerts.webhooks.MAX_FAILURES`
    # the hook is disabled and the player's pages say so.
    failures = models.PositiveIntegerField(default=0, verbose_name=_("failures in a row"))
    last_error = models.CharField(max_length=200, blank=True, verbose_name=_("last error"))
    disabled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("disabled"))

    class Meta:
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.url


class CalendarFeed(models.Model):
    """The secret in the address of a player's calendar of deadlines; a new one ends the old."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="calendar_feed",
        verbose_name=_("player"),
    )
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now=True, verbose_name=_("made"))

    class Meta:
        verbose_name = _("calendar")
        verbose_name_plural = _("calendars")

    def __str__(self) -> str:
        return str(self.user)


class NextWatch(models.Model):
    """A player of a game of three or more seats who wants to hear when the seat before theirs
    begins its turn."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("“you're next” request")
        verbose_name_plural = _("“you're next” requests")
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="next_watch_once")]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}"


class Nudge(models.Model):
    """One nudge: `by` asked `to` to play in `game` (one a day per game: alerts.nudges)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    to = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    ply = models.PositiveIntegerField()
    created_at = models.DateTimeField(verbose_name=_("sent"))

    class Meta:
        verbose_name = _("nudge")
        verbose_name_plural = _("nudges")
        indexes = [models.Index(fields=["game", "-created_at"], name="nudge_by_game")]

    def __str__(self) -> str:
        return f"{self.by} nudged {self.to} in game {self.game_id}"
