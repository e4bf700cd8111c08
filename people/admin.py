"""Staff's side of the people (docs/people.md): excusing a timeout, with the reason; reading
reports and acting on them (mute, suspend, lift). The admin logs each as it logs every
addition (who, when); excuses and sanctions are never changed or removed."""

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from people import conduct, reliability

from .models import Excuse, Report, Sanction


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


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The staff's inbox of reports, each with its context; they act with a sanction (linked
    from each report), which closes it."""

    list_display = ("created_at", "kind", "name_then", "reporter", "status", "game", "act")
    list_filter = ("status", "kind")
    search_fields = ("name_then", "text", "message_then", "about__username", "reporter__username")
    list_select_related = ("reporter", "about", "game")
    readonly_fields = (
        "reporter",
        "about",
        "kind",
        "text",
        "game",
        "message",
        "name_then",
        "message_then",
        "created_at",
    )
    fields = (*readonly_fields, "status")
    actions = ["close"]

    def has_add_permission(self, request) -> bool:
        return False  # players make reports; staff read them

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=_("act"))
    def act(self, report):
        url = reverse("admin:people_sanction_add")
        return format_html(
            '<a href="{}?user={}&report={}">{}</a>', url, report.about_id, report.pk, _("act")
        )

    @admin.action(description=_("Mark the selected reports dealt with"))
    def close(self, request, queryset):
        for report in queryset.filter(status=Report.Status.OPEN):
            report.status = Report.Status.CLOSED
            report.save(update_fields=["status"])
            self.log_change(request, report, _("Marked dealt with."))


class SanctionForm(forms.ModelForm):
    class Meta:
        model = Sanction
        fields = ("user", "kind", "reason", "report")

    def clean_reason(self):
        reason = " ".join(self.cleaned_data["reason"].split())
        if not reason:
            raise forms.ValidationError(_("Say why."))
        return reason


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    """Mute, suspend, lift: made once with a reason (conduct.sanction does what it says), kept
    as made; the admin's log has each too."""

    form = SanctionForm
    list_display = ("created_at", "user", "kind", "reason", "by", "report")
    list_filter = ("kind",)
    raw_id_fields = ("user", "report")
    search_fields = ("user__username", "reason")

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change):
        made = conduct.sanction(obj.user, obj.kind, obj.reason, request.user, report=obj.report)
        obj.pk = made.pk
        obj.by = made.by
