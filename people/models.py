"""The people you play with (docs/people.md): staff's excuses of timeouts (reliability reads
them), whom a player follows, blocks and reports."""

from django.conf import settings
from django.db import models
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
