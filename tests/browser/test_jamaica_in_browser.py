"""One round of Jamaica in real Chromium (issue 15): the captain orders the dice, then alice (in
English) and bob (in Russian) choose their cards at once by clicking them; each page follows the
other's choice live without showing the card, and the cards show when the round resolves.

Set BOARD_SHOTS to a folder to keep screenshots of the pages (for looking, not for asserting).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.services import head_state, submit_move
from tests.browser import test_play_in_browser as playing
from tests.factories import make_user
from tests.web.jamaica_kit import jamaica_table

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


def test_two_players_choose_their_cards_at_once_by_clicking(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    bob.language = "ru"
    bob.save(update_fields=["language"])
    game = jamaica_table(alice, [bob])
    # The captain orders the dice through the move service (unless the two dice are equal: then
    # there is nothing to order, ruling J10); then both owe a card.
    if len(game.seats_to_act()) == 1:
        state = head_state(game)
        captain = game.seats_to_act()[0]
        move = state.legal_moves(captain)[0]
        submit_move(game.pk, seat_index=captain, text=move, expected_ply=0)
        game.refresh_from_db()
    assert game.seats_to_act() == [0, 1]
    chosen = str(game.ply + 1)  # the ply once alice has chosen (1 or 2: see above)
    state = head_state(game)
    alice_card, bob_card = state.view(0)["hand"][0], state.view(1)["hand"][-1]

    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_page = open_live_board(signed_in(bob), url)
    expect(alice_page.locator("#board-status")).to_have_text("Your turn: choose a card, face down.")
    expect(bob_page.locator("#board-status")).to_have_text("Ваш ход: выберите карту, взакрытую.")
    expect(alice_page.locator("svg.jamaica-board #my-hand .card")).to_have_count(3)
    shot(alice_page, "jamaica-choose-en")
    shot(bob_page, "jamaica-choose-ru")

    alice_page.locator(f"#choose-play-{alice_card.lower()}").click()
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", chosen)
    expect(alice_page.locator("#board")).to_contain_text("Your card this round")
    expect(alice_page.locator(".card-button")).to_have_count(0)  # she owes nothing now
    # bob's page follows: alice has chosen, her card unseen; his own cards are still buttons.
    expect(bob_page.locator("#board")).to_have_attribute("data-ply", chosen)
    expect(bob_page.locator(".jamaica-players")).to_contain_text("карта выбрана")
    expect(bob_page.locator(".move-log")).not_to_contain_text(f"play {alice_card}")
    shot(bob_page, "jamaica-after-alice-ru")

    bob_page.locator(f"#choose-play-{bob_card.lower()}").click()
    expect(bob_page.locator("#board")).not_to_have_attribute("data-ply", chosen)
    game.refresh_from_db()
    ply = str(game.ply)
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", ply)
    # The round resolves from the captain: the first card is shown to all.
    expect(alice_page.locator(".move-log")).to_contain_text("shows")
    shot(alice_page, "jamaica-resolved-en")
    shot(bob_page, "jamaica-resolved-ru")
