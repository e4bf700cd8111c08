"""Jackal Archipelago's one-player puzzles on the site: the list of puzzles, each with its table
of best results (fewest turns first), and starting one (a table of one seat, unrated).

The puzzles are data of the rules (rules/archipelago/puzzles.py); a puzzle game is an ordinary
game of the ruleset "archipelago-puzzle" whose option `puzzle` names it, played on the
Archipelago board page. Its outcome scores the turn in which the last coin reached the bank
(0: failed), so the best results are the finished games of a puzzle with the lowest score above 0.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import limits, services
from games.families import families
from games.models import Game, Seat

BEST = 10  # rows of each best-results table


def _book():
    """The puzzles of the family that has them (Archipelago's)."""
    for family in families():
        if family.puzzles is not None:
            return family.puzzles
    raise Http404


def best_results(book, puzzle: str, limit: int = BEST) -> list[dict]:
    """The solved games of `puzzle`, fewest turns first (then the earliest), one row each."""
    games = Game.objects.filter(
        ruleset=book.RULESET, status=Game.Status.FINISHED, options__puzzle=puzzle
    ).order_by("finished_at")
    rows = []
    for game in games.values("pk", "outcome", "finished_at"):
        turns = int(((game["outcome"] or {}).get("scores") or {}).get("0") or 0)
        if turns > 0:
            rows.append({"game": game["pk"], "turns": turns, "finished_at": game["finished_at"]})
    rows.sort(key=lambda row: (row["turns"], row["finished_at"]))
    rows = rows[:limit]
    names = {
        seat.game_id: seat.occupant_name
        for seat in Seat.objects.filter(
            game_id__in=[r["game"] for r in rows], index=0
        ).select_related("user", "game")
    }
    for row in rows:
        row["player"] = names.get(row["game"], "")
    return rows


@require_GET
def puzzle_list(request: HttpRequest) -> HttpResponse:
    book = _book()
    listed = [{**puzzle, "best": best_results(book, puzzle["key"])} for puzzle in book.puzzles()]
    return render(request, book.LIST_TEMPLATE, {"puzzles": listed})


@login_required
@require_POST
def puzzle_start(request: HttpRequest, key: str) -> HttpResponse:
    book = _book()
    if key not in {puzzle["key"] for puzzle in book.puzzles()}:
        raise Http404
    refusal = limits.may_start_bot_game(request.user)
    if refusal:
        messages.error(request, refusal)
        return redirect("puzzles")
    try:
        game = services.open_table(
            creator=request.user, players=1, ruleset=book.RULESET, options={"puzzle": key}
        )
    except services.TableError as error:
        messages.error(request, error.message)
        return redirect("puzzles")
    # A puzzle is a game against the bear, not against people: it never counts for ratings.
    Game.objects.filter(pk=game.pk).update(rated=False)
    messages.success(
        request, _("Your puzzle has started: %(title)s.") % {"title": book.puzzle_title(key)}
    )
    return redirect(game)
