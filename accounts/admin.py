from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .models import PREFERENCE_FIELDS, User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("username", "email", "display_name", "is_active", "is_staff", "date_joined")
    list_filter = ("is_active", "is_staff", "turn_emails", "language")
    search_fields = ("username", "email", "display_name")
    fieldsets = (*DjangoUserAdmin.fieldsets, ("Preferences", {"fields": PREFERENCE_FIELDS}))

    def save_model(self, request, obj, form, change):
        if change and "turn_emails" in form.changed_data:
            obj.turn_emails_version += 1  # as the settings page does: old unsubscribe links end
        super().save_model(request, obj, form, change)
