"""Jackal Archipelago in real Chromium (issue 16): alice lands her boat by clicking a square of
the island, then moves a pirate by choosing him and clicking one of his squares; bob's page
follows without a reload. Screenshots go to $SCREENSHOTS (default: the test's tmp_path)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Move
from games.services import head_state
from tests.browser.test_play_in_browser import (  # noqa: F401  (fixtures)
    asgi_server,
    open_live_board,
    signed_in,
)
from tests.factories import make_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_landing_and_a_pirate_moved_by_clicking(asgi_server, signed_in, tmp_path):  # noqa: F811
    shots = Path(os.environ.get("SCREENSHOTS") or tmp_path)
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="archipelago")
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_page = open_live_board(signed_in(bob), url)
    expect(alice_page.locator("#board")).to_contain_text("Your turn: choose where your boat lands.")
    alice_page.screenshot(path=shots / "archipelago-landing.png", full_page=True)

    landing = sorted(head_state(game).legal_moves(0))[0]  # "boat E1"
    cell = landing.split()[1]
    alice_page.locator(f"#target-{cell}").click()
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(alice_page.locator("#board")).to_contain_text(f"You played {landing}")
    expect(bob_page.locator("#board")).to_have_attribute("data-ply", "1")
    expect(bob_page.locator(".move-log")).to_contain_text(landing)
    expect(bob_page.locator("svg [data-boat='0']")).to_have_count(1)

    # bob lands by the button of the list (no square clicked), then alice moves White 1.
    bob_page.locator("button[name=move]").first.click()
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", "2")
    alice_page.locator("#chip-W1").click()
    expect(alice_page.locator("#chip-W1")).to_have_attribute("aria-current", "true")
    game.refresh_from_db()
    view = head_state(game).view(0)
    land = {square["cell"] for square in view["squares"]}
    move = next(
        m for m in sorted(view["legal_moves"]) if m.startswith("W1 ") and m.split("-")[-1] in land
    )
    square = move.split("-")[-1]
    target = alice_page.locator(f"#target-{square}")
    expect(target).to_have_attribute("value", move)
    alice_page.screenshot(path=shots / "archipelago-select.png", full_page=True)
    target.click()
    expect(alice_page.locator("#board")).to_have_attribute("data-ply", "3")
    expect(alice_page.locator(".move-log")).to_contain_text(move)
    expect(bob_page.locator(".move-log")).to_contain_text(move)
    assert Move.objects.get(game=game, ply=3).text == move
    # The square the pirate stepped on is face up now, on both pages.
    expect(bob_page.locator(f"svg g[data-cell='{square}'] title")).not_to_contain_text("face down")
    bob_page.screenshot(path=shots / "archipelago-after.png", full_page=True)


def test_a_puzzle_solved_by_clicking(asgi_server, signed_in, tmp_path):  # noqa: F811
    from tests.rules.archipelago.test_arch_puzzles import FIRST_STEPS

    shots = Path(os.environ.get("SCREENSHOTS") or tmp_path)
    alice = make_user("alice")
    page = signed_in(alice).new_page()
    page.goto(f"{asgi_server}/puzzles/")
    page.locator("#puzzle-first-steps").get_by_role("button", name="Play this puzzle").click()
    expect(page.locator("#board")).to_contain_text("Your turn: turn 1 of 3.")
    for ply, move in enumerate(FIRST_STEPS, start=1):
        page.locator(f'.move-panel button[name=move][value="{move}"]').click()
        expect(page.locator("#board")).to_have_attribute("data-ply", str(ply))
        if ply == 4:
            page.screenshot(path=shots / "archipelago-puzzle.png", full_page=True)
    expect(page.locator("#board-status")).to_have_text("Puzzle solved in 3 turns.")
    page.screenshot(path=shots / "archipelago-puzzle-solved.png", full_page=True)
    page.goto(f"{asgi_server}/puzzles/")
    expect(page.locator("#puzzle-first-steps .best-results")).to_contain_text("alice")
    page.screenshot(path=shots / "archipelago-puzzles.png", full_page=True)


def test_the_sites_proposal_to_end_is_seen_and_answered_by_clicking(asgi_server, signed_in):  # noqa: F811
    # Ruling A21 (issue 41): after 30 quiet rounds the site proposes the end; each player sees it
    # on the live board and answers with the vote's buttons.
    from games.models import Game
    from rules.archipelago.position import QUIET_ROUNDS

    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="archipelago")
    state = head_state(game)
    for seat in (0, 1):  # both boats land
        state.apply(seat, sorted(state.legal_moves(seat))[0])
    state.quiet = QUIET_ROUNDS * 2 - 1
    Game.objects.filter(pk=game.pk).update(state=state.to_json(), ply=state.ply)
    game.refresh_from_db()
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_page = open_live_board(signed_in(bob), url)
    quiet = next(m for m in sorted(state.legal_moves(0)) if m.startswith("boat "))
    alice_page.get_by_label("Move in notation").fill(quiet)
    alice_page.get_by_label("Move in notation").press("Enter")
    proposal = "the site proposes to end the game as it stands"
    for page in (alice_page, bob_page):
        expect(page.locator("#board")).to_contain_text(proposal)
    alice_page.locator("button[name=move][value='accept end']").click()
    expect(bob_page.locator(".move-log")).to_contain_text("accept end")
    bob_page.locator("button[name=move][value='accept end']").click()
    for page in (alice_page, bob_page):
        expect(page.locator("#board")).to_contain_text("The game is over")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "agreement"
