"""The admin of Archipelago's series (games.series_models): staff see each series, its games in
order and the ability draws after them, read-only. The series' seed orders the ability cards
still to come, so it is never shown (like a running game's seed)."""

from django.contrib import admin
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.series_models import Series, SeriesGame


class SeriesGameInline(admin.TabularInline):
    model = SeriesGame
    fields = ("number", "game_link", "members", "offer", "pickers", "picks")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    @admin.display(description=_("game"))
    def game_link(self, obj: SeriesGame) -> str:
        url = reverse("admin:games_game_change", args=[obj.game_id])
        return format_html('<a href="{}">{}</a>', url, obj.game_id)

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ("id", "created_at", "games_played")
    list_per_page = 50
    show_full_result_count = False
    fields = ("created_at",)
    readonly_fields = ("created_at",)
    inlines = [SeriesGameInline]

    def get_queryset(self, request):
        # One count per page, not one per row.
        return super().get_queryset(request).annotate(games_played=Count("games"))

    @admin.display(description=_("games"), ordering="games_played")
    def games_played(self, obj: Series) -> int:
        return obj.games_played

    def has_add_permission(self, request) -> bool:
        return False  # a series is opened from the table form, with its first game
