"""The board's context for one viewer: their seat's view of the game (or a spectator's), by the
game's family. For the board page, its htmx partials and the live frames alike
(games.live.boards)."""

from __future__ import annotations

from games import access, services
from games.families import family_of
from games.models import Game, Seat
from rules.core import GameState


def board_context(
    game: Game,
    user,
    *,
    seats: list[Seat] | None = None,
    state: GameState | None = None,
    query: dict[str, str] | None = None,
    notice: tuple[str, str] | None = None,
    typed: str = "",
) -> dict:
    """The template context of the board for `user` (their seat's view, or a spectator's).

    `seats` are the game's seats with their users, and `state` the game's head position, if the
    caller has them already.
    """
    if seats is None:
        seats = list(game.seats.select_related("user"))
    seat = access.viewer_seat(seats, user)
    return board_context_of_seat(
        game,
        seat.index if seat is not None else None,
        seats=seats,
        state=state,
        query=query,
        notice=notice,
        typed=typed,
    )


def board_context_of_seat(
    game: Game,
    seat_index: int | None,
    *,
    seats: list[Seat],
    state: GameState | None = None,
    query: dict[str, str] | None = None,
    notice: tuple[str, str] | None = None,
    typed: str = "",
) -> dict:
    """The board's context as the player of `seat_index` sees it (None: a spectator), by the
    game's family. The live updates render it once per seat and once for all spectators."""
    for each in seats:
        each.game = game  # a seat's words need the game; spare a query per seat
    game.number_bots(seats)  # and its bots' names ("Normal bot 2"): spare a query
    return family_of(game.ruleset).board_context(
        game,
        seat_index,
        seats=seats,
        state=state or services.head_state(game),
        query=query or {},
        notice=notice,
        typed=typed,
    )
