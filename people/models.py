"""The people you play with (docs/people.md): staff's excuses of timeouts (reliability reads
them), whom a player follows, blocks and reports."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Excuse(models.Model):
    """Staff excused a timeout (a flood, an outage, a hospital): reliability does not count it.
    The ledger's seat action itself is never changed (it is append-only); this row beside it
    says who excused it, when and why. Made from the admin, never changed or removed there."""

    action = models.OneToOneField(
        "games.SeatAction",
        on_delete=models.PROTECT,
        related_name="excuse",
        verbose_name=_("timeout"),
    )
    reason = models.TextField(_("reason"), max_length=500)
    excused_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("excused by"),
    )
    created_at = models.DateTimeField(_("excused"), auto_now_add=True)

    class Meta:
        verbose_name = _("excused timeout")
        verbose_name_plural = _("excused timeouts")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.action}: {self.reason[:40]}"


class Objection(models.Model):
    """A player of the game said no to a substitute for a seat a bot took over after a timeout
    (people.substitutes): that timeout's seat is not offered; the bot plays on unless its
    player takes it back."""

    timeout = models.OneToOneField(
        "games.SeatAction",
        on_delete=models.PROTECT,
        related_name="objection",
        verbose_name=_("timeout"),
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("objected by"),
    )
    created_at = models.DateTimeField(_("objected"), auto_now_add=True)

    class Meta:
        verbose_name = _("objection to a substitute")
        verbose_name_plural = _("objections to substitutes")

    def __str__(self) -> str:
        return f"{self.timeout} refused by {self.by_id}"


class Substitution(models.Model):
    """A substitute took a seat from the bot (the ledger's `substitute` seat action): who had
    it before, for reliability (their timeout stays theirs) and the ratings (the seat's result
    is nobody's: docs/people.md)."""

    action = models.OneToOneField(
        "games.SeatAction",
        on_delete=models.PROTECT,
        related_name="substitution",
        verbose_name=_("seat action"),
    )
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.PROTECT,
        related_name="substitutions",
        verbose_name=_("game"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    original = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("first player"),
    )
    substitute = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("substitute"),
    )
    created_at = models.DateTimeField(_("seat taken"), auto_now_add=True)

    class Meta:
        verbose_name = _("substitution")
        verbose_name_plural = _("substitutions")
        indexes = [
            # Reliability reads a page's players' substitutions, both ways.
            models.Index(fields=["original"], name="substitution_by_original"),
            models.Index(fields=["substitute"], name="substitution_by_substitute"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seat}: {self.original_id} -> {self.substitute_id}"


class Block(models.Model):
    """`user` blocked `blocked`: the blocked player cannot take a seat at a table where `user`
    sits (nor `user` at theirs), and `user` no longer sees their messages (people.blocks)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="blocks",
        verbose_name=_("player"),
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("blocked player"),
    )
    created_at = models.DateTimeField(_("blocked since"), auto_now_add=True)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["user", "blocked"], name="block_once"),
            models.CheckConstraint(name="block_not_self", condition=~Q(user=F("blocked"))),
        ]
        # Seating asks "does anyone at this table block this player?": by the blocked side.
        indexes = [models.Index(fields=["blocked"], name="block_by_blocked")]

    def __str__(self) -> str:
        return f"{self.user_id} blocks {self.blocked_id}"


class Follow(models.Model):
    """`user` follows `followed` (a friend): the lobby shows the tables they open."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="follows",
        verbose_name=_("player"),
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("followed player"),
    )
    created_at = models.DateTimeField(_("following since"), auto_now_add=True)

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        constraints = [
            models.UniqueConstraint(fields=["user", "followed"], name="follow_once"),
            models.CheckConstraint(name="follow_not_self", condition=~Q(user=F("followed"))),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} follows {self.followed_id}"


class Report(models.Model):
    """A player's report to the staff about another: a message, a name, or their conduct, with
    its context (the message, the game). Staff read and act on it in the admin."""

    class Kind(models.TextChoices):
        MESSAGE = "message", _("a message")
        NAME = "name", _("their name")
        CONDUCT = "conduct", _("their conduct in a game")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CLOSED = "closed", _("dealt with")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reports_made",
        verbose_name=_("reported by"),
    )
    about = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reports_about",
        verbose_name=_("reported player"),
    )
    kind = models.CharField(_("about"), max_length=8, choices=Kind.choices)
    text = models.TextField(_("what happened"), max_length=1000)
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("game"),
    )
    message = models.ForeignKey(
        "games.ChatMessage",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("message"),
    )
    # The reported player's name and the message's text as they were when reported: a name
    # changes, a message may be removed.
    name_then = models.CharField(_("their name then"), max_length=150)
    message_then = models.TextField(_("the message then"), blank=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    created_at = models.DateTimeField(_("reported"), auto_now_add=True)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["-created_at"], name="report_open", condition=Q(status="open")),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.name_then}"


class Sanction(models.Model):
    """What staff did about a player (from a report or not): muted in every thread, or
    suspended (their account no longer signs in). Each is kept, with who and why."""

    class Kind(models.TextChoices):
        MUTE = "mute", _("muted: may not write in any thread")
        SUSPEND = "suspend", _("suspended: may not sign in")
        LIFT = "lift", _("sanctions lifted")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="sanctions",
        verbose_name=_("player"),
    )
    kind = models.CharField(_("action"), max_length=8, choices=Kind.choices)
    reason = models.TextField(_("reason"), max_length=500)
    report = models.ForeignKey(
        Report, on_delete=models.SET_NULL, null=True, blank=True, verbose_name=_("report")
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("by"),
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind}"
