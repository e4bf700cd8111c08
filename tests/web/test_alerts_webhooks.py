"""Webhooks, against a receiver on loopback that checks each call's HMAC signature with the
hook's secret: a turn is posted after the commit in the site's JSON or in Discord's and Slack's
forms; failures are retried (Celery's retries, run inline here) and repeated ones disable the
hook, which the player's pages then say. Addresses on private, loopback and link-local networks
are refused, by the address a name resolves to; every bad address changes nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from alerts import webhooks
from alerts.models import Webhook
from games.services import join_table, open_table, submit_move
from reminders.models import Reminder
from tests.alerts_kit import HookReceiver
from tests.factories import PASSWORD, turn_passing_move


@pytest.fixture
def receiver(settings):
    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = True  # the receiver is on loopback
    server = HookReceiver()
    yield server
    server.close()


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def add_hook(user, url, form="json"):
    return signed_in(user).post(reverse("alerts_add_hook"), {"url": url, "form": form})


def bob_to_play(alice, bob, capture):
    """A game where alice has moved: bob's turn began (and its alerts ran, after the commit)."""
    game = open_table(creator=alice, players=2)
    join_table(game.pk, bob)
    game.refresh_from_db()
    move = turn_passing_move(game)
    with capture(execute=True):
        submit_move(game.pk, text=move, expected_ply=game.ply, user=alice)
    game.refresh_from_db()
    return game, move


def test_a_turn_is_posted_signed_with_the_hooks_secret(
    receiver, alice, bob, django_capture_on_commit_callbacks
):
    assert add_hook(bob, receiver.url("/hook?x=1")).status_code == 302
    hook = Webhook.objects.get(user=bob)
    game, move = bob_to_play(alice, bob, django_capture_on_commit_callbacks)
    (call,) = receiver.received
    assert call["path"] == "/hook?x=1"
    assert call["headers"]["content-type"] == "application/json"
    assert call["headers"]["x-jackal-event"] == "turn"
    document = HookReceiver.verified(call, hook.secret)
    assert document["game"] == game.pk and document["kind"] == "turn"
    assert document["move"] == move and document["played_by"] == "alice"
    assert document["url"].endswith(f"/games/{game.pk}/")
    with pytest.raises(AssertionError, match="bad signature"):
        HookReceiver.verified(call, "someone else's secret")
    row = Reminder.objects.get(user=bob, channel="webhook")
    assert row.decision == "sent" and "delivered" in row.detail


@pytest.mark.parametrize("form, key", [("discord", "content"), ("slack", "text")])
def test_discord_and_slack_forms(
    receiver, alice, bob, form, key, django_capture_on_commit_callbacks
):
    add_hook(bob, receiver.url("/chat"), form)
    game, _move = bob_to_play(alice, bob, django_capture_on_commit_callbacks)
    document = HookReceiver.verified(receiver.received[0], Webhook.objects.get().secret)
    assert set(document) <= {key, "allowed_mentions"}
    assert f"Your turn in game {game.pk}" in document[key]
    assert f"/games/{game.pk}/" in document[key]


def test_repeated_failures_are_retried_then_disable_the_hook_with_a_notice(
    receiver, alice, bob, django_capture_on_commit_callbacks
):
    receiver.status = 500
    add_hook(bob, receiver.url("/down"))
    bob_to_play(alice, bob, django_capture_on_commit_callbacks)
    # The first try and its retries (inline here; a worker waits 1, 2, 4, 8 minutes between).
    assert len(receiver.received) == webhooks.MAX_FAILURES
    assert [webhooks.backoff(n) for n in range(4)] == [60, 120, 240, 480]
    hook = Webhook.objects.get(user=bob)
    assert hook.disabled_at is not None and hook.last_error == "HTTP 500"
    row = Reminder.objects.get(user=bob, channel="webhook")
    assert row.decision == "failed" and "disabled" in row.detail
    client = signed_in(bob)
    for page in (reverse("edit_profile"), reverse("player_profile", args=["bob"])):
        assert b"failed again and again (HTTP 500) and is turned off" in client.get(page).content
    # Others do not see it on bob's profile.
    assert (
        b"turned off" not in signed_in(alice).get(reverse("player_profile", args=["bob"])).content
    )
    # A disabled hook gets nothing more; turned back on, it starts afresh.
    client.post(reverse("alerts_enable_hook", args=[hook.pk]))
    hook.refresh_from_db()
    assert hook.disabled_at is None and hook.failures == 0


def test_a_success_resets_the_count_of_failures(receiver, alice):
    add_hook(alice, receiver.url("/sometimes"))
    hook = Webhook.objects.get()
    receiver.status = 503
    payload = {"kind": "turn", "title": "t", "body": "b", "url": "u"}
    assert webhooks.post(hook.pk, payload, None) == "retry"
    receiver.status = 200
    assert webhooks.post(hook.pk, payload, None) == "sent"
    hook.refresh_from_db()
    assert hook.failures == 0


def test_a_slow_endpoint_times_out_as_a_failure(receiver, alice, monkeypatch):
    monkeypatch.setattr(webhooks, "TIMEOUT_SECONDS", 0.3)
    receiver.delay = 2
    add_hook(alice, receiver.url("/slow"))
    payload = {"kind": "turn", "title": "t", "body": "b", "url": "u"}
    assert webhooks.post(Webhook.objects.get().pk, payload, None) == "retry"
    assert Webhook.objects.get().last_error in ("ReadTimeoutError", "TimeoutError")


@pytest.mark.parametrize(
    "url, words",
    [
        ("not a url", "Enter a valid URL"),
        ("ftp://example.com/x", "must start with https://"),
        ("http://127.0.0.1:8000/hook", "private, loopback or link-local"),
        ("http://localhost:8000/hook", "private, loopback or link-local"),  # resolved first
        ("http://10.1.2.3/hook", "private, loopback or link-local"),
        ("http://169.254.169.254/latest/meta-data", "private, loopback or link-local"),
        ("http://[::1]/hook", "private, loopback or link-local"),
        ("http://[::ffff:127.0.0.1]/hook", "private, loopback or link-local"),
        ("https://user:pw@example.com/hook", "user name or password"),
        ("https://no-such-host.invalid/hook", "No server answers"),
    ],
)
def test_bad_addresses_are_refused_and_nothing_is_stored(alice, url, words):
    answer = add_hook(alice, url)
    assert answer.status_code == 400
    assert words in answer.content.decode()
    assert not Webhook.objects.exists()


def test_the_address_is_checked_again_at_each_delivery(receiver, alice, settings):
    add_hook(alice, receiver.url("/was-allowed"))
    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = False
    payload = {"kind": "turn", "title": "t", "body": "b", "url": "u"}
    assert webhooks.post(Webhook.objects.get().pk, payload, None) == "retry"
    assert receiver.received == []
    assert "private" in Webhook.objects.get().last_error


def test_someone_elses_hook_cannot_be_removed(receiver, alice, bob):
    add_hook(alice, receiver.url("/a"))
    hook = Webhook.objects.get()
    page = signed_in(bob).post(reverse("alerts_remove_hook", args=[hook.pk]), follow=True)
    assert b"not one of yours" in page.content and Webhook.objects.filter(pk=hook.pk).exists()
    signed_in(alice).post(reverse("alerts_remove_hook", args=[hook.pk]))
    assert not Webhook.objects.exists()
