"""Staff read and remove players' messages (issue 19.9). Removing keeps the message here, marked,
for the record; it leaves every page at once."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import chat
from games.models import ChatMessage


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game", "author", "text", "removed_at", "removed_by")
    list_filter = (("removed_at", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("text", "author__username", "author__email", "game__id")
    list_select_related = ("game", "author", "removed_by")
    readonly_fields = ("game", "author", "text", "created_at", "removed_at", "removed_by")
    actions = ["remove_messages"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False  # staff do not write in players' threads

    def has_change_permission(self, request, obj=None):
        return False  # what a player wrote is not edited; it is removed

    @admin.action(description=_("Remove the selected messages from their games"))
    def remove_messages(self, request, queryset):
        removed = chat.remove(list(queryset.values_list("pk", flat=True)), request.user)
        self.message_user(
            request,
            ngettext("%(n)d message removed.", "%(n)d messages removed.", removed) % {"n": removed},
            messages.SUCCESS,
        )
