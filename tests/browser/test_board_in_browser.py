"""The board in real Chromium: a second-edition game played by clicking (a character, a bottle,
the lighthouse, the earthquake), a move half typed that survives a live update, and the island on
a phone's screen (every family's board on both screens: test_board_on_every_screen.py).

The servers and signed-in browsers are those of test_play_in_browser.py. Set BOARD_SHOTS to a
folder to keep screenshots of the pages played (for looking at the art, not for asserting).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Move
from games.services import submit_move
from rules.jackal import custom_position
from tests.browser import test_play_in_browser as playing
from tests.factories import make_user, start_game
from tests.web.board_kit import set_position

# The fixtures of test_play_in_browser.py: daphne on the test database, signed-in browsers.
asgi_server = playing.asgi_server
signed_in = playing.signed_in
open_live_board = playing.open_live_board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("BOARD_SHOTS")


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def others_play(game, *moves):
    """Yellow (bob), Black (alice) and Red (bob) take their turns through the move service."""
    game.refresh_from_db()
    for text in moves:
        seat = game.seat_to_act()
        submit_move(game.pk, seat_index=seat, text=text, expected_ply=game.ply)
        game.refresh_from_db()


def test_a_second_edition_game_played_by_clicking(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="second-edition")
    # Ben Gunn has joined White; White 2 sits in a trap, and White has a message bottle; the
    # lighthouse and the earthquake lie face down next to White 1 and White 3.
    set_position(
        game,
        custom_position(
            ruleset="second-edition",
            tiles={
                "C11": "?gold:1",
                "F3": "?lighthouse",
                "D5": "?crocodile",
                "D3": "?earthquake",
                "H5": "ben-gunn",
                "H6": "empty",
                "J3": "trap",
            },
            pirates={"W1": "F2", "W2": "J3", "W3": "D2"},
            trapped=("W2",),
            characters={"BG": ("white", "H5")},
            bottles={"white": 1},
            default="?empty",
        ),
    )
    url = f"{asgi_server}/games/{game.pk}/"
    page = open_live_board(signed_in(alice), url)
    board = page.locator("#board")
    shot(page, "browser-se-start-1200")

    # A character: Ben Gunn is on the island, and moves by a click on him and on a square.
    page.locator("#piece-BG").click()
    target = page.locator("#target-H6")
    expect(target).to_have_attribute("aria-label", "Move Ben Gunn to H6")
    target.click()
    expect(board).to_contain_text("You played BG H5-H6 (Move Ben Gunn to H6).")

    # A bottle: after the action White may use it (or end the turn), in words.
    expect(board).to_contain_text("You may use a bottle, or end your turn.")
    expect(page.get_by_role("button", name="End the turn (keep the bottles)")).to_be_visible()
    page.get_by_role("button", name="White 2 at J3 uses a message bottle").click()
    expect(board).to_contain_text("You played W2 J3 bottle (White 2 at J3 uses a message bottle).")
    expect(board).to_have_attribute("data-ply", "2")

    others_play(game, "YS A7-A6", "BS G13-H13", "RS M7-M6")
    page.reload()

    # The lighthouse: White 1 steps on it, then clicks four face-down squares to look under.
    page.locator("#piece-W1").click()
    page.locator("#target-F3").click()
    expect(board).to_contain_text("White 1 is at the lighthouse: click a face-down tile")
    look = page.locator("#target-D5")
    expect(look).to_have_attribute("aria-label", "Lighthouse: look under the tile at D5")
    look.click()
    expect(board).to_contain_text("(3 looks left)")
    expect(page.locator("svg title", has_text="D5: face-down tile (you saw crocodile under it)"))
    for square in ("E5", "F5", "G5"):
        page.locator(f"#target-{square}").click()
        expect(page.locator(".move-log")).to_contain_text(f"W1 F3 peek {square}")
    expect(board).to_contain_text("Yellow to move: waiting for bob.")
    shot(page, "browser-se-after-lighthouse-1200")

    others_play(game, "YS A6-A7", "BS H13-G13", "RS M6-M7")
    page.reload()

    # The earthquake: White 3 steps on it, and swaps two tiles by clicking them in turn.
    page.locator("#piece-W3").click()
    page.locator("#target-D3").click()
    expect(board).to_contain_text("Earthquake: click the first of two tiles to swap.")
    page.locator("#target-D5").click()
    expect(board).to_contain_text("Earthquake: click the tile to swap with D5.")
    swap = page.locator("#target-E5")
    expect(swap).to_have_attribute("aria-label", "Earthquake: swap the tile at E5")
    swap.click()
    expect(board).to_contain_text("Yellow to move: waiting for bob.")
    shot(page, "browser-se-end-1200")
    if SHOTS:
        page.set_viewport_size({"width": 375, "height": 740})
        shot(page, "browser-se-end-375")

    played = list(game.moves.order_by("ply").values_list("text", flat=True))
    mine = [text for text in played if text[:1] in ("W", "B") and text[:2] != "BS"]
    assert mine == [
        "BG H5-H6",
        "W2 J3 bottle",
        "W1 F2-F3",
        "W1 F3 peek D5",
        "W1 F3 peek E5",
        "W1 F3 peek F5",
        "W1 F3 peek G5",
        "W3 D2-D3",
        "W3 D3 quake D5",
        "W3 D3 quake E5",
    ]
    # The move log colours Ben Gunn's line as a character's, not as Black's.
    ben_gunn = page.locator(".move-log li", has_text="BG H5-H6")
    expect(ben_gunn.locator(".crew-dot")).to_have_class("crew-dot crew-character")


def test_a_live_update_keeps_the_move_being_typed(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_page = open_live_board(signed_in(bob), url)

    # bob types half of his move while alice is still to play, and selects "A7" in it.
    box = bob_page.get_by_label("Move in notation")
    box.click()
    box.press_sequentially("YS A7-A")
    box.evaluate("box => box.setSelectionRange(3, 5)")

    alice_page.locator("#chip-WS").click()  # on G1 a click selects White 1 first: the chip
    alice_page.locator("#target-H1").click()
    expect(bob_page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(bob_page.locator("#board")).to_contain_text("Your turn: move Yellow.")

    # The box is the new board's, with bob's text, focus and selection as they were.
    box = bob_page.get_by_label("Move in notation")
    expect(box).to_have_value("YS A7-A")
    expect(box).to_be_focused()
    assert box.evaluate("box => [box.selectionStart, box.selectionEnd]") == [3, 5]
    box.press("End")
    box.press_sequentially("6")
    box.press("Enter")
    expect(bob_page.locator("#board")).to_contain_text(
        "You played YS A7-A6 (Sail the yellow ship to A6)."
    )
    expect(bob_page.get_by_label("Move in notation")).to_have_value("")  # played: emptied
    assert list(Move.objects.filter(game=game).values_list("text", flat=True)) == [
        "WS G1-H1",
        "YS A7-A6",
    ]


def test_on_a_phone_the_squares_are_big_enough_to_tap(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    context = signed_in(alice, viewport={"width": 375, "height": 740}, has_touch=True)
    page = open_live_board(context, f"{asgi_server}/games/{game.pk}/")
    # The whole island fits the screen's width; the page does not scroll sideways.
    island = page.locator(".board-svg").bounding_box()
    assert island["x"] >= 0 and island["x"] + island["width"] <= 375
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "browser-classic-375")
    # Its squares are then too small for a finger: the first tap zooms in around White 1 ...
    page.locator("#piece-W1").tap()
    expect(page.locator(".board-scroll")).to_have_attribute("data-zoom", "2")
    square = page.locator("#piece-W1").bounding_box()
    assert square["width"] >= 44, f"a square is {square['width']:.0f} px wide"
    expect(page.locator("#piece-W1")).not_to_have_attribute("aria-current", "true")
    # ... and the next taps select him and play.
    page.locator("#piece-W1").tap()
    expect(page.locator("#piece-W1")).to_have_attribute("aria-current", "true")
    expect(page.locator(".board-scroll")).to_have_attribute("data-zoom", "2")
    page.locator("#target-G2").tap()
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    shot(page, "browser-classic-375-after")
