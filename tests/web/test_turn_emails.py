"""Turn e-mails, read back from Django's outbox: one per turn for players who chose every turn,
none while they watch the game live, several games within minutes in one e-mail, held by quiet
hours, every decision logged; a one-click unsubscribe that works logged out."""

from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client, TestCase
from django.urls import reverse

from accounts.models import TurnEmails
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_warnings
from games.families.jackal import engine_state
from games.live import presence
from games.services import join_table, open_table, submit_move
from reminders.digest import send_digests
from reminders.models import Reminder
from reminders.sending import send_due
from tests.at_once import at_once
from tests.factories import make_user

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
LATER = timedelta(minutes=3)


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def two_player_game(first, second):
    game = open_table(creator=first, players=2)
    join_table(game.pk, second)
    game.refresh_from_db()
    return game


def play_turn(game):
    mover = game.seat_to_act()
    while game.is_running and game.seat_to_act() == mover:
        seat = game.seats.get(index=mover)
        move = str(engine_state(game).legal_moves()[0])
        # The turn e-mails' rows are written once the move commits (games.services).
        with TestCase.captureOnCommitCallbacks(execute=True):
            submit_move(game.pk, text=move, expected_ply=game.ply, user=seat.user)
        game.refresh_from_db()


def decisions(user):
    return sorted(Reminder.objects.filter(user=user).values_list("decision", flat=True))


def test_your_turn_email_has_both_parts_links_and_unsubscribe_headers(
    db, travel, alice, bob, settings
):
    settings.SITE_URL = "https://jackal.example"
    game = two_player_game(alice, bob)
    assert send_due() == 0  # waits a few minutes, for other games to join it
    travel.shift(LATER)
    assert send_due() == 1
    (message,) = mail.outbox
    assert message.to == ["alice@example.com"]
    assert message.subject.endswith(f"Your turn in game {game.pk}")
    assert f"https://jackal.example/games/{game.pk}/" in message.body
    assert "against bob (2 days 23 h left)" in message.body  # three minutes after the start
    assert "https://jackal.example/profile/" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html" and f'href="https://jackal.example/games/{game.pk}/"' in html
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith("<https://jackal.example/mail/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe[1:-1] in message.body
    assert decisions(alice) == ["sent"]
    assert send_due() == 0 and len(mail.outbox) == 1  # once


def test_no_email_while_watching_the_game_live(db, travel, alice, bob):
    game = two_player_game(alice, bob)
    presence.opened(alice.pk, game.pk)
    travel.shift(LATER)
    assert send_due() == 0
    assert mail.outbox == [] and decisions(alice) == ["watching"]
    presence.closed(alice.pk, game.pk)
    assert not presence.watching(alice.pk, game.pk)


def test_a_turn_already_played_is_not_mailed(db, travel, alice, bob):
    game = two_player_game(alice, bob)
    play_turn(game)
    travel.shift(LATER)
    send_due()
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]
    assert decisions(alice) == ["stale"]


def test_several_games_within_minutes_make_one_email(db, travel, alice, bob, carol):
    first = two_player_game(alice, bob)
    travel.shift(timedelta(minutes=2))
    second = two_player_game(alice, carol)
    travel.shift(timedelta(minutes=1))
    send_due()
    (message,) = [m for m in mail.outbox if m.to == ["alice@example.com"]]
    assert message.subject.endswith("Your turn in 2 games")
    assert f"/games/{first.pk}/" in message.body and f"/games/{second.pk}/" in message.body
    assert decisions(alice) == ["batched", "batched"]


def test_quiet_hours_hold_the_email_until_they_end(db, travel, alice, bob):
    alice.time_zone = "Asia/Tokyo"
    alice.quiet_hours_start, alice.quiet_hours_end = time(21, 0), time(8, 0)
    alice.save()
    travel.move_to(datetime(2026, 11, 23, 13, 0, tzinfo=UTC))  # 22:00 in Tokyo
    two_player_game(alice, bob)
    travel.shift(LATER)
    send_due()
    assert mail.outbox == []
    held = Reminder.objects.get(user=alice)
    assert held.decision == "held"
    assert held.held_until == datetime(2026, 11, 23, 23, 0, tzinfo=UTC)  # 08:00 in Tokyo
    travel.move_to(held.held_until)
    assert send_due() == 1
    held.refresh_from_db()
    assert held.decision == "sent" and held.held_until is not None  # the log keeps the hold


def test_players_who_chose_the_digest_or_nothing_get_no_turn_email(db, travel, alice, bob):
    alice.turn_emails = TurnEmails.DAILY_DIGEST
    alice.save()
    two_player_game(alice, bob)
    travel.shift(LATER)
    send_due()
    assert mail.outbox == [] and decisions(alice) == []


def test_one_click_unsubscribe_works_logged_out_and_without_csrf(db, travel, alice, bob):
    two_player_game(alice, bob)
    travel.shift(LATER)
    send_due()
    url = mail.outbox[0].extra_headers["List-Unsubscribe"][1:-1].split("example", 1)[-1]
    url = url[url.index("/mail/") :]
    client = Client(enforce_csrf_checks=True)
    page = client.get(url)
    assert page.status_code == 200 and "Stop these e-mails" in page.content.decode()
    alice.refresh_from_db()
    assert alice.turn_emails == TurnEmails.EVERY_TURN  # a GET (a link scanner) changes nothing
    done = client.post(url, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and "no more turn e-mails" in done.content.decode()
    alice.refresh_from_db()
    assert alice.turn_emails == TurnEmails.NEVER
    forged = url.replace(url.split("/")[-2], url.split("/")[-2][:-3] + "abc")
    assert client.post(forged).status_code == 404
    assert client.get(reverse("reminders_unsubscribe", args=["nonsense"])).status_code == 404


def test_an_old_unsubscribe_link_stops_working_once_the_player_subscribes_again(
    db, travel, alice, bob
):
    def mailed_unsubscribe_path():
        link = mail.outbox[-1].extra_headers["List-Unsubscribe"][1:-1]
        return link[link.index("/mail/") :]

    game = two_player_game(alice, bob)
    travel.shift(LATER)
    send_due()
    old_link = mailed_unsubscribe_path()
    client = Client(enforce_csrf_checks=True)
    assert client.post(old_link).status_code == 200
    assert client.post(old_link).status_code == 200  # the mail client's POST, then the click
    alice.refresh_from_db()
    assert alice.turn_emails == TurnEmails.NEVER

    # Alice turns her e-mails back on: the link of the old e-mail must not turn them off again.
    settings_page = Client()
    settings_page.force_login(alice)
    answer = settings_page.post(
        reverse("edit_profile"),
        {"display_name": "", "time_zone": "UTC", "language": "en", "turn_emails": "every"},
    )
    assert answer.status_code == 302
    refused = client.post(old_link)
    assert refused.status_code == 410
    assert "out of date" in refused.content.decode()
    assert client.get(old_link).status_code == 410
    alice.refresh_from_db()
    assert alice.turn_emails == TurnEmails.EVERY_TURN

    # The link of her next e-mail works.
    play_turn(game)
    play_turn(game)
    travel.shift(LATER)
    send_due()
    assert mail.outbox[-1].to == ["alice@example.com"]
    new_link = mailed_unsubscribe_path()
    assert new_link != old_link
    assert client.post(new_link).status_code == 200
    alice.refresh_from_db()
    assert alice.turn_emails == TurnEmails.NEVER


@pytest.mark.django_db(transaction=True)
def test_two_reminder_sweeps_at_once_send_each_email_exactly_once(postgres):
    people = [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve", "fay")]
    for i in range(6):
        two_player_game(people[i], people[(i + 1) % 6])
    later = datetime.now(UTC) + LATER
    sent = at_once(lambda: send_due(later), lambda: send_due(later))
    assert sum(sent) == 6 and len(mail.outbox) == 6
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.email for p in people)
    assert Reminder.objects.filter(decision="sent").count() == 6


def test_clock_low_warnings_under_24_hours_and_under_2_hours_once_each(db, travel, alice, bob):
    alice.turn_emails = TurnEmails.DAILY_DIGEST  # warnings go to all but those who chose none
    alice.save()
    game = two_player_game(alice, bob)  # 3 days per move
    assert game.warn_at == MONDAY + timedelta(days=2)
    travel.shift(timedelta(days=2) - timedelta(minutes=1))
    assert sweep_warnings() == 0
    travel.shift(timedelta(minutes=1))
    assert sweep_warnings() == 1 and sweep_warnings() == 0
    send_due()
    (message,) = mail.outbox
    assert message.subject.endswith(f"Your clock runs low in game {game.pk}")
    assert "(1 day left)" in message.body
    game.refresh_from_db()
    assert game.warn_at == MONDAY + timedelta(days=3, hours=-2)
    travel.move_to(game.warn_at)
    assert sweep_warnings() == 1 and sweep_warnings() == 0
    send_due()
    assert len(mail.outbox) == 2 and "(2 h 0 min left)" in mail.outbox[1].body
    kinds = Reminder.objects.filter(user=alice).values_list("kind", "decision")
    assert sorted(kinds) == [("clock-24h", "sent"), ("clock-2h", "sent")]


def test_a_one_day_clock_warns_only_under_2_hours(db, travel, alice, bob):
    game = open_table(creator=alice, players=2, control=TimeControl(days=1))
    join_table(game.pk, bob)
    game.refresh_from_db()
    assert game.warn_at == MONDAY + timedelta(hours=22)


def test_no_clock_warning_for_those_who_turned_emails_off(db, travel, alice, bob):
    alice.turn_emails = TurnEmails.NEVER
    alice.save()
    two_player_game(alice, bob)
    travel.shift(timedelta(days=2))
    sweep_warnings()
    send_due()
    assert mail.outbox == [] and decisions(alice) == ["off"]


def test_the_daily_digest_comes_at_the_chosen_hour_in_the_players_zone(client, travel, alice, bob):
    client.force_login(bob)
    client.post(
        reverse("edit_profile"),
        {
            "display_name": "",
            "time_zone": "America/Los_Angeles",
            "language": "en",
            "turn_emails": "digest",
            "quiet_hours_start": "",
            "quiet_hours_end": "",
            "digest_hour": "7",
        },
    )
    bob.refresh_from_db()
    # Monday 12:00 UTC is 04:00 in Los Angeles: the digest is due at 07:00 there (15:00 UTC).
    assert bob.next_digest_at == datetime(2026, 11, 23, 15, 0, tzinfo=UTC)
    urgent = open_table(creator=bob, players=2, control=TimeControl(days=1))
    join_table(urgent.pk, alice)
    relaxed = open_table(creator=bob, players=2, control=TimeControl(days=7))
    join_table(relaxed.pk, carol := make_user("carol"))
    assert carol and send_digests() == 0
    travel.move_to(datetime(2026, 11, 23, 15, 0, tzinfo=UTC))
    send_due()  # bob chose the digest: no turn e-mail for him
    assert [m.to for m in mail.outbox if m.to == ["bob@example.com"]] == []
    assert send_digests() == 1 and send_digests() == 0
    (digest,) = [m for m in mail.outbox if m.to == ["bob@example.com"]]
    assert digest.subject.endswith("Your daily digest: 2 games wait for you")
    assert digest.body.index(f"Game {urgent.pk}") < digest.body.index(f"Game {relaxed.pk}")
    assert "List-Unsubscribe" in digest.extra_headers
    bob.refresh_from_db()
    assert bob.next_digest_at == datetime(2026, 11, 24, 15, 0, tzinfo=UTC)
    log = Reminder.objects.get(user=bob, kind="digest")
    assert (log.decision, log.games_in_email) == ("sent", 2)


@pytest.mark.django_db(transaction=True)
def test_an_open_board_websocket_counts_as_watching_until_it_closes():
    from asgiref.sync import async_to_sync, sync_to_async
    from channels.testing import WebsocketCommunicator

    from jackal_site.asgi import application

    alice, bob = make_user("alice"), make_user("bob")
    game = two_player_game(alice, bob)
    client = Client()
    client.force_login(alice)
    headers = [
        (b"origin", b"http://localhost"),
        (b"host", b"localhost"),
        (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()),
    ]

    async def visit():
        socket = WebsocketCommunicator(application, f"/ws/games/{game.pk}/?ply=0", headers=headers)
        connected, _code = await socket.connect()
        assert connected
        during = await sync_to_async(presence.watching)(alice.pk, game.pk)
        await socket.disconnect()
        return during

    assert async_to_sync(visit)() is True
    assert not presence.watching(alice.pk, game.pk)
    assert not presence.watching(bob.pk, game.pk)


def test_the_email_is_in_the_recipients_language(db, travel, alice, bob):
    alice.language = "ru"
    alice.save()
    two_player_game(alice, bob)
    travel.shift(LATER)
    send_due()
    html, _mimetype = mail.outbox[0].alternatives[0]
    assert '<html lang="ru">' in html
