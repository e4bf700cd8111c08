"""Jamaica's replay and "How to play" page in real Chromium (issue 15): a finished game stepped
through by keyboard (htmx partials, no reloads) in English, the same viewer in Russian, a
running game's replay without the card a player chose face down, and the how-to page in both
languages.

Set BOARD_SHOTS to a folder to keep screenshots of the pages (for looking, not for asserting).
"""

import os
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.services import head_state, submit_move
from tests.browser import test_play_in_browser as playing
from tests.factories import make_user
from tests.web.jamaica_kit import jamaica_table

asgi_server = playing.asgi_server
signed_in = playing.signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("BOARD_SHOTS")


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def play_through_services(game, seed: int) -> None:
    """Random legal moves through the move service (the browser's thread runs an event loop:
    no test client there) until the race is over."""
    rng = random.Random(seed)
    while game.is_running:
        state = head_state(game)
        seat = min(game.seats_to_act())
        move = rng.choice(state.legal_moves(seat))
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
        game.refresh_from_db()


def test_a_finished_game_steps_by_keyboard_in_english_and_reads_in_russian(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    bob.language = "ru"
    bob.save(update_fields=["language"])
    game = jamaica_table(alice, [bob, make_user("carol")])
    play_through_services(game, seed=3)
    total = game.ply
    page = signed_in(alice).new_page()
    page.goto(f"{asgi_server}/games/{game.pk}/replay/?ply=0")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ply", "0")
    expect(page.locator("svg.jamaica-board .square-number")).to_have_count(45)
    page.evaluate("window.notReloaded = true")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-ply", "1")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-ply", "2")
    assert page.url.endswith("?ply=2")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-ply", str(total))
    expect(page.locator("#replay-status")).to_contain_text(f"Move {total} of {total}")
    expect(page.locator(".replay-ships .revealed-hand")).to_have_count(3)
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-ply", "0")
    assert page.evaluate("window.notReloaded") is True  # htmx swapped partials
    page.goto(f"{asgi_server}/games/{game.pk}/replay/?ply={total // 2}")
    shot(page, "jamaica-replay-en")
    russian = signed_in(bob).new_page()
    russian.goto(f"{asgi_server}/games/{game.pk}/replay/?ply={total // 2}")
    expect(russian.locator("#replay-status")).to_contain_text(f"Ход {total // 2} из {total}")
    expect(russian.locator(".replay-ships").first).to_contain_text("В руке:")
    shot(russian, "jamaica-replay-ru")


def test_a_running_games_replay_hides_the_chosen_card(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    if len(game.seats_to_act()) == 1:  # the captain orders the dice (none to order: J10)
        captain = game.seats_to_act()[0]
        move = head_state(game).legal_moves(captain)[0]
        submit_move(game.pk, seat_index=captain, text=move, expected_ply=0)
        game.refresh_from_db()
    card = head_state(game).view(0)["hand"][0]
    submit_move(game.pk, seat_index=0, text=f"play {card}", expected_ply=game.ply)
    page = signed_in(bob).new_page()
    page.goto(f"{asgi_server}/games/{game.pk}/replay/")
    expect(page.locator(".replay-moves a").last).to_have_text("play")
    expect(page.locator("#replay")).not_to_contain_text(f"play {card}")
    expect(page.locator(".replay-ships")).to_contain_text("card chosen")
    shot(page, "jamaica-replay-running-bob")


def test_the_how_to_page_in_english_and_russian(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    bob.language = "ru"
    bob.save(update_fields=["language"])
    for user, title, name in (
        (alice, "How to play Jamaica", "jamaica-howto-en"),
        (bob, "Как играть в «Ямайку»", "jamaica-howto-ru"),
    ):
        page = signed_in(user).new_page()
        page.goto(f"{asgi_server}/how-to-play/jamaica/")
        expect(page.locator("h1")).to_have_text(title)
        expect(page.locator(".how-to-cards li")).to_have_count(11)
        shot(page, name)
