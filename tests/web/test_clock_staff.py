"""Staff and the clocks, through the admin: every running game's clocks and deadline shown, one
more day for the player to act, pause and resume (nothing times out while paused)."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games.clock.clocks import BANK, TimeControl
from games.clock.sweep import sweep_timeouts
from games.services import join_table, open_table
from tests.factories import make_user

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
CHANGELIST = reverse("admin:games_game_changelist")


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


@pytest.fixture
def staff_client(client, db):
    client.force_login(make_user("stella", staff=True))
    return client


def game_of(alice, bob, control):
    game = open_table(creator=alice, players=2, control=control)
    join_table(game.pk, bob)
    game.refresh_from_db()
    return game


def act(client, action, game):
    return client.post(CHANGELIST, {"action": action, "_selected_action": [game.pk]}, follow=True)


def test_staff_see_the_clocks_and_give_a_day(staff_client, travel, alice, bob):
    game = game_of(alice, bob, TimeControl(days=2))
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "2 days per move" in page and "alice: 2 days" in page
    travel.shift(timedelta(hours=6))
    response = act(staff_client, "give_a_day", game)
    assert "1 player(s) got one more day." in response.content.decode()
    game.refresh_from_db()
    assert game.deadline == MONDAY + 3 * DAY


def test_a_paused_game_never_times_out_and_resumes_with_the_time_it_had(
    staff_client, travel, alice, bob
):
    game = game_of(alice, bob, TimeControl(kind=BANK, days=3, increment_days=1))
    travel.shift(DAY)
    act(staff_client, "pause_clocks", game)
    game.refresh_from_db()
    assert game.paused_at is not None and game.deadline is None
    assert game.paused_left == 2 * DAY
    travel.shift(10 * DAY)
    assert sweep_timeouts() == 0
    page = staff_client.get(game.get_absolute_url()).content.decode()
    assert "clock paused by the staff" in page and 'data-running="0"' in page
    response = act(staff_client, "pause_clocks", game)
    assert "is paused already" in response.content.decode()
    act(staff_client, "resume_clocks", game)
    game.refresh_from_db()
    resumed = MONDAY + 11 * DAY
    assert game.paused_at is None and game.deadline == resumed + 2 * DAY
    assert game.seats.get(index=0).bank == 2 * DAY
    travel.move_to(resumed + 2 * DAY)
    assert sweep_timeouts() == 1
