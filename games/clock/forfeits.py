"""Seats that leave play or come back: timeouts, resignations, claims of victory, reclaims.

Each is a `SeatAction` row, the ledger's second half, under the same row lock as a move
(`services.game_with_seats(lock=True)`): written here one at a time at the ply the caller saw
(`expected_ply`), and by the clock's sweep a batch at a time (`games.clock.sweep`, through `apply`,
the one place that says what each action does). A move and a timeout of the same turn are
serialised by the lock, and the one that comes second finds the ply, the seat or the game
changed and does nothing. None of them is a move of play, so none is typed in the move box (the
notation refuses "resign"): they are buttons, and the clock's sweep.

- A **timeout** does what the table chose: a bot stands in for the seat, the game ends, or the
  seat's crews are skipped to the end (`_skip`). The player may take the seat back from a bot
  at any moment: the bot plays a turn within seconds, so waiting for "their turn" would mean
  never (the next turn is the bot's again). A skipped seat does not come back.
- A **resignation** ends a two-seat game; at a bigger table a bot plays on for the seat.
- A **claim of victory** ends the game when every other seat has forfeited (timed out or
  resigned) and a bot plays for it.

A game that ends here ends as it stands on the board (the rules' `end_now`), with the seats
that forfeited placed last (`outcome["forfeited"]`, which the ratings read too).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import ledger, services
from games.clock import turns
from games.clock.standings import ENDING, forfeited_from, forfeited_seats, outcome_with_forfeits
from games.lists import listing
from games.live import notify
from games.models import Game, Move, Seat, SeatAction, TimeoutPolicy
from rules.core import IllegalMove
from rules.core import ruleset as rules_named

logger = logging.getLogger(__name__)

Kind = SeatAction.Kind
STAND_IN_LEVEL = Seat.Bot.EASY  # quick, and no pushover


class ForfeitError(services.GameError):
    code = "forfeit"


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


def last_kind(game: Game, seat_index: int, actions: list[SeatAction] | None = None) -> str | None:
    """The kind of the seat's latest seat action, from the game's `actions` in the order they
    were written when the caller has them (the board reads them once for every button)."""
    if actions is None:
        action = game.seat_actions.filter(seat=seat_index).order_by("-pk").first()
        return action.kind if action else None
    return next((a.kind for a in reversed(actions) if a.seat == seat_index), None)


def may_claim(
    game: Game, seats: list[Seat], seat: Seat, actions: list[SeatAction] | None = None
) -> bool:
    """Every other player has forfeited (bots seated from the start do not count)."""
    forfeited = forfeited_seats(game) if actions is None else forfeited_from(actions)
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
            seat = turns.clock_seat(game, seats)
        else:
            seat = next((s for s in seats if s.user_id == user.pk), None)
            if seat is None:
                raise services.NotSeated(_("Only the players of this game may do that."))
        kind = check(game, seats, seat)
        action = SeatAction(game=game, ply=game.ply, seat=seat.index, kind=kind, user=user)
        actions = [*game.seat_actions.all(), action]
        moves = apply(game, seats, seat, action, actions, timezone.now())
        ledger.write(game, *moves, action)
        Seat.objects.bulk_update(seats, SEAT_FIELDS)  # the turn may have passed to another
        bot_to_act = services.mark_bot_turn(game, seats)
        game.save(update_fields=GAME_FIELDS)
        listing.relist(game)  # its place in the players' my games follows the clock
        logger.info("game %s ply %s: seat %s %s", game.pk, game.ply, seat.index, kind)
    ply, over = game.ply, game.is_over
    transaction.on_commit(
        lambda: notify.game_changed(game_id, ply, bot_to_act=bot_to_act, over=over)
    )
    return action


# What `apply` may change: the caller writes these (a game's seats, or a sweep's batch).
SEAT_FIELDS = ["stand_in", "bank", "must_act"]
GAME_FIELDS = [*services.HEAD_FIELDS, "last_move_at", *turns.CLOCK_FIELDS]

TIMEOUT_KINDS = {
    TimeoutPolicy.END: Kind.TIMEOUT_END,
    TimeoutPolicy.BOT: Kind.TIMEOUT_BOT,
    TimeoutPolicy.SKIP: Kind.TIMEOUT_SKIP,
}


def timeout_kind(game: Game) -> str:
    """The seat action a timeout of `game`'s seat to act is, as its table chose."""
    return TIMEOUT_KINDS[game.policy_on_timeout]


def apply(
    game: Game, seats: list[Seat], seat: Seat, action: SeatAction, actions: list, now
) -> list[Move]:
    """What `action` (the last of the game's seat `actions`) does to `game` and `seat`, in
    memory only: the caller saves `GAME_FIELDS` and `SEAT_FIELDS`, the moves returned (the
    clock's, before a skip: `_skip`), then `action`. No query, so that the clock's sweep
    applies a whole batch of timeouts and writes them in bulk (games.clock.sweep)."""
    if action.kind == Kind.TIMEOUT_SKIP:
        return _skip(game, seats, seat, action, actions, now)
    to_act = seat.must_act
    ends = action.kind in (Kind.TIMEOUT_END, Kind.CLAIM) or (
        action.kind == Kind.RESIGN and _players_left(seats, seat, actions) <= 1
    )
    if ends:
        _end(game, seats, actions, now)
        return []
    if action.kind in (Kind.RECLAIM, Kind.SUBSTITUTE):  # a person plays the seat again
        seat.stand_in = ""
    else:  # a timeout or a resignation at a bigger table: a bot plays on for the seat
        seat.stand_in = STAND_IN_LEVEL
    if to_act:
        if action.kind not in (Kind.RECLAIM, Kind.SUBSTITUTE):
            turns.charge_turn(game, seats, seat.index, now, save=False)
        turns.begin_turn(game, seats, now)
    return []


def _skip(game: Game, seats: list[Seat], seat: Seat, action: SeatAction, actions, now):
    """The table chose "crews are skipped": the engine passes the seat's turns from now on
    (`State.skip_seat`), and the ledger's seat action at this ply replays it. A seat out of time
    in the middle of an action finishes it first: the clock plays its first legal decision (or
    ends the turn, when that is one), as moves of the ledger with no user, then skips it."""
    state = services.head_state(game)
    moves = []
    while True:
        try:
            state.skip_seat(seat.index)
            break
        except IllegalMove as error:
            if (getattr(error, "reason", None) or {}).get("reason") != "mid-action":
                raise ForfeitError(str(error)) from None
        legal = state.legal_moves(seat.index)
        move = "end turn" if "end turn" in legal else legal[0]
        events = state.apply(seat.index, move)
        game.ply += 1
        game.last_move_at = now
        moves.append(
            Move(game=game, ply=game.ply, text=move, seat=seat.index, user=None, events=events)
        )
    action.ply = game.ply  # after the clock's moves: where a replay skips the seat
    services._store_head(game, state, seats)
    if game.status == Game.Status.FINISHED:  # every seat left was skipped: a stalemate
        game.outcome = outcome_with_forfeits(game.outcome, actions)
        game.finished_at = now
    turns.charge_turn(game, seats, seat.index, now, save=False)
    turns.begin_turn(game, seats, now)
    return moves


def _players_left(seats: list[Seat], leaving: Seat, actions: list) -> int:
    """Seats still in play once `leaving` resigns."""
    forfeited = forfeited_from(actions)
    return sum(1 for s in seats if s.index != leaving.index and s.index not in forfeited)


def _end(game: Game, seats: list[Seat], actions: list, now) -> None:
    # The stored position ended as it stands, without reading it (`Ruleset.end_stored`: the
    # same document and outcome, for a fraction of the cost: a sweep ends thousands).
    try:
        doc, outcome = rules_named(game.ruleset).end_stored(game.state, ENDING[actions[-1].kind])
    except IllegalMove as error:  # rules that cannot end early (Ruleset.ends_early): refused
        raise ForfeitError(str(error)) from None
    game.state = doc
    game.status = Game.Status.FINISHED
    game.outcome = outcome_with_forfeits(outcome.to_json(), actions)
    game.finished_at = now
    for seat in seats:
        seat.must_act = False
    turns.begin_turn(game, seats, now)
