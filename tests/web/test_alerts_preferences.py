"""Pushes and webhooks keep the turn e-mails' rules: quiet hours hold them until they end,
a vacation skips them, a kind turned off on a channel is not sent there, and the clock
warnings (24 h, then 2 h) reach the channels once each. Every decision is in the reminders'
log. The webhook receiver on loopback stands for any channel here."""

from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from alerts import tasks
from alerts.models import AlertChoices, Webhook
from games.clock.sweep import sweep_warnings
from games.services import join_table, open_table
from reminders.models import Reminder
from tests.alerts_kit import HookReceiver

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def receiver(settings):
    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = True
    server = HookReceiver()
    yield server
    server.close()


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def hook_for(user, receiver):
    client = Client()
    client.force_login(user)
    client.post(
        reverse("alerts_add_hook"), {"url": receiver.url(f"/{user.username}"), "form": "json"}
    )
    return client


def alices_turn(alice, bob, capture):
    with capture(execute=True):
        game = open_table(creator=alice, players=2)
        join_table(game.pk, bob)
    game.refresh_from_db()
    return game


def decisions(user):
    return list(
        Reminder.objects.filter(user=user, channel="webhook").values_list("kind", "decision")
    )


def test_quiet_hours_hold_a_webhook_until_they_end(
    receiver, travel, alice, bob, django_capture_on_commit_callbacks
):
    alice.time_zone = "Asia/Tokyo"
    alice.quiet_hours_start, alice.quiet_hours_end = time(21, 0), time(8, 0)
    alice.save()
    travel.move_to(datetime(2026, 11, 23, 13, 0, tzinfo=UTC))  # 22:00 in Tokyo
    hook_for(alice, receiver)
    alices_turn(alice, bob, django_capture_on_commit_callbacks)
    assert receiver.received == [] and decisions(alice) == [("turn", "held")]
    travel.move_to(datetime(2026, 11, 22, 23, 0, tzinfo=UTC) + timedelta(days=1))  # 08:00
    tasks.release_held()
    assert len(receiver.received) == 1 and decisions(alice) == [("turn", "sent")]


def test_no_alert_on_vacation(receiver, travel, alice, bob, django_capture_on_commit_callbacks):
    hook_for(alice, receiver)
    alice.vacation_until = MONDAY + timedelta(days=3)
    alice.save()
    alices_turn(alice, bob, django_capture_on_commit_callbacks)
    assert receiver.received == [] and decisions(alice) == [("turn", "vacation")]


def test_a_kind_turned_off_on_a_channel_is_not_sent_there(
    receiver, travel, alice, bob, django_capture_on_commit_callbacks
):
    client = hook_for(alice, receiver)
    client.post(reverse("alerts_choices"), {"turn": ["push"], "clock": ["webhook"]})
    alices_turn(alice, bob, django_capture_on_commit_callbacks)
    assert receiver.received == [] and decisions(alice) == [("turn", "off")]


def test_bad_choices_are_refused_and_change_nothing(receiver, alice):
    client = hook_for(alice, receiver)
    answer = client.post(reverse("alerts_choices"), {"turn": ["email"]})  # e-mail: not here
    assert answer.status_code == 400 and b"Select a valid choice" in answer.content
    assert not AlertChoices.objects.filter(user=alice).exists()


def test_clock_warnings_reach_the_hook_once_each(
    receiver, travel, alice, bob, django_capture_on_commit_callbacks
):
    hook_for(alice, receiver)
    game = alices_turn(alice, bob, django_capture_on_commit_callbacks)
    secret = Webhook.objects.get(user=alice).secret
    receiver.received.clear()
    for moment in (MONDAY + timedelta(days=2), MONDAY + timedelta(days=3, hours=-2)):
        travel.move_to(moment)
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep_warnings() == 1
        # Read at once: a receiver refuses a signature made more than minutes ago.
        alert = HookReceiver.verified(receiver.received[-1], secret)
        assert alert["kind"] == "clock"
        assert alert["title"] == f"Your clock runs low in game {game.pk}"
    assert len(receiver.received) == 2
    assert sorted(decisions(alice)) == [
        ("clock-24h", "sent"),
        ("clock-2h", "sent"),
        ("turn", "sent"),
    ]
