"""Every family's board on a phone (360×740, touch) and in a desktop window (1366×900), issue 43:
the whole board lies inside the screen, what to do next (the prompt and the choices) is on it
without scrolling, and every tap target of the board is at least 44 CSS px wide and high at the
zoom where the player taps it. On the phone the whole board fits the width at first; a tap on a
target smaller than that zooms in around it, and the next tap plays (static/js/board.js).

Set BOARD_SHOTS to a folder to keep a screenshot of each board (for looking, not for asserting).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.services import head_state, submit_move
from tests.browser import test_play_in_browser as playing
from tests.factories import make_user, start_game
from tests.web.jamaica_kit import jamaica_table

asgi_server = playing.asgi_server
signed_in = playing.signed_in
open_live_board = playing.open_live_board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("BOARD_SHOTS")
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
FINGER = 44  # CSS px: the smallest target a finger hits reliably (WCAG 2.5.5)

# What the player taps: the board's spots, the zoom buttons and the controls of the move panel.
TAP_TARGETS = (
    "#move-form a[href], #move-form button, #move-form summary, #move-form select,"
    " .board-zoom button"
)
SMALLEST_TARGET = """selector => {
  let smallest = null;
  for (const element of document.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown (a closed list, hidden)
    const side = Math.min(box.width, box.height);
    if (smallest === null || side < smallest.side) {
      smallest = {side, what: element.id || element.className || element.textContent.trim()};
    }
  }
  return smallest;
}"""
# Points along the bottom edge of the board's box, just inside: the move panel under it (sticky on
# a phone) must not cover the island, whose bottom row is the player's own side.
BOTTOM_UNCOVERED = """box => {
  const rect = box.getBoundingClientRect();
  return [0.02, 0.5, 0.98].every(across => {
    const hit = document.elementFromPoint(rect.left + across * rect.width, rect.bottom - 2);
    return box.contains(hit);
  });
}"""
ON_TOP = """element => {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return element.contains(hit);
}"""


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def assert_inside_viewport(page, locator, what):
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None, f"{what} is not shown"
    assert box["x"] >= -0.5 and box["y"] >= -0.5, f"{what} starts off screen: {box}"
    assert box["x"] + box["width"] <= size["width"] + 0.5, f"{what} is wider than the screen: {box}"
    assert box["y"] + box["height"] <= size["height"] + 0.5, f"{what} ends below the fold: {box}"


def assert_on_screen_unscrolled(page, locator, what):
    """Shown without scrolling the page, and not covered by anything."""
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    assert_inside_viewport(page, locator, what)
    assert locator.evaluate(ON_TOP), f"{what} is covered"


def assert_board_fits(page):
    assert_inside_viewport(page, page.locator("#board .board-scroll"), "the board")
    assert page.locator("#board .board-scroll").evaluate(BOTTOM_UNCOVERED), "the board is covered"
    svg = page.locator("#board .board-scroll svg").bounding_box()
    scroller = page.locator("#board .board-scroll").bounding_box()
    # At the first zoom the whole picture is in the box: nothing to scroll to.
    assert svg["width"] <= scroller["width"] + 0.5 and svg["height"] <= scroller["height"] + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    zoom = page.locator(".board-zoom button")
    if zoom.first.is_visible():  # board.js shows the zoom
        for index in range(zoom.count()):
            assert_on_screen_unscrolled(page, zoom.nth(index), f"zoom button {index + 1}")


def assert_targets_big_enough(page):
    smallest = page.evaluate(SMALLEST_TARGET, TAP_TARGETS)
    assert smallest is not None
    assert smallest["side"] >= FINGER, f"{smallest['what']} is {smallest['side']:.1f} px"


def zoom_of(page) -> float:
    return float(page.locator("#board .board-scroll").get_attribute("data-zoom") or 1)


def tap_to_play(page, screen, locator):
    """Tap (on the phone) or click a spot of the board the way a player would: where a tap zooms
    in first, check the zoom that came, then tap again. Returns the zoom it was tapped at."""
    if screen != "phone":
        assert_targets_big_enough(page)
        locator.click()
        return zoom_of(page)
    before = zoom_of(page)
    box = locator.bounding_box()
    if min(box["width"], box["height"]) < FINGER:
        locator.tap()
        expect(page.locator("#board .board-scroll")).not_to_have_attribute("data-zoom", str(before))
        # The tapped square stays in view, under the finger.
        assert_inside_viewport(page, locator, "the tapped square")
        assert locator.evaluate(ON_TOP)
    assert_targets_big_enough(page)
    zoom = zoom_of(page)
    locator.tap()
    return zoom


def open_board(signed_in, asgi_server, user, game, screen):
    return open_live_board(signed_in(user, **SCREENS[screen]), f"{asgi_server}/games/{game.pk}/")


def assert_prompt_and_choices_shown(page, choices):
    assert_on_screen_unscrolled(page, page.locator("#board-status"), "the prompt")
    for index in range(choices.count()):
        assert_on_screen_unscrolled(page, choices.nth(index), f"choice {index + 1}")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_a_jackal_board_fits_and_plays_by_big_targets(asgi_server, signed_in, ruleset, screen):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset=ruleset)
    page = open_board(signed_in, asgi_server, alice, game, screen)
    board = page.locator("#board")
    expect(board).to_contain_text("Your turn: move White.")
    shot(page, f"{ruleset}-{screen}")
    assert_board_fits(page)
    assert_prompt_and_choices_shown(page, page.locator(".move-panel .piece-list a"))

    # White 1 aboard the ship: his square is the target (a tap there selects him).
    zoom = tap_to_play(page, screen, page.locator("#piece-W1"))
    expect(page.locator("#piece-W1")).to_have_attribute("aria-current", "true")
    assert zoom_of(page) == zoom  # the board did not jump back
    # The selected piece's square is in view; a tap there now selects the next piece aboard.
    assert_inside_viewport(page, page.locator("#piece-W1"), "the selected piece")
    assert page.locator("#piece-W2").evaluate(ON_TOP)
    target = page.locator("#target-G2")
    assert_on_screen_unscrolled(page, target, "the target")
    assert_prompt_and_choices_shown(page, page.locator(".move-panel .piece-list a"))
    assert_targets_big_enough(page)
    shot(page, f"{ruleset}-{screen}-selected")
    tap_to_play(page, screen, target)
    expect(board).to_have_attribute("data-ply", "1")
    expect(board).to_contain_text("You played W1 G1-G2")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_russian_board_fits_too(asgi_server, signed_in, screen):
    alice, bob = make_user("alice"), make_user("bob")
    alice.language = "ru"
    alice.save(update_fields=["language"])
    game = start_game(alice, bob)
    page = open_board(signed_in, asgi_server, alice, game, screen)
    expect(page.locator("#board-status")).to_contain_text("Ваш ход")
    shot(page, f"classic-{screen}-ru")
    assert_board_fits(page)
    assert_prompt_and_choices_shown(page, page.locator(".move-panel .piece-list a"))
    tap_to_play(page, screen, page.locator("#piece-W1"))
    expect(page.locator("#piece-W1")).to_have_attribute("aria-current", "true")
    assert_prompt_and_choices_shown(page, page.locator(".move-panel .piece-list a"))
    assert_targets_big_enough(page)
    shot(page, f"classic-{screen}-ru-selected")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_an_archipelago_board_fits_and_lands_by_a_big_target(asgi_server, signed_in, screen):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="archipelago")
    page = open_board(signed_in, asgi_server, alice, game, screen)
    board = page.locator("#board")
    expect(board).to_contain_text("Your turn: choose where your boat lands.")
    shot(page, f"archipelago-{screen}")
    assert_board_fits(page)
    assert_prompt_and_choices_shown(page, page.locator(".move-panel > p").first)

    landing = sorted(head_state(game).legal_moves(0))[0]  # "boat E1"
    tap_to_play(page, screen, page.locator(f"#target-{landing.split()[1]}"))
    expect(board).to_have_attribute("data-ply", "1")
    # The boat that landed is on the screen: the whole island is.
    assert_inside_viewport(page, page.locator("svg [data-boat='0']"), "alice's boat")
    shot(page, f"archipelago-{screen}-landed")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_jamaica_board_fits_and_its_cards_are_on_screen(asgi_server, signed_in, screen):
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    if len(game.seats_to_act()) == 1:  # the captain orders the dice, unless they are equal
        captain = game.seats_to_act()[0]
        move = head_state(game).legal_moves(captain)[0]
        submit_move(game.pk, seat_index=captain, text=move, expected_ply=0)
        game.refresh_from_db()
    page = open_board(signed_in, asgi_server, alice, game, screen)
    expect(page.locator("#board-status")).to_have_text("Your turn: choose a card, face down.")
    shot(page, f"jamaica-{screen}")
    assert_board_fits(page)
    cards = page.locator(".card-button")
    expect(cards).to_have_count(3)
    assert_prompt_and_choices_shown(page, cards)
    for index in range(cards.count()):
        box = cards.nth(index).bounding_box()
        assert min(box["width"], box["height"]) >= FINGER, f"card {index + 1} is small: {box}"
    # The players' names, treasures and legend are in the picture, not cut off by the screen.
    for part in ("#holds-0", "#holds-1", "#my-hand", ".legend"):
        assert_inside_viewport(page, page.locator(f"svg.jamaica-board {part}"), part)
    # The hand's pictured cards play as well (issue 43 item 4): on the phone a tap zooms in to
    # them first, and the next tap plays.
    tap_to_play(page, screen, page.locator("#pictured-1"))
    expect(page.locator("#board")).to_contain_text("Your card this round")
    shot(page, f"jamaica-{screen}-played")


def test_without_javascript_a_phone_gets_the_whole_board_and_plays_by_links(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    context = signed_in(alice, java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(f"{asgi_server}/games/{game.pk}/")
    assert_board_fits(page)
    assert_prompt_and_choices_shown(page, page.locator(".move-panel .piece-list a"))
    expect(page.locator(".board-zoom")).to_be_hidden()  # the zoom is board.js's
    shot(page, "classic-phone-nojs")
    page.locator("#piece-W1").tap()
    page.wait_for_url(f"**/games/{game.pk}/?select=W1")
    page.locator("#target-G2").tap()
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
