"""What a player's own pages must tell them about their alerts: a webhook disabled after
failing, an e-mail address that bounces. A context processor, read only by the templates that
show it (the settings and the player's own profile), so other pages pay no query."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from reminders.models import FailingAddress

from .models import Webhook


def _notices(user) -> dict:
    return {
        "disabled_hooks": list(Webhook.objects.filter(user=user, disabled_at__isnull=False)),
        "failing_address": FailingAddress.objects.filter(
            user=user, email__iexact=user.email
        ).first(),
    }


def notices(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"alert_notices": SimpleLazyObject(lambda: _notices(user))}
