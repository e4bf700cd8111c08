"""alice and bob play in real Chromium against a real ASGI server (daphne, HTTP and websockets):
alice moves by clicking a piece and a target, bob's board follows without a reload, and a stale
tab of bob's gets the fresh board with a message instead of an error page.

pytest-django's live_server speaks only WSGI, and Channels' live server forks (STACK.md pitfalls
3 and 6): this test starts `daphne` as a process of its own on the test database instead.
"""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Game, Move
from games.services import submit_move
from tests.factories import make_user, start_game
from tests.servers import daphne_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Pages record their websocket opening, so that the test knows when live updates can arrive. On
# the page, not in a script the test polls: Playwright polls wait_for_function with eval, which
# the site's Content-Security-Policy refuses.
RECORD_WEBSOCKET = (
    "document.addEventListener('htmx:wsOpen', () => {"
    " document.documentElement.dataset.liveBoard = 'open'; });"
)


def wait_for_live_board(page) -> None:
    expect(page.locator("html")).to_have_attribute("data-live-board", "open")


@pytest.fixture
def asgi_server(transactional_db, tmp_path):
    """daphne serving the site on the test database; the URL it answers on."""
    with daphne_site(tmp_path) as base:
        yield base


@pytest.fixture
def signed_in(browser, asgi_server):
    """A factory of browser contexts signed in as a user; closed before daphne stops (an open
    websocket would hold its shutdown). No page may raise a JavaScript error."""
    contexts, errors = [], []

    def signed_in_context(user, **options):
        client = Client()
        client.force_login(user)
        context = browser.new_context(**{"viewport": {"width": 1200, "height": 1000}, **options})
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": asgi_server}]
        )
        context.add_init_script(RECORD_WEBSOCKET)
        context.on("weberror", lambda web_error: errors.append(str(web_error.error)))
        contexts.append(context)
        return context

    yield signed_in_context
    for context in contexts:
        context.close()
    assert errors == [], f"JavaScript errors: {errors}"


PLAYED_W1 = "You played W1 G1-G2 (Land White 1 on G2)."


def open_live_board(context, url):
    page = context.new_page()
    page.goto(url)
    wait_for_live_board(page)
    return page


def test_alice_moves_by_clicking_and_bobs_pages_follow(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_context = signed_in(bob)
    bob_page = open_live_board(bob_context, url)
    bob_page.evaluate("window.notReloaded = true")
    # bob's second tab, opened before alice moves, loses its connection (a laptop asleep).
    stale_tab = bob_context.new_page()
    stale_tab.route_web_socket(re.compile(r"/ws/games/"), lambda ws: None)
    stale_tab.goto(url)
    expect(stale_tab.locator("#board")).to_have_attribute("data-ply", "0")

    # alice clicks a pirate on the island, sees its targets, and clicks one.
    expect(alice_page.locator("#board")).to_contain_text("Your turn: move White.")
    alice_page.locator("#piece-W1").click()
    target = alice_page.locator("#target-G2")
    expect(target).to_have_attribute("aria-label", "Land White 1 on G2")
    expect(alice_page.locator("svg rect.target")).to_have_count(1)
    target.click()
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(alice_page.locator(".move-log")).to_contain_text("W1 G1-G2")
    expect(alice_page.locator("#board")).to_contain_text(PLAYED_W1)

    # bob's open page follows without a reload.
    expect(bob_page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(bob_page.locator(".move-log")).to_contain_text("W1 G1-G2")
    assert bob_page.evaluate("window.notReloaded") is True
    # ... and a screen reader hears what changed (a live region outside the swapped board).
    expect(bob_page.locator("#board-announcer")).to_have_attribute("aria-live", "polite")
    expect(bob_page.locator("#board-announcer")).to_have_text(
        bob_page.locator("#board-status").inner_text()
    )
    # By now alice's own websocket has echoed her move too: her notice is still there.
    expect(alice_page.locator("#board")).to_contain_text(PLAYED_W1)
    assert Move.objects.filter(game=game).count() == 1

    # The stale tab still shows ply 0; bob types a move there: he gets the fresh board.
    stale_tab.get_by_label("Move in notation").fill("YS A7-A6")
    stale_tab.get_by_role("button", name="Play").click()
    expect(stale_tab.locator("#board")).to_have_attribute("data-ply", "1")
    expect(stale_tab.locator("#board")).to_contain_text("The board has changed since you looked")
    expect(stale_tab.locator(".move-log")).to_contain_text("W1 G1-G2")
    expect(stale_tab.locator("#board")).to_have_count(1)
    assert stale_tab.url == url
    game.refresh_from_db()
    assert game.ply == 1 and Move.objects.filter(game=game).count() == 1
    assert game.status == Game.Status.RUNNING


def test_a_move_by_keyboard_alone(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    page = open_live_board(signed_in(alice), f"{asgi_server}/games/{game.pk}/")
    ship = page.get_by_role("link", name="Select the white ship at G1")
    ship.focus()
    page.keyboard.press("Enter")
    # The board is swapped in; focus stays on the ship, and its targets come next.
    expect(page.locator("#piece-WS")).to_be_focused()
    expect(page.locator("#piece-WS")).to_have_attribute("aria-current", "true")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused in ("Sail the white ship to F1", "Sail the white ship to H1")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(page.locator("#board")).to_contain_text("Yellow to move: waiting for bob.")
    assert Move.objects.get(game=game).text == "WS G1-" + focused[-2:]


def test_an_older_board_never_replaces_a_newer_one(asgi_server, signed_in):
    """Messages can cross (an HTTP answer, a websocket message): static/js/board.js keeps the
    newest board, and ignores a message that brings nothing new. The test plays the page's
    websocket."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    submit_move(game.pk, seat_index=0, text="WS G1-H1", expected_ply=0, user=alice)
    sockets = []
    page = signed_in(bob).new_page()
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: sockets.append(ws))
    page.add_init_script(
        "document.addEventListener('htmx:wsAfterMessage', () => {"
        " window.boardsSwapped = (window.boardsSwapped || 0) + 1; });"
    )
    page.goto(f"{asgi_server}/games/{game.pk}/")
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    wait_for_live_board(page)
    (socket_,) = sockets
    board = '<section id="board" data-ply="{}" data-state="{}">{}</section>'
    socket_.send(board.format(0, "running", "an older board"))
    socket_.send(board.format(2, "running", "a newer board"))
    expect(page.locator("#board")).to_have_text("a newer board")
    socket_.send(board.format(1, "running", "an older board"))
    socket_.send(board.format(2, "running", "the same board again"))  # e.g. the mover's echo
    socket_.send(board.format(2, "aborted", "the game stopped"))
    expect(page.locator("#board")).to_have_text("the game stopped")
    assert page.evaluate("window.boardsSwapped") == 2  # the newer board, then the stopped game


def test_playing_without_javascript_through_plain_links_and_forms(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    url = f"{asgi_server}/games/{game.pk}/"
    context = signed_in(alice, java_script_enabled=False)
    page, other_tab = context.new_page(), context.new_page()
    page.goto(url)
    other_tab.goto(url)
    # The chip: a click on G1 itself selects White 1 first (test_board_tap_targets.py).
    page.locator("#chip-WS").click()
    page.wait_for_url(re.compile(r"\?select=WS$"))
    page.get_by_role("button", name="Sail the white ship to H1").click()
    page.wait_for_url(url)
    expect(page.get_by_text("You played WS G1-H1 (Sail the white ship to H1).")).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    # The other tab still shows ply 0: a move typed there is refused with a fresh page.
    other_tab.get_by_label("Move in notation").fill("W1 G1-G2")
    other_tab.get_by_role("button", name="Play").click()
    other_tab.wait_for_url(url)
    expect(other_tab.get_by_text("The board has changed since you looked")).to_be_visible()
    expect(other_tab.locator("#board")).to_have_attribute("data-ply", "1")
    assert list(Move.objects.filter(game=game).values_list("text", flat=True)) == ["WS G1-H1"]
