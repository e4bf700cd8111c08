"""The e-mail of a nudge or a "you're next": short, in the player's language, sent from the
player's signed bounce address (reminders.bounces) like every reminder."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation

from reminders.bounces import return_address


def alert_email(user, payload: dict) -> EmailMultiAlternatives:
    with translation.override(user.language):
        text = render_to_string("alerts/alert_email.txt", {"alert": payload, "user": user})
    return EmailMultiAlternatives(
        subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + payload["title"],
        body=text,
        from_email=return_address(user),
        to=[user.email],
        headers={"From": settings.DEFAULT_FROM_EMAIL},
    )
