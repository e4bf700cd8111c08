"""A game's pages in every state it can be in (issue 19.1), one name for a game (19.7), log-in by
username (19.5) and invitation links (19.4)."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.services import abort_game, join_table, leave_table, open_table
from tests.factories import PASSWORD, make_user, start_game

pytestmark = pytest.mark.django_db

STATUSES = ["open", "closed before the start", "running", "finished", "aborted"]


def game_in(status: str, alice, bob) -> Game:
    if status == "open":
        return open_table(creator=alice, players=2)
    if status == "closed before the start":
        game = open_table(creator=alice, players=2)
        leave_table(game.pk, alice)
    elif status == "running":
        game = start_game(alice, bob)
    elif status == "finished":
        game = start_game(alice, bob)
        Game.objects.filter(pk=game.pk).update(
            status=Game.Status.FINISHED, finished_at=timezone.now()
        )
    else:
        game = start_game(alice, bob)
        abort_game(game.pk, "a test")
    return Game.objects.get(pk=game.pk)


def signed_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize("status", STATUSES)
def test_every_page_of_a_game_answers_in_every_status(status, alice, bob, carol):
    """No page of a game is a server error, whoever asks, whatever became of the game."""
    game = game_in(status, alice, bob)
    pages = [
        ("get", reverse("game_board", args=[game.pk]), {}),
        ("get", reverse("game_invitation", args=[game.invite_token]), {}),
        ("get", reverse("game_board_partial", args=[game.pk]), {}),
        ("post", reverse("game_move", args=[game.pk]), {"move": "WS G1-H1", "expected_ply": 0}),
        ("post", reverse("game_join", args=[game.pk]), {"seat": "1"}),
        ("post", reverse("game_leave", args=[game.pk]), {}),
        ("get", reverse("lobby"), {}),
        ("get", reverse("my_games"), {}),
    ]
    for user in (alice, bob, carol):
        for method, url, data in pages:
            client = signed_in(user)
            response = getattr(client, method)(url, data)
            assert response.status_code < 500, (user, method, url, response.status_code)
            for _hop in range(3):  # and wherever it sends them
                if response.status_code not in (301, 302):
                    break
                response = client.get(response["Location"])
                assert response.status_code < 500, (user, url, response.status_code)


@pytest.mark.parametrize("visibility", Game.Visibility.values)
def test_the_address_of_a_table_closed_before_the_start_says_so(client, alice, bob, visibility):
    game = open_table(creator=alice, players=2, visibility=visibility)
    client.force_login(alice)
    client.post(reverse("game_leave", args=[game.pk]))
    board, invitation = (
        reverse("game_board", args=[game.pk]),
        reverse("game_invitation", args=[game.invite_token]),
    )
    # What a stranger may reach: a private table does not admit to having existed.
    urls = {alice: [board, invitation], bob: [invitation]}
    if visibility == "public":
        urls[bob].append(board)
    else:
        client.force_login(bob)
        assert client.get(board).status_code == 404
    for user in (alice, bob):
        client.force_login(user)
        for url in urls[user]:
            response = client.get(url)
            assert response.status_code == 410, url
            html = response.content.decode()
            assert "closed before the game started" in html
            assert reverse("lobby") in html
    # Taking a seat there is refused with a message, and nothing changes.
    client.force_login(bob)
    response = client.post(reverse("game_join", args=[game.pk]), {"seat": "1"}, follow=True)
    if visibility == "public":
        assert "no longer open" in response.content.decode()
    else:
        assert response.status_code == 404
    assert not game.seats.filter(user=bob).exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED


def test_a_game_has_one_name_in_the_lobby_on_its_table_and_on_its_board(client, alice, bob):
    table = open_table(creator=alice, players=2)
    running = start_game(alice, bob)
    client.force_login(alice)
    lobby = client.get(reverse("lobby")).content.decode()
    for game in (table, running):
        page = client.get(reverse("game_board", args=[game.pk])).content.decode()
        assert f"Game {game.pk}" in lobby and f"Game {game.pk}" in page
        assert f"Table {game.pk}" not in page and f"Table {game.pk}" not in lobby
    mine = client.get(reverse("my_games")).content.decode()
    assert f"Game {table.pk}" in mine and f"Game {running.pk}" in mine


@pytest.mark.parametrize("login", ["alice", "ALICE", "alice@example.com"])
def test_log_in_with_username_or_email(client, alice, login):
    response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert client.get(reverse("my_games")).status_code == 200


def test_log_in_with_a_wrong_password_or_unknown_username_is_refused(client, alice):
    form = client.get(reverse("account_login")).content.decode()
    assert "Username or email" in form or "Username or e-mail" in form
    for login, password in (("alice", "wrong-password-1"), ("nobody", PASSWORD)):
        response = client.post(reverse("account_login"), {"login": login, "password": password})
        assert response.status_code == 200
        assert "not correct" in response.content.decode()
    assert client.get(reverse("my_games")).status_code == 302  # still logged out


# --- Invitations ---------------------------------------------------------------------------------


def test_an_invitation_used_after_the_table_filled_says_so_and_offers_to_watch(client, alice, bob):
    carol = make_user("carol")
    game = start_game(alice, bob)  # public: anyone signed in may watch
    client.force_login(carol)
    response = client.get(reverse("game_invitation", args=[game.invite_token]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "The table is full" in html
    assert f'href="{game.get_absolute_url()}"' in html and "Watch the game" in html


def test_a_private_invitation_after_the_start_says_so_without_showing_the_game(
    client, alice, bob, carol
):
    game = start_game(alice, bob, private=True)
    client.force_login(carol)
    html = client.get(reverse("game_invitation", args=[game.invite_token])).content.decode()
    assert "The table is full" in html and "private game, without spectators" in html
    assert "Watch the game" not in html
    assert client.get(game.get_absolute_url()).status_code == 404
    # Its players following the link again land on their board.
    client.force_login(bob)
    html = client.get(reverse("game_invitation", args=[game.invite_token])).content.decode()
    assert 'id="board"' in html


def test_an_invitation_opened_logged_out_says_who_invites_to_what_and_comes_back(
    client, alice, django_capture_on_commit_callbacks
):
    from django.core import mail

    game = open_table(creator=alice, players=3, visibility=Game.Visibility.PRIVATE)
    invitation = reverse("game_invitation", args=[game.invite_token])
    response = client.get(invitation)
    assert response.status_code == 200
    html = response.content.decode()
    assert "alice invites you to a game of Jackal" in html
    assert f"Game {game.pk}" in html and "3 players" in html
    signup = re.search(r'href="([^"]*/signup/\?next=[^"]*)"', html).group(1).replace("&amp;", "&")
    login = re.search(r'href="([^"]*/login/\?next=[^"]*)"', html).group(1).replace("&amp;", "&")

    # Someone with an account signs in and is back at the table.
    make_user("bob")
    response = client.post(login, {"login": "bob", "password": PASSWORD})
    assert response["Location"] == invitation
    client.logout()

    # Someone new signs up, confirms the address, and is back at the table.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            signup,
            {
                "email": "dora@example.com",
                "username": "dora",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
    link = re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[-1].body).group(1)
    response = client.post(link)
    assert response.status_code == 302 and response["Location"] == invitation
    page = client.get(invitation).content.decode()
    assert "Take this seat" in page
    client.post(
        reverse("game_join", args=[game.pk]), {"seat": "1", "invite_token": game.invite_token}
    )
    assert game.seats.get(index=1).user.username == "dora"


def test_the_invitation_link_is_a_readonly_field_with_a_copy_button(client, alice):
    for visibility in Game.Visibility.values:
        game = open_table(creator=alice, players=2, visibility=visibility)
        client.force_login(alice)
        html = client.get(game.get_absolute_url()).content.decode()
        invite_url = f"http://testserver{reverse('game_invitation', args=[game.invite_token])}"
        assert re.search(rf'<input id="invite" type="text" readonly value="{invite_url}">', html)
        # Hidden until copy.js shows it: without JavaScript the field is all there is.
        assert re.search(r'<button type="button"[^>]*data-copy="invite"[^>]*hidden>Copy', html)
        assert "js/copy.js" in html


def test_join_through_an_invitation_of_a_full_table_changes_nothing(client, alice, bob, carol):
    game = open_table(creator=alice, players=2, visibility=Game.Visibility.PRIVATE)
    join_table(game.pk, bob)
    client.force_login(carol)
    response = client.post(
        reverse("game_join", args=[game.pk]),
        {"seat": "1", "invite_token": game.invite_token},
    )
    assert response.status_code == 404  # a started private game does not admit to existing
    assert list(game.seats.values_list("user__username", flat=True)) == ["alice", "bob"]
