"""Mail that comes back. Each reminder goes out with a return address of its own
(`bounces+<token>@<domain>`, VERP): the token names the player and the address it was sent to,
signed with the site's key, so a delivery status notification (RFC 3464) that reaches the
bounce server (reminders.bounce_server) is tied to the address that failed without trusting
anything in the bounce but the signature. A hard bounce (action "failed", status 5.x.x) marks
the address failing: reminders stop (decision "bounced") and the player's pages say so until
they confirm the address again. Soft bounces (4.x.x, "delayed") are logged only.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import hmac
import logging
import re
from email.message import Message

from django.conf import settings

from .models import FailingAddress

logger = logging.getLogger(__name__)

LOCAL_PART = "bounces"
TOKEN = re.compile(r"^bounces\+(\d+)-([0-9a-f]{16})@", re.IGNORECASE)


def _mac(user_id: int, address: str) -> str:
    key = hashlib.sha256(f"{settings.SECRET_KEY}:reminders.bounces".encode()).digest()
    text = f"{user_id}:{address.strip().lower()}".encode()
    return hmac.new(key, text, hashlib.sha256).hexdigest()[:16]


def bounce_domain() -> str:
    return settings.MAIL_BOUNCE_DOMAIN or settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip("> ")


def return_address(user) -> str:
    """The envelope sender of a reminder to `user`: a bounce comes back to it."""
    return f"{LOCAL_PART}+{user.pk}-{_mac(user.pk, user.email)}@{bounce_domain()}"


def address_fails(user) -> bool:
    return FailingAddress.objects.filter(user=user, email__iexact=user.email).exists()


def recipient_of(bounce_address: str):
    """(user id) a bounce address stands for, if its token is ours and still matches the
    player's address; else None."""
    from accounts.models import User

    found = TOKEN.match(bounce_address.strip())
    if not found:
        return None
    user = User.objects.filter(pk=int(found.group(1))).first()
    if user is None or not hmac.compare_digest(found.group(2).lower(), _mac(user.pk, user.email)):
        return None
    return user


def _status_fields(message: Message) -> list[Message]:
    """The per-recipient field groups of a DSN's message/delivery-status part."""
    for part in message.walk():
        if part.get_content_type() == "message/delivery-status":
            payload = part.get_payload()
            if isinstance(payload, list):
                return [block for block in payload if isinstance(block, Message)][1:]
    return []


def handle_bounce(bounce_address: str, raw: bytes) -> str:
    """A message that reached `bounce_address`: "hard" (address marked failing), "soft",
    "ignored" (not a DSN of a hard failure) or "unknown" (not one of our addresses)."""
    user = recipient_of(bounce_address)
    if user is None:
        logger.info("mail to %s: not one of our bounce addresses", bounce_address)
        return "unknown"
    message = email.message_from_bytes(raw, policy=email.policy.compat32)
    verdict = "ignored"
    for fields in _status_fields(message):
        action = (fields.get("Action") or "").strip().lower()
        status = (fields.get("Status") or "").strip()
        if action == "failed" and status.startswith("5."):
            FailingAddress.objects.update_or_create(
                user=user,
                email=user.email,
                defaults={
                    "status": status[:16],
                    "diagnostic": (fields.get("Diagnostic-Code") or "").strip()[:300],
                },
            )
            logger.warning("hard bounce for user %s: %s", user.pk, status)
            return "hard"
        if action in ("delayed", "failed"):
            verdict = "soft"
    logger.info("bounce for user %s: %s", user.pk, verdict)
    return verdict


def address_confirmed(sender, request=None, email_address=None, **kwargs) -> None:
    """allauth's `email_confirmed`: the player showed the address works again."""
    if email_address is not None:
        FailingAddress.objects.filter(
            user_id=email_address.user_id, email__iexact=email_address.email
        ).delete()
