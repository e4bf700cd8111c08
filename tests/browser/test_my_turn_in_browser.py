"""The header's "Your turn (N)" and the tab title follow live in real Chromium: bob's lobby page,
left open, shows his turn as soon as alice moves on her board, and hides it once he has moved."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_in_browser import asgi_server, open_live_board, signed_in
from tests.factories import make_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures


def test_the_count_in_the_header_and_the_title_follows_the_moves(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_context = signed_in(bob)
    lobby = bob_context.new_page()
    lobby.goto(f"{asgi_server}/games/")
    expect(lobby).to_have_title("Lobby · Jackal Online")
    expect(lobby.locator(".my-turn-item")).to_be_hidden()
    expect(alice_page.locator(".my-turn-count")).to_have_text("Your turn (1)")

    alice_page.get_by_label("Move in notation").fill("WS G1-H1")
    alice_page.get_by_role("button", name="Play").click()
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", "1")

    # bob's lobby, never reloaded, now says it is his turn, in the header and the tab title.
    expect(lobby.locator(".my-turn-count")).to_have_text("Your turn (1)")
    expect(lobby.locator(".my-turn-item")).to_be_visible()
    assert lobby.title().startswith("(1) ")
    # ... and alice's own page no longer does.
    expect(alice_page.locator(".my-turn-item")).to_be_hidden()
    assert not alice_page.title().startswith("(")

    bob_board = open_live_board(bob_context, url)
    bob_board.get_by_label("Move in notation").fill("YS A7-A6")
    bob_board.get_by_role("button", name="Play").click()
    expect(lobby.locator(".my-turn-item")).to_be_hidden()
    expect(alice_page.locator(".my-turn-count")).to_have_text("Your turn (1)")
