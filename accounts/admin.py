from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .models import PREFERENCE_FIELDS, User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("username", "email", "display_name", "is_active", "is_staff", "date_joined")
    list_filter = ("is_active", "is_staff", "turn_emails", "language")
    search_fields = ("username", "email", "display_name")
    fieldsets = (*DjangoUserAdmin.fieldsets, ("Preferences", {"fields": PREFERENCE_FIELDS}))
