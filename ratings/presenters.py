"""What the rankings page shows (`rankings_context`), and what a player's profile shows of ratings
and games (the `player_ratings` template tag)."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games.presenters.archive import archive_context

from .chart import rating_chart
from .models import Ladder, Rating, RatingChange, Standing, shown_rating

ACTIVE_DAYS = 90
TOP = 50


def active_ratings(ladder: str):
    """Players with a rated game on `ladder` in the last 90 days, best shown rating first."""
    since = timezone.now() - timedelta(days=ACTIVE_DAYS)
    return (
        Rating.objects.filter(ladder_id=ladder, last_played_at__gte=since)
        .select_related("user")
        .order_by("-shown", "-games", "user__username")
    )


def rankings_context(user, ladder: str | None) -> dict:
    """The leaderboard of `ladder` (the duel's if it names none): its top players, and where
    `user` stands on it if they are active there."""
    ladders = list(Ladder.objects.all())
    chosen = ladder if ladder in Ladder.Kind.values else Ladder.Kind.DUEL
    board = active_ratings(chosen)
    top = list(board[:TOP])
    mine = None
    if user.is_authenticated:
        own = board.filter(user=user).first()
        if own is not None:
            # The place is 1 + how many active players are ahead by the board's own order.
            ahead = board.filter(
                Q(shown__gt=own.shown)
                | Q(shown=own.shown, games__gt=own.games)
                | Q(shown=own.shown, games=own.games, user__username__lt=own.user.username)
            ).count()
            mine = {"place": ahead + 1, "rating": own, "listed": any(r.pk == own.pk for r in top)}
    return {
        "ladders": ladders,
        "ladder": next((lad for lad in ladders if lad.slug == chosen), None),
        "chosen": chosen,
        "top": list(enumerate(top, start=1)),
        "mine": mine,
        "active_days": ACTIVE_DAYS,
    }


def profile_context(request: HttpRequest, player) -> dict:
    """What a profile shows about ratings and games: each ladder's rating with its chart, the
    player's archive (recent games first), and their record against the viewer."""
    ratings = {r.ladder_id: r for r in Rating.objects.filter(user=player)}
    history: dict[str, list[int]] = {}
    changes = RatingChange.objects.filter(user=player).order_by("ended_at", "id")
    for ladder, shown, mu_before, sigma_before in changes.values_list(
        "ladder_id", "shown", "mu_before", "sigma_before"
    ):
        # The chart starts from the rating before the first game (a newcomer's 1000).
        line = history.setdefault(ladder, [shown_rating(mu_before, sigma_before)])
        line.append(shown)
    ladders = []
    for ladder in Ladder.objects.all():
        rating = ratings.get(ladder.slug)
        if rating is None:
            continue
        label = _("%(player)s's rating, %(ladder)s, after each rated game") % {
            "player": player.public_name,
            "ladder": ladder.name,
        }
        ladders.append(
            {
                "ladder": ladder,
                "rating": rating,
                "chart": mark_safe(rating_chart(history.get(ladder.slug, []), label=label)),
            }
        )
    context = {"player": player, "rating_ladders": ladders}
    context.update(archive_context(request, player))
    viewer = request.user
    if viewer.is_authenticated and viewer.pk != player.pk:
        context["head_to_head"] = head_to_head(player, viewer)
    return context


def head_to_head(player, viewer) -> dict:
    """Finished games both played against each other: who placed ahead of whom (a shared place
    is a tie). Partners in a 2-vs-2 game were not opponents: those games are left out."""
    mine = Standing.objects.filter(user=viewer, game__standings__user=player).values_list(
        "place", "seat", "game__standings__place", "game__standings__seat", "game__teams"
    )
    record = {"games": 0, "ahead": 0, "behind": 0, "level": 0}
    for my_place, my_seat, their_place, their_seat, teams in mine:
        if teams and my_seat % 2 == their_seat % 2:
            continue
        record["games"] += 1
        if their_place < my_place:
            record["ahead"] += 1  # the profile's player placed ahead of the viewer
        elif their_place > my_place:
            record["behind"] += 1
        else:
            record["level"] += 1
    return record
