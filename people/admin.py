"""Staff's side of the people (docs/people.md): excusing a timeout, with the reason; the admin
logs each as it logs every addition (who, when), and an excuse is never changed or removed."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from people import reliability

from .models import Excuse


class ExcuseForm(forms.ModelForm):
    class Meta:
        model = Excuse
        fields = ("action", "reason")

    def clean_action(self):
        action = self.cleaned_data["action"]
        if action.kind not in reliability.TIMEOUTS:
            raise forms.ValidationError(_("Only a timeout can be excused."))
        return action

    def clean_reason(self):
        reason = " ".join(self.cleaned_data["reason"].split())
        if not reason:
            raise forms.ValidationError(_("Say why the timeout is excused."))
        return reason


@admin.register(Excuse)
class ExcuseAdmin(admin.ModelAdmin):
    form = ExcuseForm
    list_display = ("action", "player", "reason", "excused_by", "created_at")
    raw_id_fields = ("action",)
    search_fields = ("reason", "action__game__id")
    readonly_fields = ("excused_by", "created_at")

    @admin.display(description=_("player"))
    def player(self, excuse):
        seat = excuse.action.game.seats.filter(index=excuse.action.seat).first()
        return seat.occupant_name if seat else ""

    def get_readonly_fields(self, request, obj=None):
        # Made once, kept as made: the record of who excused what, and why.
        return ("action", "reason", *self.readonly_fields) if obj else self.readonly_fields

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change):
        if not change:
            obj.excused_by = request.user
        super().save_model(request, obj, form, change)
