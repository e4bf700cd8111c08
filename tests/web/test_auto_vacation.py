"""Automatic vacation (games.clock.auto_vacation): a clock that runs out spends a day of the
player's vacation instead of the timeout, says so beside the board and by e-mail, goes on a day
at a time while days remain, and times out as the table chose once none is left; the player may
turn it off, and a table that forbids vacations never spends any. Real clocks (time-machine)
through the real sweep (beat's `sweep_clocks`: vacations that end, then timeouts)."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.urls import reverse

from games.clock.clocks import TimeControl
from games.models import Game, SeatAction
from games.services import join_table, open_table, verify_ledger
from games.tasks import sweep_clocks
from reminders.models import Reminder
from reminders.sending import send_due
from tests.factories import make_user
from tests.web.test_timeouts import play_turn

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
Kind = SeatAction.Kind


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


@pytest.fixture
def people(db, travel):
    # Joined on Monday: 7 days banked; alice keeps automatic vacation on, as a new account has.
    return make_user("alice", auto_vacation=True), make_user("bob")


def game_of(first, second, days=2, allowed=True):
    game = open_table(
        creator=first, players=2, control=TimeControl(days=days), vacation_allowed=allowed
    )
    join_table(game.pk, second)
    game.refresh_from_db()
    return game


def notices() -> list:
    """The vacation e-mails sent (the players' turn e-mails go out beside them)."""
    return [
        message
        for message in mail.outbox
        if "vacation" in message.subject.lower() or "отпуск" in message.subject
    ]


def kinds(game: Game) -> list[str]:
    return list(game.seat_actions.order_by("pk").values_list("kind", flat=True))


def test_a_clock_that_runs_out_spends_a_day_of_vacation_and_says_so(people, travel, client):
    alice, bob = people
    game = game_of(alice, bob)  # alice to act, 2 days
    travel.shift(2 * DAY + timedelta(minutes=1))
    sweep_clocks()

    game.refresh_from_db()
    alice.refresh_from_db()
    assert game.is_running and kinds(game) == [Kind.VACATION]
    assert game.paused_for == "vacation" and game.deadline is None
    now = MONDAY + 2 * DAY + timedelta(minutes=1)
    assert alice.vacation_until == now + DAY
    assert alice.vacation_left == 7 * DAY + (2 * DAY + timedelta(minutes=1)) / 7 - DAY
    assert verify_ledger(game) == []
    # The game's log beside the board, for both players.
    client.force_login(bob)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "ran out of time; a day of their vacation was spent" in page
    assert "paused for the vacation" in page
    # And the e-mail to alice, through the reminders' sweep, its decision logged.
    send_due()
    (message,) = notices()
    assert message.to == ["alice@example.com"]
    assert f"game {game.pk}" in message.subject
    assert "You have 6 days of vacation left" in message.body
    reminder = Reminder.objects.get(kind=Reminder.Kind.VACATION)
    assert reminder.user == alice and reminder.decision == Reminder.Decision.SENT


def test_days_are_spent_one_a_day_while_they_last_then_the_seat_times_out(people, travel):
    alice, bob = people
    alice.vacation_left, alice.vacation_counted_at = 2 * DAY, MONDAY
    alice.save()
    game = game_of(alice, bob)
    travel.shift(2 * DAY + timedelta(minutes=1))
    sweep_clocks()
    assert kinds(game) == [Kind.VACATION]
    sweep_clocks()  # again within the day: nothing more is spent
    assert kinds(game) == [Kind.VACATION]
    travel.shift(DAY)
    sweep_clocks()  # the day ended; the turn is due again: the second day
    assert kinds(game) == [Kind.VACATION, Kind.VACATION]
    alice.refresh_from_db()
    assert alice.vacation_balance(MONDAY + 3 * DAY + timedelta(minutes=1)) < DAY
    travel.shift(DAY)
    sweep_clocks()  # under a day left: the timeout the table chose
    game.refresh_from_db()
    assert kinds(game) == [Kind.VACATION, Kind.VACATION, Kind.TIMEOUT_END]
    assert game.status == Game.Status.FINISHED and game.outcome["ranking"][0] == [1]
    assert verify_ledger(game) == []
    # One notice for the turn the days paid for, not one a day.
    send_due()
    assert len(notices()) == 1


def test_a_move_in_the_vacation_day_plays_on(people, travel):
    alice, bob = people
    game = game_of(alice, bob)
    travel.shift(2 * DAY + timedelta(minutes=1))
    sweep_clocks()
    travel.shift(timedelta(hours=3))
    play_turn(game)  # alice is back within the day
    # As in any vacation, the clocks wait for its end (or for her to end it in Settings).
    assert game.seat_to_act() == 1 and game.paused_for == "vacation"
    travel.shift(DAY)
    sweep_clocks()  # her vacation ends (beat, 3 h late): bob's clock runs, his whole turn
    game.refresh_from_db()
    assert game.is_running and kinds(game) == [Kind.VACATION]
    assert game.deadline == MONDAY + 5 * DAY + timedelta(hours=3, minutes=1)


def test_the_day_stops_the_players_other_games_too(
    people, travel, django_capture_on_commit_callbacks
):
    alice, bob = people
    due = game_of(alice, bob, days=1)
    later = game_of(alice, bob, days=5)
    travel.shift(DAY + timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):  # the other games: after the commit
        sweep_clocks()
    later.refresh_from_db()
    assert later.paused_for == "vacation" and later.deadline is None
    assert kinds(later) == []  # nothing ran out there: paused, nothing spent
    assert kinds(due) == [Kind.VACATION]


def test_settings_turn_it_off_and_the_seat_times_out(people, travel, client):
    alice, bob = people
    client.force_login(alice)
    page = client.get(reverse("edit_profile")).content.decode()
    assert 'name="auto_vacation"' in page and "checked" in page
    form = {"display_name": "", "time_zone": "UTC", "language": "en", "turn_emails": "every"}
    assert client.post(reverse("edit_profile"), form).status_code == 302
    alice.refresh_from_db()
    assert alice.auto_vacation is False
    game = game_of(alice, bob)
    travel.shift(2 * DAY + timedelta(minutes=1))
    sweep_clocks()
    assert kinds(game) == [Kind.TIMEOUT_END]
    alice.refresh_from_db()
    assert alice.vacation_until is None


def test_a_table_that_forbids_vacations_spends_none(people, travel):
    alice, bob = people
    game = game_of(alice, bob, allowed=False)
    travel.shift(2 * DAY + timedelta(minutes=1))
    sweep_clocks()
    assert kinds(game) == [Kind.TIMEOUT_END]
    alice.refresh_from_db()
    assert alice.vacation_until is None and alice.vacation_left == 7 * DAY


def test_the_notice_is_in_the_players_language(people, travel):
    alice, bob = people
    alice.language = "ru"
    alice.save()
    game_of(alice, bob)
    travel.shift(2 * DAY + timedelta(minutes=1))
    sweep_clocks()
    send_due()
    (message,) = notices()
    assert "отпуск" in message.subject and "отпуск" in message.body


def test_the_move_in_the_last_second_and_the_sweep_spend_nothing_twice(people, travel):
    alice, bob = people
    game = game_of(alice, bob)
    travel.shift(2 * DAY - timedelta(seconds=1))
    play_turn(game)  # in time: bob's turn now
    travel.shift(timedelta(seconds=2))
    sweep_clocks()
    alice.refresh_from_db()
    assert kinds(game) == [] and alice.vacation_until is None
    # Bob's clock runs out two days later; he has automatic vacation off.
    travel.shift(2 * DAY)
    sweep_clocks()
    assert kinds(game) == [Kind.TIMEOUT_END]
