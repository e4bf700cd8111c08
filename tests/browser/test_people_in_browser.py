"""The people in real Chromium against daphne (issue 47): a substitute finds a seat that needs a
player from the lobby and plays on from the board; a blocked player is turned away from the
blocker's table with a clear message."""

import os
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.models import Game, SeatAction
from games.services import join_table, open_table
from tests.browser.test_play_in_browser import asgi_server, signed_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures

# BOARD_SHOTS: a folder to keep screenshots in (for looking, not for asserting), as the other
# browser tests do; none are written otherwise.
SHOTS = os.environ.get("BOARD_SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def sweep_in_own_connection(now) -> int:
    try:
        return sweep_timeouts(now)
    finally:
        connection.close()


def test_a_substitute_takes_a_seat_from_the_lobby_and_plays_on(asgi_server, signed_in):
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    game = open_table(creator=alice, players=3, control=TimeControl(days=1))
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    # Alice's clock ran out two days ago: a bot took over, and the day to wait has passed.
    two_days_ago = timezone.now() - timedelta(days=2)
    Game.objects.filter(pk=game.pk).update(deadline=two_days_ago)
    # The sweep in a thread of its own, as beat runs it: this one has playwright's event loop.
    swept = []
    sweep = threading.Thread(target=lambda: swept.append(sweep_in_own_connection(two_days_ago)))
    sweep.start()
    sweep.join(60)
    assert swept == [1]

    page = signed_in(dave).new_page()
    page.goto(f"{asgi_server}{reverse('lobby')}")
    page.get_by_role("link", name="A seat needs a player: take over from a bot").click()
    row = page.locator("li.open-seat", has_text=f"Game {game.pk}")
    expect(row).to_contain_text("the seat of alice")
    shot(page, "seats-needing-players")
    row.get_by_role("button", name="Take this seat").click()
    expect(page.locator("body")).to_contain_text("The seat is yours")
    expect(page).to_have_url(f"{asgi_server}/games/{game.pk}/")
    shot(page, "substitute-on-the-board")
    game.refresh_from_db()
    assert game.seats.get(index=0).user == dave
    assert game.seat_actions.filter(kind=SeatAction.Kind.SUBSTITUTE, user=dave).exists()


def test_a_blocked_player_is_turned_away_from_the_table(asgi_server, signed_in):
    alice, bob = make_user("alice"), make_user("bob")
    bobs = signed_in(bob).new_page()
    bobs.goto(f"{asgi_server}/players/alice/")
    bobs.get_by_role("button", name="Block").click()
    expect(bobs.locator("body")).to_contain_text("You blocked alice.")
    shot(bobs, "profile-blocked")
    table = open_table(creator=bob, players=2)

    alices = signed_in(alice).new_page()
    alices.goto(f"{asgi_server}/games/{table.pk}/")
    alices.get_by_role("button", name="Take this seat").first.click()
    expect(alices.locator("body")).to_contain_text("You cannot take a seat at this table.")
    shot(alices, "blocked-join-refused")
    assert not table.seats.filter(user=alice).exists()
