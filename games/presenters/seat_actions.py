"""The seat actions a viewer may use now beside the board: resign, claim the victory, take the
seat back from the bot (games.clock.forfeits has the rules; every family's board shows them)."""

from __future__ import annotations

from games.clock import forfeits
from games.models import Game, Seat


def actions_of(game: Game) -> list:
    """The game's seat actions in the order they were written, read once per game object: the
    buttons beside the board and the clock panel's log (games.templatetags.clock_tags) share
    the read of one render."""
    if "_seat_actions_read" not in game.__dict__:
        game.__dict__["_seat_actions_read"] = list(game.seat_actions.order_by("pk"))
    return game.__dict__["_seat_actions_read"]


def choices_for(game: Game, seats: list[Seat], seat: Seat | None) -> dict:
    """Which of the buttons the viewer in `seat` may use now (none for spectators)."""
    if seat is None or not game.is_running:
        return {}
    actions = actions_of(game)  # one read for every button, and the clock panel's log
    forfeited = forfeits.forfeited_from(actions)
    resigned = forfeits.last_kind(game, seat.index, actions) == forfeits.Kind.RESIGN
    return {
        "resign": not resigned,
        "claim": forfeits.may_claim(game, seats, seat, actions),
        "reclaim": bool(seat.stand_in) and not resigned,
        "forfeited": seat.index in forfeited,
    }


def may_offer_end(game: Game, seats: list[Seat], seat_index: int | None, opening: int = 0) -> bool:
    """Whether the board offers the seat to end the game by agreement. The rules allow the offer
    at any start of a turn (ruling E16); the site shows it only where it can mean something:
    after the first move of play (`opening`: the plies before it, Archipelago's boat landings),
    and with someone other than a bot to answer it (bots never accept, so the offer would only
    lapse)."""
    if game.ply <= opening:
        return False
    return any(each.index != seat_index and not each.plays_by_bot for each in seats)
