"""A correspondence game in real Chromium: the clock shows on both boards and counts down; when
time runs out the sweep ends a two-player game (both pages say who lost), and at a table of
three a bot takes the late player's seat, which its player takes back."""

import pytest
from playwright.sync_api import expect

from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.models import Game
from games.services import join_table, open_table
from tests.browser.test_play_in_browser import asgi_server, open_live_board, signed_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures

SHOTS = "/tmp/clock-shots"


def shot(page, name):
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_two_players_one_day_clock_runs_out_and_both_pages_show_the_end(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(creator=alice, players=2, control=TimeControl(days=1))
    join_table(game.pk, bob)
    game.refresh_from_db()
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = open_live_board(signed_in(alice), url)
    bob_page = open_live_board(signed_in(bob), url)
    for page in (alice_page, bob_page):
        expect(page.locator(".clocks")).to_contain_text("1 day per move")
        expect(page.locator(".clock.running")).to_contain_text("23 h 59 min")
    shot(alice_page, "clock-running")

    # A day later (the sweep is told the time): alice never moved.
    assert sweep_timeouts(game.deadline) == 1
    for page in (alice_page, bob_page):
        page.reload()
        expect(page.locator("#board-status")).to_contain_text("Winner: bob.")
        expect(page.locator("#board-status")).to_contain_text("Out of time: alice.")
        expect(page.locator(".clock")).to_have_count(0)
    shot(bob_page, "clock-timed-out")
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_three_players_a_bot_takes_the_late_seat_and_the_player_takes_it_back(
    asgi_server, signed_in
):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = open_table(creator=alice, players=3, control=TimeControl(days=1))
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    game.refresh_from_db()
    # The sweep's commit queues the stand-in bot, which plays alice's turn at once (tasks run
    # inline in tests); then bob is to act.
    assert sweep_timeouts(game.deadline) == 1
    game.refresh_from_db()
    assert game.ply >= 1 and game.seat_to_act() == 1
    url = f"{asgi_server}/games/{game.pk}/"
    bob_page = open_live_board(signed_in(bob), url)
    expect(bob_page.locator("#board-status")).to_contain_text("Your turn")
    alice_page = open_live_board(signed_in(alice), url)
    expect(alice_page.locator(".seat-actions")).to_contain_text("Take my seat back")
    shot(alice_page, "clock-bot-stands-in")
    alice_page.get_by_role("button", name="Take my seat back from the bot").click()
    expect(alice_page.locator(".messages")).to_contain_text("Your seat is yours again")
    expect(alice_page.locator(".seat-actions")).not_to_contain_text("Take my seat back")
    assert not game.seats.get(index=0).stand_in


def test_the_my_turn_count_and_the_next_game_button(asgi_server, signed_in):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    relaxed = open_table(creator=alice, players=2, control=TimeControl(days=7))
    join_table(relaxed.pk, bob)
    urgent = open_table(creator=alice, players=2, control=TimeControl(days=1))
    join_table(urgent.pk, carol)
    page = open_live_board(signed_in(alice), f"{asgi_server}/games/{relaxed.pk}/")
    expect(page.locator(".my-turn-count")).to_have_text("Your turn (2)")
    assert page.title().startswith("(2) ")
    page.get_by_role("link", name="Next game").click()
    expect(page).to_have_url(f"{asgi_server}/games/{urgent.pk}/")
    expect(page.locator(".clocks")).to_contain_text("1 day per move")
    shot(page, "clock-next-game")
    page.goto(f"{asgi_server}/profile/")
    page.get_by_label("Days", exact=True).fill("3")
    page.get_by_role("button", name="Start a vacation").click()
    expect(page.locator(".messages")).to_contain_text("Enjoy your vacation")
    shot(page, "clock-vacation-started")
    bob_page = open_live_board(signed_in(bob), f"{asgi_server}/games/{relaxed.pk}/")
    expect(bob_page.locator(".clocks")).to_contain_text("on vacation until")
    shot(bob_page, "clock-opponent-on-vacation")
