"""A waiting table's seats, for its page and its websocket (games.live.consumers), and the page
an invitation link shows to someone who cannot sit down yet."""

from __future__ import annotations

from urllib.parse import quote

from django.urls import reverse

from games import access
from games.models import Game

TABLE_SEATS_PARTIAL = "games/table.html#seats"


def table_seats_context(game: Game, user) -> dict:
    """The seats of a waiting table, for the page and for its websocket (games.live.consumers); once
    the game has started, `go` is where the page goes."""
    seats = list(game.seats.select_related("user"))
    for seat in seats:
        seat.game = game  # Seat.crews needs it; spare a query per seat
    return {
        "game": game,
        "seats": seats,
        "my_seat": next((s for s in seats if s.user_id == user.pk), None),
        "user": user,  # the websocket renders without a request
        "go": "" if game.status == Game.Status.OPEN else game.get_absolute_url(),
    }


def invitation_context(game: Game, user, back: str) -> dict:
    """Who invites to what, and whether `user` may watch; the sign-in and sign-up links come
    back to `back` (the invitation's own path)."""
    back = quote(back)
    return {
        "game": game,
        "seats": list(game.seats.select_related("user")),
        "may_watch": user.is_authenticated and access.can_watch(game, user),
        "login_url": f"{reverse('account_login')}?next={back}",
        "signup_url": f"{reverse('account_signup')}?next={back}",
    }
