"""Tables, seats and the move ledger.

The truth of a game is its secret seed plus its append-only ledger of moves; `Game.state` is a
cached copy of the head position, always re-derivable by replaying the ledger (see
`games.services.verify_ledger`). Only `games.services` writes moves.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rules.jackal import seat_crews

RULESET_CHOICES = [
    ("classic", _("Classic (2012)")),
    ("second-edition", _("Second edition: Friday, the Missionary, Ben Gunn, bottles, caves…")),
]


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Open to all; anyone signed in may watch")
        PRIVATE = "private", _("By invitation link only; no spectators")

    ruleset = models.CharField(max_length=32, choices=RULESET_CHOICES, default="classic")
    players = models.PositiveSmallIntegerField()
    teams = models.BooleanField(default=False, help_text=_("2-vs-2, partners sit opposite"))
    visibility = models.CharField(
        max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Secret until the game ends: never rendered, logged or exported while it runs.
    seed = models.CharField(max_length=64, blank=True, editable=False)
    seed_hash = models.CharField(max_length=64, blank=True, editable=False)
    ply = models.PositiveIntegerField(default=0, help_text=_("moves in the ledger"))
    # Cached head position (rules' full JSON, hidden tiles included): server-side only.
    state = models.JSONField(null=True, blank=True, editable=False)
    to_act_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True, editable=False)
    abort_reason = models.CharField(max_length=200, blank=True)
    spectators_read_chat = models.BooleanField(
        _("spectators may read the players' messages"), default=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    # Whether the result counts for the ratings; None means the default for the kind of table
    # (see ratings.services.is_rated: public tables of people are rated, the rest are not).
    rated = models.BooleanField(
        null=True, blank=True, default=None, help_text=_("counts for the ratings")
    )

    class Meta:
        ordering = ["-created_at"]
        permissions = [
            # Being staff is not enough to look into private games: this is granted on purpose.
            ("watch_private_game", _("Can watch private games (a spectator's view)")),
        ]
        constraints = [
            models.CheckConstraint(
                name="game_players_2_to_4", condition=Q(players__gte=2, players__lte=4)
            ),
            models.CheckConstraint(
                name="game_teams_need_four", condition=Q(teams=False) | Q(players=4)
            ),
        ]
        indexes = [
            # The lobby lists open public tables, newest first.
            models.Index(
                fields=["-created_at"],
                name="game_open_tables",
                condition=Q(status="open"),
            ),
            # Beat's sweep for bot turns left waiting (games.tasks.bot_turns_waiting_since):
            # running games by how long they have waited, since their last move or their start.
            # Read backwards, the lobby's games under way, latest move first.
            models.Index(
                Coalesce("last_move_at", "started_at"),
                name="game_running_waiting_since",
                condition=Q(status="running"),
            ),
            # The archive lists games that were played, newest end first. Not a partial index:
            # SQLite cannot use one when the query's status list comes as bound parameters.
            models.Index(fields=["-finished_at", "-id"], name="game_archive"),
            # The admin's list of games, newest first (the changelist adds the id to the order).
            models.Index(fields=["-created_at", "-id"], name="game_by_creation"),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("game_board", args=[self.pk])

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    def assign_seed(self) -> None:
        self.seed = secrets.token_hex(32)
        self.seed_hash = hashlib.sha256(self.seed.encode()).hexdigest()

    @property
    def revealed_seed(self) -> str:
        """The seed, only once the game is over (the provably fair reveal)."""
        return self.seed if self.is_over else ""


class Seat(models.Model):
    class Bot(models.TextChoices):
        RANDOM = "random", _("Random bot")
        EASY = "easy", _("Easy bot")
        NORMAL = "normal", _("Normal bot")
        STRONG = "strong", _("Strong bot")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(help_text=_("the rules engine's seat number"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
        db_index=False,  # seat_by_player below
    )
    bot = models.CharField(max_length=16, choices=Bot.choices, blank=True)
    joined_at = models.DateTimeField(null=True, blank=True)
    # Where the game stands in this seat's player's "my games" (games.listing), kept by the
    # move service with every change of the game.
    list_section = models.PositiveSmallIntegerField(default=2, editable=False)
    list_key = models.BigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            # One person, one seat per table.
            models.UniqueConstraint(
                fields=["game", "user"], name="seat_one_per_user", condition=Q(user__isnull=False)
            ),
            models.CheckConstraint(
                name="seat_not_both_user_and_bot", condition=Q(user__isnull=True) | Q(bot="")
            ),
        ]
        indexes = [
            # "My games" is one range of it, in its order (games.listing); profiles and the
            # archive's filters find a player's games by it too. Free seats and bots are never
            # looked up so.
            models.Index(
                fields=["user", "list_section", "list_key", "game"],
                name="seat_by_player",
                condition=Q(user__isnull=False),
            ),
            # Beat's sweep for bot turns left waiting (games.tasks.bot_turns_waiting_since)
            # looks up the bot seats; the many seats of people are not in it.
            models.Index(fields=["game", "index"], name="seat_bots", condition=~Q(bot="")),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.index} {self.occupant_name}"

    @property
    def crews(self) -> tuple[str, ...]:
        return seat_crews(self.game.players, self.game.teams)[self.index]

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.bot

    @property
    def occupant_name(self) -> str:
        if self.bot:
            return str(self.get_bot_display())
        return self.user.public_name if self.user_id else str(_("free seat"))


LEDGER_NEVER_UPDATED = "the move ledger is append-only: moves are never updated"
LEDGER_NEVER_DELETED = (
    "the move ledger is append-only: moves are never deleted, nor a game that has moves "
    "(abort a game instead)"
)


class MoveQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError(LEDGER_NEVER_UPDATED)

    def delete(self):
        raise TypeError(LEDGER_NEVER_DELETED)


class Move(models.Model):
    """One ply of the ledger. Never updated nor deleted. On PostgreSQL triggers refuse UPDATE,
    DELETE and TRUNCATE too, and a game's ply never goes back (migrations 0002 and 0004)."""

    # PROTECT: deleting a game must not quietly take its ledger along. A game with moves cannot
    # be deleted at all (Game.delete() raises ProtectedError; in SQL the foreign key and the
    # DELETE trigger refuse); staff abort it instead (games.services.abort_game).
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="moves")
    ply = models.PositiveIntegerField(help_text=_("1 for the first move"))
    text = models.CharField(max_length=64, help_text=_("the move in notation"))
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("empty for a bot"),
    )
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = MoveQuerySet.as_manager()

    class Meta:
        ordering = ["game", "ply"]
        constraints = [
            # The last guard against a doubled move: two writers cannot both take a ply.
            models.UniqueConstraint(fields=["game", "ply"], name="move_one_per_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.ply}: {self.text}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError(LEDGER_NEVER_UPDATED)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError(LEDGER_NEVER_DELETED)


# --- Around the board: the players' messages and rematches (games.chat, games.tables) -----------


class ChatMessage(models.Model):
    """A player's message in a game's thread: plain text, shown escaped; never game state."""

    MAX_LENGTH = 500

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.TextField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # Staff remove a message by marking it (the admin keeps it, for the record); nobody sees it.
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["game", "created_at", "pk"]
        indexes = [models.Index(fields=["game", "created_at"], name="chat_by_game")]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.text[:40]}"


class ChatMute(models.Model):
    """`user` no longer sees `muted`'s messages, in any game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once"),
            models.CheckConstraint(name="chat_mute_not_self", condition=~Q(user=F("muted"))),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id}"


class RematchOffer(models.Model):
    """After a game, one player offers the same table again; it starts when every player of the
    game has accepted (`accepted_by`), as `new_game`. A refusal ends the offer."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    offered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    accepted_by = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="+")
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    new_game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch_of"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rematch of {self.game_id}"
