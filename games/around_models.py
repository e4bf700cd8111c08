"""What goes on around a board: the players' messages (games.chat) and rematch offers
(games.rematch). Imported by games.models, so they are the app's models; they name Game by string
(no import circle with games.models)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class ChatMessage(models.Model):
    """A player's message in a game's thread: plain text, shown escaped; never game state."""

    MAX_LENGTH = 500

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("game")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="chat_messages",
        verbose_name=_("author"),
    )
    text = models.TextField(max_length=MAX_LENGTH, verbose_name=_("text"))
    created_at = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("written"))
    # Staff remove a message by marking it (the admin keeps it, for the record); nobody sees it.
    removed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("removed"))
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("removed by"),
    )

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["game_id", "created_at", "pk"]  # the column: no join (see Seat)
        indexes = [models.Index(fields=["game", "created_at"], name="chat_by_game")]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.text[:40]}"


class ChatMute(models.Model):
    """`user` no longer sees `muted`'s messages, in any game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="chat_mutes",
        verbose_name=_("player"),
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("muted player"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("muted since"))

    class Meta:
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once"),
            models.CheckConstraint(name="chat_mute_not_self", condition=~Q(user=F("muted"))),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id}"


class RematchOffer(models.Model):
    """After a game, one player offers the same table again; it starts when every player of the
    game has accepted (`accepted_by`), as `new_game`. A refusal ends the offer."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="rematch", verbose_name=_("game")
    )
    offered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("offered by"),
    )
    accepted_by = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="+", verbose_name=_("accepted by")
    )
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("declined by"),
    )
    new_game = models.OneToOneField(
        "games.Game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch_of",
        verbose_name=_("new game"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("offered"))

    class Meta:
        verbose_name = _("rematch offer")
        verbose_name_plural = _("rematch offers")

    def __str__(self) -> str:
        return f"rematch of {self.game_id}"
