"""Allauth hooks: account e-mails are queued as a Celery task once the transaction commits."""

from allauth.account.adapter import DefaultAccountAdapter
from django.core.mail import EmailMessage
from django.db import transaction

from .tasks import send_email


def message_to_dict(message: EmailMessage) -> dict:
    return {
        "subject": message.subject,
        "body": message.body,
        "from_email": message.from_email,
        "to": list(message.to),
        "headers": dict(message.extra_headers),
        "alternatives": [list(alt) for alt in getattr(message, "alternatives", [])],
    }


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        message = self.render_mail(template_prefix, email, context)
        payload = message_to_dict(message)
        # After commit: the worker must find the confirmation key the e-mail links to, and a
        # rolled-back sign-up must not send anything.
        transaction.on_commit(lambda: send_email.delay(payload))
