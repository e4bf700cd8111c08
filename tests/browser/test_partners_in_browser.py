"""Two against two in the browser (issue 43 item 3): beside the board, each team's head with its
coins banked together, the partners under it, on a phone and on a desktop.

Set BOARD_SHOTS to a folder to keep a screenshot of each (for looking, not for asserting)."""

import pytest
from playwright.sync_api import expect

from tests.browser import test_board_on_every_screen as screens
from tests.browser import test_play_in_browser as playing
from tests.factories import make_user, start_game

asgi_server = playing.asgi_server
signed_in = playing.signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_players_are_listed_by_team(asgi_server, signed_in, screen):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob, carol, bots=1, teams=True)
    page = playing.open_live_board(
        signed_in(carol, **screens.SCREENS[screen]), f"{asgi_server}/games/{game.pk}/"
    )
    heads = page.locator(".players .team-head")
    expect(heads).to_have_count(2)
    expect(heads.first).to_contain_text("Your team")
    expect(heads.first).to_contain_text("0 coins together")
    expect(heads.nth(1)).to_contain_text("Team 2")
    names = page.locator(".players li:not(.team-head) .player-name")
    expect(names).to_have_text(["alice", "carol (you)", "bob", "Random bot"])
    # The partners stand indented under their team's head.
    head_x = heads.first.bounding_box()["x"]
    assert page.locator(".players li:not(.team-head)").first.bounding_box()["x"] > head_x
    heads.first.scroll_into_view_if_needed()
    screens.shot(page, f"partners-{screen}")
