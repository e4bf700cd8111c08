"""Pages go compressed to browsers that ask (issue 51): a board page of some 70 KB of SVG and
words is a seventh of that on the wire; a browser that does not ask gets it as it is."""

from __future__ import annotations

import gzip

from django.test import Client

from tests.factories import make_user, start_game


def test_a_board_page_goes_compressed_to_a_browser_that_asks(db):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    client = Client()
    client.force_login(alice)
    plain = client.get(game.get_absolute_url())
    assert plain.status_code == 200 and "Content-Encoding" not in plain
    packed = client.get(game.get_absolute_url(), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed.status_code == 200 and packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    page = gzip.decompress(packed.content).decode()
    assert len(packed.content) * 4 < len(page)
    # The same page (but for the CSRF token, masked afresh in every answer).
    assert page.count("<svg") == plain.content.decode().count("<svg") > 0
    assert game.seed not in page  # what stays hidden stays hidden, compressed or not
