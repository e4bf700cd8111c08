"""Who may do what, for every game URL and the websocket: anonymous, a stranger, a spectator,
each seat, staff. Alice and bob play; carol watches public games; mallory is a stranger to
private ones; dora is a superuser (test_staff_powers.py has staff without permissions)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from games.families.jackal import engine_state
from games.models import Game
from jackal_site.asgi import application
from tests.factories import make_user, start_game

LOGIN = "login"


@pytest.fixture
def people(db):
    return {
        "anonymous": None,
        "alice": make_user("alice"),
        "bob": make_user("bob"),
        "carol": make_user("carol"),
        "dora": make_user("dora", staff=True),
    }


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def status(response) -> int | str:
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return LOGIN
    return response.status_code


# (role, public game, private game): what GET of the board page and its partial answer.
BOARD_ACCESS = [
    ("anonymous", LOGIN, LOGIN),
    ("alice", 200, 200),
    ("bob", 200, 200),
    ("carol", 200, 404),  # a spectator of public games; a stranger to private ones
    ("dora", 200, 200),  # a superuser holds watch_private_game (a spectator's view)
]


@pytest.mark.parametrize(("role", "public", "private"), BOARD_ACCESS)
@pytest.mark.parametrize("url_name", ["game_board", "game_board_partial"])
def test_who_may_watch(people, role, public, private, url_name):
    open_game = start_game(people["alice"], people["bob"])
    closed_game = start_game(people["alice"], people["bob"], private=True)
    client = client_for(people[role])
    assert status(client.get(reverse(url_name, args=[open_game.pk]))) == public
    assert status(client.get(reverse(url_name, args=[closed_game.pk]))) == private


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", LOGIN),
        ("carol", "only its players make moves"),
        ("dora", "only its players make moves"),
        ("bob", "It is not your turn"),
        ("alice", "You played"),
    ],
)
def test_who_may_move(people, role, expected):
    game = start_game(people["alice"], people["bob"])
    move = str(engine_state(game).legal_moves()[0])
    response = client_for(people[role]).post(
        reverse("game_move", args=[game.pk]),
        {"move": move, "expected_ply": 0},
        headers={"HX-Request": "true"},
    )
    game.refresh_from_db()
    if expected == LOGIN:
        assert status(response) == LOGIN
    else:
        assert response.status_code == 200
        assert expected in response.content.decode()
    assert game.ply == (1 if role == "alice" else 0)


def test_strangers_cannot_move_in_private_games(people):
    game = start_game(people["alice"], people["bob"], private=True)
    move = str(engine_state(game).legal_moves()[0])
    response = client_for(people["carol"]).post(
        reverse("game_move", args=[game.pk]), {"move": move, "expected_ply": 0}
    )
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.ply == 0


@pytest.mark.parametrize("where", ["no such game", "an open table"])
def test_a_move_to_a_game_without_a_board_is_not_found(people, where):
    from games.services import open_table

    table = open_table(creator=people["alice"], players=2)
    game_id = table.pk + 1000 if where == "no such game" else table.pk
    for user in (people["alice"], people["carol"]):
        response = client_for(user).post(
            reverse("game_move", args=[game_id]),
            {"move": "WS G1-H1", "expected_ply": 0},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 404
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN and table.ply == 0 and not table.moves.exists()


def test_only_get_and_post_where_they_belong(people):
    game = start_game(people["alice"], people["bob"])
    alice = client_for(people["alice"])
    assert alice.get(reverse("game_move", args=[game.pk])).status_code == 405
    assert alice.get(reverse("game_join", args=[game.pk])).status_code == 405
    assert alice.get(reverse("game_leave", args=[game.pk])).status_code == 405
    assert alice.post(reverse("game_board_partial", args=[game.pk])).status_code == 405


@pytest.mark.parametrize("role", ["anonymous", "alice", "carol", "dora"])
def test_lobby_pages_by_role(people, role):
    client = client_for(people[role])
    assert status(client.get(reverse("lobby"))) == 200
    expected = LOGIN if role == "anonymous" else 200
    assert status(client.get(reverse("new_table"))) == expected
    assert status(client.get(reverse("my_games"))) == expected


def test_join_and_leave_a_running_game_are_refused(people):
    game = start_game(people["alice"], people["bob"])
    carol = client_for(people["carol"])
    page = carol.post(reverse("game_join", args=[game.pk]), follow=True).content.decode()
    assert "no longer open" in page
    page = client_for(people["bob"]).post(reverse("game_leave", args=[game.pk]), follow=True)
    assert "has started" in page.content.decode()
    assert list(game.seats.values_list("user__username", flat=True)) == ["alice", "bob"]
    assert status(Client().post(reverse("game_join", args=[game.pk]))) == LOGIN


@pytest.mark.parametrize(
    ("role", "expected"),
    [("anonymous", LOGIN), ("alice", LOGIN), ("carol", LOGIN), ("dora", 200)],
)
def test_only_staff_reach_the_admin_of_games(people, role, expected):
    game = start_game(people["alice"], people["bob"])
    client = client_for(people[role])
    for url in (
        reverse("admin:games_game_changelist"),
        reverse("admin:games_game_change", args=[game.pk]),
        reverse("admin:games_move_changelist"),
    ):
        response = client.get(url)
        got = (
            LOGIN
            if response.status_code == 302 and "/admin/login/" in response["Location"]
            else response.status_code
        )
        assert got == expected, url


def websocket_answer(game: Game, user) -> str:
    client = client_for(user)

    async def connect():
        # The origin check reads ALLOWED_HOSTS at import, before pytest-django adds "testserver".
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        if "sessionid" in client.cookies:
            headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
        communicator = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=headers)
        connected, code = await communicator.connect()
        if connected:
            await communicator.disconnect()
            return "accepted"
        return f"closed {code}"

    return async_to_sync(connect)()


@pytest.mark.django_db(transaction=True)
def test_who_may_open_the_websocket():
    alice, bob = make_user("alice"), make_user("bob")
    carol, dora = make_user("carol"), make_user("dora", staff=True)
    public = start_game(alice, bob)
    private = start_game(alice, bob, private=True)
    expected = {
        (None, public): "closed 4401",
        (None, private): "closed 4401",
        (alice, public): "accepted",
        (bob, private): "accepted",
        (carol, public): "accepted",
        (carol, private): "closed 4403",
        (dora, private): "accepted",
    }
    got = {key: websocket_answer(key[1], key[0]) for key in expected}
    assert got == expected
