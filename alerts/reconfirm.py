"""Confirming a bouncing address again. allauth confirms only addresses not yet verified, and a
bounced one was: the site sends its own signed link (the player, the address; three days), and
following it ends the stop (reminders.FailingAddress)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from accounts.adapter import public_url
from reminders.models import FailingAddress

SALT = "alerts.reconfirm"
MAX_AGE = 3 * 24 * 3600


def send_link(user) -> None:
    token = signing.dumps({"u": user.pk, "e": user.email.lower()}, salt=SALT)
    with translation.override(user.language):
        link = public_url(reverse("alerts_reconfirm", args=[token]))
        body = render_to_string("alerts/reconfirm_email.txt", {"link": link, "user": user})
        subject = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + translation.gettext(
            "Confirm your e-mail address"
        )
    EmailMessage(subject=subject, body=body, to=[user.email]).send()


def confirm(token: str) -> bool:
    """End the stop the token speaks for; False if it is not ours, too old, or for an address
    the player no longer has."""
    from accounts.models import User

    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
        user = User.objects.get(pk=int(data["u"]), is_active=True)
    except (signing.BadSignature, KeyError, TypeError, ValueError, User.DoesNotExist):
        return False
    if user.email.lower() != data.get("e"):
        return False
    FailingAddress.objects.filter(user=user, email__iexact=user.email).delete()
    return True
