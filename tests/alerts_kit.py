"""Real parts for the alerts' tests, on loopback: a push service that checks each push's VAPID
signature (RFC 8292) and decrypts its payload (RFC 8291) with the subscription's own private
key, the way a browser's push service and browser would; a webhook receiver that checks the
HMAC signature with the hook's secret. No mock of pywebpush or of the HTTP client."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A subscription's key pair and auth secret, as a browser keeps them."""

    def __init__(self):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.p256dh = b64url(public)

    def subscription(self, endpoint: str, name: str = "Test browser") -> dict:
        return {
            "endpoint": endpoint,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
            "name": name,
        }

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def check_vapid(authorization: str, audience: str) -> str:
    """Check a push's `Authorization: vapid t=<JWT>, k=<key>` as a push service does: the JWT
    is signed (ES256) by the key sent, for this service's origin, not expired. The key."""
    scheme, _space, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    token, key = fields["t"], fields["k"]
    head, claims, signature = token.split(".")
    raw = unb64url(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise AssertionError("the VAPID signature does not verify") from error
    assert json.loads(unb64url(head))["alg"] == "ES256"
    payload = json.loads(unb64url(claims))
    assert payload["aud"] == audience, payload
    assert payload["exp"] > time.time()
    assert payload["sub"].startswith(("mailto:", "https:"))
    return key


class _Server:
    """A threaded HTTP server on 127.0.0.1 that records each POST and answers `status`."""

    def __init__(self):
        self.received: list[dict] = []
        self.status = 201
        self.delay = 0.0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length)
                server.received.append(
                    {
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                    }
                )
                if server.delay:
                    time.sleep(server.delay)
                status = server.status(self.path) if callable(server.status) else server.status
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return self.origin + path

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class PushService(_Server):
    pass


class HookReceiver(_Server):
    def __init__(self):
        super().__init__()
        self.status = 204

    @staticmethod
    def verified(request: dict, secret: str) -> dict:
        """The JSON of a call whose signature checks with `secret` (else AssertionError)."""
        header = request["headers"]["x-jackal-signature"]
        fields = dict(part.split("=", 1) for part in header.split(","))
        expected = hmac.new(
            secret.encode(), f"{fields['t']}.".encode() + request["body"], hashlib.sha256
        ).hexdigest()
        assert hmac.compare_digest(expected, fields["v1"]), "bad signature"
        assert abs(int(fields["t"]) - time.time()) < 300
        return json.loads(request["body"])


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class MailServer:
    """An SMTP server on loopback (aiosmtpd) that keeps what it is given, envelope and all."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.received: list[dict] = []
        server = self

        class Keep:
            async def handle_DATA(self, smtp, session, envelope):
                server.received.append(
                    {
                        "mail_from": envelope.mail_from,
                        "rcpt_tos": list(envelope.rcpt_tos),
                        "content": envelope.original_content or envelope.content,
                    }
                )
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Keep(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def close(self):
        self.controller.stop()


def delivery_status_notification(original: bytes, *, to: str, status: str, action: str) -> bytes:
    """A bounce as a receiving mail server writes it (RFC 3464 multipart/report)."""
    from email.message import EmailMessage, Message
    from email.mime.multipart import MIMEMultipart
    from email.mime.text import MIMEText

    report = MIMEMultipart("report", report_type="delivery-status")
    report["From"] = "MAILER-DAEMON@mx.example.net"
    report["Subject"] = "Undelivered Mail Returned to Sender"
    report.attach(MIMEText("This is the mail system. Your message could not be delivered.\n"))
    per_message = Message()
    per_message["Reporting-MTA"] = "dns; mx.example.net"
    per_recipient = Message()
    per_recipient["Final-Recipient"] = f"rfc822; {to}"
    per_recipient["Action"] = action
    per_recipient["Status"] = status
    per_recipient["Diagnostic-Code"] = f"smtp; {status[0]}50 {status} mailbox unavailable"
    status_part = Message()
    status_part.set_type("message/delivery-status")
    status_part.set_payload([per_message, per_recipient])
    report.attach(status_part)
    headers = EmailMessage()
    headers.set_type("text/rfc822-headers")
    import email as email_package

    first = email_package.message_from_bytes(original)
    kept = [f"{name}: {first[name]}" for name in ("From", "To", "Subject") if first[name]]
    headers.set_payload("\n".join(kept) + "\n")
    report.attach(headers)
    return report.as_bytes()
