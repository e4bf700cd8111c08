"""Account e-mails leave through Celery so that a slow mail server never slows a page."""

from celery import shared_task
from django.core.mail import EmailMultiAlternatives


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_email(message: dict) -> None:
    """Send one e-mail described by `accounts.adapter.message_to_dict`."""
    email = EmailMultiAlternatives(
        subject=message["subject"],
        body=message["body"],
        from_email=message["from_email"],
        to=message["to"],
        headers=message.get("headers") or None,
    )
    for content, mimetype in message.get("alternatives", []):
        email.attach_alternative(content, mimetype)
    email.send()
