"""Staff run the site from here: games with their seats and read-only ledger, abort, check.

Nothing here shows a running game's seed or cached state (they hold the face-down tiles); no
URL may filter or sort on them either, and private games are listed only to holders of the watch
permission: the site's admin enforces both for every ModelAdmin (games.admin.guard).
"""

from django.contrib import admin, messages
from django.db.models import Q
from django.utils.html import format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import access, services
from games.clock import staff, turns
from games.families import family_of, secret_families
from games.lists import paging
from games.models import Game, Move, Seat
from jackal_site.request_input import MAX_ID, BadNumber, parse_int
from rules.core import ruleset_names


def may_see_moves(request, game: Game) -> bool:
    return game.visibility == Game.Visibility.PUBLIC or request.user.has_perm(access.WATCH_PRIVATE)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "bot", "stand_in", "bank", "joined_at")
    readonly_fields = fields
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("user")

    def has_add_permission(self, request, obj=None):
        return False


LEDGER_PER_PAGE = 50


def ledger_page(game: Game, number: int) -> paging.Page:
    """A page of the game's ledger, latest move first, with the players' names: one query for
    the page, whatever the length of the game (the move_one_per_ply index, read backwards)."""
    moves = (
        Move.objects.filter(game=game)
        .order_by("-ply")
        .values("ply", "seat", "text", "events", "created_at", "user__username")
    )
    page = paging.page_of(moves, number, per_page=LEDGER_PER_PAGE)
    family = family_of(game.ruleset)
    # A secret still kept in the ledger (a card chosen face down, not yet revealed) is not the
    # staff's to read while the game runs either: they see what the other players see.
    secret = family.secret_plies(game, services.head_state(game)) if game.is_running else set()
    for move in page.rows:  # the events as data, said in the staff member's language
        if move["ply"] in secret:
            move["text"] = family.public_move(move["text"])
        move["events"] = family.event_lines(move["events"], ruleset=game.ruleset, seat_names={})
    return page


class PlayersFilter(admin.SimpleListFilter):
    """By number of players, from a fixed list: the default filter reads the distinct values of
    every game to offer them."""

    title = _("number of players")
    parameter_name = "players"

    def lookups(self, request, model_admin):
        return [("2", "2"), ("3", "3"), ("4", "4")]

    def queryset(self, request, queryset):
        players = parse_int(self.value(), minimum=1, maximum=6, default=None)
        return queryset.filter(players=players) if players else queryset


@admin.register(Game)
class GameAdmin(paging.LookAheadPaging, admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "ruleset",
        "players",
        "teams",
        "visibility",
        "ply",
        "created_by",
        "created_at",
        "last_move_at",
        "deadline",
        "paused_at",
    )
    list_filter = ("status", "ruleset", PlayersFilter, "teams", "visibility")
    list_per_page = 50
    search_fields = ("id", "created_by__username", "created_by__email", "seats__user__username")
    # Lists are paged without counting the whole table (games.lists.paging.LookAheadPaging); no date
    # hierarchy: its links read the distinct dates of every game.
    readonly_fields = (
        "ruleset",
        "players",
        "teams",
        "created_by",
        "status",
        "seed_hash",
        "shown_seed",
        "ply",
        "outcome",
        "created_at",
        "started_at",
        "finished_at",
        "last_move_at",
        # No invite_token: the invitation is its creator's to give (access.can_watch).
        "time_control",
        "timeout_policy",
        "clocks",
        "turn_started_at",
        "deadline",
        "warn_at",
        "paused_at",
        "paused_left",
    )
    fields = ("visibility", "abort_reason", *readonly_fields)
    inlines = [SeatInline]
    # The change form shows a page of the ledger below the seats (ledger_page).
    change_form_template = "admin/games/game/change_form.html"
    actions = ["abort_games", "check_ledgers", "give_a_day", "pause_clocks", "resume_clocks"]

    @admin.display(description=_("time control"))
    def time_control(self, game):
        return turns.control_of(game).describe()

    @admin.display(description=_("clocks"))
    def clocks(self, game):
        lines = turns.clock_lines(game, list(game.seats.select_related("user")))
        return format_html_join(
            "", "<div>{}: {}</div>", ((line.name, line.words or "—") for line in lines)
        )

    def _clock_action(self, request, queryset, act, done: str) -> None:
        changed = 0
        for game in queryset:
            try:
                act(game.pk)
                changed += 1
            except services.GameError as error:
                self.message_user(request, error.message, messages.WARNING)
        self.message_user(request, done % {"n": changed}, messages.SUCCESS)

    @admin.action(description=_("Give the player to act one more day"))
    def give_a_day(self, request, queryset):
        self._clock_action(
            request,
            queryset,
            lambda pk: staff.give_time(pk, turns.clocks.DAY),
            _("%(n)d player(s) got one more day."),
        )

    @admin.action(description=_("Pause the clocks of the selected games"))
    def pause_clocks(self, request, queryset):
        self._clock_action(request, queryset, staff.pause, _("%(n)d game(s) paused."))

    @admin.action(description=_("Resume the clocks of the selected games"))
    def resume_clocks(self, request, queryset):
        self._clock_action(request, queryset, staff.resume, _("%(n)d game(s) resumed."))

    @admin.display(description=_("seed"))
    def shown_seed(self, game):
        return game.revealed_seed or _("(secret until the game ends)")

    def get_readonly_fields(self, request, obj=None):
        # Who may watch is settled before the first move: switching a running private game to
        # public would show its players' game to everyone (issue 17, item 9).
        if obj is not None and obj.status != Game.Status.OPEN:
            return ("visibility", *self.readonly_fields)
        return self.readonly_fields

    def change_view(self, request, object_id, form_url="", extra_context=None):
        game = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        # A private game's moves are for its players and for those allowed to watch it.
        if game is not None and game.status != Game.Status.OPEN and may_see_moves(request, game):
            extra_context["ledger"] = ledger_page(
                game, paging.page_number(request.GET.get("ledger"))
            )
        return super().change_view(request, object_id, form_url, extra_context)

    def get_search_results(self, request, queryset, search_term):
        # "12" finds game 12; words find players.
        try:
            game_id = parse_int(search_term, minimum=1, maximum=MAX_ID, default=None)
        except BadNumber:
            game_id = None  # not a game's number ("²", "-1"): words
        queryset, may_have_duplicates = super().get_search_results(
            request, queryset, "" if game_id else search_term
        )
        if game_id:
            queryset = queryset.filter(pk=game_id)
        return queryset, may_have_duplicates

    def get_queryset(self, request):
        # The cached position (kilobytes a game, and secret) is never shown: never read.
        return super().get_queryset(request).defer("state")

    def has_add_permission(self, request):
        return False  # tables are opened in the lobby, where the services seat players

    @admin.action(description=_("Abort the selected games"))
    def abort_games(self, request, queryset):
        aborted = 0
        for game in queryset:
            try:
                services.abort_game(game.pk, f"aborted by staff ({request.user.username})")
                aborted += 1
            except services.GameError as error:
                self.message_user(
                    request,
                    gettext("Game %(id)s: %(problem)s") % {"id": game.pk, "problem": error.message},
                    messages.WARNING,
                )
        self.message_user(
            request,
            ngettext("%(n)d game aborted.", "%(n)d games aborted.", aborted) % {"n": aborted},
            messages.SUCCESS,
        )

    @admin.action(description=_("Check the ledgers of the selected games"))
    def check_ledgers(self, request, queryset):
        for game in queryset:
            problems = services.verify_ledger(game)
            if problems:
                self.message_user(
                    request,
                    gettext("Game %(id)s: %(problem)s")
                    % {"id": game.pk, "problem": "; ".join(problems)},
                    messages.ERROR,
                )
            else:
                self.message_user(
                    request,
                    gettext("Game %(id)s: ledger and cached state agree.") % {"id": game.pk},
                )


@admin.register(Move)
class MoveAdmin(paging.LookAheadPaging, admin.ModelAdmin):
    list_display = ("game", "ply", "seat", "user", "shown_text", "created_at")
    list_filter = ("created_at",)
    search_fields = ("game__id", "text", "user__username")
    readonly_fields = ("game", "ply", "seat", "user", "shown_text", "events", "created_at")
    fields = readonly_fields

    def lookup_allowed(self, lookup, value, request):
        # A filter on the text would find a card still chosen face down ("play AG"): the search
        # box (below) is the way to look for moves.
        if lookup.split("__")[0] == "text":
            return False
        return super().lookup_allowed(lookup, value, request)

    @admin.display(description=_("move"))
    def shown_text(self, move: Move) -> str:
        """The move as others read it while its game runs (a card chosen face down is "play",
        revealed or not: staff need not tell the two apart), as played once the game is over."""
        if move.game.is_running:
            return family_of(move.game.ruleset).public_move(move.text)
        return move.text

    def get_search_results(self, request, queryset, search_term):
        # Searching the text must not find the secret a move of a running game keeps.
        found, duplicates = super().get_search_results(request, queryset, search_term)
        if search_term:
            for family in secret_families():
                for prefix in family.secret_move_prefixes:
                    found = found.exclude(
                        Q(game__status=Game.Status.RUNNING)
                        & Q(game__ruleset__in=ruleset_names(family.name))
                        & Q(text__startswith=prefix)
                    )
        return found, duplicates

    list_select_related = ("game", "user")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
