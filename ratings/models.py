"""Ladders, players' ratings on them, and the record of each rated game.

A rating is openskill's (mu, sigma) under the Plackett-Luce model; what the site shows is the
conservative `mu - 3 sigma`, scaled (`shown_rating`). Everything here is derived from the game
ledgers and can be rebuilt by `manage.py recompute_ratings`.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# The shown rating: a newcomer (mu 25, sigma 25/3: mu - 3 sigma = 0) shows 1000; each point of
# the conservative estimate is worth 40, so a settled average player shows about 1700.
SHOWN_BASE = 1000
SHOWN_SCALE = 40
PROVISIONAL_GAMES = 10


def shown_rating(mu: float, sigma: float) -> int:
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


class Ladder(models.Model):
    class Kind(models.TextChoices):
        DUEL = "1v1", _("One against one")
        THREE = "3p", _("Three players")
        FOUR = "4p", _("Four players, each for themselves")
        TEAMS = "2v2", _("Two against two")
        # Every Jamaica race, 2 to 6 ships: another game than Jackal's ladders measure.
        JAMAICA = "jamaica", _("Jamaica")

    slug = models.CharField(
        max_length=8, primary_key=True, choices=Kind.choices, verbose_name=_("ladder")
    )

    class Meta:
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")
        ordering = ["slug"]

    def __str__(self) -> str:
        return str(self.get_slug_display())

    @property
    def name(self) -> str:
        return str(self.get_slug_display())


class Rating(models.Model):
    ladder = models.ForeignKey(
        Ladder, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("ladder")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("player"),
    )
    mu = models.FloatField(verbose_name=_("mu"))
    sigma = models.FloatField(verbose_name=_("sigma"))
    shown = models.IntegerField(
        help_text=_("mu - 3 sigma, scaled"), db_index=True, verbose_name=_("rating")
    )
    games = models.PositiveIntegerField(default=0, verbose_name=_("games"))
    wins = models.PositiveIntegerField(default=0, verbose_name=_("wins"))
    last_played_at = models.DateTimeField(verbose_name=_("last played"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["ladder", "-shown"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "user"], name="rating_one_per_ladder")
        ]

    def __str__(self) -> str:
        return f"{self.user} on {self.ladder_id}: {self.shown}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class Standing(models.Model):
    """Where each seat of a finished game ended: for the archive's won/lost filter, head-to-head
    records and the ratings. Written once per game, when it is rated (or found unrated)."""

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="standings", verbose_name=_("game")
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="standings",
        verbose_name=_("player"),
    )
    place = models.PositiveSmallIntegerField(
        help_text=_("1 for the first place; ties share"), verbose_name=_("place")
    )
    won = models.BooleanField(
        help_text=_("first place, unless every seat shares it"), verbose_name=_("won")
    )
    # The seat's score as its game counts it: Jackal's coins, Jamaica's points. Jamaica's can be
    # below zero (the -5 square, cursed treasures), so the column is signed.
    coins = models.SmallIntegerField(default=0, verbose_name=_("score at the end"))

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="standing_one_per_seat")
        ]
        indexes = [models.Index(fields=["user", "game"], name="standing_user_game")]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat}: place {self.place}"


class RatedGame(models.Model):
    """A game's results taken into account once: the unique game is what makes rating a game
    idempotent. `ladder` is empty for a game that was looked at and is not rated."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="rating_record", verbose_name=_("game")
    )
    ladder = models.ForeignKey(
        Ladder,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="games",
        verbose_name=_("ladder"),
    )
    ended_at = models.DateTimeField(verbose_name=_("ended"))
    rated_at = models.DateTimeField(auto_now_add=True, verbose_name=_("taken into account"))

    class Meta:
        verbose_name = _("rated game")
        verbose_name_plural = _("rated games")
        ordering = ["ended_at", "game"]

    def __str__(self) -> str:
        return f"game {self.game_id} on {self.ladder_id or 'no ladder'}"


class RatingChange(models.Model):
    """One player's rating before and after one rated game: the rating history."""

    rated_game = models.ForeignKey(
        RatedGame, on_delete=models.CASCADE, related_name="changes", verbose_name=_("rated game")
    )
    ladder = models.ForeignKey(
        Ladder, on_delete=models.CASCADE, related_name="changes", verbose_name=_("ladder")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("player"),
    )
    place = models.PositiveSmallIntegerField(verbose_name=_("place"))
    mu_before = models.FloatField(verbose_name=_("mu before"))
    sigma_before = models.FloatField(verbose_name=_("sigma before"))
    mu = models.FloatField(verbose_name=_("mu"))
    sigma = models.FloatField(verbose_name=_("sigma"))
    shown = models.IntegerField(verbose_name=_("rating"))
    ended_at = models.DateTimeField(verbose_name=_("ended"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["ended_at", "rated_game"]
        indexes = [models.Index(fields=["user", "ladder", "ended_at"], name="change_history")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.ladder_id} after game {self.rated_game_id}: {self.shown}"
