"""Who may see and do what at a game. Views and the websocket consumer both ask here."""

from __future__ import annotations

import secrets

from .models import Game, Seat


def seat_of(game: Game, user) -> Seat | None:
    """The seat `user` holds at `game`, if any."""
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).first()


WATCH_PRIVATE = "games.watch_private_game"


def can_watch(game: Game, user, invite_token: str | None = None) -> bool:
    """Seated players always; anyone signed in for public games.

    A private game is seen only by its players, by whoever holds its invitation link while the
    table is open (so that they can take a seat), and once it has started by holders of the
    `watch_private_game` permission. Being staff alone gives nothing: an open private table
    shows its invitation link, so even the permission does not open it.
    """
    if not user.is_authenticated:
        return False
    if game.visibility == Game.Visibility.PUBLIC or seat_of(game, user) is not None:
        return True
    if game.status == Game.Status.OPEN:
        return _holds_invitation(game, invite_token)
    return user.has_perm(WATCH_PRIVATE)


def sees_private_games(user) -> bool:
    """Whether lists (the lobby, the archive, profiles, every admin list) show `user` the private
    games of others: only with the permission, which superusers hold. Being staff alone gives
    nothing."""
    return user.is_authenticated and user.has_perm(WATCH_PRIVATE)


def without_private_games(queryset, user, path: str = ""):
    """`queryset` less private games, unless `user` sees them (sees_private_games). Its rows are
    games, or rows reaching their game by the lookup `path` ("game", "rated_game__game"); a row
    with no game (a digest reminder) stays."""
    if sees_private_games(user):
        return queryset
    visibility = f"{path}__visibility" if path else "visibility"
    return queryset.exclude(**{visibility: Game.Visibility.PRIVATE})


def can_join(game: Game, user, invite_token: str | None = None) -> bool:
    """Anyone signed in may sit at a public table; a private one needs its invitation link,
    whoever asks (staff and superusers too), and only while it waits for players: a started
    private game does not admit to existing, even to a holder of its old link."""
    if not user.is_authenticated:
        return False
    if game.visibility == Game.Visibility.PUBLIC:
        return True
    return game.status == Game.Status.OPEN and _holds_invitation(game, invite_token)


def _holds_invitation(game: Game, invite_token: str | None) -> bool:
    # Bytes: compare_digest refuses str with non-ASCII characters, and the token is typed input.
    return bool(invite_token) and secrets.compare_digest(
        invite_token.encode(), game.invite_token.encode()
    )


def viewer_seat(seats, user) -> Seat | None:
    """Among a game's `seats` (already read), the one `user` holds; None means a spectator.

    Watchers who are not seated (of private games: with the permission) see a spectator's view.
    """
    if not user.is_authenticated:
        return None
    return next((seat for seat in seats if seat.user_id == user.pk), None)
