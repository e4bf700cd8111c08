"""Every list and periodic scan reads an index (issue 14): on PostgreSQL, with a few thousand
games, their seats and ledgers built as the site would have them (tests/scale_data.py), the
plan of every query of the list pages and of beat's sweep has no sequential scan of games,
seats or moves (the admin's count, of a few pages past the page shown, is bounded by design), and
the lists that an index serves with a filter read no more rows than they show. The queries are
the pages' own, captured while they are served."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.lists import paging
from games.models import Game
from games.tasks import bot_turns_waiting_since
from tests import scale_data
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 4000
SEQUENTIAL = re.compile(r"Seq Scan on (games_game|games_seat|games_move)\b")


@pytest.fixture
def built(postgres):
    return scale_data.build(GAMES, templates=12, log=lambda *_: None)


def plan_of(sql: str, params=()) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}", params)
        return "\n".join(row[0] for row in cursor.fetchall())


def page_queries(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_no_list_query_scans_games_seats_or_moves_sequentially(client, built):
    heavy = built["heavy"]
    staff = make_user("erin", staff=True)
    running = Game.objects.filter(status="running", visibility="public").order_by("id").first()
    finished = Game.objects.filter(status="finished", ply__gt=100).order_by("id").first()
    pages = {
        heavy: [
            reverse("lobby"),
            reverse("lobby") + "?tables=2&running=3",
            reverse("my_games"),
            reverse("my_games") + "?page=3",
            reverse("game_history"),
            reverse("game_board", args=[running.pk]),
            reverse("game_board_partial", args=[running.pk]),
        ],
        staff: [
            reverse("admin:games_game_changelist"),
            reverse("admin:games_game_changelist") + "?status__exact=running",
            reverse("admin:games_move_changelist"),
            reverse("admin:games_game_change", args=[finished.pk]),
            reverse("admin:games_game_change", args=[finished.pk]) + "?ledger=3",
        ],
    }
    plans = {}
    for user, urls in pages.items():
        client.force_login(user)
        for url in urls:
            for number, sql in enumerate(page_queries(client, url)):
                if re.search(r"games_(game|seat|move)", sql) and sql.lstrip().startswith("SELECT"):
                    plans[f"{url} #{number}"] = plan_of(sql)
    stuck = bot_turns_waiting_since(timezone.now() - timedelta(minutes=1))
    sweep, params = stuck.query.sql_with_params()
    plans["beat: bot turns waiting"] = plan_of(sweep, params)
    assert len(plans) > 20
    # The admin's count (games.lists.paging.LookAheadPaginator) reads a few pages past the first
    # (of 100 moves at most) whichever way it goes: it is bounded by design, not by an index.
    capped = re.compile(r"Aggregate.*\n\s*->\s+Limit\s+\(cost=[\d.]+ rows=(\d+)")
    most = (1 + paging.PAGES_AHEAD) * 100 + 1
    bounded = {
        name
        for name, plan in plans.items()
        if (match := capped.match(plan)) and int(match.group(1)) <= most
    }
    scans = {
        name: plan
        for name, plan in plans.items()
        if SEQUENTIAL.search(plan) and name not in bounded
    }
    assert not scans, "\n\n".join(f"{name}:\n{plan}" for name, plan in scans.items())


def rows_thrown_away(sql: str) -> int:
    """How many rows the query read and then dropped (EXPLAIN ANALYZE's "Rows Removed")."""
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN ANALYZE {sql}")
        plan = "\n".join(row[0] for row in cursor.fetchall())
    return sum(int(n) for n in re.findall(r"Rows Removed by (?:Filter|Index Recheck): (\d+)", plan))


def test_the_archive_and_the_turn_count_read_only_the_rows_they_need(client, built):
    """The archive's first page starts at the latest finished game: a descending index of every
    game puts the unfinished ones (no end: NULL, first in PostgreSQL's descending order) ahead
    of it, a third of all games to walk through (game_archive_ended is partial). The header's
    "Your turn (N)" reads the seats that must act, not every seat of a player who sits at
    hundreds of tables (seat_to_act)."""
    client.force_login(built["heavy"])
    queries = page_queries(client, reverse("game_history"))
    archive = next(sql for sql in queries if 'ORDER BY "games_game"."finished_at" DESC' in sql)
    turn_count = next(sql for sql in queries if "COUNT(" in sql and "must_act" in sql)
    # A few private games of others, skipped on the way: not the ~1,200 unfinished games.
    assert rows_thrown_away(archive) < 100
    assert rows_thrown_away(turn_count) < 20
