"""Web Push (RFC 8030 delivery, RFC 8291 payload encryption, RFC 8292 VAPID) with pywebpush.

The site signs every push with its VAPID key: VAPID_PRIVATE_KEY from the environment in
production (the base64url raw key or DER that `vapid --gen` prints, or a PEM); without it, the
embedded default makes a key pair once in the data directory (var/vapid_private.pem) and uses
it from then on. Browsers subscribe with the public half (`public_key`), so a new key means
every device must subscribe again.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import threading
from dataclasses import dataclass

import requests
from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.utils import timezone
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from .addresses import RefusedAddress, check_url
from .models import PushDevice

logger = logging.getLogger(__name__)

# A push the service could not hand over within this long is no longer worth showing.
TTL_SECONDS = 24 * 3600
TIMEOUT_SECONDS = 10
_lock = threading.Lock()
_vapid: Vapid | None = None
_vapid_source: str | None = None


def _key_file():
    return settings.DATA_DIR / "vapid_private.pem"


def vapid() -> Vapid:
    """The site's VAPID key (made on first use by the embedded default)."""
    global _vapid, _vapid_source
    configured = settings.VAPID_PRIVATE_KEY
    source = configured or str(_key_file())
    with _lock:
        if _vapid is not None and _vapid_source == source:
            return _vapid
        if configured.startswith("-----BEGIN"):
            key = Vapid.from_pem(configured.encode())
        elif configured:
            key = Vapid.from_string(configured)
        else:
            key = _embedded_key()
        _vapid, _vapid_source = key, source
        return key


def _embedded_key() -> Vapid:
    path = _key_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        key = Vapid()
        key.generate_keys()
        try:
            # Created exclusively and readable by the site only: two processes starting at
            # once must not each write a key of their own.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as handle:
                handle.write(key.private_pem())
            logger.info("made a VAPID key pair in %s", path)
    return Vapid.from_file(str(path))


def public_key() -> str:
    """The VAPID public key as the Push API's `applicationServerKey` wants it: the uncompressed
    P-256 point, base64url without padding."""
    raw = vapid().public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class Fanout:
    sent: int = 0
    dropped: int = 0
    failed: int = 0

    def words(self) -> str:
        return f"{self.sent} sent, {self.dropped} dropped, {self.failed} failed"


def send(device: PushDevice, payload: dict) -> str:
    """Push `payload` to one device: "sent", "dropped" (the service says the subscription is
    gone, 404 or 410: the device row is deleted) or "failed"."""
    try:
        check_url(device.endpoint)
        webpush(
            device.subscription_info(),
            data=json.dumps(payload),
            vapid_private_key=vapid(),
            # A fresh dict each time: pywebpush writes the audience and expiry into it.
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        if status in (404, 410):
            logger.info("push subscription %s is gone (%s): dropped", device.pk, status)
            device.delete()
            return "dropped"
        logger.warning("push to device %s failed: %s", device.pk, status or error)
        return "failed"
    except (RefusedAddress, requests.RequestException) as error:
        logger.warning("push to device %s failed: %s", device.pk, error)
        return "failed"
    PushDevice.objects.filter(pk=device.pk).update(last_sent_at=timezone.now())
    return "sent"


def send_to_user(user, payload: dict) -> Fanout:
    outcome = Fanout()
    for device in PushDevice.objects.filter(user=user):
        result = send(device, payload)
        setattr(outcome, result, getattr(outcome, result) + 1)
    return outcome
