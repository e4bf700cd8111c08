"""A game that ends while its players watch (issue 43 item 6): the after-game panel (the
rematch offer, the replay and the record) comes with the last board, without a reload, for the
player who ended it and for the one who watched it end.

Set BOARD_SHOTS to a folder to keep a screenshot (for looking, not for asserting)."""

import pytest
from playwright.sync_api import expect

from tests.browser import test_board_on_every_screen as screens
from tests.browser import test_play_in_browser as playing
from tests.factories import make_user, start_game

asgi_server = playing.asgi_server
signed_in = playing.signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_after_game_panel_arrives_with_the_end(asgi_server, signed_in, screen):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    url = f"{asgi_server}/games/{game.pk}/"
    bob_page = playing.open_live_board(signed_in(bob, **screens.SCREENS[screen]), url)
    bob_page.evaluate("window.notReloaded = true")
    expect(bob_page.locator("#rematch")).to_be_hidden()  # nothing after a game under way

    # alice resigns on her own page: the game ends.
    alice_page = playing.open_live_board(signed_in(alice), url)
    alice_page.get_by_text("Resign…").click()
    alice_page.get_by_role("button", name="Yes, resign").click()
    expect(alice_page.locator("#rematch")).to_contain_text("After the game")

    expect(bob_page.locator("#board")).to_have_attribute("data-state", "finished")
    panel = bob_page.locator("#rematch")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("After the game")
    expect(panel.get_by_role("link", name="Replay the game move by move")).to_have_attribute(
        "href", f"/games/{game.pk}/replay/"
    )
    expect(panel.get_by_role("link", name="Record (text)")).to_be_visible()
    expect(panel.get_by_role("button", name="Offer a rematch")).to_be_visible()
    assert bob_page.evaluate("window.notReloaded") is True
    panel.scroll_into_view_if_needed()
    screens.shot(bob_page, f"game-over-live-{screen}")
    # And the offer works from the panel that came live.
    panel.get_by_role("button", name="Offer a rematch").click()
    expect(bob_page.locator("#rematch")).to_contain_text("waiting for: alice")
