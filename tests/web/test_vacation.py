"""Vacations: banked days (7 to start, a day a week), a vacation stops the player's clocks in
every game and the turns that come while away, opponents see it, a table may forbid it, ending
early gives the unused days back, and beat ends those that run out."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games.clock import vacation
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.services import join_table, open_table
from games.tasks import sweep_clocks
from tests.factories import make_user

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


@pytest.fixture
def people(db, travel):
    return make_user("alice"), make_user("bob")  # joined on Monday: 7 days banked


def game_of(first, second, days=2, allowed=True):
    game = open_table(
        creator=first, players=2, control=TimeControl(days=days), vacation_allowed=allowed
    )
    join_table(game.pk, second)
    game.refresh_from_db()
    return game


def test_vacation_is_banked_and_accrues(people, travel):
    alice, _bob = people
    assert alice.vacation_balance(MONDAY) == 7 * DAY
    travel.shift(14 * DAY)
    alice.refresh_from_db()
    assert alice.vacation_days_now == 9


def test_a_vacation_stops_the_clocks_and_shows_to_opponents(people, travel, client):
    alice, bob = people
    waiting = game_of(alice, bob)  # alice to act
    strict = game_of(alice, bob, allowed=False)
    travel.shift(DAY)
    client.force_login(alice)
    client.post(reverse("vacation"), {"days": "5"})
    alice.refresh_from_db()
    # 7 banked + a day earned since joining (1/7), less the 5 taken.
    assert alice.vacation_until == MONDAY + 6 * DAY and alice.vacation_left == 2 * DAY + DAY / 7
    waiting.refresh_from_db()
    strict.refresh_from_db()
    assert waiting.paused_for == "vacation" and waiting.deadline is None
    assert waiting.paused_left == DAY
    assert strict.deadline == MONDAY + 2 * DAY  # this table forbids vacations
    client.force_login(bob)
    page = client.get(waiting.get_absolute_url()).content.decode()
    assert "on vacation until 29 Nov" in page
    travel.shift(3 * DAY)
    assert sweep_timeouts() == 1  # only the strict table's clock ran out
    waiting.refresh_from_db()
    assert waiting.is_running


def test_ending_early_gives_the_days_back_and_restarts_the_clock(people, travel, client):
    alice, bob = people
    game = game_of(alice, bob)
    vacation.start(alice, 4)
    travel.shift(DAY)
    client.force_login(alice)
    client.post(reverse("vacation"), {"action": "stop"})
    alice.refresh_from_db()
    assert alice.vacation_until is None
    assert alice.vacation_left == 3 * DAY + 3 * DAY + DAY / 7  # 3 left, 3 unused, 1/7 earned
    game.refresh_from_db()
    assert game.paused_at is None and game.deadline == MONDAY + DAY + 2 * DAY


def test_beat_ends_a_vacation_that_ran_out_once(people, travel):
    alice, bob = people
    game = game_of(alice, bob)
    vacation.start(alice, 2)
    travel.shift(2 * DAY)
    assert sweep_clocks() == 1 and vacation.end_due() == 0
    alice.refresh_from_db()
    game.refresh_from_db()
    assert alice.vacation_until is None and game.deadline == MONDAY + 4 * DAY


def test_a_turn_that_comes_during_a_vacation_starts_paused(people, travel):
    alice, bob = people
    vacation.start(bob, 3)
    game = game_of(bob, alice)  # bob's turn at once
    assert game.paused_for == "vacation" and game.paused_left == 2 * DAY


def test_too_many_days_are_refused_and_change_nothing(people, client):
    alice, _bob = people
    client.force_login(alice)
    response = client.post(reverse("vacation"), {"days": "8"}, follow=True)
    assert "from 1 to 7 days" in response.content.decode()
    response = client.post(reverse("vacation"), {"days": "many"}, follow=True)
    assert "whole number" in response.content.decode()
    alice.refresh_from_db()
    assert alice.vacation_until is None and alice.vacation_left == 7 * DAY


def test_opening_the_vacation_address_leads_to_its_form_not_a_blank_page(people, client):
    """Issue 43 (polish): `GET /vacation/` was a blank 405."""
    alice, _bob = people
    client.force_login(alice)
    response = client.get(reverse("vacation"))
    assert response.status_code == 302
    assert response["Location"] == reverse("edit_profile") + "#vacation"
    page = client.get(response["Location"]).content.decode()
    assert f'action="{reverse("vacation")}"' in page
    alice.refresh_from_db()
    assert alice.vacation_until is None and alice.vacation_left == 7 * DAY  # nothing started
