"""Seats that leave play or come back: timeouts, resignations, claims of victory, reclaims.

Each is a `SeatAction` row, the ledger's second half, written here and only here, under the same
row lock as a move (`services.game_with_seats(lock=True)`) and at the ply the caller saw
(`expected_ply`): a move and a timeout of the same turn are serialised by the lock, and the one
that comes second finds the ply, the seat or the game changed and does nothing. None of them is a
move of play, so none is typed in the move box (the notation refuses "resign"): they are buttons,
and the clock's sweep (`games.sweep`).

- A **timeout** does what the table chose: a bot stands in for the seat, or the game ends. The
  player may take the seat back at any moment: the bot plays a turn within seconds, so waiting
  for "their turn" would mean never (the next turn is the bot's again).
- A **resignation** ends a two-seat game; at a bigger table a bot plays on for the seat.
- A **claim of victory** ends the game when every other seat has forfeited (timed out or
  resigned) and a bot plays for it.

A game that ends here ends as it stands on the board (`State.end_by_forfeit`), with the seats
that forfeited placed last (`outcome["forfeited"]`, which the ratings read too).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.jackal import State

from . import listing, notify, services, turns
from .models import Game, Seat, SeatAction
from .standings import ENDING, forfeited_seats, outcome_with_forfeits

logger = logging.getLogger(__name__)

Kind = SeatAction.Kind
STAND_IN_LEVEL = Seat.Bot.EASY  # quick, and no pushover


class ForfeitError(services.GameError):
    code = "forfeit"


def time_out(game_id: int, *, expected_ply: int) -> SeatAction:
    """The seat to act at `expected_ply` has run out of time (the sweep has claimed it)."""

    def check(game: Game, seats: list[Seat], seat: Seat) -> str:
        if seat.plays_by_bot:
            raise ForfeitError("a bot has no clock")
        return Kind.TIMEOUT_END if game.policy_on_timeout == "end" else Kind.TIMEOUT_BOT

    return _act(game_id, None, expected_ply, check)


def resign(game_id: int, user, *, expected_ply: int) -> SeatAction:
    def check(game: Game, seats: list[Seat], seat: Seat) -> str:
        if seat.index in forfeited_seats(game):
            raise ForfeitError(_("You have resigned already."))
        return Kind.RESIGN

    return _act(game_id, user, expected_ply, check)


def claim_victory(game_id: int, user, *, expected_ply: int) -> SeatAction:
    def check(game: Game, seats: list[Seat], seat: Seat) -> str:
        if not may_claim(game, seats, seat):
            raise ForfeitError(
                _("You may claim the victory only once every other player has forfeited.")
            )
        return Kind.CLAIM

    return _act(game_id, user, expected_ply, check)


def reclaim_seat(game_id: int, user, *, expected_ply: int) -> SeatAction:
    def check(game: Game, seats: list[Seat], seat: Seat) -> str:
        if not seat.stand_in:
            raise ForfeitError(_("You are playing your seat already."))
        if last_kind(game, seat.index) == Kind.RESIGN:
            raise ForfeitError(_("You resigned this game: the bot plays on for you."))
        return Kind.RECLAIM

    return _act(game_id, user, expected_ply, check)


def last_kind(game: Game, seat_index: int) -> str | None:
    action = game.seat_actions.filter(seat=seat_index).order_by("-pk").first()
    return action.kind if action else None


def may_claim(game: Game, seats: list[Seat], seat: Seat) -> bool:
    """Every other player has forfeited (bots seated from the start do not count)."""
    forfeited = forfeited_seats(game)
    others = [s for s in seats if s.index != seat.index and s.user_id]
    return (
        game.is_running
        and seat.index not in forfeited
        and bool(others)
        and all(s.index in forfeited for s in others)
    )


def _act(game_id: int, user, expected_ply: int, check) -> SeatAction:
    """The one pattern of every seat action: lock, check the ply and the seat, append, apply."""
    with transaction.atomic():
        game, seats = services.game_with_seats(game_id, lock=True)
        if game.status != Game.Status.RUNNING:
            raise services.BoardChanged(_("This game is not running any more."))
        if game.ply != expected_ply:
            raise services.BoardChanged(str(services.BOARD_CHANGED))
        if user is None:  # the clock: the seat to act
            seat = next(s for s in seats if s.index == game.to_act_seat)
        else:
            seat = next((s for s in seats if s.user_id == user.pk), None)
            if seat is None:
                raise services.NotSeated(_("Only the players of this game may do that."))
        kind = check(game, seats, seat)
        action = SeatAction.objects.create(
            game=game, ply=game.ply, seat=seat.index, kind=kind, user=user
        )
        now = timezone.now()
        _apply(game, seats, seat, action, now)
        logger.info("game %s ply %s: seat %s %s", game.pk, game.ply, seat.index, kind)
    ply, bot_to_act = game.ply, services._bot_to_act(game, seats)
    transaction.on_commit(lambda: notify.game_changed(game_id, ply, bot_to_act=bot_to_act))
    return action


def _apply(game: Game, seats: list[Seat], seat: Seat, action: SeatAction, now) -> None:
    to_act = seat.index == game.to_act_seat
    ends = action.kind in (Kind.TIMEOUT_END, Kind.CLAIM) or (
        action.kind == Kind.RESIGN and _players_left(game, seats, seat) <= 1
    )
    if ends:
        _end(game, seats, now)
        return
    if action.kind == Kind.RECLAIM:
        seat.stand_in = ""
    else:  # a timeout or a resignation at a bigger table: a bot plays on for the seat
        seat.stand_in = STAND_IN_LEVEL
    seat.save(update_fields=["stand_in"])
    if to_act:
        if action.kind != Kind.RECLAIM:
            turns.charge_turn(game, seats, seat.index, now)
        turns.begin_turn(game, seats, now)
        game.save(update_fields=turns.CLOCK_FIELDS)
        listing.relist(game)  # its place in the players' my games follows the clock


def _players_left(game: Game, seats: list[Seat], leaving: Seat) -> int:
    """Seats still in play once `leaving` resigns."""
    forfeited = forfeited_seats(game)
    return sum(1 for s in seats if s.index != leaving.index and s.index not in forfeited)


def _end(game: Game, seats: list[Seat], now) -> None:
    state = State.from_json(game.state)
    actions = list(game.seat_actions.all())
    state.end_by_forfeit(ENDING[actions[-1].kind])
    services._store_head(game, state)
    game.outcome = outcome_with_forfeits(game.outcome, actions)
    game.finished_at = now
    turns.begin_turn(game, seats, now)
    game.save(update_fields=services.HEAD_FIELDS + turns.CLOCK_FIELDS)
    listing.relist(game)  # its place in the players' my games follows the clock
