"""Tables, seats and the move ledger.

The truth of a game is its secret seed plus its append-only ledger of moves; `Game.state` is a
cached copy of the head position, always re-derivable by replaying the ledger (see
`games.services.verify_ledger`). Only `games.services` writes moves.
"""

import hashlib
import secrets
from functools import cache

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.families import ruleset_choices
from rules.core import ruleset as rules_named


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


CLOCK_KINDS = [
    ("per-move", _("Days per move")),
    ("bank", _("A time bank plus an increment")),
    ("unlimited", _("Unlimited (a friendly game)")),
]


class TimeoutPolicy(models.TextChoices):
    BOT = "bot", _("A bot takes over the seat (the player may come back)")
    END = "end", _("The game ends; the player who ran out loses")
    SKIP = "skip", _("Their crews are skipped; the others play on")

    @classmethod
    def default_for(cls, players: int) -> str:
        """Two players: the game ends. Three or four: the others play on against a bot."""
        return cls.END if players == 2 else cls.BOT

    @classmethod
    def offered_for(cls, ruleset: str) -> list[str]:
        """The answers to a timeout that the rules `ruleset` can honour, as they declare them
        (`rules.core.Ruleset.ends_early`, `skips_seats`): a bot can stand in for any seat."""
        return list(_offered(ruleset))

    @classmethod
    def usual_for(cls, ruleset: str, players: int) -> str:
        """What a table that chose nothing does: `default_for`, if its rules can do it."""
        default = cls.default_for(players)
        return default if default in _offered(ruleset) else cls.BOT

    @classmethod
    def in_force(cls, chosen: str, ruleset: str, players: int) -> str:
        """What a timeout does at a table of `ruleset` for `players` that chose `chosen` (empty:
        nothing): the choice, or the usual answer where the rules cannot honour it (a table
        opened before its rules declared what they can honour: a Jamaica table that chose
        skipping)."""
        if chosen and chosen in _offered(ruleset):
            return chosen
        return cls.usual_for(ruleset, players)


@cache
def _offered(ruleset: str) -> tuple[str, ...]:
    # The rules declare it once and for all (a class attribute): the sweep asks for every game.
    rules = rules_named(ruleset)
    can = {
        TimeoutPolicy.BOT: True,
        TimeoutPolicy.END: rules.ends_early,
        TimeoutPolicy.SKIP: rules.skips_seats,
    }
    return tuple(policy for policy in TimeoutPolicy.values if can[policy])


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Open to all; anyone signed in may watch")
        PRIVATE = "private", _("By invitation link only; no spectators")

    ruleset = models.CharField(
        max_length=32, choices=ruleset_choices, default="classic", verbose_name=_("ruleset")
    )
    players = models.PositiveSmallIntegerField(verbose_name=_("number of players"))
    teams = models.BooleanField(
        default=False, help_text=_("2-vs-2, partners sit opposite"), verbose_name=_("teams")
    )
    visibility = models.CharField(
        max_length=8,
        choices=Visibility.choices,
        default=Visibility.PUBLIC,
        verbose_name=_("visibility"),
    )
    # Unique by a constraint (game_unique_invite_token), not `unique=True`: on PostgreSQL that
    # would add a second index for LIKE searches, which no one makes, to every game's insert
    # and to every update that moves the row (bench/sweep.py).
    invite_token = models.CharField(
        max_length=32, default=new_invite_token, verbose_name=_("invitation token")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="created_games",
        verbose_name=_("opened by"),
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, verbose_name=_("status")
    )
    # Secret until the game ends: never rendered, logged or exported while it runs.
    seed = models.CharField(max_length=64, blank=True, editable=False, verbose_name=_("seed"))
    seed_hash = models.CharField(
        max_length=64, blank=True, editable=False, verbose_name=_("seed hash")
    )
    ply = models.PositiveIntegerField(
        default=0, help_text=_("moves in the ledger"), verbose_name=_("ply")
    )
    # Cached head position (rules' full JSON, hidden tiles included): server-side only. Read it
    # through services.stored_position / head_state: the clock's sweep leaves a position it
    # ends by a timeout as the last move left it, and they end it on reading.
    state = models.JSONField(null=True, blank=True, editable=False, verbose_name=_("position"))
    outcome = models.JSONField(null=True, blank=True, editable=False, verbose_name=_("outcome"))
    abort_reason = models.CharField(
        max_length=200, blank=True, verbose_name=_("reason for aborting")
    )
    spectators_read_chat = models.BooleanField(
        _("spectators may read the players' messages"), default=True
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished"))
    last_move_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last move"))
    # Set, in the transaction of the change that makes it a bot's turn, when no bot task has
    # been queued for it yet; cleared once one is (games.tasks). While the broker is down the
    # mark stays, and beat's frequent `queue_due_bots` queues the turn as soon as it is back:
    # a bot's turn never rests on one publish.
    bot_due_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Whether the result counts for the ratings; None means the default for the kind of table
    # (see ratings.services.is_rated: public tables of people are rated, the rest are not).
    # The ruleset's own options the table was opened with, beyond teams (an Archipelago
    # puzzle's name); checked against the ruleset by games.services.open_table.
    options = models.JSONField(default=dict, blank=True, verbose_name=_("options"))
    rated = models.BooleanField(
        null=True,
        blank=True,
        default=None,
        help_text=_("counts for the ratings"),
        verbose_name=_("rated"),
    )
    # The time control (games.clock.clocks.TimeControl), chosen when the table is opened.
    clock_kind = models.CharField(
        _("time control"), max_length=10, choices=CLOCK_KINDS, default="per-move"
    )
    clock_days = models.PositiveSmallIntegerField(_("days"), default=3)
    clock_increment_days = models.PositiveSmallIntegerField(_("increment (days)"), default=0)
    weekends_off = models.BooleanField(_("weekends off"), default=False)
    timeout_policy = models.CharField(
        _("when a player runs out of time"),
        max_length=8,
        choices=TimeoutPolicy.choices,
        blank=True,
        help_text=_("empty: the default for the number of players"),
    )
    # The clock of the seat to act (games.clock.turns): when its turn began, and when its time runs
    # out (None: no clock runs, for a bot, an unlimited table or a game that is not running).
    turn_started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("turn began"))
    deadline = models.DateTimeField(null=True, blank=True, verbose_name=_("deadline"))
    # When the seat to act is next warned that its clock runs low (under 24 h, then under 2 h):
    # games.clock.sweep.sweep_warnings; None when no warning is left for this turn.
    warn_at = models.DateTimeField(null=True, blank=True, verbose_name=_("next clock warning"))
    # The clock is paused (by staff, games.clock.staff, or for the vacation of the player to
    # act, games.clock.vacation): the clock time the seat to act had left then.
    paused_at = models.DateTimeField(null=True, blank=True, verbose_name=_("paused"))
    paused_left = models.DurationField(
        null=True, blank=True, verbose_name=_("time left when paused")
    )
    paused_for = models.CharField(
        max_length=8,
        blank=True,
        choices=[("staff", _("staff")), ("vacation", _("vacation"))],
        verbose_name=_("paused for"),
    )
    vacation_allowed = models.BooleanField(
        _("players may take vacations"),
        default=True,
        help_text=_("Off for a tournament-style table: the clocks never stop."),
    )
    # Who may take a seat (people.reliability): a player whose reliability is under it may not
    # join; 0 lets anyone in.
    min_reliability = models.PositiveSmallIntegerField(
        _("reliability needed"),
        default=0,
        db_default=0,
        choices=[(0, _("anyone")), (70, "70%"), (80, "80%"), (90, "90%"), (95, "95%")],
    )
    # The seal of the last row of the game's ledger (games.ledger): the head of its chain, kept
    # here so that sealing a move reads nothing more than the game row it locks anyway.
    ledger_seal = models.CharField(
        max_length=64, default="", db_default="", editable=False, verbose_name=_("last seal")
    )

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-created_at"]
        permissions = [
            # Being staff is not enough to look into private games: this is granted on purpose.
            ("watch_private_game", _("Can watch private games (a spectator's view)")),
        ]
        constraints = [
            models.UniqueConstraint(fields=["invite_token"], name="game_unique_invite_token"),
            models.CheckConstraint(
                # Jackal seats 2 to 4, Jamaica 2 to 6, an Archipelago puzzle 1 (each ruleset's own
                # counts: rules.core).
                name="game_players_1_to_6",
                condition=Q(players__gte=1, players__lte=6),
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
            # Beat's queue_due_bots reads the marked games every few seconds: only they.
            models.Index(
                fields=["bot_due_at"], name="game_bot_due", condition=Q(bot_due_at__isnull=False)
            ),
            # Read backwards, the lobby's games under way, latest move first.
            models.Index(
                Coalesce("last_move_at", "started_at"),
                name="game_running_waiting_since",
                condition=Q(status="running"),
            ),
            # The archive lists games that were played, newest end first. Partial on the end
            # alone: descending, PostgreSQL puts NULLs first, so a whole index made the first
            # page walk every open and running game before the first finished one (a third of
            # the table at 100,000 games). No status in the condition: SQLite cannot use a
            # partial index when the query's status list comes as bound parameters.
            models.Index(
                fields=["-finished_at", "-id"],
                name="game_archive_ended",
                condition=Q(finished_at__isnull=False),
            ),
            # Beat's timeout sweep (games.clock.sweep) reads the running games whose deadline has
            # passed: a range of this index, however many games are running and not due.
            models.Index(
                fields=["deadline"],
                name="game_running_deadline",
                condition=Q(status="running", deadline__isnull=False),
            ),
            # The same sweep's clock-low warnings: the running games with a warning due.
            models.Index(
                fields=["warn_at"],
                name="game_running_warn_at",
                condition=Q(status="running", warn_at__isnull=False),
            ),
            # The admin's list of games, newest first (the changelist adds the id to the order).
            models.Index(fields=["-created_at", "-id"], name="game_by_creation"),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("game_board", args=[self.pk])

    def bot_number(self, index: int) -> int | None:
        """Seat `index`'s number among the game's bots of its level, where several share one
        ("Normal bot 2"); None where its level's name is its own. Read from the seats already
        loaded (a prefetch, or `number_bots`), else in one query, once per Game object."""
        numbers = self.__dict__.get("_bot_numbers")
        if numbers is None:
            loaded = getattr(self, "_prefetched_objects_cache", {}).get("seats")
            if loaded is not None:
                numbers = self.number_bots(loaded)
            else:
                numbers = self.number_bots(self.seats.exclude(bot="").only("index", "bot"))
        return numbers.get(index)

    def number_bots(self, seats) -> dict[int, int]:
        """Number the bots of `seats` (the game's) that share a level, in seat order; kept for
        `bot_number`."""
        by_level: dict[str, list[int]] = {}
        for seat in sorted(seats, key=lambda seat: seat.index):
            if seat.bot:
                by_level.setdefault(seat.bot, []).append(seat.index)
        numbers = {
            index: number
            for indexes in by_level.values()
            if len(indexes) > 1
            for number, index in enumerate(indexes, start=1)
        }
        self.__dict__["_bot_numbers"] = numbers
        return numbers

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    def seats_to_act(self) -> list[int]:
        """The indexes of the seats that must act now, in order (one query; none unless the
        game runs)."""
        return list(
            self.seats.filter(must_act=True).order_by("index").values_list("index", flat=True)
        )

    def seat_to_act(self) -> int | None:
        """The one seat that must act now (None when none does). For games that wait for one
        seat at a time (Jackal); a simultaneous choice is a ValueError here."""
        owing = self.seats_to_act()
        if len(owing) > 1:
            raise ValueError(f"game {self.pk} waits for several seats: {owing}")
        return owing[0] if owing else None

    @property
    def policy_on_timeout(self) -> str:
        """What a timeout does here: the table's choice, or the usual one (`in_force`)."""
        return TimeoutPolicy.in_force(self.timeout_policy, self.ruleset, self.players)

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

    # No index of its own: seat_unique_index (game, index) serves every lookup by game, and one
    # index fewer is one write fewer whenever a seat changes (bench/sweep.py).
    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        related_name="seats",
        db_index=False,
        verbose_name=_("game"),
    )
    index = models.PositiveSmallIntegerField(
        help_text=_("the rules engine's seat number"), verbose_name=_("seat number")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
        db_index=False,  # seat_by_player below
        verbose_name=_("player"),
    )
    bot = models.CharField(max_length=16, choices=Bot.choices, blank=True, verbose_name=_("bot"))
    joined_at = models.DateTimeField(null=True, blank=True, verbose_name=_("joined"))
    # A bot playing for the seat's player after a timeout or a resignation (games.clock.forfeits);
    # the player keeps the seat and may take it back (unless they resigned).
    stand_in = models.CharField(
        max_length=16, choices=Bot.choices, blank=True, verbose_name=_("stand-in bot")
    )
    # Clock time left at the start of the seat's next turn (a time bank); None: no bank.
    bank = models.DurationField(null=True, blank=True, verbose_name=_("time bank"))
    # Where the game stands in this seat's player's "my games" (games.lists.listing), kept by the
    # move service with every change of the game.
    # The seat owes a decision now (the rules' `to_act()`): one seat at a time in Jackal, several
    # during a simultaneous choice. Kept by the move service under the game's lock; the sweeps
    # and the my-turn queue read it.
    must_act = models.BooleanField(default=False, verbose_name=_("must act"))
    list_section = models.PositiveSmallIntegerField(
        default=2, editable=False, verbose_name=_("section of my games")
    )
    list_key = models.BigIntegerField(
        default=0, editable=False, verbose_name=_("place in my games")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        # game_id, not game: ordering by the relation would order by Game's own ordering
        # (created_at), a join with games and a sort on every seat query (bench/history.py).
        ordering = ["game_id", "index"]
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
            # "My games" is one range of it, in its order (games.lists.listing); profiles and the
            # archive's filters find a player's games by it too. Free seats and bots are never
            # looked up so.
            models.Index(
                fields=["user", "list_section", "list_key", "game"],
                name="seat_by_player",
                condition=Q(user__isnull=False),
            ),
            # The header's "Your turn (N)" on every page a player opens (games.lists.my_turn) and
            # the next-game button: the seats that must act now, a handful, not every seat of
            # someone who has played thousands of games.
            models.Index(
                fields=["user"],
                name="seat_to_act",
                condition=Q(user__isnull=False, must_act=True, stand_in=""),
            ),
            # Beat's sweep for bot turns left waiting (games.tasks.bot_turns_waiting_since)
            # looks up the seats a bot plays (a bot's, or a stand-in's for a late player); the
            # many seats of people are not in it.
            models.Index(
                fields=["game", "index"],
                name="seat_bots",
                condition=~Q(bot="") | ~Q(stand_in=""),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.index} {self.occupant_name}"

    @property
    def crews(self) -> tuple[str, ...]:
        """The seat's pieces' colours, as the game's family names them (Jackal: its crews)."""
        from .families import family_of  # the families present games: they import the models

        return family_of(self.game.ruleset).seat_crews(self.game.players, self.game.teams)[
            self.index
        ]

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.bot

    @property
    def plays_by_bot(self) -> bool:
        """A bot moves for this seat: a bot's own seat, or one standing in for its player."""
        return bool(self.bot or self.stand_in)

    @property
    def occupant_name(self) -> str:
        if self.bot:
            # Several bots of one level at a table each have a name of their own.
            number = self.game.bot_number(self.index)
            name = str(self.get_bot_display())
            return f"{name} {number}" if number else name
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
    DELETE and TRUNCATE too, and a game's ply never goes back (migrations 0002 and 0004). Sealed
    (`seal`) as a link of the game's chain, with its seat actions (games.ledger)."""

    # PROTECT: deleting a game must not quietly take its ledger along. A game with moves cannot
    # be deleted at all (Game.delete() raises ProtectedError; in SQL the foreign key and the
    # DELETE trigger refuse); staff abort it instead (games.services.abort_game).
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="moves", verbose_name=_("game")
    )
    ply = models.PositiveIntegerField(help_text=_("1 for the first move"), verbose_name=_("ply"))
    text = models.CharField(
        max_length=64, help_text=_("the move in notation"), verbose_name=_("move")
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("empty for a bot"),
        verbose_name=_("player"),
    )
    events = models.JSONField(default=list, verbose_name=_("events"))
    # Set when the row is made, not when it is saved (auto_now_add): the seal covers it.
    created_at = models.DateTimeField(default=timezone.now, editable=False, verbose_name=_("made"))
    # The keyed hash of this row and the one before it (games.ledger); empty for a row written
    # behind the site's back, which verify_ledgers reports.
    seal = models.CharField(
        max_length=64, default="", db_default="", editable=False, verbose_name=_("seal")
    )

    objects = MoveQuerySet.as_manager()

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["game_id", "ply"]  # the column, not the relation: no join (see Seat)
        constraints = [
            # The last guard against a doubled move: two writers cannot both take a ply.
            models.UniqueConstraint(fields=["game", "ply"], name="move_one_per_ply"),
        ]

    def __str__(self) -> str:
        # Titles and breadcrumbs of the admin: a card chosen face down stays "play" while the
        # game runs (games.families.jamaica.ledger).
        from games.families import family_of

        game = self.game
        text = family_of(game.ruleset).public_move(self.text) if game.is_running else self.text
        return f"{self.game_id}/{self.ply}: {text}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError(LEDGER_NEVER_UPDATED)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError(LEDGER_NEVER_DELETED)


class SeatAction(models.Model):
    """A seat leaving play or coming back: a timeout, a resignation, a claim of victory, a
    player taking their seat back from the bot. The second half of a game's ledger (the moves
    are the first): append-only, written only by `games.clock.forfeits` under the game's lock, with
    `ply` the game's ply at that moment. A game ended by one of them replays as its moves, then
    that end (`games.clock.forfeits.replayed_outcome`). Sealed as the moves are, in the same chain;
    on PostgreSQL triggers refuse UPDATE, DELETE and TRUNCATE (migrations 0010 and 0023)."""

    class Kind(models.TextChoices):
        TIMEOUT_BOT = "timeout-bot", _("ran out of time; a bot took over")
        TIMEOUT_END = "timeout-end", _("ran out of time; the game ended")
        TIMEOUT_SKIP = "timeout-skip", _("ran out of time; their crews are skipped")
        RESIGN = "resign", _("resigned")
        CLAIM = "claim", _("claimed the victory")
        RECLAIM = "reclaim", _("took their seat back from the bot")
        # Not a forfeit: the clock ran out and the player's vacation bank paid for it
        # (games.clock.auto_vacation); the turn waits, paused, for a day.
        VACATION = "vacation", _("ran out of time; a day of their vacation was spent")
        # A person took the seat a bot stood in for after a timeout (people.substitutes): the
        # seat is theirs from this ply on; its first player has left the game.
        SUBSTITUTE = "substitute", _("a substitute took the seat from the bot")

    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="seat_actions", verbose_name=_("game")
    )
    ply = models.PositiveIntegerField(verbose_name=_("ply"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    kind = models.CharField(max_length=12, choices=Kind.choices, verbose_name=_("kind"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("who asked; empty for the clock"),
        verbose_name=_("player"),
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False, verbose_name=_("when"))
    seal = models.CharField(  # as a move's
        max_length=64, default="", db_default="", editable=False, verbose_name=_("seal")
    )

    objects = MoveQuerySet.as_manager()

    class Meta:
        verbose_name = _("seat action")
        verbose_name_plural = _("seat actions")
        ordering = ["game", "ply", "pk"]
        constraints = [
            # One timeout per seat and turn, whatever the sweeps do.
            models.UniqueConstraint(
                fields=["game", "ply", "seat"],
                name="seat_action_one_timeout_per_turn",
                condition=Q(kind__startswith="timeout"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.ply} seat {self.seat}: {self.kind}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError(LEDGER_NEVER_UPDATED)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError(LEDGER_NEVER_DELETED)


# Around the board: the players' messages and rematches (games.chat, games.rematch), and a series
# of Archipelago games at one table (families/archipelago/series.py): their models live beside
# these, imported here so that they are the app's models.
from .around_models import ChatMessage, ChatMute, RematchOffer  # noqa: E402, F401
from .series_models import Series, SeriesGame  # noqa: E402, F401
