"""Allauth hooks: account e-mails are queued as a Celery task once the transaction commits, are
written in the recipient's language, and their links point at SITE_URL (the public address), not
at whatever host a request came in on."""

from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from . import names
from .tasks import send_email


@dataclass(frozen=True)
class PublicSite:
    """What allauth's e-mail templates call `current_site`."""

    name: str
    domain: str


def public_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def message_to_dict(message: EmailMessage) -> dict:
    return {
        "subject": message.subject,
        "body": message.body,
        "from_email": message.from_email,
        "to": list(message.to),
        "headers": dict(message.extra_headers),
        "alternatives": [list(alt) for alt in getattr(message, "alternatives", [])],
    }


def recipient_language(email: str) -> str:
    """The language of the account an address belongs to; for an unknown address, the language
    of the page that asked (whoever triggered the e-mail, it is written for its reader)."""
    from .models import User

    user = User.objects.filter(email__iexact=email).only("language").first()
    return user.language if user is not None else translation.get_language()


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        # A new player keeps the language they signed up in (the page's: their browser's or
        # the footer's choice); the profile's field says so from then on.
        language = translation.get_language()
        if language in dict(settings.LANGUAGES):
            user.language = language
        return super().save_user(request, user, form, commit=commit)

    def clean_username(self, username, shallow=False):
        # A new player's username may not pass for the site or for another player
        # (accounts.names); `shallow` is allauth's check of the form field alone.
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            names.refuse_impersonation(username)
        return username

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        site = PublicSite(name="Jackal Online", domain=urlsplit(settings.SITE_URL).netloc)
        with translation.override(recipient_language(email)):
            message = self.render_mail(
                template_prefix, email, {"email": email, "current_site": site, **context}
            )
        payload = message_to_dict(message)
        # After commit: the worker must find the confirmation key the e-mail links to, and a
        # rolled-back sign-up must not send anything.
        transaction.on_commit(lambda: send_email.delay(payload))

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return public_url(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_reset_password_from_key_url(self, key: str) -> str:
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return public_url(path.replace("UID-KEY", quote(key)))
