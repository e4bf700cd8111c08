"""Stepping through a finished game's replay by keyboard in real Chromium (htmx partials)."""

import contextlib
import os
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from ratings.services import rate_pending
from tests.browser.test_play_in_browser import asgi_server, signed_in  # noqa: F401 (fixtures)
from tests.factories import make_user, start_game
from tests.web.history_kit import finished_game, play_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Set to a directory to keep screenshots of the pages (to look at them, not to compare).
SHOTS = os.environ.get("HISTORY_SHOTS", "")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_stepping_through_a_finished_game_by_keyboard(asgi_server, signed_in):  # noqa: F811
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=9)
    total = game.ply
    page = signed_in(alice).new_page()
    page.goto(f"{asgi_server}/games/{game.pk}/replay/?ply=0")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ply", "0")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-ply", "1")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-ply", "2")
    assert page.url.endswith("?ply=2")  # each step is a link of its own
    page.evaluate("window.notReloaded = true")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-ply", str(total))
    expect(page.locator("#replay-status")).to_contain_text(f"Move {total} of {total}")
    # The last ply shows the whole island face up.
    expect(page.locator("svg.board-svg .face-down")).to_have_count(0)
    shot(page, "replay-end")
    page.keyboard.press("ArrowLeft")
    expect(replay).to_have_attribute("data-ply", str(total - 1))
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-ply", "0")
    assert page.evaluate("window.notReloaded") is True  # htmx swapped partials, no reloads
    # A move in the list is a link to its ply.
    page.locator(".replay-moves a", has_text=page.locator(".replay-moves a").nth(5).inner_text())
    page.locator(".replay-moves a").nth(5).click()
    expect(replay).to_have_attribute("data-ply", "5")
    page.go_back()
    expect(replay).to_have_attribute("data-ply", "0")
    page.goto(f"{asgi_server}/games/{game.pk}/replay/?ply={total // 2}")
    shot(page, "replay-middle")


def test_archive_and_rankings_pages(asgi_server, signed_in):  # noqa: F811
    people = [make_user(name) for name in ("alice", "bob", "carol", "dave")]
    now = timezone.now()
    for i in range(14):
        a, b = people[i % 4], people[(i + 1) % 4]
        finished_game([a, b], [9 - i % 5, 3 + i % 4], ended=now - timedelta(hours=i))
    finished_game(people[:3], [4, 7, 1], ended=now - timedelta(days=2))
    finished_game(people, [4, 7, 1, 5], teams=True, ended=now - timedelta(days=3))
    rate_pending()
    page = signed_in(people[0]).new_page()
    page.goto(f"{asgi_server}/games/history/")
    expect(page.locator("tr.archive-row")).to_have_count(16)
    shot(page, "archive")
    page.goto(f"{asgi_server}/rankings/?ladder=1v1")
    expect(page.locator("tr.own-place")).to_have_count(1)
    shot(page, "rankings")
    page.goto(f"{asgi_server}/players/bob/")
    # bob played on three ladders: one chart each.
    expect(page.locator("svg.rating-chart")).to_have_count(3)
    shot(page, "profile")


def test_holding_a_key_down_never_reloads_the_page(asgi_server, signed_in):  # noqa: F811
    """A held arrow key repeats faster than htmx settles a swap: each repeat must still be an
    htmx request, never a click on a link htmx has not taken over yet (a full page load)."""
    page, replay = replay_of_a_40_move_game(asgi_server, signed_in, ply=0)
    page.evaluate("window.notReloaded = true")
    for _ in range(3):
        for _ in range(12):
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(15)  # about a keyboard's repeat rate
        page.wait_for_timeout(300)
        page.keyboard.press("Home")
        expect(replay).to_have_attribute("data-ply", "0")
    assert page.evaluate("window.notReloaded") is True


def test_a_late_answer_to_a_step_never_overwrites_a_jump(asgi_server, signed_in):  # noqa: F811
    """A step still on its way when the player jumps (Home) must not land after the jump, nor
    make the jump's answer land on a viewer already replaced: the jump replaces the step, so the
    viewer and the address stay where the player last asked to go. Both answers are held here
    and let go in the worst order: the step's first."""
    page, replay = replay_of_a_40_move_game(asgi_server, signed_in, ply=3)
    held, ended = {}, set()

    def hold(route):
        held[route.request.url.rsplit("=", 1)[1]] = route

    def note_the_end(request):
        if "/replay/?ply=" in request.url:  # not the page's other requests (its icon...)
            ended.add(request.url.rsplit("=", 1)[1])

    page.on("requestfinished", note_the_end)
    page.on("requestfailed", note_the_end)
    page.route("**/replay/?ply=*", hold)
    page.keyboard.press("ArrowRight")
    wait_until(page, lambda: "4" in held)
    page.keyboard.press("Home")
    wait_until(page, lambda: "0" in held)
    with contextlib.suppress(PlaywrightError):  # the browser may have dropped it already
        held["4"].continue_()
    wait_until(page, lambda: "4" in ended)  # answered (and, before the fix, swapped in) or dropped
    page.wait_for_timeout(300)
    held["0"].continue_()
    expect(replay).to_have_attribute("data-ply", "0")
    page.wait_for_timeout(500)  # a late answer would be swapped in (its URL pushed) by now
    expect(replay).to_have_attribute("data-ply", "0")
    assert page.url.endswith("?ply=0")


def replay_of_a_40_move_game(asgi_server, signed_in, ply: int):  # noqa: F811
    """A page showing a finished game's replay at ``ply``, and its viewer."""
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=3, max_plies=40)
    page = signed_in(alice).new_page()
    page.goto(f"{asgi_server}/games/{game.pk}/replay/?ply={ply}")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ply", str(ply))
    return page, replay


def wait_until(page, condition, seconds: float = 10.0) -> None:
    """Let the page run until ``condition()`` holds. Not conftest's ``wait_for``: Playwright's sync
    API calls route and event handlers only while the test waits in a Playwright call, never
    during a ``time.sleep``."""
    for _ in range(int(seconds * 20)):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page never got there")
