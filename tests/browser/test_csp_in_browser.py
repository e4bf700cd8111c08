"""The Content-Security-Policy (issue 17 item 7) breaks nothing in a real browser: on the board
(htmx, its websocket extension, board.js, the SVG island, positioned squares), the lobby and the
log-in page Chromium reports no violation, and the live board still opens and plays.

daphne serves the site as a process of its own on the test database, as in
test_play_in_browser.py.
"""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.factories import make_user, start_game
from tests.servers import daphne_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every violation fires `securitypolicyviolation` on the document; pages keep a list of them.
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline'));
});
document.addEventListener('htmx:wsOpen', () => {
  document.documentElement.dataset.liveBoard = 'open';
});
"""


@pytest.fixture
def asgi_server(transactional_db, tmp_path):
    with daphne_site(tmp_path, CONTENT_SECURITY_POLICY="true") as base:
        yield base


def test_the_board_runs_under_the_policy_with_no_violation(browser, asgi_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    client = Client()
    client.force_login(alice)
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}]
    )
    context.add_init_script(RECORD_VIOLATIONS)
    console = []
    context.on("console", lambda message: console.append(message.text))
    try:
        page = context.new_page()
        response = page.goto(f"{asgi_server}/games/{game.pk}/")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        # The websocket is allowed. (Not wait_for_function: Playwright polls it with eval,
        # which the policy refuses.)
        expect(page.locator("html")).to_have_attribute("data-live-board", "open")
        # htmx at work: select a piece (a partial swapped in), then move (a form posted).
        page.locator("#piece-W1").click()
        page.locator("#target-G2").click()
        expect(page.locator("#board")).to_have_attribute("data-ply", "1")
        expect(page.locator("#board")).to_contain_text("You played W1 G1-G2 (")
        assert page.evaluate("window.cspViolations") == []
        for path in ("/games/", "/games/new/", "/"):
            page.goto(asgi_server + path)
            assert page.evaluate("window.cspViolations") == [], path
        assert not [text for text in console if "Content Security Policy" in text]
    finally:
        context.close()
