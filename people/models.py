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
