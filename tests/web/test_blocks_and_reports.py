"""Blocks and reports (people.blocks, people.conduct): a blocked player cannot sit at a table
where the blocker sits (nor the blocker at theirs) and their messages no longer reach the
blocker; a report reaches the staff in the admin with its context, and staff mute or suspend
from there, every action kept and logged."""

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse

from games import chat
from games.models import ChatMessage, Game
from games.services import TableError, join_table, open_table
from people.models import Block, Report, Sanction
from tests.factories import PASSWORD, make_user, start_game
from tests.web.test_chat import say, thread_of

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_blocked_player_cannot_join_a_table_where_the_blocker_sits():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    alices = logged_in(alice)
    alices.post(reverse("block_player", args=["bob"]), {"block": "1"})
    assert Block.objects.filter(user=alice, blocked=bob).exists()
    table = open_table(creator=alice, players=3)
    page = logged_in(bob).post(reverse("game_join", args=[table.pk]), follow=True)
    assert "You cannot take a seat at this table." in page.content.decode()
    assert not table.seats.filter(user=bob).exists()
    # Nor the blocker at the blocked one's table; the others sit as before.
    theirs = open_table(creator=bob, players=2)
    with pytest.raises(TableError):
        join_table(theirs.pk, alice)
    join_table(table.pk, carol)
    # Unblocked, bob may sit down again.
    alices.post(reverse("block_player", args=["bob"]), {"block": "0"})
    join_table(table.pk, bob)
    table.refresh_from_db()
    assert table.status == Game.Status.RUNNING


def test_the_blocker_no_longer_reads_the_blocked_ones_messages():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob, carol)
    bobs = logged_in(bob)
    say(bobs, game, "Ahoy from Bob")
    logged_in(alice).post(reverse("block_player", args=["bob"]), {"block": "1"})
    say(bobs, game, "Still there?")
    assert "Bob" not in thread_of(logged_in(alice), game)
    assert "Still there?" in thread_of(logged_in(carol), game)  # only the blocker is spared


def test_a_report_of_a_message_reaches_the_staff_with_its_context():
    alice, bob = make_user("alice"), make_user("bob")
    boss = make_user("boss", staff=True)
    game = start_game(alice, bob)
    say(logged_in(bob), game, "You are a rotten sea cucumber")
    message = ChatMessage.objects.get()
    alices = logged_in(alice)
    form = alices.get(reverse("report_player", args=["bob"]), {"message": message.pk})
    assert form.status_code == 200 and f'value="{message.pk}"' in form.content.decode()
    sent = alices.post(
        reverse("report_player", args=["bob"]),
        {"kind": "message", "text": "Insults in the thread", "message": message.pk},
    )
    assert sent.status_code == 302
    report = Report.objects.get()
    assert report.about == bob and report.game == game
    assert report.message_then == "You are a rotten sea cucumber" and report.name_then == "bob"
    # The staff read it in the admin, with the message, and act from there.
    staff = logged_in(boss)
    listing = staff.get(reverse("admin:people_report_changelist")).content.decode()
    assert "bob" in listing and "a message" in listing
    detail = staff.get(reverse("admin:people_report_change", args=[report.pk])).content.decode()
    assert "You are a rotten sea cucumber" in detail
    add = reverse("admin:people_sanction_add")
    assert staff.get(add, {"user": bob.pk, "report": report.pk}).status_code == 200
    staff.post(add, {"user": bob.pk, "kind": "mute", "reason": "Insults", "report": report.pk})
    sanction = Sanction.objects.get()
    assert sanction.by == boss and sanction.kind == "mute"
    assert LogEntry.objects.filter(user=boss, object_id=str(sanction.pk)).exists()
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED
    # Muted: bob writes no more, anywhere.
    say(logged_in(bob), game, "Sorry?")
    assert ChatMessage.objects.count() == 1
    with pytest.raises(chat.ChatError, match="muted you"):
        chat.post(game.pk, bob, "Sorry?")


def test_staff_suspend_a_player_who_then_cannot_sign_in():
    alice, bob = make_user("alice"), make_user("bob")
    boss = make_user("boss", staff=True)
    logged_in(alice).post(
        reverse("report_player", args=["bob"]), {"kind": "name", "text": "An offensive name"}
    )
    report = Report.objects.get()
    logged_in(boss).post(
        reverse("admin:people_sanction_add"),
        {"user": bob.pk, "kind": "suspend", "reason": "Name", "report": report.pk},
    )
    bob.refresh_from_db()
    assert not bob.is_active
    assert not Client().login(username="bob", password=PASSWORD)


@pytest.mark.parametrize(
    "form, error",
    [
        ({"kind": "conduct", "text": "  "}, "Say what happened."),
        ({"kind": "gossip", "text": "x"}, "Say what the report is about."),
        ({"kind": "conduct", "text": "x" * 1001}, "at most 1000 characters"),
        ({"kind": "message", "text": "x", "message": "99999"}, "no such message"),
    ],
)
def test_bad_reports_are_refused_and_change_nothing(form, error):
    alice, _bob = make_user("alice"), make_user("bob")
    page = logged_in(alice).post(reverse("report_player", args=["bob"]), form)
    assert page.status_code == 200 and error in page.content.decode()
    assert not Report.objects.exists()


def test_no_one_reports_or_blocks_themselves_and_strangers_must_sign_in():
    alice = make_user("alice")
    alices = logged_in(alice)
    alices.post(reverse("block_player", args=["alice"]), {"block": "1"})
    assert not Block.objects.exists()
    page = alices.post(reverse("report_player", args=["alice"]), {"kind": "name", "text": "me"})
    assert "You cannot report yourself." in page.content.decode()
    assert Client().post(reverse("block_player", args=["alice"])).status_code == 302
    assert alices.post(reverse("block_player", args=["nobody"])).status_code == 404
