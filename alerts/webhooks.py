"""Webhooks: a player's own URL gets a JSON body for each alert, in the site's form (signed) or
in the forms Discord and Slack take for an incoming webhook.

Every request carries `X-Jackal-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
made with the hook's own secret, so a receiver can tell the site's calls from anyone's and
refuse old ones replayed. Each delivery is a task of its own (alerts.tasks.post_webhook) with
a short timeout: a slow or dead endpoint holds up its own task only. A failure is retried with
back-off; `MAX_FAILURES` in a row disable the hook, and the player's pages say so.

The request goes to the address that was checked (alerts.addresses), with the name in the
Host header and in TLS's server name: a name that resolves anew to a private address between
the check and the request (DNS rebinding) is not followed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from urllib.parse import urlsplit

import certifi
import urllib3
from django.db.models import F
from django.utils import timezone

from reminders.models import Reminder

from .addresses import RefusedAddress, check_url
from .models import Webhook

logger = logging.getLogger(__name__)

MAX_FAILURES = 5
TIMEOUT_SECONDS = 5.0
USER_AGENT = "JackalOnline-Webhook/1"


def backoff(retries: int) -> int:
    """Seconds before retry number `retries` + 1: a minute, then doubling."""
    return 60 * 2**retries


def body_for(hook: Webhook, payload: dict) -> bytes:
    line = f"{payload['title']}: {payload['body']} {payload['url']}"
    if hook.form == Webhook.Form.DISCORD:
        document = {"content": line, "allowed_mentions": {"parse": []}}
    elif hook.form == Webhook.Form.SLACK:
        document = {"text": f"<{payload['url']}|{payload['title']}>: {payload['body']}"}
    else:
        document = payload
    return json.dumps(document, ensure_ascii=False).encode()


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def http_post(url: str, body: bytes, headers: dict) -> int:
    """POST to `url` at its checked address; the status, or an exception."""
    host, port, address = check_url(url)
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    timeout = urllib3.Timeout(connect=TIMEOUT_SECONDS, read=TIMEOUT_SECONDS)
    if parts.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            address,
            port,
            timeout=timeout,
            retries=False,
            server_hostname=host,
            assert_hostname=host,
            cert_reqs="CERT_REQUIRED",
            ca_certs=certifi.where(),
        )
    else:
        pool = urllib3.HTTPConnectionPool(address, port, timeout=timeout, retries=False)
    with pool:
        response = pool.urlopen(
            "POST",
            path,
            body=body,
            headers={**headers, "Host": parts.netloc.rsplit("@", 1)[-1]},
            redirect=False,
            retries=False,
            preload_content=True,
        )
    return response.status


def working_hooks(user) -> list[int]:
    return list(
        Webhook.objects.filter(user=user, disabled_at__isnull=True).values_list("pk", flat=True)
    )


def queue_for_user(user, payload: dict, reminder_id: int | None) -> int:
    """A delivery task for each of `user`'s working hooks; how many."""
    from .tasks import post_webhook

    hooks = working_hooks(user)
    for hook_id in hooks:
        post_webhook.delay(hook_id, payload, reminder_id)
    return len(hooks)


def post(hook_id: int, payload: dict, reminder_id: int | None, *, attempt: int = 0) -> str:
    """One attempt: "sent", "retry", "disabled" or "gone" (the hook was removed or disabled)."""
    hook = Webhook.objects.filter(pk=hook_id, disabled_at__isnull=True).first()
    if hook is None:
        return "gone"
    body = body_for(hook, payload)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Jackal-Event": payload["kind"],
        "X-Jackal-Signature": signature(hook.secret, int(time.time()), body),
    }
    try:
        status = http_post(hook.url, body, headers)
        error = "" if 200 <= status < 300 else f"HTTP {status}"
    except RefusedAddress as refused:
        error = str(refused)
    except (urllib3.exceptions.HTTPError, OSError) as failure:
        error = type(failure).__name__
    if not error:
        Webhook.objects.filter(pk=hook.pk).update(failures=0, last_error="")
        _log(reminder_id, Reminder.Decision.SENT, f"hook {hook.pk}: delivered (try {attempt + 1})")
        return "sent"
    Webhook.objects.filter(pk=hook.pk).update(failures=F("failures") + 1, last_error=error[:200])
    hook.refresh_from_db(fields=["failures"])
    logger.warning("webhook %s failed (%s), %d in a row", hook.pk, error, hook.failures)
    if hook.failures >= MAX_FAILURES:
        Webhook.objects.filter(pk=hook.pk).update(disabled_at=timezone.now())
        _log(reminder_id, Reminder.Decision.FAILED, f"hook {hook.pk}: {error}; disabled")
        return "disabled"
    _log(reminder_id, Reminder.Decision.FAILED, f"hook {hook.pk}: {error}; will retry")
    return "retry"


def _log(reminder_id: int | None, decision: str, detail: str) -> None:
    if reminder_id is not None:
        Reminder.objects.filter(pk=reminder_id).update(decision=decision, detail=detail[:200])
