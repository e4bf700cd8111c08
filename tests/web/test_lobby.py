"""Opening, joining and leaving tables; the start of a game; my games."""

import hashlib

import pytest
from django.urls import reverse

from games.models import Game, Seat
from games.services import TableError, join_table, leave_table, open_table
from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db


def test_open_table_through_the_form_and_join_starts_the_game(client, alice, bob):
    client.force_login(alice)
    response = client.post(
        reverse("new_table"),
        {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "0"},
        follow=True,
    )
    game = Game.objects.get()
    assert game.status == Game.Status.OPEN
    assert "starts when every seat is taken" in response.content.decode()
    assert game.seed == "" and game.state is None  # nothing is dealt before the start

    lobby = client.get(reverse("lobby")).content.decode()
    assert f"Game {game.pk}" in lobby

    client.force_login(bob)
    client.post(reverse("game_join", args=[game.pk]), {"seat": "1"})
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert game.seed_hash == hashlib.sha256(game.seed.encode()).hexdigest()
    assert game.ply == 0 and game.seat_to_act() == 0
    assert list(game.seats.values_list("user__username", flat=True)) == ["alice", "bob"]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (
            # Five seats are Jamaica's, not Jackal's (issue 15): the form says why.
            {"ruleset": "classic", "setup": "5", "visibility": "public", "bots": "0"},
            "These rules are played by 2, 3, 4 players.",
        ),
        (
            {"ruleset": "checkers", "setup": "2", "visibility": "public", "bots": "0"},
            "Select a valid choice",
        ),
        (
            {"ruleset": "classic", "setup": "2", "visibility": "secret", "bots": "0"},
            "Select a valid choice",
        ),
        (
            {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "2"},
            "at most 1 bots",
        ),
        (
            {"ruleset": "classic", "setup": "4", "visibility": "public", "bots": "-1"},
            "greater than or equal to 0",
        ),
        (
            {"ruleset": "classic", "setup": "3", "visibility": "public", "bots": "many"},
            "Enter a whole number",
        ),
        (
            {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "0", "rated": "x"},
            "Select a valid choice",
        ),
    ],
)
def test_bad_table_forms_are_refused_and_open_nothing(client, alice, form, message):
    client.force_login(alice)
    response = client.post(reverse("new_table"), form)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize(("chosen", "stored"), [("", None), ("yes", True), ("no", False)])
def test_the_table_form_sets_whether_the_game_is_rated(client, alice, chosen, stored):
    """Issue 11: rated or unrated is chosen when a table opens; empty keeps the default for the
    kind of table (public rated, invitation-only unrated: ratings.services.is_rated)."""
    client.force_login(alice)
    form = {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "0"}
    client.post(reverse("new_table"), {**form, "rated": chosen})
    assert Game.objects.get().rated is stored


def test_table_with_bots_starts_at_once(client, alice):
    client.force_login(alice)
    client.post(
        reverse("new_table"),
        {"ruleset": "classic", "setup": "2v2", "visibility": "public", "bots": "3"},
    )
    game = Game.objects.get()
    assert game.status == Game.Status.RUNNING
    assert game.teams and game.players == 4
    assert [seat.bot for seat in game.seats.all()] == ["", "random", "random", "random"]


def test_joining_twice_a_taken_seat_or_a_started_game_is_refused(alice, bob):
    carol = make_user("carol")
    game = open_table(creator=alice, players=3)
    with pytest.raises(TableError, match="already have a seat"):
        join_table(game.pk, alice)
    join_table(game.pk, bob, 1)
    with pytest.raises(TableError, match="That seat is taken"):
        join_table(game.pk, carol, 1)
    join_table(game.pk, carol, 2)
    with pytest.raises(TableError, match="no longer open"):
        join_table(game.pk, make_user("dave"))
    assert Seat.objects.filter(game=game, user__isnull=False).count() == 3


def test_join_with_a_bad_seat_number_says_so(client, alice, bob):
    game = open_table(creator=alice, players=2)
    client.force_login(bob)
    response = client.post(reverse("game_join", args=[game.pk]), {"seat": "x"}, follow=True)
    assert "Choose one of the free seats" in response.content.decode()
    response = client.post(reverse("game_join", args=[game.pk]), {"seat": "0"}, follow=True)
    assert "That seat is taken" in response.content.decode()
    assert game.seats.get(index=1).user is None


def test_leave_before_the_start_but_not_after(alice, bob):
    game = open_table(creator=alice, players=3)
    join_table(game.pk, bob)
    leave_table(game.pk, bob)
    assert game.seats.get(index=1).user is None
    with pytest.raises(TableError, match="no seat"):
        leave_table(game.pk, bob)
    running = start_game(alice, bob)
    with pytest.raises(TableError, match="has started"):
        leave_table(running.pk, bob)


def test_creator_leaving_an_empty_table_closes_it(client, alice):
    client.force_login(alice)
    game = open_table(creator=alice, players=2)
    client.post(reverse("game_leave", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert f"Game {game.pk}" not in client.get(reverse("lobby")).content.decode()


def test_private_table_is_reached_only_through_its_invitation(client, alice, bob):
    game = open_table(creator=alice, players=2, visibility=Game.Visibility.PRIVATE)
    client.force_login(bob)
    assert f"Game {game.pk}" not in client.get(reverse("lobby")).content.decode()
    assert client.get(reverse("game_board", args=[game.pk])).status_code == 404
    assert client.post(reverse("game_join", args=[game.pk])).status_code == 404
    page = client.get(reverse("game_invitation", args=[game.invite_token]))
    assert page.status_code == 200
    client.post(
        reverse("game_join", args=[game.pk]), {"seat": "1", "invite_token": game.invite_token}
    )
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert client.get(reverse("game_invitation", args=["wrong-token"])).status_code == 404


def test_my_games_lists_games_waiting_for_me_first(client, alice, bob):
    carol = make_user("carol")
    older = start_game(alice, bob)  # alice (seat 0) is to move
    waiting_for_bob = start_game(bob, alice)  # bob is to move
    open_table(creator=alice, players=2)
    start_game(bob, carol)  # not alice's
    client.force_login(alice)
    games = list(client.get(reverse("my_games")).context["games"])
    assert games[0] == older
    assert games[0].section == 0
    assert waiting_for_bob in games and games.index(waiting_for_bob) > 0
    assert len(games) == 3


def test_a_seated_player_waiting_at_a_table_sees_the_game_start(client, alice, bob):
    game = open_table(creator=alice, players=2)
    client.force_login(alice)
    waiting = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in waiting
    client.force_login(bob)  # bob only looks: no refresh for him until he sits down
    assert "http-equiv" not in client.get(reverse("game_board", args=[game.pk])).content.decode()
    join_table(game.pk, bob)
    client.force_login(alice)
    started = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert 'id="board"' in started and "http-equiv" not in started


@pytest.mark.django_db
def test_the_open_table_form_seats_bots_of_the_chosen_level(client):
    client.force_login(make_user("lena"))
    client.post(
        reverse("new_table"),
        {
            "ruleset": "classic",
            "setup": "3",
            "visibility": "public",
            "bots": "2",
            "bot_level": "strong",
        },
    )
    game = Game.objects.get(created_by__username="lena")
    assert list(game.seats.order_by("index").values_list("bot", flat=True)) == [
        "",
        "strong",
        "strong",
    ]


def test_the_lobby_offers_your_own_game_to_play_not_to_watch(client, alice, bob, carol):
    """Issue 43 (polish): the lobby said "Watch" on the games one sits at."""
    game = start_game(alice, bob)
    link = f'<a href="{game.get_absolute_url()}">'
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert f"{link}Your game</a>" in page and f"{link}Watch</a>" not in page
    client.force_login(carol)
    page = client.get(reverse("lobby")).content.decode()
    assert f"{link}Watch</a>" in page and "Your game" not in page
