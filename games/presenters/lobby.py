"""The lobby's and my games' contexts: their lists of games, each a page at a time, with the
seats, players and reliability a game's summary shows (games/_game_summary.html), in a fixed
number of queries whatever the number of games."""

from __future__ import annotations

from django.db.models import Prefetch, prefetch_related_objects
from django.db.models.functions import Coalesce

from games import access
from games.clock import turns
from games.families import families
from games.lists import listing, paging
from games.models import Game, Seat
from people import blocks, reliability

FRIENDS_TABLES = 10  # the friends' open tables the lobby shows

# What a list of games shows of each (games/_game_summary.html): never the state JSON.
SUMMARY_FIELDS = (
    "id",
    "ruleset",
    "players",
    "teams",
    "visibility",
    "status",
    "ply",
    "created_at",
    "started_at",
    "finished_at",
    "last_move_at",
    # The clock in the summary (games/templatetags/clock_tags.py): its control and deadlines.
    "clock_kind",
    "clock_days",
    "clock_increment_days",
    "weekends_off",
    "timeout_policy",
    "vacation_allowed",
    "min_reliability",
    *turns.CLOCK_FIELDS,
)


def with_seats(games: list[Game]) -> list[Game]:
    """`games` with their seats and players: one query for the page's seats, one for their
    players, each by primary or foreign key, and two for their reliability, whatever the
    number of games or players."""
    # Ordered by seat alone: Seat's default order goes through its game (a join of games).
    # The players in a query of their own: joined to the seats, PostgreSQL hashed the whole
    # user table for a page's 150 seats (a sequential scan, 11 ms with 10,000 players).
    seats = Seat.objects.order_by("index")
    prefetch_related_objects(games, Prefetch("seats", seats), "seats__user")
    for game in games:
        # A plain list for the summary and its clock: each `game.seats.all` made a queryset
        # of its own out of the prefetched rows (some 80 a lobby page, a fifth of its time).
        game.seat_list = list(game.seats.all())
    # The reliability beside each name: two queries for the page's players, not one a row.
    reliability.attach(seat for game in games for seat in game.seat_list)
    return games


def lobby_context(user, *, tables_page: int, running_page: int) -> dict:
    """Open public tables, newest first, and public games under way, latest move first: each
    paged, from its own partial index (game_open_tables, game_running_waiting_since). Private
    games under way are listed to those who may watch them (access.sees_private_games); an open
    private table, never: its invitation is its creator's to give."""
    games = Game.objects.only(*SUMMARY_FIELDS)
    tables = paging.page_of(
        games.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC).order_by(
            "-created_at"
        ),
        tables_page,
    )
    running = paging.page_of(
        access.without_private_games(games.filter(status=Game.Status.RUNNING), user).order_by(
            Coalesce("last_move_at", "started_at").desc()
        ),
        running_page,
    )
    # The tables the people the viewer follows opened (people.blocks): a short list of its own.
    friends = list(
        games.filter(
            status=Game.Status.OPEN,
            visibility=Game.Visibility.PUBLIC,
            created_by_id__in=blocks.followed_ids(user),
        ).order_by("-created_at")[:FRIENDS_TABLES]
        if user.is_authenticated
        else []
    )
    with_seats(tables.rows + running.rows + friends)
    for game in running.rows:  # a game of your own is yours to play, not to watch
        game.viewer_seated = any(
            seat.user_id is not None and seat.user_id == user.pk for seat in game.seat_list
        )
    return {
        "tables": tables,
        "running": running,
        "friends_tables": friends,
        "family_links": [link for f in families() for link in f.lobby_links(user)],
        # Each family's "How to play", at its first ruleset's page.
        "how_to": [(f.title, f.howto_rulesets[0]) for f in families() if f.howto_rulesets],
    }


def my_games_context(user, *, page_number: int) -> dict:
    """The player's games in sections, a page at a time: one range of the seat_by_player index
    in the order games.lists.listing keeps, then those games' summaries and seats."""
    seats = Seat.objects.filter(user=user).order_by("list_section", "list_key", "game_id")
    page = paging.page_of(seats.values_list("game_id", "list_section"), page_number)
    sections = dict(page.rows)
    games = Game.objects.only(*SUMMARY_FIELDS).in_bulk(list(sections))
    page.rows = [games[game_id] for game_id in sections]
    for game in page.rows:
        game.section = sections[game.pk]
        game.section_label = listing.Section(game.section).label
    with_seats(page.rows)
    return {"page": page, "games": page.rows}
