"""Who may see and do what at a game. Views and the websocket consumer both ask here."""

from __future__ import annotations

from .models import Game, Seat


def seat_of(game: Game, user) -> Seat | None:
    """The seat `user` holds at `game`, if any."""
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).first()


def can_watch(game: Game, user, invite_token: str | None = None) -> bool:
    """Seated players always; staff always; anyone signed in for public games.

    A private game is seen only by its players and staff (and, while open, by whoever holds its
    invitation link, so that they can take a seat).
    """
    if not user.is_authenticated:
        return False
    if user.is_staff or seat_of(game, user) is not None:
        return True
    if game.visibility == Game.Visibility.PUBLIC:
        return True
    return game.status == Game.Status.OPEN and invite_token == game.invite_token


def viewer_seat(seats, user) -> Seat | None:
    """Among a game's `seats` (already read), the one `user` holds; None means a spectator.

    Staff who are not seated see a spectator's view too: the admin never shows hidden tiles.
    """
    if not user.is_authenticated:
        return None
    return next((seat for seat in seats if seat.user_id == user.pk), None)
