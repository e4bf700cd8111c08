"""The models of an Archipelago series at one table (families/archipelago/series.py): the series
and each of its games with the ability draw after it. Imported by games.models, so they are the
app's models."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Series(models.Model):
    """Games played one after another by the same players, who win special abilities between
    them (Jackal Archipelago's series, ruling S1 and on). Its members are numbered by their seat
    in the first game; `SeriesGame.members` says where each sits in a later one."""

    # The draws of ability cards come from it: server side only, like a game's seed.
    seed = models.CharField(max_length=64, editable=False, verbose_name=_("seed"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return f"series {self.pk}"


class SeriesGame(models.Model):
    """One game of a series, and the ability draw after it."""

    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, related_name="games", verbose_name=_("series")
    )
    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="series_game", verbose_name=_("game")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("game of the series"))
    # The series member sitting at each seat of this game (index: the seat).
    members = models.JSONField(verbose_name=_("members by seat"))
    # The draw after the game: the cards laid out and the members who may pick, in order (None
    # until it is made, once the game is over), and their picks so far: {"member", "ability",
    # "pirate"}, ability and pirate None for a member who took nothing.
    offer = models.JSONField(null=True, blank=True, verbose_name=_("cards laid out"))
    pickers = models.JSONField(null=True, blank=True, verbose_name=_("members who may pick"))
    picks = models.JSONField(default=list, blank=True, verbose_name=_("picks"))

    class Meta:
        verbose_name = _("game of a series")
        verbose_name_plural = _("games of a series")
        ordering = ["series_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["series", "number"], name="series_game_number_unique")
        ]

    def __str__(self) -> str:
        return f"game {self.number} of series {self.series_id}"
