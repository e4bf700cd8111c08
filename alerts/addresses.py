"""Where the site may send a request on a player's word (a webhook, a push endpoint): never to
the site's own networks. A name is resolved and every address it resolves to is checked (a
public name pointing at 127.0.0.1 is refused like 127.0.0.1 itself); the request then goes to
the address checked, not to a second lookup of the name (alerts.webhooks)."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _


class RefusedAddress(ValueError):
    """A URL the site will not send to; the message says why, for the player."""


def _refused(address: ipaddress._BaseAddress) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def check_url(url: str) -> tuple[str, int, str]:
    """(host, port, address to connect to) for `url`, or RefusedAddress."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise RefusedAddress(_("That is not a web address.")) from error
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RefusedAddress(_("The address must start with https:// (or http://)."))
    if parts.username or parts.password:
        raise RefusedAddress(_("The address may not hold a user name or password."))
    host = parts.hostname
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise RefusedAddress(_("No server answers to that name.")) from error
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]
    if not settings.ALERTS_ALLOW_PRIVATE_ADDRESSES and any(_refused(a) for a in addresses):
        raise RefusedAddress(
            _("That address is on a private, loopback or link-local network: not allowed.")
        )
    return host, port, str(addresses[0])
