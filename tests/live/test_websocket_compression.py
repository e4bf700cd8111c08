"""Live boards go compressed to pages that offer it (permessage-deflate), through a real daphne
(jackal_site/websocket_compression.py); a page that does not offer it gets them as before."""

import base64
import os
import socket
import zlib
from urllib.parse import urlsplit

import pytest
from django.test import Client

from jackal_site import websocket_compression
from tests.factories import make_user, start_game
from tests.servers import daphne_site

OFFER = "permessage-deflate; client_max_window_bits"


@pytest.fixture
def daphne_server(transactional_db, tmp_path):
    with daphne_site(tmp_path) as base:
        yield base


def _exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        assert chunk, "the server closed the connection"
        data += chunk
    return data


def open_page(base: str, path: str, session: str, *, offer: bool) -> tuple[socket.socket, str]:
    """A websocket handshake by hand; the socket and the extensions the server agreed to."""
    port = urlsplit(base).port
    sock = socket.create_connection(("127.0.0.1", port), timeout=20)
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
        "Sec-WebSocket-Version: 13",
        f"Origin: http://127.0.0.1:{port}",
        f"Cookie: sessionid={session}",
    ]
    if offer:
        lines.append(f"Sec-WebSocket-Extensions: {OFFER}")
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += _exactly(sock, 1)
    status, *fields = head.decode().split("\r\n")
    assert " 101 " in status, status
    headers = dict(field.split(": ", 1) for field in fields if ": " in field)
    return sock, headers.get("Sec-WebSocket-Extensions", "")


def read_message(sock: socket.socket) -> tuple[bool, bytes]:
    """One unfragmented message from the server: whether it came compressed, and its bytes."""
    first, second = _exactly(sock, 2)
    size = second & 0x7F
    if size == 126:
        size = int.from_bytes(_exactly(sock, 2), "big")
    elif size == 127:
        size = int.from_bytes(_exactly(sock, 8), "big")
    return bool(first & 0x40), _exactly(sock, size)


def test_a_page_that_offers_compression_gets_its_board_deflated(daphne_server):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob)
    client = Client()
    client.force_login(carol)
    session = client.cookies["sessionid"].value
    path = f"/ws/games/{game.pk}/"

    compressed, agreed = open_page(daphne_server, path, session, offer=True)
    plain, none = open_page(daphne_server, path, session, offer=False)
    try:
        assert agreed.startswith("permessage-deflate") and "server_no_context_takeover" in agreed
        assert none == ""
        was_compressed, wire = read_message(compressed)
        assert was_compressed
        board = zlib.decompressobj(-15).decompress(wire + b"\x00\x00\xff\xff").decode()
        was_compressed, raw = read_message(plain)
        assert not was_compressed
        for html in (board, raw.decode()):
            assert '<section id="board"' in html and "carol (you)" not in html
        # Several times smaller on the wire than the board itself.
        assert len(wire) * 4 < len(board.encode())
    finally:
        compressed.close()
        plain.close()


def test_the_same_frame_is_compressed_once_for_every_page():
    board = ('<section id="board">' + "<rect />" * 2000 + "</section>").encode()
    first = websocket_compression.shared_deflate(board, 15, 8)
    again = websocket_compression.shared_deflate(bytes(bytearray(board)), 15, 8)
    assert again is first  # the second page's copy of the frame: not compressed again
    assert zlib.decompressobj(-15).decompress(first + b"\x00\x00\xff\xff") == board
    # Another window is another compression (a page may ask for a smaller one).
    assert websocket_compression.shared_deflate(board, 10, 8) is not first
