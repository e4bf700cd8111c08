"""What the people's pages show: the seats that need a player, with each table's rating and the
reliability it asks for (a handful of queries for the page, not one a seat)."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Prefetch, prefetch_related_objects

from games.clock import turns
from games.models import Seat
from ratings.models import Rating
from ratings.services import ladder_for

from . import reliability, substitutes


def seats_context(viewer, low: int | None, high: int | None) -> dict:
    vacancies = substitutes.offered_seats()
    seats = Seat.objects.select_related("user").order_by("index")
    prefetch_related_objects([vacancy.game for vacancy in vacancies], Prefetch("seats", seats))
    # Each table's rating: the mean shown rating of the people still playing it, on its ladder.
    wanted = defaultdict(set)
    for vacancy in vacancies:
        for seat in vacancy.game.seats.all():
            if seat.user_id and not seat.plays_by_bot:
                wanted[ladder_for(vacancy.game)].add(seat.user_id)
    shown = {
        (ladder, user_id): figure
        for ladder, user_id, figure in Rating.objects.filter(
            ladder__slug__in=list(wanted), user_id__in={u for us in wanted.values() for u in us}
        ).values_list("ladder__slug", "user_id", "shown")
    }
    mine = reliability.of_user(viewer).figure if viewer.is_authenticated else None
    rows = []
    for vacancy in vacancies:
        ladder = ladder_for(vacancy.game)
        people = [
            seat
            for seat in vacancy.game.seats.all()
            if seat.user_id and not seat.plays_by_bot and seat.index != vacancy.seat.index
        ]
        figures = [shown.get((ladder, seat.user_id), 0) for seat in people]
        rating = round(sum(figures) / len(figures)) if figures else 0
        if (low is not None and rating < low) or (high is not None and rating > high):
            continue
        rows.append(
            {
                "vacancy": vacancy,
                "game": vacancy.game,
                "seat": vacancy.seat,
                "others_names": ", ".join(seat.user.public_name for seat in people),
                "rating": rating,
                "clock": turns.control_of(vacancy.game).describe(),
                "may_take": mine is not None
                and mine >= vacancy.game.min_reliability
                and all(seat.user_id != viewer.pk for seat in vacancy.game.seats.all()),
            }
        )
    return {
        "rows": rows,
        "rating_from": low,
        "rating_to": high,
        "my_reliability": mine,
        "wait_hours": int(substitutes.CONSENT_WAIT.total_seconds() // 3600),
    }
