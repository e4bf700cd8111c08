"""A waiting table's seats, for its page and its websocket (games.live.consumers)."""

from __future__ import annotations

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
