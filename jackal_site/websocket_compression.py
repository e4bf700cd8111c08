"""Websocket compression (permessage-deflate) for daphne: each frame compressed once, not per page.

A live board is 30-50 KB of HTML and deflates to a seventh of that. Autobahn (daphne's websocket
layer) can compress, but daphne does not turn it on, and as autobahn does it every connection
compresses every message itself: ~0.5 ms of CPU per page and frame, 250 ms a move for 500 pages,
which would undo what the fan-out saves by rendering a board once per view (games.live.boards).

So the server accepts a browser's offer of permessage-deflate on one condition of the standard
(RFC 7692): no context takeover on the server's side. Each message is then compressed on its own,
from a fresh compressor, and the same message deflates to the same bytes for every page with the
same window: the compressed form of the last few messages is kept here and shared, and the 499
other pages of a board's view pay a dictionary look-up (hashing 50 KB: some 30 microseconds).

`install()` gives daphne a factory that negotiates so; jackal_site.asgi calls it (daphne imports
the application before it builds its websocket factory). WEBSOCKET_COMPRESSION=false leaves
daphne as it is. A page that offers no compression gets plain messages, as before.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict

from autobahn.websocket.compress import (
    PerMessageDeflate,
    PerMessageDeflateOffer,
    PerMessageDeflateOfferAccept,
)

# Compressed messages kept: a few moves' boards of a few games, in each language and view.
KEPT = 64
# Below this, a message is compressed for its page alone (a chat line, a table's seats): cheap,
# and not worth keeping.
SHARED_FROM = 2048

_kept: OrderedDict[tuple[int, int, bytes], bytes] = OrderedDict()
_lock = threading.Lock()  # the reactor is one thread; the lock costs nothing and is sure


def deflate(payload: bytes, window_bits: int, mem_level: int) -> bytes:
    """`payload` as one message of permessage-deflate without context takeover: what autobahn
    sends from a fresh compressor (its flush's last four bytes, 00 00 ff ff, left off)."""
    compressor = zlib.compressobj(
        zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -window_bits, mem_level
    )
    return (compressor.compress(payload) + compressor.flush(zlib.Z_SYNC_FLUSH))[:-4]


def shared_deflate(payload: bytes, window_bits: int, mem_level: int) -> bytes:
    if len(payload) < SHARED_FROM:
        return deflate(payload, window_bits, mem_level)
    key = (window_bits, mem_level, payload)
    with _lock:
        done = _kept.get(key)
        if done is not None:
            _kept.move_to_end(key)
            return done
    done = deflate(payload, window_bits, mem_level)
    with _lock:
        _kept[key] = done
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return done


class SharedDeflate(PerMessageDeflate):
    """Autobahn's permessage-deflate for a connection whose server side keeps no context: the
    message is gathered, then compressed once for every page that is sent the same bytes."""

    def start_compress_message(self) -> None:
        self._parts: list[bytes] = []

    def compress_message_data(self, data: bytes) -> bytes:
        self._parts.append(data)
        return b""

    def end_compress_message(self) -> bytes:
        payload = b"".join(self._parts)
        self._parts = []
        return shared_deflate(payload, self.server_max_window_bits, self.mem_level)


class Acceptance(PerMessageDeflateOfferAccept):
    """Autobahn's acceptance, which also tells the page that the server keeps no context (it
    says so only when the page asked): the page's decompressor may then let go of its window
    after each message."""

    def get_extension_string(self) -> str:
        agreed = super().get_extension_string()
        if "server_no_context_takeover" not in agreed:
            agreed += "; server_no_context_takeover"
        return agreed


def accept_deflate(offers):
    """Accept the first offer of permessage-deflate, without context takeover on our side."""
    for offer in offers:
        if isinstance(offer, PerMessageDeflateOffer):
            return Acceptance(offer, no_context_takeover=True)
    return None


def install() -> None:
    """Make the daphne of this process negotiate compression and share compressed frames."""
    from daphne import server, ws_protocol

    if getattr(server.WebSocketFactory, "compresses", False):
        return

    class Protocol(ws_protocol.WebSocketProtocol):
        def onOpen(self):
            # The handshake agreed (or not) on compression: share the compressed messages.
            compress = self._perMessageCompress
            if type(compress) is PerMessageDeflate and compress.server_no_context_takeover:
                compress.__class__ = SharedDeflate
            super().onOpen()

    class Factory(ws_protocol.WebSocketFactory):
        protocol = Protocol
        compresses = True

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.setProtocolOptions(perMessageCompressionAccept=accept_deflate)

    server.WebSocketFactory = Factory
