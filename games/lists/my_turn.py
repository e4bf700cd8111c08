"""The my-turn queue: the games waiting for a player, most urgent first (the least time left,
then the longest waiting). Read by the header's count on every page, so it is one cheap query:
the player's seats (an index on seat.user) joined to their running games."""

from __future__ import annotations

from django.db.models import F, QuerySet
from django.utils.functional import SimpleLazyObject

from games.models import Game


def waiting_for(user) -> QuerySet[Game]:
    """Running games where `user`'s seat must act (and not played by a stand-in bot)."""
    return Game.objects.filter(
        status=Game.Status.RUNNING,
        seats__user=user,
        seats__must_act=True,
        seats__stand_in="",
    )


def most_urgent(user, *, besides: int | None = None) -> Game | None:
    games = waiting_for(user)
    if besides is not None:
        games = games.exclude(pk=besides)
    return games.order_by(
        F("deadline").asc(nulls_last=True), F("turn_started_at").asc(nulls_last=True), "pk"
    ).first()


def my_turn(request) -> dict:
    """Context processor: how many games wait for the signed-in player ("Your turn (N)").
    Counted when a template first reads it: the whole pages' header does, a board partial
    answering a move does not, and spares the query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"my_turn_count": SimpleLazyObject(lambda: waiting_for(user).count())}
