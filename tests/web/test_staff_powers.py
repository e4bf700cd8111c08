"""What staff may do at games (issue 17, item 9): being staff gives no look into private games
and no seat without an invitation; watching private games is a permission granted on purpose;
who may watch is fixed once a game has started. erin is staff without that permission, frank
holds it, zed is a superuser."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from games.models import Game
from games.services import open_table
from tests.factories import make_user, start_game
from tests.web.test_permissions import websocket_answer


def staff(username: str, *codenames: str):
    user = make_user(username)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def erin(db):
    return staff("erin", "view_game", "change_game", "view_move")


@pytest.fixture
def frank(db):
    return staff("frank", "view_game", "change_game", "view_move", "watch_private_game")


@pytest.fixture
def zed(db):
    return make_user("zed", staff=True)  # a superuser: holds every permission


class FormFields(HTMLParser):
    """The values an admin change form would post back as it stands (inputs and selects)."""

    def __init__(self):
        super().__init__()
        self.data, self._select = {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input" and attrs.get("name") and attrs.get("type") not in ("submit", "checkbox"):
            self.data[attrs["name"]] = attrs.get("value") or ""
        elif tag == "select":
            self._select = attrs.get("name")
        elif tag == "option" and self._select and "selected" in attrs:
            self.data[self._select] = attrs.get("value") or ""


def post_change_form(client, url: str, **changes) -> None:
    parser = FormFields()
    parser.feed(client.get(url).content.decode())
    client.post(url, {**parser.data, **changes})


def test_staff_alone_may_not_watch_a_private_game(client, alice, bob, erin):
    game = start_game(alice, bob, private=True)
    client.force_login(erin)
    assert client.get(reverse("game_board", args=[game.pk])).status_code == 404
    assert client.get(reverse("game_board_partial", args=[game.pk])).status_code == 404


def test_the_permission_lets_staff_watch_a_private_game(client, alice, bob, frank):
    game = start_game(alice, bob, private=True)
    client.force_login(frank)
    assert client.get(reverse("game_board", args=[game.pk])).status_code == 200
    assert client.get(reverse("game_board_partial", args=[game.pk])).status_code == 200


def test_staff_see_a_private_games_moves_in_the_admin_only_with_the_permission(
    client, alice, bob, erin, frank
):
    game = start_game(alice, bob, private=True)
    moves = reverse("admin:games_move_changelist") + f"?game__id__exact={game.pk}"
    change = reverse("admin:games_game_change", args=[game.pk])
    game.moves.create(ply=1, text="W1 e1-e2", seat=0, user=alice)
    client.force_login(erin)
    assert "W1 e1-e2" not in client.get(moves).content.decode()
    assert "W1 e1-e2" not in client.get(change).content.decode()
    client.force_login(frank)
    assert "W1 e1-e2" in client.get(moves).content.decode()
    assert "W1 e1-e2" in client.get(change).content.decode()


@pytest.mark.parametrize("who", ["erin", "frank", "zed"])
def test_no_seat_at_a_private_table_without_the_invitation(client, alice, erin, frank, zed, who):
    user = {"erin": erin, "frank": frank, "zed": zed}[who]
    table = open_table(creator=alice, players=2, visibility=Game.Visibility.PRIVATE)
    client.force_login(user)
    # The open table shows its invitation link to whoever may look at it: staff may not.
    assert client.get(reverse("game_board", args=[table.pk])).status_code == 404
    assert client.post(reverse("game_join", args=[table.pk]), {"seat": "1"}).status_code == 404
    forged = {"seat": "1", "invite_token": "not-the-token"}
    assert client.post(reverse("game_join", args=[table.pk]), forged).status_code == 404
    assert not table.seats.filter(user=user).exists()
    with_link = {"seat": "1", "invite_token": table.invite_token}
    client.post(reverse("game_join", args=[table.pk]), with_link)
    assert table.seats.filter(user=user).exists()


def test_visibility_is_fixed_once_the_game_starts(client, alice, bob, zed):
    game = start_game(alice, bob, private=True)
    client.force_login(zed)
    change = reverse("admin:games_game_change", args=[game.pk])
    post_change_form(client, change, visibility="public")
    game.refresh_from_db()
    assert game.visibility == Game.Visibility.PRIVATE
    assert 'name="visibility"' not in client.get(change).content.decode()


def test_visibility_of_an_open_table_may_still_change(client, alice, zed):
    table = open_table(creator=alice, players=2, visibility=Game.Visibility.PRIVATE)
    client.force_login(zed)
    change = reverse("admin:games_game_change", args=[table.pk])
    post_change_form(client, change, visibility="public")
    table.refresh_from_db()
    assert table.visibility == Game.Visibility.PUBLIC


@pytest.mark.django_db(transaction=True)
def test_the_live_board_of_a_private_game_follows_the_same_rule():
    alice, bob = make_user("alice"), make_user("bob")
    erin = staff("erin", "view_game")
    frank = staff("frank", "view_game", "watch_private_game")
    game = start_game(alice, bob, private=True)
    assert websocket_answer(game, erin) == "closed 4403"
    assert websocket_answer(game, frank) == "accepted"
