"""Nudges and "you're next", through the nudged (or next) player's own channels and choices:
a nudge once a day per game, held by quiet hours, never to a player on vacation; "you're next"
in games of three or more seats when the seat before yours begins its turn. Every refusal says
why and changes nothing."""

from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from alerts import tasks
from alerts.models import NextWatch, Nudge
from games.services import join_table, open_table, submit_move
from reminders.models import Reminder
from tests.factories import PASSWORD, turn_passing_move

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def game_of(*people):
    game = open_table(creator=people[0], players=len(people))
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def nudge(client, game, capture):
    with capture(execute=True):
        return client.post(reverse("alerts_nudge", args=[game.pk]), follow=True)


def nudges_to(user):
    return [m for m in mail.outbox if m.to == [user.email] and "nudges you" in m.subject]


def test_a_nudge_reaches_the_player_to_act_once_a_day(
    db, travel, alice, bob, django_capture_on_commit_callbacks
):
    game = game_of(alice, bob)  # alice is to act
    page = nudge(signed_in(bob), game, django_capture_on_commit_callbacks)
    assert b"Nudged: alice." in page.content
    (message,) = nudges_to(alice)
    assert message.subject.endswith(f"bob nudges you in game {game.pk}")
    assert f"/games/{game.pk}/" in message.body
    assert Reminder.objects.get(user=alice, kind="nudge", channel="email").decision == "sent"
    travel.shift(timedelta(hours=23))
    page = nudge(signed_in(bob), game, django_capture_on_commit_callbacks)
    assert b"nudged less than a day ago" in page.content
    assert len(nudges_to(alice)) == 1 and Nudge.objects.count() == 1
    travel.shift(timedelta(hours=1, seconds=1))
    nudge(signed_in(bob), game, django_capture_on_commit_callbacks)
    assert len(nudges_to(alice)) == 2


def test_quiet_hours_hold_a_nudge_until_they_end(
    db, travel, alice, bob, django_capture_on_commit_callbacks
):
    alice.quiet_hours_start, alice.quiet_hours_end = time(11, 0), time(14, 0)
    alice.save()
    game = game_of(alice, bob)
    nudge(signed_in(bob), game, django_capture_on_commit_callbacks)
    assert nudges_to(alice) == []
    row = Reminder.objects.get(user=alice, kind="nudge")
    assert row.decision == "held" and row.held_until == MONDAY + timedelta(hours=2)
    tasks.release_held()
    assert nudges_to(alice) == []  # still inside them
    travel.shift(timedelta(hours=2))
    tasks.release_held()
    assert len(nudges_to(alice)) == 1
    row.refresh_from_db()
    assert row.decision == "sent"


def test_no_nudge_to_a_player_on_vacation(
    db, travel, alice, bob, django_capture_on_commit_callbacks
):
    game = game_of(alice, bob)
    alice.vacation_until = MONDAY + timedelta(days=2)
    alice.save()
    page = nudge(signed_in(bob), game, django_capture_on_commit_callbacks)
    assert b"alice is on vacation: no nudges." in page.content
    assert not Nudge.objects.exists() and not Reminder.objects.filter(kind="nudge").exists()


def test_who_may_not_nudge(db, travel, alice, bob, carol, django_capture_on_commit_callbacks):
    game = game_of(alice, bob)
    page = nudge(signed_in(carol), game, django_capture_on_commit_callbacks)
    assert b"You are not playing in that game." in page.content
    page = nudge(signed_in(alice), game, django_capture_on_commit_callbacks)
    assert b"Nobody else is to act in that game." in page.content
    page = signed_in(bob).post(reverse("alerts_nudge", args=[99999]), follow=True)
    assert b"You are not playing in that game." in page.content
    assert not Nudge.objects.exists()


def test_a_nudge_goes_only_through_the_channels_the_player_chose(
    db, travel, alice, bob, django_capture_on_commit_callbacks
):
    signed_in(alice).post(reverse("alerts_choices"), {"nudge": ["push"]})
    game = game_of(alice, bob)
    nudge(signed_in(bob), game, django_capture_on_commit_callbacks)
    assert nudges_to(alice) == []
    assert Reminder.objects.get(user=alice, kind="nudge", channel="email").decision == "off"


def test_you_are_next_when_the_seat_before_yours_begins(
    db, travel, alice, bob, carol, django_capture_on_commit_callbacks
):
    game = game_of(alice, bob, carol)
    assert game.seat_to_act() == 0
    client = signed_in(carol)
    client.post(reverse("alerts_choices"), {"next": ["email"]})
    page = client.post(reverse("alerts_next", args=[game.pk]), follow=True)
    assert f"You will be told when you are next in game {game.pk}".encode() in page.content
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, text=turn_passing_move(game), expected_ply=0, user=alice)
    game.refresh_from_db()
    assert game.seat_to_act() == 1  # bob's turn: carol is next
    (message,) = [m for m in mail.outbox if m.to == ["carol@example.com"]]
    assert message.subject.endswith(f"You're next in game {game.pk}")
    assert "alice played" in message.body
    assert Reminder.objects.get(user=carol, kind="next").decision == "sent"
    # alice did not ask: nothing for her when carol's turn comes.
    assert not Reminder.objects.filter(user=alice, kind="next").exists()


def test_you_are_next_is_for_three_seats_or_more(db, alice, bob):
    game = game_of(alice, bob)
    page = signed_in(bob).post(reverse("alerts_next", args=[game.pk]), follow=True)
    assert b"is for games of three or more seats" in page.content
    assert not NextWatch.objects.exists()
