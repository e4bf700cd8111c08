"""Reliability: how often a player plays their games to the end themselves, from the ledger's
seat actions (docs/people.md has the formula and why).

Over a player's latest `WINDOW` games that started (running or finished), a game is *missed*
when the player's seat has any of:

- a timeout (`timeout-end`, `timeout-bot`, `timeout-skip`) that staff did not excuse
  (people.Excuse); a clock that ran out and was paid for by a vacation day is a `vacation`
  seat action, not a timeout, and is not counted;
- a resignation early in the game (before the game's ply reached `EARLY_PLIES_PER_SEAT` per
  seat);
- a resignation at a table of three or more, where a bot then plays on for the seat: the seat
  was given to a bot, and the others play against it.

    figure = 100 * (kept + PRIOR_GAMES * NEUTRAL) / (games + PRIOR_GAMES)

A newcomer (no games) is at the neutral figure, 90; each game kept pulls it up towards 100, each
missed one down towards 0, and after the window's 20 games the prior weighs a seventh.

A seat a substitute took (people.substitutes) stays in its first player's window with what
happened before (their timeout), and counts for the substitute only from then on.

Cheap by construction: `of_users` takes a whole page's players and answers in three queries,
whatever their number (the lobby shows a figure beside every name).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Exists, F, OuterRef, Q, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, Seat, SeatAction

from .models import Excuse, Substitution

WINDOW = 20
PRIOR_GAMES = 3
NEUTRAL = 0.9
EARLY_PLIES_PER_SEAT = 3
INFINITY = float("inf")
NEW_UNTIL = 3  # fewer games than this, none missed: shown as a newcomer

Kind = SeatAction.Kind
TIMEOUTS = (Kind.TIMEOUT_END, Kind.TIMEOUT_BOT, Kind.TIMEOUT_SKIP)
MISS_KINDS = (*TIMEOUTS, Kind.RESIGN)


@dataclass(frozen=True)
class Reliability:
    games: int  # games in the window
    missed: int

    @property
    def figure(self) -> int:
        kept = self.games - self.missed
        return round(100 * (kept + PRIOR_GAMES * NEUTRAL) / (self.games + PRIOR_GAMES))

    @property
    def is_new(self) -> bool:
        """Too few games to say much, and none missed: shown as "new" (a miss always shows)."""
        return self.games < NEW_UNTIL and not self.missed

    def words(self) -> str:
        if self.is_new:
            return _("%(figure)d%% (new player)") % {"figure": self.figure}
        return ngettext(
            "%(figure)d%% (%(missed)d of the last %(games)d game missed)",
            "%(figure)d%% (%(missed)d of the last %(games)d games missed)",
            self.games,
        ) % {
            "figure": self.figure,
            "missed": self.missed,
            "games": self.games,
        }


NEWCOMER = Reliability(0, 0)


def is_miss(kind: str, ply: int, players: int, excused: bool) -> bool:
    if kind in TIMEOUTS:
        return not excused
    if kind == Kind.RESIGN:
        return players > 2 or ply < EARLY_PLIES_PER_SEAT * players
    return False


def of_users(user_ids) -> dict[int, Reliability]:
    """The reliability of each of `user_ids` (three queries for them all)."""
    ids = {user_id for user_id in user_ids if user_id is not None}
    if not ids:
        return {}
    # Each player's seats: (game, seat, players, the seat actions that are theirs: after the
    # substitution they took the seat by, before the one that took it from them).
    held: dict[int, list[tuple[int, int, int, int, float]]] = {user_id: [] for user_id in ids}
    # Each player's latest games that started, numbered from the latest (game ids grow with
    # the tables' opening): the window, in one query.
    # Each player's latest games that started, newest first (game ids grow with the tables'
    # opening), in one query: a short, separately limited read per player, joined to its games
    # by their keys. One window over every seat of a page's players made PostgreSQL scan the
    # seats and the games tables whole.
    recent = _latest_started_seats(ids)
    for user_id, game_id, index, players in recent:
        held[user_id].append((game_id, index, players, 0, INFINITY))
    # Seats a substitute took: the first player keeps the game and what happened before; the
    # substitute answers only for what came after.
    substitutions = list(
        Substitution.objects.filter(Q(original_id__in=ids) | Q(substitute_id__in=ids)).values_list(
            "game_id", "seat", "original_id", "substitute_id", "action_id"
        )
    )
    # Their games' sizes by key, read only when there are any (most pages have none).
    sizes = (
        dict(
            Game.objects.filter(pk__in={row[0] for row in substitutions})
            .order_by()
            .values_list("pk", "players")
        )
        if substitutions
        else {}
    )
    for game_id, seat, original, substitute, action_id in substitutions:
        players = sizes[game_id]
        if original in held:
            held[original].append((game_id, seat, players, 0, action_id))
        if substitute in held:
            held[substitute] = [
                (g, i, p, action_id if (g, i) == (game_id, seat) else after, before)
                for g, i, p, after, before in held[substitute]
            ]
    for user_id in ids:
        held[user_id] = sorted(held[user_id], reverse=True)[:WINDOW]
    games = {game_id for entries in held.values() for game_id, *_rest in entries}
    actions: dict[tuple[int, int], list[tuple[int, str, int, bool]]] = {}
    if games:
        for pk, game_id, seat, kind, ply, excused in (
            SeatAction.objects.filter(game_id__in=games, kind__in=MISS_KINDS)
            .annotate(excused=Exists(Excuse.objects.filter(action=OuterRef("pk"))))
            .values_list("pk", "game_id", "seat", "kind", "ply", "excused")
        ):
            actions.setdefault((game_id, seat), []).append((pk, kind, ply, excused))
    figures = {}
    for user_id, entries in held.items():
        missed = sum(
            any(
                after < pk < before and is_miss(kind, ply, players, excused)
                for pk, kind, ply, excused in actions.get((game_id, seat), ())
            )
            for game_id, seat, players, after, before in entries
        )
        figures[user_id] = Reliability(len(entries), missed)
    return figures


def of_user(user) -> Reliability:
    return of_users([user.pk]).get(user.pk, NEWCOMER)


def attach(seats) -> None:
    """Give each of `seats` whose player is a person `seat.reliability` (for the lobby's
    names), all at once."""
    seats = list(seats)
    figures = of_users(seat.user_id for seat in seats)
    for seat in seats:
        seat.reliability = figures.get(seat.user_id)


def _latest_started_seats(ids: set[int]):
    """(user, game, seat index, players) of each player's latest WINDOW started games, in one
    query. On PostgreSQL, a short read per player, limited on its own and joined to its games by
    their keys: one window over every seat of a page's players made it scan the seats and the
    games whole. SQLite takes no LIMIT inside a UNION: there, that one window."""
    started = Q(
        game__started_at__isnull=False,
        game__status__in=[Game.Status.RUNNING, Game.Status.FINISHED],
    )
    columns = ("user_id", "game_id", "index", "game__players")
    if not connection.features.supports_slicing_ordering_in_compound:
        return (
            Seat.objects.filter(started, user_id__in=ids)
            .annotate(
                latest=Window(
                    RowNumber(), partition_by=[F("user_id")], order_by=F("game_id").desc()
                )
            )
            .filter(latest__lte=WINDOW)
            .values_list(*columns)
        )
    per_player = [
        Seat.objects.filter(started, user_id=user_id)
        .order_by("-game_id")
        .values_list(*columns)[:WINDOW]
        for user_id in sorted(ids)
    ]
    return per_player[0].union(*per_player[1:], all=True)
