"""Leaderboards, and the ratings section of each player's profile."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from .models import Ladder, Rating

ACTIVE_DAYS = 90
TOP = 50
RECENT_GAMES = 10


def active_ratings(ladder: str):
    """Players with a rated game on `ladder` in the last 90 days, best shown rating first."""
    since = timezone.now() - timedelta(days=ACTIVE_DAYS)
    return (
        Rating.objects.filter(ladder_id=ladder, last_played_at__gte=since)
        .select_related("user")
        .order_by("-shown", "-games", "user__username")
    )


@require_GET
def rankings(request: HttpRequest) -> HttpResponse:
    ladders = list(Ladder.objects.all())
    chosen = request.GET.get("ladder") or Ladder.Kind.DUEL
    if chosen not in Ladder.Kind.values:
        chosen = Ladder.Kind.DUEL
    board = active_ratings(chosen)
    top = list(board[:TOP])
    mine = None
    if request.user.is_authenticated:
        own = board.filter(user=request.user).first()
        if own is not None:
            # The place is 1 + how many active players are ahead by the board's own order.
            ahead = board.filter(
                Q(shown__gt=own.shown)
                | Q(shown=own.shown, games__gt=own.games)
                | Q(shown=own.shown, games=own.games, user__username__lt=own.user.username)
            ).count()
            mine = {"place": ahead + 1, "rating": own, "listed": any(r.pk == own.pk for r in top)}
    return render(
        request,
        "ratings/rankings.html",
        {
            "ladders": ladders,
            "ladder": next((lad for lad in ladders if lad.slug == chosen), None),
            "chosen": chosen,
            "top": list(enumerate(top, start=1)),
            "mine": mine,
            "active_days": ACTIVE_DAYS,
        },
    )
