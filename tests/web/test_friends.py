"""Friends (people.blocks, people.challenges): follow a player and see the tables they open in
the lobby; challenge a friend to a table with your settings in one click, the invitation
e-mailed in their language; never between players who blocked each other."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games.clock.clocks import BANK, TimeControl
from games.models import Game
from games.services import open_table
from people.models import Follow
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_following_shows_a_friends_new_table_in_the_lobby():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    alices = logged_in(alice)
    alices.post(reverse("follow_player", args=["bob"]), {"follow": "1"})
    assert Follow.objects.filter(user=alice, followed=bob).exists()
    assert "Tables your friends opened" not in alices.get(reverse("lobby")).content.decode()
    table = open_table(creator=bob, players=3)
    open_table(creator=carol, players=2)  # not a friend: only in the usual list
    page = alices.get(reverse("lobby")).content.decode()
    friends = page.split("Tables your friends opened")[1].split("Tables waiting for players")[0]
    assert f"Game {table.pk}" in friends and "carol" not in friends
    profile = alices.get(bob.get_absolute_url()).content.decode()
    assert "Unfollow" in profile
    alices.post(reverse("follow_player", args=["bob"]), {"follow": "0"})
    assert not Follow.objects.exists()


def test_a_challenge_opens_a_table_like_my_last_and_mails_the_invitation():
    alice, bob = make_user("alice"), make_user("bob")
    bob.language = "ru"
    bob.save()
    open_table(
        creator=alice,
        players=3,
        ruleset="jamaica",
        control=TimeControl(kind=BANK, days=10, increment_days=1),
        vacation_allowed=False,
    )
    response = logged_in(alice).post(reverse("challenge_player", args=["bob"]))
    game = Game.objects.filter(created_by=alice).latest("pk")
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.visibility == Game.Visibility.PRIVATE and game.ruleset == "jamaica"
    assert (game.players, game.clock_kind, game.clock_days, game.vacation_allowed) == (
        3,
        BANK,
        10,
        False,
    )
    (message,) = mail.outbox
    assert message.to == ["bob@example.com"] and "alice" in message.subject
    assert "вызывает" in message.subject.lower() or "вызов" in message.body.lower()
    assert reverse("game_invitation", args=[game.invite_token]) in message.body


def test_no_challenge_between_players_who_blocked_each_other():
    alice, bob = make_user("alice"), make_user("bob")
    logged_in(bob).post(reverse("block_player", args=["alice"]), {"block": "1"})
    page = logged_in(alice).post(reverse("challenge_player", args=["bob"]), follow=True)
    assert "You cannot challenge this player." in page.content.decode()
    assert not Game.objects.exists() and not mail.outbox
