"""The alerts' settings forms: a push subscription as the browser gives it, a webhook, and the
channels each kind of alert takes. Each refuses bad input with words for the player."""

from __future__ import annotations

import base64
import binascii
import json

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .addresses import RefusedAddress, check_url
from .models import DEFAULT_CHANNELS, EMAIL_KINDS, AlertChoices, Channel, Kind, Webhook

MAX_HOOKS = 5
MAX_DEVICES = 20


def _b64url(text, size: int, first: int | None = None) -> bytes:
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) != size or (first is not None and raw[0] != first):
        raise ValueError
    return raw


def parse_subscription(body: bytes) -> dict:
    """The browser's `PushSubscription.toJSON()` as posted: endpoint and keys, checked. Raises
    forms.ValidationError with the reason."""
    try:
        data = json.loads(body.decode("utf-8"))
        endpoint = data["endpoint"]
        keys = data["keys"]
        p256dh, auth = keys["p256dh"], keys["auth"]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        raise forms.ValidationError(_("That is not a push subscription.")) from error
    if not isinstance(endpoint, str) or not endpoint.startswith(("https://", "http://")):
        raise forms.ValidationError(_("The subscription's endpoint is not a web address."))
    if len(endpoint) > 1000:
        raise forms.ValidationError(_("The subscription's endpoint is too long."))
    try:
        _b64url(p256dh, 65, first=4)  # an uncompressed P-256 point
        _b64url(auth, 16)
    except (ValueError, binascii.Error) as error:
        raise forms.ValidationError(_("The subscription's keys are not valid.")) from error
    try:
        check_url(endpoint)
    except RefusedAddress as refused:
        raise forms.ValidationError(str(refused)) from refused
    name = data.get("name", "")
    return {
        "endpoint": endpoint,
        "p256dh": p256dh,
        "auth": auth,
        "name": name[:80] if isinstance(name, str) else "",
    }


class WebhookForm(forms.ModelForm):
    url = forms.URLField(label=gettext_lazy("Address"), max_length=500, assume_scheme="https")

    class Meta:
        model = Webhook
        fields = ("url", "form")
        labels = {"url": gettext_lazy("Address"), "form": gettext_lazy("Form")}

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_url(self) -> str:
        url = self.cleaned_data["url"]
        try:
            check_url(url)
        except RefusedAddress as refused:
            raise forms.ValidationError(str(refused)) from refused
        return url

    def clean(self):
        cleaned = super().clean()
        if self.user is not None and Webhook.objects.filter(user=self.user).count() >= MAX_HOOKS:
            raise forms.ValidationError(
                _("You have %(n)d webhooks already: remove one first.") % {"n": MAX_HOOKS}
            )
        return cleaned


class ChoicesForm(forms.Form):
    """A row of channels for each kind (e-mail only where it applies)."""

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        row = AlertChoices.objects.filter(user=user).first()
        chosen = row.channels if row else {}
        for kind in Kind:
            offered = [Channel.PUSH, Channel.WEBHOOK]
            if kind in EMAIL_KINDS:
                offered.insert(0, Channel.EMAIL)
            self.fields[kind.value] = forms.MultipleChoiceField(
                label=kind.label,
                choices=[(c.value, c.label) for c in offered],
                required=False,
                widget=forms.CheckboxSelectMultiple,
                initial=chosen.get(kind.value, DEFAULT_CHANNELS[kind]),
            )

    def save(self) -> None:
        channels = {kind.value: list(self.cleaned_data[kind.value]) for kind in Kind}
        AlertChoices.objects.update_or_create(user=self.user, defaults={"channels": channels})
