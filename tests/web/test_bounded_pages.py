"""Every list is a page (issue 14): "my games" in its sections, the lobby, the admin's lists and
the ledger on the admin's game page; each costs the same number of queries however many rows
there are, and none reads a game's state JSON."""

import random
import re
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.lists import paging
from games.lists.listing import Section
from games.models import Seat
from games.services import abort_game, open_table, submit_move
from tests.factories import make_user, start_game
from tests.web.test_ledger import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(paging, "PER_PAGE", 3)


def queries_of(client, url: str) -> tuple[list[str], str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return [query["sql"] for query in captured.captured_queries], response.content.decode()


def reads_state(sql: list[str]) -> bool:
    return any(re.search(r'"games_game"\."state"', query) for query in sql)


def game_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"<strong>Game (\d+)</strong>", html)]


SAIL = "WS G1-H1"  # reveals nothing: the turn passes to the next seat


def test_my_games_come_in_sections_and_pages(client, alice, bob, small_pages):
    now = timezone.now()
    # Games waiting for alice, the one waiting longest first: bob moved there two days ago.
    my_turn = [start_game(bob, alice) for _ in range(2)]
    for days, game in ((1, my_turn[0]), (2, my_turn[1])):
        with time_machine.travel(now - timedelta(days=days), tick=False):
            submit_move(game.pk, seat_index=0, text=SAIL, expected_ply=0)
    their_turn = start_game(bob, alice)
    table = open_table(creator=alice, players=3)
    finished = [start_game(alice, bob) for _ in range(2)]
    for days, game in ((0, finished[0]), (1, finished[1])):
        with time_machine.travel(now - timedelta(days=days), tick=False):
            abort_game(game.pk, "test")
    start_game(bob, make_user("carol"))  # not alice's
    client.force_login(alice)

    pages = [client.get(reverse("my_games"), {"page": n}).content.decode() for n in (1, 2, 3)]
    expected = [my_turn[1], my_turn[0], their_turn, table, finished[0], finished[1]]
    assert game_ids(pages[0]) + game_ids(pages[1]) == [game.pk for game in expected]
    assert game_ids(pages[2]) == [] and "No more games." in pages[2]
    assert pages[0].index("Your turn") < pages[0].index("Waiting for the others")
    assert "Tables waiting for players" in pages[1] and "Finished" in pages[1]
    assert 'href="?page=2"' in pages[0] and 'href="?page=1"' in pages[1]
    assert 'href="?page=3"' not in pages[1]


def test_a_move_moves_the_game_between_its_players_sections(client, alice, bob):
    game = start_game(alice, bob)

    def sections():
        return dict(Seat.objects.filter(game=game).values_list("user__username", "list_section"))

    assert sections() == {"alice": Section.MY_TURN, "bob": Section.OTHERS_TURN}
    submit_move(game.pk, seat_index=0, text=SAIL, expected_ply=0)
    assert sections() == {"alice": Section.OTHERS_TURN, "bob": Section.MY_TURN}
    abort_game(game.pk, "test")
    assert sections() == {"alice": Section.OVER, "bob": Section.OVER}


def test_my_games_costs_the_same_queries_for_3_or_12_games_and_never_reads_state(
    client, alice, bob
):
    client.force_login(alice)
    for _ in range(3):
        start_game(alice, bob)
    few, _ = queries_of(client, reverse("my_games"))
    for _ in range(9):
        start_game(bob, alice)
    many, html = queries_of(client, reverse("my_games"))
    assert len(game_ids(html)) == 12
    assert len(few) == len(many)
    assert not reads_state(few + many)


def test_the_lobby_pages_its_tables_and_running_games(client, small_pages):
    people = [make_user(f"p{n}") for n in range(8)]
    tables = [open_table(creator=person, players=2) for person in people[:4]]
    running = [start_game(people[n], people[n + 1]) for n in range(0, 8, 2)]
    first = client.get(reverse("lobby")).content.decode()
    second = client.get(reverse("lobby"), {"tables": 2, "running": 2}).content.decode()
    newest_tables = [t.pk for t in reversed(tables)]
    shown = game_ids(first) + game_ids(second)
    assert [pk for pk in shown if pk in newest_tables] == newest_tables
    assert sorted(pk for pk in shown if pk not in newest_tables) == [g.pk for g in running]
    assert 'href="?tables=2"' in first and 'href="?running=2"' in first
    sql, _ = queries_of(client, reverse("lobby"))
    assert not reads_state(sql)


@pytest.fixture
def erin():
    return make_user("erin", staff=True)


def test_the_admin_game_page_shows_the_ledger_a_page_at_a_time(client, alice, bob, erin):
    game = start_game(alice, bob)
    client.force_login(erin)
    url = reverse("admin:games_game_change", args=[game.pk])
    play(game, 5, random.Random(1))
    client.get(url)  # the admin's first page reads and keeps the content types
    short, html = queries_of(client, url)
    assert html.count("<tr><td>") == 5
    play(game, 70, random.Random(2))
    game.refresh_from_db()
    long, html = queries_of(client, url)
    assert len(short) == len(long)  # not one query per ledger row
    plies = [int(ply) for ply in re.findall(r"<tr><td>(\d+)</td>", html)]
    assert plies == list(range(game.ply, game.ply - 50, -1))  # the latest 50, latest first
    older = client.get(url, {"ledger": 2}).content.decode()
    assert [int(p) for p in re.findall(r"<tr><td>(\d+)</td>", older)][0] == game.ply - 50
    assert game.seed not in html


def test_the_admin_lists_do_not_count_whole_tables(client, alice, bob, erin):
    game = start_game(alice, bob)
    play(game, 3, random.Random(3))
    client.force_login(erin)
    for name in ("admin:games_game_changelist", "admin:games_move_changelist"):
        sql, _ = queries_of(client, reverse(name))
        # The header's "Your turn (N)" counts the staff member's own seats only
        # (games.lists.my_turn).
        counts = [
            query
            for query in sql
            if "COUNT(" in query.upper() and '"games_seat"."user_id" =' not in query
        ]
        # The one count there is, is of the rows up to PAGES_AHEAD pages past the first.
        per_page = 50 if name == "admin:games_game_changelist" else 100
        limit = (1 + paging.PAGES_AHEAD) * per_page + 1
        assert len(counts) == 1 and f"LIMIT {limit}" in counts[0]


def test_an_admin_list_counts_a_few_pages_past_the_page_shown(client, alice, erin, monkeypatch):
    """Beyond what it counted, the changelist says "N+" and links the pages counted; a later
    page counts further."""
    monkeypatch.setattr(paging, "PAGES_AHEAD", 2)
    for _ in range(8):
        open_table(creator=alice, players=2)
    client.force_login(erin)
    url = reverse("admin:games_game_changelist")
    with monkeypatch.context() as small:
        small.setattr("games.admin.game.GameAdmin.list_per_page", 2)
        small.setattr("games.admin.game.GameAdmin.list_max_show_all", 3)
        first = client.get(url).content.decode()
        assert "6+ games" in first
        # Counted: 7 rows of the 6 asked for and one more, so a fourth page exists.
        assert re.findall(r'href="\?p=(\d+)"', first) == ["2", "3", "4"]
        third = client.get(url, {"p": 3}).content.decode()
        assert "8 games" in third and "+ games" not in third
        assert re.findall(r'href="\?p=(\d+)"', third) == ["1", "2", "4"]
    # A short list is counted whole, as Django counts it.
    assert "8 games" in client.get(url).content.decode()
