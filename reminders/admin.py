"""Staff read every reminder decision, per player: sent, batched, skipped or held, and why."""

from django.contrib import admin

from .models import Reminder


@admin.register(Reminder)
class ReminderAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "user",
        "game",
        "kind",
        "channel",
        "ply",
        "decision",
        "detail",
        "held_until",
        "decided_at",
        "games_in_email",
    )
    list_filter = ("decision", "kind", "channel")
    search_fields = ("user__username", "user__email", "=game__id")
    raw_id_fields = ("user", "game")
    readonly_fields = [f.name for f in Reminder._meta.fields]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
