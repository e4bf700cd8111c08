"""The calendar of deadlines: a secret address, read without signing in, parsed back with
icalendar; an event per running game at its deadline, which follows the moves; a new address
ends the old one (404). It names the game, its players and whose turn it is, nothing more."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from icalendar import Calendar

from alerts.models import CalendarFeed
from games.services import join_table, open_table, submit_move
from tests.factories import PASSWORD, turn_passing_move

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def feed_path(user) -> str:
    signed_in(user).post(reverse("alerts_new_calendar"))
    return reverse("alerts_calendar", args=[CalendarFeed.objects.get(user=user).token])


def events(client, path):
    answer = client.get(path)
    assert answer.status_code == 200 and answer["Content-Type"] == "text/calendar"
    return [c for c in Calendar.from_ical(answer.content).walk("VEVENT")]


def test_the_calendar_lists_each_deadline_and_follows_the_moves(db, alice, bob, carol):
    with time_machine.travel(MONDAY, tick=False) as travel:
        game = open_table(creator=alice, players=2)
        join_table(game.pk, bob)
        other = open_table(creator=carol, players=2)  # not alice's: not in her calendar
        join_table(other.pk, bob)
        path = feed_path(alice)
        anonymous = Client()
        (event,) = events(anonymous, path)
        assert str(event["summary"]) == f"Your move in game {game.pk}"
        assert event.decoded("dtend") == MONDAY + timedelta(days=3)
        assert str(event["url"]).endswith(f"/games/{game.pk}/")
        assert "alice" in str(event["description"]) and "bob" in str(event["description"])
        travel.shift(timedelta(hours=5))
        game.refresh_from_db()
        submit_move(game.pk, text=turn_passing_move(game), expected_ply=0, user=alice)
        (event,) = events(anonymous, path)
        assert str(event["summary"]) == f"Game {game.pk}: bob to move"
        assert event.decoded("dtend") == MONDAY + timedelta(days=3, hours=5)
        assert event["uid"] == f"game-{game.pk}@jackal-online" and int(event["sequence"]) == 1


def test_a_new_address_ends_the_old_one(db, alice):
    old = feed_path(alice)
    assert Client().get(old).status_code == 200
    new = feed_path(alice)
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200
    assert Client().get("/calendar/made-up-token.ics").status_code == 404
    page = signed_in(alice).get(reverse("alerts_settings"))
    assert new.encode() in page.content and old.encode() not in page.content


@pytest.mark.django_db
def test_making_an_address_needs_a_signed_in_player_and_a_post():
    assert Client().post(reverse("alerts_new_calendar")).status_code == 302  # to log in
    assert not CalendarFeed.objects.exists()
