"""Reliability (people.reliability): from the ledger's seat actions over a player's latest games,
a newcomer at the neutral figure, on profiles and beside names in the lobby (two queries for
the page, not one a row), a table's minimum enforced at the one door for seats, and staff's
excuse of a timeout from the admin, logged with its reason."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.admin.models import LogEntry
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.models import Game, SeatAction
from games.services import TableError, join_table, open_table
from games.tasks import sweep_clocks
from people import reliability
from people.models import Excuse
from tests.factories import make_user
from tests.web.test_timeouts import play_turn

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def expected(games: int, missed: int) -> int:
    """The formula of docs/people.md, written out again."""
    return round(100 * (games - missed + 3 * 0.9) / (games + 3))


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def two_player_game(first, second, **table):
    game = open_table(creator=first, players=2, control=TimeControl(days=1), **table)
    join_table(game.pk, second)
    game.refresh_from_db()
    return game


def time_out_first_player(game, travel):
    travel.shift(DAY + timedelta(minutes=1))
    sweep_clocks()
    game.refresh_from_db()


def test_a_newcomer_is_neutral_on_the_profile(db, client):
    alice = make_user("alice")
    assert reliability.of_user(alice) == reliability.Reliability(0, 0)
    assert reliability.of_user(alice).figure == 90
    page = client.get(alice.get_absolute_url()).content.decode()
    assert "Reliability:" in page and "90% (new player)" in page
    alice.language = "ru"
    alice.save()
    client.force_login(alice)
    page = client.get(alice.get_absolute_url()).content.decode()
    assert "Надёжность:" in page and "90% (новый игрок)" in page


def test_a_timeout_counts_and_one_covered_by_vacation_does_not(db, travel):
    alice, bob = make_user("alice"), make_user("bob", auto_vacation=True)
    late = two_player_game(alice, bob)
    time_out_first_player(late, travel)  # alice (automatic vacation off) times out
    assert late.seat_actions.get().kind == SeatAction.Kind.TIMEOUT_END
    covered = two_player_game(bob, alice)  # bob's clock runs out: a vacation day pays
    time_out_first_player(covered, travel)
    assert covered.seat_actions.get().kind == SeatAction.Kind.VACATION
    figures = reliability.of_users([alice.pk, bob.pk])
    assert figures[alice.pk] == reliability.Reliability(games=2, missed=1)
    assert figures[bob.pk] == reliability.Reliability(games=2, missed=0)
    assert figures[alice.pk].figure == expected(2, 1) < figures[bob.pk].figure == expected(2, 0)


def test_early_resignations_and_seats_left_to_a_bot_count_a_late_two_player_one_not(db, travel):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    early = two_player_game(alice, bob)
    forfeits.resign(early.pk, alice, expected_ply=0)  # at once: an early resignation
    late = two_player_game(bob, alice)
    while late.ply < 3 * 2:  # past the early plies (3 per seat)
        play_turn(late)
    forfeits.resign(late.pk, alice, expected_ply=late.ply)  # a lost game conceded: fine
    three = open_table(creator=carol, players=3, control=TimeControl(days=1))
    join_table(three.pk, bob)
    join_table(three.pk, alice)
    three.refresh_from_db()
    while three.ply < 3 * 3:
        play_turn(three)
    forfeits.resign(three.pk, bob, expected_ply=three.ply)  # a bot plays on for bob
    figures = reliability.of_users([alice.pk, bob.pk, carol.pk])
    assert figures[alice.pk] == reliability.Reliability(games=3, missed=1)
    assert figures[bob.pk] == reliability.Reliability(games=3, missed=1)
    assert figures[carol.pk] == reliability.Reliability(games=1, missed=0)


def test_the_window_is_the_latest_games(db, travel):
    alice, bob = make_user("alice"), make_user("bob")
    late = two_player_game(alice, bob)
    time_out_first_player(late, travel)
    for _game in range(reliability.WINDOW):
        game = two_player_game(bob, alice)
        forfeits.resign(game.pk, bob, expected_ply=0)  # bob's misses, not alice's
    assert reliability.of_user(alice) == reliability.Reliability(reliability.WINDOW, 0)
    assert reliability.of_user(bob).missed == reliability.WINDOW


def test_staff_excuse_a_timeout_from_the_admin_with_a_reason(db, travel, client):
    alice, bob = make_user("alice"), make_user("bob")
    boss = make_user("boss", staff=True)
    game = two_player_game(alice, bob)
    time_out_first_player(game, travel)
    timeout = game.seat_actions.get()
    assert reliability.of_user(alice).missed == 1
    client.force_login(boss)
    add = reverse("admin:people_excuse_add")
    refused = client.post(add, {"action": timeout.pk, "reason": "   "})
    assert refused.status_code == 200 and not Excuse.objects.exists()
    done = client.post(add, {"action": timeout.pk, "reason": "Power cut in her town, 22 Nov."})
    assert done.status_code == 302
    excuse = Excuse.objects.get()
    assert excuse.excused_by == boss and excuse.reason == "Power cut in her town, 22 Nov."
    assert LogEntry.objects.filter(user=boss, object_id=str(excuse.pk)).exists()
    assert reliability.of_user(alice) == reliability.Reliability(1, 0)
    # Only timeouts are excused, and an excuse is never removed.
    resigned = two_player_game(bob, alice)
    resignation = forfeits.resign(resigned.pk, bob, expected_ply=0)
    page = client.post(add, {"action": resignation.pk, "reason": "no"}).content.decode()
    assert "Only a timeout can be excused." in page
    delete = reverse("admin:people_excuse_delete", args=[excuse.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert Excuse.objects.count() == 1


def test_a_table_may_ask_for_a_minimum_and_refuses_the_rest(db, travel, client):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    late = two_player_game(bob, carol)
    time_out_first_player(late, travel)  # bob: 68%
    client.force_login(alice)
    form = {
        "ruleset": "classic",
        "setup": "2",
        "visibility": "public",
        "bots": "0",
        "min_reliability": "80",
    }
    opened = client.post(reverse("new_table"), form)
    table = Game.objects.get(created_by=alice)
    assert opened.status_code == 302 and table.min_reliability == 80
    client.force_login(bob)
    page = client.post(reverse("game_join", args=[table.pk]), follow=True).content.decode()
    assert "asks for a reliability of 80% or more; yours is 68%" in page
    assert not table.seats.filter(user=bob).exists()
    with pytest.raises(TableError):
        join_table(table.pk, bob)
    join_table(table.pk, make_user("dave"))  # a newcomer is neutral: 90 >= 80
    table.refresh_from_db()
    assert table.status == Game.Status.RUNNING
    bad = dict(form, min_reliability="85")
    client.force_login(carol)
    assert client.post(reverse("new_table"), bad).status_code == 200  # not a choice: refused
    assert not Game.objects.filter(created_by=carol).exists()


def test_the_lobby_shows_reliability_beside_names_for_two_queries(db, travel, client):
    players = [make_user(f"p{number}") for number in range(12)]
    late = two_player_game(players[0], players[1])
    time_out_first_player(late, travel)

    def lobby_queries() -> tuple[int, str]:
        with CaptureQueriesContext(connection) as queries:
            page = client.get(reverse("lobby")).content.decode()
        return len(queries), page

    open_table(creator=players[0], players=2)  # p0, who timed out
    open_table(creator=players[2], players=4, min_reliability=90)
    few, page = lobby_queries()
    assert "reliability 90% or more" in page and ">new<" in page
    for person in players[3:]:
        open_table(creator=person, players=3)
    many, page = lobby_queries()
    assert many == few  # nine more tables and players: not a query more
    assert f">{expected(1, 1)}%<" in page  # p0's timeout
