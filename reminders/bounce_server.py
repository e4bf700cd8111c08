"""A small SMTP server (aiosmtpd) that takes the mail sent to the bounce addresses: the mail
server of the site's domain hands it what comes back to `bounces+…@` (a transport or an alias
to this host and port). Mail to any other address is refused at RCPT, so it is no open relay
and stores nothing."""

from __future__ import annotations

import logging

from aiosmtpd.controller import Controller
from asgiref.sync import sync_to_async

from . import bounces

logger = logging.getLogger(__name__)


class BounceHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not bounces.TOKEN.match(address):
            return "550 5.1.1 not a bounce address here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        for address in envelope.rcpt_tos:
            # The database is Django's, which wants a thread of its own outside the loop.
            await sync_to_async(bounces.handle_bounce, thread_sensitive=True)(address, raw)
        return "250 OK"


def controller(host: str = "127.0.0.1", port: int = 2525) -> Controller:
    return Controller(BounceHandler(), hostname=host, port=port)
