"""No alert carries hidden information. In Jamaica a card is chosen face down and stays secret
until both are revealed: a nudge sent then tells bob's push, webhook and e-mail that alice
played ("play"), never which card; the calendar names the game, players and deadline only."""

import json

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from alerts.models import CalendarFeed, Webhook
from games.services import head_state, submit_move
from rules.jamaica.actions import DECK
from tests.alerts_kit import Browser, HookReceiver, PushService
from tests.web.jamaica_kit import jamaica_table


@pytest.fixture
def servers(settings, tmp_path):
    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = True
    settings.DATA_DIR = tmp_path
    push_service, receiver = PushService(), HookReceiver()
    yield push_service, receiver
    push_service.close()
    receiver.close()


def ordered_table(alice, bob):
    for _ in range(30):
        game = jamaica_table(alice, [bob])
        if head_state(game).view(None)["phase"] == "order":
            (captain,) = game.seats_to_act()
            move = head_state(game).legal_moves(captain)[0]
            submit_move(game.pk, seat_index=captain, text=move, expected_ply=game.ply)
            game.refresh_from_db()
            return game
    raise AssertionError("thirty doubles in a row")


def test_a_nudge_after_a_card_chosen_face_down_does_not_name_the_card(
    servers, alice, bob, django_capture_on_commit_callbacks
):
    push_service, receiver = servers
    browser = Browser()
    client = Client()
    client.force_login(bob)
    client.post(
        reverse("alerts_add_device"),
        data=json.dumps(browser.subscription(push_service.url("/b"))),
        content_type="application/json",
    )
    client.post(reverse("alerts_add_hook"), {"url": receiver.url("/b"), "form": "json"})
    client.post(reverse("alerts_new_calendar"))
    game = ordered_table(alice, bob)
    assert game.seats_to_act() == [0, 1]
    card = next(m for m in head_state(game).legal_moves(0) if m.startswith("play "))
    submit_move(game.pk, seat_index=0, text=card, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.seats_to_act() == [1]  # alice's card lies face down; bob still chooses

    alice_client = Client()
    alice_client.force_login(alice)
    push_service.received.clear()
    receiver.received.clear()
    with django_capture_on_commit_callbacks(execute=True):
        page = alice_client.post(reverse("alerts_nudge", args=[game.pk]), follow=True)
    assert b"Nudged: bob." in page.content

    pushed = browser.decrypt(push_service.received[-1]["body"])
    hooked = HookReceiver.verified(receiver.received[-1], Webhook.objects.get(user=bob).secret)
    (mailed,) = [m for m in mail.outbox if m.to == ["bob@example.com"] and "nudges" in m.subject]
    feed = Client().get(reverse("alerts_calendar", args=[CalendarFeed.objects.get(user=bob).token]))
    assert pushed["move"] == hooked["move"] == "play"
    assert pushed["body"].startswith("alice played a move that stays hidden for now.")
    texts = [json.dumps(pushed), json.dumps(hooked), mailed.body, feed.content.decode()]
    for text in texts:
        assert card not in text
        assert not any(f"play {c}" in text for c in DECK)
