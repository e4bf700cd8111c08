"""Web Push, end to end on loopback: a player's browser subscription is stored from the JSON
the page posts; a turn that begins is pushed, after the commit, to a real push service on
loopback that checks the VAPID signature; the test decrypts the payload with the
subscription's private key and reads which game, what was played and the board's link. A
subscription the service answers 404 or 410 is dropped. Bad subscriptions change nothing."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from alerts import push
from alerts.models import PushDevice
from games.services import join_table, open_table, submit_move
from reminders.models import Reminder
from tests.alerts_kit import Browser, PushService, check_vapid, unb64url
from tests.factories import PASSWORD, turn_passing_move


@pytest.fixture
def service(settings, tmp_path):
    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = True  # the push service is on loopback
    settings.DATA_DIR = tmp_path  # the embedded default makes its VAPID key here
    server = PushService()
    yield server
    server.close()


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def subscribe(client, browser, endpoint):
    return client.post(
        reverse("alerts_add_device"),
        data=json.dumps(browser.subscription(endpoint)),
        content_type="application/json",
    )


def test_the_embedded_default_makes_one_vapid_key_pair_in_the_data_directory(service, tmp_path):
    key = push.public_key()
    assert (tmp_path / "vapid_private.pem").exists()
    raw = unb64url(key)
    assert len(raw) == 65 and raw[0] == 4  # an uncompressed P-256 point, as browsers take it
    push._vapid = None  # as a new process would: it reads the same key back
    assert push.public_key() == key


def test_a_vapid_key_from_the_environment_is_used_instead(service, settings, tmp_path):
    from py_vapid import Vapid

    made = Vapid()
    made.generate_keys()
    settings.VAPID_PRIVATE_KEY = made.private_pem().decode()
    configured = push.public_key()
    assert not (tmp_path / "vapid_private.pem").exists()  # nothing made: the key was given
    settings.VAPID_PRIVATE_KEY = ""
    assert push.public_key() != configured
    assert (tmp_path / "vapid_private.pem").exists()


def test_a_turn_is_pushed_encrypted_signed_and_says_game_move_and_board(
    service, alice, bob, django_capture_on_commit_callbacks
):
    browser = Browser()
    client = signed_in(bob)
    answer = subscribe(client, browser, service.url("/push/bob-1"))
    assert answer.status_code == 200, answer.content
    device = PushDevice.objects.get(user=bob)
    assert device.endpoint == service.url("/push/bob-1") and device.name == "Test browser"
    page = client.get(reverse("alerts_settings"))
    assert b"Test browser" in page.content and push.public_key().encode() in page.content

    game = open_table(creator=alice, players=2)
    with django_capture_on_commit_callbacks(execute=True):
        join_table(game.pk, bob)
    game.refresh_from_db()
    assert service.received == []  # alice's turn: bob is not told
    mover = game.seats.get(index=game.seat_to_act())
    move = turn_passing_move(game)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        submit_move(game.pk, text=move, expected_ply=game.ply, user=mover.user)
        # Nothing was sent inside the move's transaction: only queued for after the commit.
        assert service.received == []
    assert callbacks
    game.refresh_from_db()
    (request,) = service.received
    assert request["path"] == "/push/bob-1"
    assert request["headers"]["content-encoding"] == "aes128gcm"
    key = check_vapid(request["headers"]["authorization"], service.origin)
    assert key == push.public_key()
    alert = browser.decrypt(request["body"])
    assert alert["title"] == f"Your turn in game {game.pk}"
    assert alert["game"] == game.pk and alert["kind"] == "turn"
    assert alert["url"].endswith(f"/games/{game.pk}/")
    assert alert["body"].startswith(f"alice played {move}.")
    row = Reminder.objects.get(user=bob, channel="push")
    assert row.decision == "sent" and row.kind == "turn" and row.detail.startswith("1 sent")


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_service_says_is_gone_is_dropped(
    service, alice, bob, status, django_capture_on_commit_callbacks
):
    service.status = status
    subscribe(signed_in(alice), Browser(), service.url("/push/gone"))
    with django_capture_on_commit_callbacks(execute=True):
        game = open_table(creator=alice, players=2)
        join_table(game.pk, bob)
    assert len(service.received) == 1
    assert not PushDevice.objects.filter(user=alice).exists()
    row = Reminder.objects.get(user=alice, channel="push")
    assert row.decision == "failed" and "1 dropped" in row.detail


def test_a_failing_service_keeps_the_device(
    service, alice, bob, django_capture_on_commit_callbacks
):
    service.status = 500
    subscribe(signed_in(alice), Browser(), service.url("/push/flaky"))
    with django_capture_on_commit_callbacks(execute=True):
        game = open_table(creator=alice, players=2)
        join_table(game.pk, bob)
    assert PushDevice.objects.filter(user=alice).exists()
    assert Reminder.objects.get(user=alice, channel="push").decision == "failed"


@pytest.mark.parametrize(
    "body, words",
    [
        (b"not json", "not a push subscription"),
        (b"{}", "not a push subscription"),
        (b'{"endpoint": "ftp://x", "keys": {"p256dh": "a", "auth": "b"}}', "not a web address"),
        (b'{"endpoint": 5, "keys": {"p256dh": "a", "auth": "b"}}', "not a web address"),
        (
            b'{"endpoint": "https://push.example/x", "keys": {"p256dh": "abc", "auth": "b"}}',
            "keys are not valid",
        ),
        (b"\xff\xfe", "not a push subscription"),
    ],
)
def test_a_bad_subscription_is_refused_with_words_and_stores_nothing(alice, body, words):
    answer = signed_in(alice).post(
        reverse("alerts_add_device"), data=body, content_type="application/json"
    )
    assert answer.status_code == 400
    assert words in answer.json()["error"]
    assert not PushDevice.objects.exists()


def test_a_subscription_posted_as_a_form_is_refused(alice):
    answer = signed_in(alice).post(reverse("alerts_add_device"), {"endpoint": "https://x.example"})
    assert answer.status_code == 400 and answer.json()["error"] == "Send the subscription as JSON."
    assert not PushDevice.objects.exists()


def test_an_endpoint_on_a_private_network_is_refused(alice, settings):
    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = False
    answer = subscribe(signed_in(alice), Browser(), "http://127.0.0.1:9/push")
    assert answer.status_code == 400 and "private" in answer.json()["error"]
    assert not PushDevice.objects.exists()


def test_a_player_removes_their_own_device_never_someone_elses(service, alice, bob):
    subscribe(signed_in(alice), Browser(), service.url("/push/a"))
    device = PushDevice.objects.get(user=alice)
    answer = signed_in(bob).post(reverse("alerts_remove_device", args=[device.pk]), follow=True)
    assert b"not one of yours" in answer.content
    assert PushDevice.objects.filter(pk=device.pk).exists()
    signed_in(alice).post(reverse("alerts_remove_device", args=[device.pk]))
    assert not PushDevice.objects.filter(pk=device.pk).exists()


def test_the_site_is_an_installable_app(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    document = manifest.json()
    assert document["start_url"] == "/" and document["display"] == "standalone"
    for icon in document["icons"]:
        assert client.get(icon["src"]).status_code == 200
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker["Service-Worker-Allowed"] == "/"
    body = worker.content
    assert b'addEventListener("push"' in body and b"openWindow" in body
    assert b'rel="manifest"' in client.get("/").content
