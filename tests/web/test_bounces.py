"""E-mail that knows when it bounces: reminders go over SMTP to a local server (aiosmtpd) from a
signed return address of their own; a hard bounce delivered to the site's bounce server marks
the address failing, the reminders stop (logged "bounced"), the player's pages say so, and
confirming the address again lifts it. Soft bounces and forged bounce addresses change
nothing."""

import re
import smtplib
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.services import join_table, open_table
from reminders import bounces
from reminders.bounce_server import controller
from reminders.models import FailingAddress, Reminder
from reminders.sending import send_due
from tests.alerts_kit import MailServer, delivery_status_notification, free_port
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)  # the bounce server has its own thread

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def smtp(settings):
    server = MailServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield server
    server.close()


@pytest.fixture
def bounce_server():
    port = free_port()
    server = controller("127.0.0.1", port)
    server.start()
    yield port
    server.stop()


def bounce(port, to, original, status="5.1.1", action="failed"):
    dsn = delivery_status_notification(
        original, to="alice@example.com", status=status, action=action
    )
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.sendmail("", [to], dsn)  # a bounce has the null sender


def turn_mail(smtp, alice, bob, travel):
    game = open_table(creator=alice, players=2)
    join_table(game.pk, bob)
    travel.shift(timedelta(minutes=3))
    send_due()
    (sent,) = [m for m in smtp.received if m["rcpt_tos"] == ["alice@example.com"]]
    return game, sent


def test_a_hard_bounce_stops_reminders_until_the_address_is_confirmed(
    smtp, bounce_server, alice, bob
):
    with time_machine.travel(MONDAY, tick=False) as travel:
        game, sent = turn_mail(smtp, alice, bob, travel)
        assert re.fullmatch(rf"bounces\+{alice.pk}-[0-9a-f]{{16}}@localhost", sent["mail_from"])
        assert b"From: Jackal Online <noreply@localhost>" in sent["content"]
        bounce(bounce_server, sent["mail_from"], sent["content"])
        failing = FailingAddress.objects.get(user=alice)
        assert failing.email == "alice@example.com" and failing.status == "5.1.1"

        # The next turn e-mail is not sent, and the log says why.
        second = open_table(creator=alice, players=2)
        join_table(second.pk, bob)
        travel.shift(timedelta(minutes=3))
        before = len(smtp.received)
        send_due()
        assert [m for m in smtp.received[before:] if m["rcpt_tos"] == ["alice@example.com"]] == []
        assert Reminder.objects.get(user=alice, game=second).decision == "bounced"

        client = Client()
        client.login(username="alice", password=PASSWORD)
        for page in (reverse("edit_profile"), reverse("player_profile", args=["alice"])):
            assert b"comes back undelivered" in client.get(page).content
        # Confirming the address again: a signed link by e-mail, which lifts the stop.
        client.post(reverse("alerts_confirm_address"))
        (confirmation,) = [m for m in smtp.received[before:] if b"/mail/confirm/" in m["content"]]
        path = re.search(rb"/mail/confirm/[^\s/]+/", confirmation["content"]).group(0).decode()
        assert b"send me reminders again" in Client().get(path).content  # a GET changes nothing
        assert FailingAddress.objects.filter(user=alice).exists()
        assert Client().post(path.replace("/mail/confirm/", "/mail/confirm/x")).status_code == 400
        assert Client().post(path).status_code == 200
        assert not FailingAddress.objects.filter(user=alice).exists()
        assert b"comes back undelivered" not in client.get(reverse("edit_profile")).content


def test_a_soft_bounce_changes_nothing(smtp, bounce_server, alice, bob):
    with time_machine.travel(MONDAY, tick=False) as travel:
        _game, sent = turn_mail(smtp, alice, bob, travel)
        bounce(bounce_server, sent["mail_from"], sent["content"], status="4.2.2", action="delayed")
        assert not FailingAddress.objects.exists()


def test_forged_and_foreign_bounce_addresses_change_nothing(bounce_server, alice):
    forged = f"bounces+{alice.pk}-0123456789abcdef@localhost"
    assert bounces.handle_bounce(forged, b"Subject: x\r\n\r\n") == "unknown"
    bounce(bounce_server, forged, b"Subject: x\r\n\r\nbody")
    assert not FailingAddress.objects.exists()
    # Mail to anyone else is refused: the bounce server relays nothing.
    with (
        smtplib.SMTP("127.0.0.1", bounce_server) as client,
        pytest.raises(smtplib.SMTPRecipientsRefused),
    ):
        client.sendmail("", ["someone@example.com"], b"Subject: x\r\n\r\nbody")


def test_a_bounce_for_an_address_the_player_has_since_changed_is_ignored(alice):
    old = bounces.return_address(alice)
    alice.email = "alice@new.example.com"
    alice.save()
    assert bounces.recipient_of(old) is None
    assert bounces.recipient_of(bounces.return_address(alice)) == alice
