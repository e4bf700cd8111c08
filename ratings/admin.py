from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from .models import Ladder, RatedGame, Rating, RatingChange
from .services import recompute


class ReadOnly(admin.ModelAdmin):
    """Ratings are derived from the ledgers: staff read them, `recompute` rebuilds them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.action(description=_("Recompute every ladder from the game ledgers"))
def recompute_ratings(modeladmin, request, queryset):
    rated = recompute()
    modeladmin.message_user(
        request, _("Ratings rebuilt: %(n)d games rated.") % {"n": rated}, messages.SUCCESS
    )


@admin.register(Ladder)
class LadderAdmin(ReadOnly):
    list_display = ["slug", "name"]
    actions = [recompute_ratings]

    def has_change_permission(self, request, obj=None):
        # The changelist shows actions only to users who may change; the form stays read-only
        # because every field is read-only.
        return request.user.is_superuser and obj is None


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ["user", "ladder", "shown", "games", "wins", "mu", "sigma", "last_played_at"]
    list_filter = ["ladder"]
    search_fields = ["user__username"]
    list_select_related = ["user"]


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ["game", "ladder", "ended_at", "rated_at"]
    list_filter = ["ladder"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ["user", "ladder", "rated_game", "place", "shown", "ended_at"]
    list_filter = ["ladder"]
    list_select_related = ["user", "rated_game"]
