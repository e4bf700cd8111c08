"""Staff see each player's devices and webhooks (every alert's decision is in the
reminders' log); the hooks' secrets and the calendar's token are never shown."""

from django.contrib import admin

from .models import PushDevice, Webhook


@admin.register(PushDevice)
class PushDeviceAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "created_at", "last_sent_at")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    fields = ("user", "name", "created_at", "last_sent_at")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("user", "url", "form", "failures", "last_error", "disabled_at")
    list_filter = ("form",)
    search_fields = ("user__username", "url")
    raw_id_fields = ("user",)
    fields = ("user", "url", "form", "failures", "last_error", "disabled_at", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False
