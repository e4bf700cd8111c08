"""The archive's context: games that were played to an end (or stopped), newest end first,
with filters; for the archive page (games.views.history) and a player's profile (ratings).

One query for the page of games, one for its seats and their players. Pages are cut by their
last game's (end, id), not by a count and an offset: a page reads its 26 rows from the
`game_archive_ended` index wherever it is in the archive, where OFFSET would walk every row
before it (and a COUNT every row): with 100,000 games those two were most of the page's time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django import forms
from django.db.models import Exists, OuterRef, Q, QuerySet, prefetch_related_objects
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from games import access
from games.families import family_of, ruleset_choices
from games.models import Game, Seat
from games.teams import grouped, team_of
from jackal_site.request_input import MAX_ID, BadNumber, parse_int
from ratings.models import Standing

PER_PAGE = 25
ENDS = {
    "all coins gone": gettext_lazy("coins"),
    "agreement": gettext_lazy("agreement"),
    "stalemate": gettext_lazy("no progress"),
    "timeout": gettext_lazy("timeout"),
    "resignation": gettext_lazy("resignation"),
    "race": gettext_lazy("the race is over"),  # Jamaica
    "solved": gettext_lazy("puzzle solved"),  # an Archipelago puzzle
    "failed": gettext_lazy("puzzle failed"),
}


class ArchiveFilter(forms.Form):
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        required=False,
        choices=lambda: [("", gettext_lazy("any")), *ruleset_choices()],
    )
    players = forms.ChoiceField(
        label=gettext_lazy("Players"),
        required=False,
        choices=[
            ("", gettext_lazy("any")),
            ("2", "2"),
            ("3", "3"),
            ("4", gettext_lazy("4, each for themselves")),
            ("2v2", gettext_lazy("2 against 2")),
        ],
    )
    rated = forms.ChoiceField(
        label=gettext_lazy("Rated"),
        required=False,
        choices=[
            ("", gettext_lazy("any")),
            ("yes", gettext_lazy("rated")),
            ("no", gettext_lazy("unrated")),
        ],
    )
    result = forms.ChoiceField(
        label=gettext_lazy("Result"),
        required=False,
        choices=[
            ("", gettext_lazy("any")),
            ("won", gettext_lazy("won")),
            ("lost", gettext_lazy("lost")),
        ],
    )
    opponent = forms.CharField(label=gettext_lazy("Opponent"), required=False, max_length=150)


@dataclass
class ArchiveRow:
    game: Game
    players: list[dict]
    result: str
    plies: int
    days: int
    end: str
    # Families that draw replays (SiteFamily.replays: Jackal, Archipelago) link the viewer;
    # others link their board.
    replayable: bool = True


def finished_games(viewer=None) -> QuerySet[Game]:
    """Games that were dealt and are over, that `viewer` may see: public ones, and private ones
    where they had a seat, and every private one to holders of the watch permission (being staff
    alone gives nothing: access.sees_private_games)."""
    games = Game.objects.filter(
        status__in=[Game.Status.FINISHED, Game.Status.ABORTED],
        started_at__isnull=False,
        # Always true of a game that is over; said so that the partial index game_archive_ended
        # (games with an end only) serves the list.
        finished_at__isnull=False,
    )
    if viewer is None or not viewer.is_authenticated:
        games = games.filter(visibility=Game.Visibility.PUBLIC)
    elif not access.sees_private_games(viewer):
        seated = Seat.objects.filter(game=OuterRef("pk"), user=viewer)
        games = games.filter(Q(visibility=Game.Visibility.PUBLIC) | ProbedExists(seated))
    return games.order_by("-finished_at", "-id")


class ProbedExists(Exists):
    """EXISTS checked for each row it is asked of, through an index (seat_one_per_user), never
    by reading the whole subquery first. Beside an OR, PostgreSQL turned the plain EXISTS into
    a hashed set of every seat of the viewer (4,670 of a player in one game in 20 at 100,000
    games: 12 ms warm, 200 ms cold) to filter a page of 26 rows; `OFFSET 0` keeps the
    subquery as it is written (0.8 ms). SQLite reads it as it reads the plain one."""

    template = "EXISTS(%(subquery)s OFFSET 0)"


def filter_games(games: QuerySet[Game], data: dict, player: User | None) -> QuerySet[Game]:
    """Apply the archive's filters; `player` is whose results "won"/"lost" and "opponent" mean
    (the profile's player, or the viewer on the archive page)."""
    if data.get("ruleset"):
        games = games.filter(ruleset=data["ruleset"])
    setup = data.get("players")
    if setup == "2v2":
        games = games.filter(players=4, teams=True)
    elif setup == "4":
        games = games.filter(players=4, teams=False)
    elif setup in ("2", "3"):
        games = games.filter(players=int(setup))
    # Whether a game was rated, and who won it, are the ratings app's record of the game (its
    # standings are written for every finished game, rated or not, once it ends).
    if data.get("rated") == "yes":
        games = games.filter(rating_record__ladder__isnull=False)
    elif data.get("rated") == "no":
        games = games.exclude(rating_record__ladder__isnull=False)
    if player is not None:
        if data.get("result") in ("won", "lost"):
            won = data["result"] == "won"
            placed = Standing.objects.filter(game=OuterRef("pk"), user=player, won=won)
            games = games.filter(status=Game.Status.FINISHED).filter(Exists(placed))
        if data.get("opponent"):
            against = Seat.objects.filter(
                game=OuterRef("pk"), user__username__iexact=data["opponent"].strip()
            )
            mine = Seat.objects.filter(game=OuterRef("pk"), user=player)
            games = games.filter(Exists(against)).filter(Exists(mine))
    elif data.get("opponent"):
        named = Seat.objects.filter(game=OuterRef("pk"), user__username__iexact=data["opponent"])
        games = games.filter(Exists(named))
    return games


def rows_for(games: list[Game]) -> list[ArchiveRow]:
    seats_by_game: dict[int, list[Seat]] = {}
    seats = list(Seat.objects.filter(game__in=[g.pk for g in games]).order_by())
    # The players by primary key, not joined: a join hashed the whole user table (lobby.py).
    prefetch_related_objects(seats, "user")
    for seat in seats:
        seats_by_game.setdefault(seat.game_id, []).append(seat)
    rows = []
    for game in games:
        seats = sorted(seats_by_game.get(game.pk, []), key=lambda s: s.index)
        outcome = game.outcome or {}
        scores = outcome.get("scores", {})
        first = set((outcome.get("ranking") or [[]])[0])
        if len(first) >= game.players:
            first = set()  # every seat shares the first place: a draw, nobody won
        crews = family_of(game.ruleset).seat_crews(game.players, game.teams)
        # Two against two, partners side by side (the row says "against" between the teams)
        # and the result is the teams' totals, which is what partners bank together.
        teams = grouped(seats, game.teams)
        players = [
            {
                "name": seat.occupant_name,
                "user": seat.user,
                "crews": crews[seat.index],
                "coins": scores.get(str(seat.index)),
                "won": game.status == Game.Status.FINISHED and seat.index in first,
                "opens_team": game.teams and seat is team[0] and team is not teams[0],
            }
            for team in teams
            for seat in team
        ]
        if game.status == Game.Status.ABORTED:
            end, result = _("aborted"), _("no result")
        else:
            end = str(ENDS.get(outcome.get("reason", ""), outcome.get("reason", "")))
            totals = (
                [_team_coins(outcome, team, game.teams) for team in teams]
                if game.teams
                else [p["coins"] for p in players]
            )
            result = "–".join(str(n or 0) for n in totals)
        start, stop = game.started_at, game.finished_at or game.started_at
        rows.append(
            ArchiveRow(
                game=game,
                players=players,
                result=result,
                plies=game.ply,
                days=max(0, (stop - start).days) if start and stop else 0,
                end=end,
                replayable=family_of(game.ruleset).replays,
            )
        )
    return rows


def _team_coins(outcome: dict, team: list[Seat], teams: bool) -> int | None:
    """What a team banked: the outcome's team total where the rules give one (Jackal), else its
    first seat's score, which the rules count as the team's (Archipelago scores each partner
    with the team's coins)."""
    totals = outcome.get("team_scores")
    if totals:
        return totals.get(str(team_of(team[0].index, teams)))
    return (outcome.get("scores") or {}).get(str(team[0].index))


def archive_context(request: HttpRequest, player: User | None = None) -> dict:
    """The archive's filters, page and rows: for the archive page and for a profile."""
    form = ArchiveFilter(request.GET or None)
    data = form.cleaned_data if form.is_valid() else {}
    games = finished_games(request.user)
    if player is not None:
        games = games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=player)))
    who = player or (request.user if request.user.is_authenticated else None)
    games = filter_games(games.defer("state").select_related("rating_record"), data, who)
    page = keyset_page(games, before=request.GET.get("before"), after=request.GET.get("after"))
    query = request.GET.copy()
    for key in ("before", "after"):
        query.pop(key, None)
    return {
        "form": form,
        "page": page,
        "rows": rows_for(page.games),
        "query": query.urlencode(),
        "for_player": player,
    }


@dataclass
class KeysetPage:
    games: list[Game]
    newer: str = ""  # the cursor of the page before (newer games), if any
    older: str = ""  # the cursor of the page after (older games), if any
    first: bool = True


def _cursor(game: Game) -> str:
    return f"{game.finished_at.isoformat()}_{game.pk}"


def _parse_cursor(text: str | None):
    if not text:
        return None
    stamp, _sep, pk = text.rpartition("_")
    try:
        return datetime.fromisoformat(stamp), parse_int(pk, minimum=1, maximum=MAX_ID)
    except (ValueError, BadNumber):
        return None  # a cursor this site did not write: the first page


def keyset_page(games: QuerySet[Game], *, before: str | None, after: str | None) -> KeysetPage:
    """PER_PAGE games ending before the `before` cursor (older), or after `after` (newer)."""
    older_than, newer_than = _parse_cursor(before), _parse_cursor(after)
    if newer_than is not None:
        stamp, pk = newer_than
        newer = Q(finished_at__gt=stamp) | Q(finished_at=stamp, id__gt=pk)
        # The plain bound beside the OR lets the planner seek the index rather than walk it.
        newer_rows = games.filter(newer, finished_at__gte=stamp)
        rows = list(newer_rows.order_by("finished_at", "id")[: PER_PAGE + 1])
        more_newer = len(rows) > PER_PAGE
        rows = rows[:PER_PAGE][::-1]
        page = KeysetPage(rows, first=not more_newer)
        page.newer = _cursor(rows[0]) if more_newer else ""
        page.older = _cursor(rows[-1]) if rows else ""
        return page
    if older_than is not None:
        stamp, pk = older_than
        older = Q(finished_at__lt=stamp) | Q(finished_at=stamp, id__lt=pk)
        games = games.filter(older, finished_at__lte=stamp)
    rows = list(games[: PER_PAGE + 1])
    page = KeysetPage(rows[:PER_PAGE], first=older_than is None)
    if len(rows) > PER_PAGE:
        page.older = _cursor(rows[PER_PAGE - 1])
    if older_than is not None and page.games:
        page.newer = _cursor(page.games[0])
    return page
