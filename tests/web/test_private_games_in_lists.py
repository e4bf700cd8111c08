"""Private games in lists (issue 41, item 6): being staff alone gives nothing; only the
watch_private_game permission (which superusers hold) lists other people's private games, in
every admin list and every public list. erin is staff with every view permission but not that
one; frank holds it too. alice and bob play."""

from datetime import timedelta

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from games.admin.guard import GAME_PATHS
from games.models import ChatMessage, Game, Move, SeatAction, Series, SeriesGame
from games.services import open_table
from people.models import Excuse, Report, Sanction
from ratings.models import RatedGame, RatingChange
from reminders.models import Reminder
from tests.factories import make_user, start_game
from tests.web.history_kit import finished_game


def staff_member(username: str, *, watches: bool):
    user = make_user(username)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    views = Permission.objects.filter(codename__startswith="view_")
    user.user_permissions.add(*views)
    if watches:
        user.user_permissions.add(Permission.objects.get(codename="watch_private_game"))
    return user


@pytest.fixture
def erin(db):
    return staff_member("erin", watches=False)


@pytest.fixture
def frank(db):
    return staff_member("frank", watches=True)


def rows_about(game: Game, alice) -> dict[str, object]:
    """One row of every model that staff list in the admin, about `game`, by model label."""
    rows = {"games.Game": game}
    if game.is_running:
        rows["games.Move"] = Move.objects.create(game=game, ply=1, seat=0, user=alice, text="W1 e1")
    rows["games.ChatMessage"] = ChatMessage.objects.create(game=game, author=alice, text="ahoy")
    series = Series.objects.create(seed="0" * 64)
    SeriesGame.objects.create(series=series, game=game, number=1, members=[0, 1])
    rows["games.Series"] = series
    # Starting a game may already have written the first turn's reminder.
    rows["reminders.Reminder"], _new = Reminder.objects.get_or_create(
        kind=Reminder.Kind.TURN,
        user=alice,
        game=game,
        ply=0,
        defaults={"decision": Reminder.Decision.SENT, "due_at": timezone.now()},
    )
    # The people's rows about a game: a timeout excused, a report and the staff's answer to it.
    timeout = SeatAction.objects.create(
        game=game, ply=game.ply, seat=1, kind=SeatAction.Kind.TIMEOUT_BOT, user=alice
    )
    rows["people.Excuse"] = Excuse.objects.create(action=timeout, reason="ill", excused_by=alice)
    report = Report.objects.create(
        reporter=alice,
        about=alice,
        kind=Report.Kind.CONDUCT,
        text="rude",
        game=game,
        name_then="alice",
    )
    rows["people.Report"] = report
    rows["people.Sanction"] = Sanction.objects.create(
        user=alice, kind=Sanction.Kind.MUTE, reason="rude", report=report, by=alice
    )
    if game.is_over:
        rated = RatedGame.objects.create(game=game, ladder_id="1v1", ended_at=game.finished_at)
        rows["ratings.RatedGame"] = rated
        rows["ratings.RatingChange"] = RatingChange.objects.create(
            rated_game=rated,
            ladder_id="1v1",
            user=alice,
            place=1,
            mu_before=25,
            sigma_before=8,
            mu=26,
            sigma=7,
            shown=1000,
            ended_at=game.finished_at,
        )
    return rows


@pytest.fixture
def games(alice, bob):
    ended = timezone.now() - timedelta(days=1)
    made = {
        "public running": start_game(alice, bob),
        "private running": start_game(alice, bob, private=True),
        "public finished": finished_game([alice, bob], [3, 1], ended=ended),
        "private finished": finished_game([alice, bob], [2, 4], ended=ended, private=True),
    }
    return {name: (game, rows_about(game, alice)) for name, game in made.items()}


def change_url(row) -> str:
    meta = row._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[row.pk])


def changelist_url(label: str) -> str:
    app, model = label.lower().split(".")
    return reverse(f"admin:{app}_{model}_changelist")


def about_games() -> list[str]:
    return sorted(
        model._meta.label for model in admin.site._registry if model._meta.label in GAME_PATHS
    )


def test_every_admin_list_about_games_is_covered(games):
    # A new admin of rows about games must be added to rows_about (and so to this test).
    made = {label for _game, rows in games.values() for label in rows}
    assert set(about_games()) <= made


@pytest.mark.parametrize("label", about_games())
def test_staff_without_the_permission_see_no_private_game_in_an_admin_list(
    client, erin, games, label
):
    client.force_login(erin)
    response = client.get(changelist_url(label))
    assert response.status_code == 200
    html = response.content.decode()
    for name, (_game, rows) in games.items():
        if label in rows:
            listed = change_url(rows[label]) in html
            assert listed == name.startswith("public"), (label, name)
    for name, (_game, rows) in games.items():
        if name.startswith("private") and label in rows:
            assert client.get(change_url(rows[label])).status_code != 200, (label, name)


@pytest.mark.parametrize("label", about_games())
def test_the_permission_lists_private_games_in_every_admin_list(client, frank, games, label):
    client.force_login(frank)
    html = client.get(changelist_url(label)).content.decode()
    for name, (_game, rows) in games.items():
        if label in rows:
            assert change_url(rows[label]) in html, (label, name)


def board_link(game: Game) -> str:
    return f'href="/games/{game.pk}/'


def public_lists(alice) -> dict[str, str]:
    return {
        "lobby": reverse("lobby"),
        "archive": reverse("game_history"),
        "profile": reverse("player_profile", args=[alice.username]),
    }


# Which of the four games each public list shows at all (to anyone who may see them).
SHOWN_IN = {
    "lobby": {"public running", "private running"},
    "archive": {"public finished", "private finished"},
    "profile": {"public finished", "private finished"},
}


@pytest.mark.parametrize("listing", sorted(SHOWN_IN))
def test_staff_without_the_permission_see_no_private_game_in_a_public_list(
    client, alice, erin, games, listing
):
    client.force_login(erin)
    html = client.get(public_lists(alice)[listing]).content.decode()
    for name in SHOWN_IN[listing]:
        assert (board_link(games[name][0]) in html) == name.startswith("public"), name


@pytest.mark.parametrize("listing", sorted(SHOWN_IN))
def test_the_permission_lists_private_games_in_public_lists(client, alice, frank, games, listing):
    client.force_login(frank)
    html = client.get(public_lists(alice)[listing]).content.decode()
    for name in SHOWN_IN[listing]:
        assert board_link(games[name][0]) in html, name


def test_an_open_private_table_is_never_in_the_lobby(client, alice, frank):
    # Its invitation is its creator's to give: even the permission does not open it.
    table = open_table(
        creator=alice, ruleset="classic", players=2, visibility=Game.Visibility.PRIVATE
    )
    client.force_login(frank)
    assert board_link(table) not in client.get(reverse("lobby")).content.decode()


def test_my_turn_lists_only_the_staff_members_own_games(client, erin, frank, games):
    for member in (erin, frank):
        client.force_login(member)
        html = client.get(reverse("my_games")).content.decode()
        for game, _rows in games.values():
            assert board_link(game) not in html
        assert client.get(reverse("next_game"))["Location"] == reverse("my_games")
