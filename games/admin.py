"""Staff run the site from here: games with their seats and read-only ledger, abort, check.

Nothing here shows a running game's seed or cached state (they hold the face-down tiles), and
no URL may filter on them either: the changelist answers `?seed__startswith=a` with a page that
has the game or not, so ~500 requests would spell out the seed, and `?state__tiles__F7=...`
would say what lies face down on F7 (issue 17).
"""

from django.contrib import admin, messages
from django.utils.html import format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from . import access, services
from .event_words import event_lines
from .models import Game, Move, Seat

# Fields that hold the deal or are computed from the hidden position. `seed_hash` is public.
SECRET_FIELDS = frozenset({"seed", "state", "outcome"})


def touches_secret(lookup: str) -> bool:
    """Whether a changelist lookup (`game__seed__startswith`, `state__tiles__F7`) reads a secret.

    Every part of the path is checked, so that a detour through a relation
    (`moves__game__seed`, `seats__game__state`) is refused as well.
    """
    return any(part in SECRET_FIELDS for part in lookup.split("__"))


class NoSecretLookups:
    """Refuse changelist filters on secret fields (Django answers 400 Bad Request)."""

    def lookup_allowed(self, lookup, value, request):
        if touches_secret(lookup):
            return False
        return super().lookup_allowed(lookup, value, request)


def may_see_moves(request, game: Game) -> bool:
    return game.visibility == Game.Visibility.PUBLIC or request.user.has_perm(access.WATCH_PRIVATE)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "bot", "joined_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    fields = ("ply", "seat", "user", "text", "log", "created_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("-ply",)
    show_change_link = False

    @admin.display(description=_("events"))
    def log(self, move):
        lines = event_lines(move.events, ruleset=move.game.ruleset)
        return format_html_join("", "<div>{}</div>", ((line,) for line in lines))

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(NoSecretLookups, admin.ModelAdmin):
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
    )
    list_filter = ("status", "ruleset", "players", "teams", "visibility")
    search_fields = ("id", "created_by__username", "created_by__email", "seats__user__username")
    date_hierarchy = "created_at"
    readonly_fields = (
        "ruleset",
        "players",
        "teams",
        "created_by",
        "status",
        "seed_hash",
        "shown_seed",
        "ply",
        "to_act_seat",
        "outcome",
        "created_at",
        "started_at",
        "finished_at",
        "last_move_at",
        "invite_token",
    )
    fields = ("visibility", "abort_reason", *readonly_fields)
    inlines = [SeatInline, MoveInline]
    actions = ["abort_games", "check_ledgers"]

    @admin.display(description=_("seed"))
    def shown_seed(self, game):
        return game.revealed_seed or _("(secret until the game ends)")

    def get_readonly_fields(self, request, obj=None):
        # Who may watch is settled before the first move: switching a running private game to
        # public would show its players' game to everyone (issue 17, item 9).
        if obj is not None and obj.status != Game.Status.OPEN:
            return ("visibility", *self.readonly_fields)
        return self.readonly_fields

    def get_inlines(self, request, obj):
        # A private game's moves are for its players and for those allowed to watch it.
        if obj is not None and not may_see_moves(request, obj):
            return [SeatInline]
        return self.inlines

    def get_search_results(self, request, queryset, search_term):
        # "12" finds game 12; words find players.
        queryset, may_have_duplicates = super().get_search_results(
            request, queryset, search_term if not search_term.isdigit() else ""
        )
        if search_term.isdigit():
            queryset = queryset.filter(pk=int(search_term))
        return queryset, may_have_duplicates

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
class MoveAdmin(NoSecretLookups, admin.ModelAdmin):
    list_display = ("game", "ply", "seat", "user", "text", "created_at")
    list_filter = ("created_at",)
    search_fields = ("game__id", "text", "user__username")
    readonly_fields = ("game", "ply", "seat", "user", "text", "events", "created_at")
    list_select_related = ("game", "user")

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.has_perm(access.WATCH_PRIVATE):
            return queryset
        return queryset.filter(game__visibility=Game.Visibility.PUBLIC)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
