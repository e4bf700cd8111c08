from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import names
from .models import PREFERENCE_FIELDS, TIME_ZONES, TurnEmails, User


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=[(tz, tz) for tz in TIME_ZONES])

    class Meta:
        model = User
        fields = PREFERENCE_FIELDS
        widgets = {
            "quiet_hours_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_hours_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A form posted without it (an older page) keeps the hour already chosen.
        self.fields["digest_hour"].required = False

    def clean_digest_hour(self) -> int:
        hour = self.cleaned_data.get("digest_hour")
        return self.instance.digest_hour if hour in (None, "") else int(hour)

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if name and not any(ch.isalnum() for ch in name):
            raise forms.ValidationError(_("A display name needs at least one letter or digit."))
        clash = User.objects.filter(display_name__iexact=name).exclude(pk=self.instance.pk)
        if name and clash.exists():
            raise forms.ValidationError(_("Another player already uses that display name."))
        if name:
            names.refuse_impersonation(name, self.instance)
        return name

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("quiet_hours_start"), cleaned.get("quiet_hours_end")
        if (start is None) != (end is None):
            raise forms.ValidationError(_("Give both ends of your quiet hours, or neither."))
        if start is not None and start == end:
            raise forms.ValidationError(_("Quiet hours must start and end at different times."))
        return cleaned

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        if "turn_emails" in self.changed_data:
            user.turn_emails_version += 1  # old unsubscribe links stop working
        # The digest sweep (reminders.digest) finds the players whose next digest is due.
        wants_digest = user.turn_emails == TurnEmails.DAILY_DIGEST
        user.next_digest_at = user.next_digest_after(timezone.now()) if wants_digest else None
        if commit:
            user.save()
        return user
