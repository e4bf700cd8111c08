from django import forms
from django.utils.translation import gettext_lazy as _

from .models import PREFERENCE_FIELDS, TIME_ZONES, User


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=[(tz, tz) for tz in TIME_ZONES])

    class Meta:
        model = User
        fields = PREFERENCE_FIELDS
        widgets = {
            "quiet_hours_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_hours_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if name and not any(ch.isalnum() for ch in name):
            raise forms.ValidationError(_("A display name needs at least one letter or digit."))
        clash = User.objects.filter(display_name__iexact=name).exclude(pk=self.instance.pk)
        if name and clash.exists():
            raise forms.ValidationError(_("Another player already uses that display name."))
        return name

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("quiet_hours_start"), cleaned.get("quiet_hours_end")
        if (start is None) != (end is None):
            raise forms.ValidationError(_("Give both ends of your quiet hours, or neither."))
        if start is not None and start == end:
            raise forms.ValidationError(_("Quiet hours must start and end at different times."))
        return cleaned
