"""The only code that changes games: opening tables, seating players, and the one door for moves.

Every write locks the game row first (`select_for_update`), so two requests for the same game
are serialised: the second sees what the first did. After commit, a tiny `{game, ply}` message
goes to the game's channel group and bot work is queued by id (`games.notify`).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.jackal import JackalError, State, new_game, replay
from rules.jackal import Move as RulesMove

from . import access, clocks, listing, notify, standings, turns
from .models import RULESET_CHOICES, Game, Move, Seat, TimeoutPolicy
from .refusal_words import refusal_text

logger = logging.getLogger(__name__)

MAX_MOVE_TEXT = 64
BOARD_CHANGED = gettext_lazy("The board has changed since you looked: here is the new position.")


class GameError(Exception):
    """A request that cannot be carried out; `message` is for the player, `code` for code."""

    code = "refused"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class BoardChanged(GameError):
    """The player looked at an older board (stale tab, double click, second request)."""

    code = "stale"


class NotYourTurn(GameError):
    code = "not_your_turn"


class MoveRefused(GameError):
    """Malformed notation or an illegal move; the game is unchanged."""

    code = "illegal"


class NotSeated(GameError):
    """A move from someone without a seat at the table (a spectator)."""

    code = "not_seated"


class NoSuchGame(GameError):
    code = "no_such_game"


class TableError(GameError):
    code = "table"


@dataclass(frozen=True)
class MoveResult:
    ply: int
    events: list[str]
    game: Game  # as committed: callers render it without reading it again
    state: State  # the new head position (the same as game.state), not to be changed
    seats: list[Seat]  # the table's seats with their users


# --- Tables ------------------------------------------------------------------------------------


def open_table(
    *,
    creator,
    players: int,
    teams: bool = False,
    visibility: str = Game.Visibility.PUBLIC,
    bot_seats: tuple[int, ...] = (),
    ruleset: str = "classic",
    bot_level: str = Seat.Bot.RANDOM,
    control: clocks.TimeControl | None = None,
    timeout_policy: str = "",
    vacation_allowed: bool = True,
) -> Game:
    """Open a table with the creator in seat 0; `bot_seats` are taken by bots of `bot_level`
    at once. `control` is the time control (the default: 3 days per move), `timeout_policy`
    what a timeout does (empty: the default for the number of players)."""
    control = control or clocks.TimeControl()
    if ruleset not in dict(RULESET_CHOICES):
        raise TableError(_("Unknown rules: %(ruleset)s.") % {"ruleset": ruleset})
    if players not in (2, 3, 4):
        raise TableError(_("A table has 2, 3 or 4 players."))
    if teams and players != 4:
        raise TableError(_("Teams need four players (two against two)."))
    if any(index not in range(1, players) for index in bot_seats):
        raise TableError(_("Bots can take seats 2 to %(n)d only.") % {"n": players})
    if timeout_policy and timeout_policy not in TimeoutPolicy.values:
        raise TableError(_("Unknown choice for a timeout: %(p)s.") % {"p": timeout_policy})
    with transaction.atomic():
        game = Game.objects.create(
            ruleset=ruleset,
            players=players,
            teams=teams,
            visibility=visibility,
            created_by=creator,
            clock_kind=control.kind,
            clock_days=control.days,
            clock_increment_days=control.increment_days,
            weekends_off=control.weekends_off,
            timeout_policy=timeout_policy,
            vacation_allowed=vacation_allowed,
        )
        now = timezone.now()
        section, key = listing.list_order(game, 0)
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                user=creator if index == 0 else None,
                bot=bot_level if index in bot_seats else "",
                joined_at=now if index == 0 or index in bot_seats else None,
                list_section=section,
                list_key=key,
            )
            for index in range(players)
        )
        _start_if_full(game)
    return game


def join_table(game_id: int, user, seat_index: int | None = None) -> Game:
    with transaction.atomic():
        # Lock: two players racing for the last seat must not both get it.
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.OPEN:
            raise TableError(_("This table is no longer open."))
        seats = list(game.seats.select_related("user"))
        if any(seat.user_id == user.pk for seat in seats):
            raise TableError(_("You already have a seat at this table."))
        free = [seat for seat in seats if seat.is_free]
        if seat_index is not None:
            free = [seat for seat in free if seat.index == seat_index]
        if not free:
            raise TableError(_("That seat is taken."))
        seat = free[0]
        seat.user = user
        seat.joined_at = timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        _start_if_full(game)
    return game


def leave_table(game_id: int, user) -> Game:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.OPEN:
            raise TableError(_("The game has started: you cannot leave it now."))
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise TableError(_("You have no seat at this table."))
        if seat.index == 0 and game.seats.filter(user__isnull=False).count() == 1:
            # The last person leaving closes the table rather than leave it to bots alone.
            game.status = Game.Status.ABORTED
            game.abort_reason = "closed by its creator before the start"
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "abort_reason", "finished_at"])
            listing.relist(game)
        seat.user = None
        seat.joined_at = None
        seat.save(update_fields=["user", "joined_at"])
    return game


def _start_if_full(game: Game) -> None:
    if game.seats.filter(user__isnull=True, bot="").exists():
        return
    game.assign_seed()
    state = new_game(game.ruleset, players=game.players, seed=game.seed, teams=game.teams)
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    _store_head(game, state)
    turns.start_clocks(game, list(game.seats.select_related("user")), game.started_at)
    game.save()
    listing.relist(game)
    logger.info("game %s started (%s players, seed hash %s)", game.pk, game.players, game.seed_hash)
    bot_to_act = _bot_to_act(game, game.seats.filter(index=game.to_act_seat))
    transaction.on_commit(
        lambda: notify.game_changed(game.pk, game.ply, bot_to_act=bot_to_act, seats=game.players)
    )


def abort_game(game_id: int, reason: str) -> Game:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.is_over:
            raise TableError(_("This game is already over."))
        game.status = Game.Status.ABORTED
        game.abort_reason = reason[:200]
        game.finished_at = timezone.now()
        game.to_act_seat = None
        game.save(update_fields=["status", "abort_reason", "finished_at", "to_act_seat"])
        listing.relist(game)
    transaction.on_commit(
        lambda: notify.game_changed(game.pk, game.ply, bot_to_act=False, seats=game.players)
    )
    return game


# --- The one door for moves ----------------------------------------------------------------------


def submit_move(
    game_id: int,
    *,
    seat_index: int | None = None,
    text: str,
    expected_ply: int,
    user=None,
) -> MoveResult:
    """Apply one move at `expected_ply` for `seat_index`, or for `user`'s seat if no index is given.

    Raises a `GameError` (nothing changed) for a stale board, the wrong seat, a person without a
    seat at this table, or a malformed or illegal move; `NoSuchGame` if there is no such game.
    Exactly one of several simultaneous submissions for a ply can succeed.
    """
    text = (text or "").strip()
    if not text:
        raise MoveRefused(_("Type a move, or click a piece and then a target."))
    if len(text) > MAX_MOVE_TEXT:
        raise MoveRefused(_("That is not a move."))
    try:
        with transaction.atomic():
            # Lock: the check of ply and seat and the append must happen as one step. One query
            # brings the game (locked), its seats and their players: who may move, and the names
            # the caller's board shows.
            game, seats = game_with_seats(game_id, lock=True)
            if seat_index is None:
                seat_index = _seat_index_of(seats, user)
            if game.status != Game.Status.RUNNING:
                raise BoardChanged(_("This game is not running any more."))
            if game.ply != expected_ply:
                raise BoardChanged(str(BOARD_CHANGED))
            if game.to_act_seat != seat_index:
                raise NotYourTurn(_("It is not your turn."))
            if user is not None and any(s.index == seat_index and s.stand_in for s in seats):
                raise NotYourTurn(
                    _("A bot plays your seat since your time ran out: take it back first.")
                )
            state = State.from_json(game.state)
            try:
                # The ledger keeps the canonical notation, whatever spacing or case was typed.
                move = RulesMove.parse(text)
                # Data, not sentences: the log says them in each reader's language
                # (games.event_words).
                events = [event.as_data() for event in state.apply(move)]
            except JackalError as error:  # malformed (NotationError) or illegal (IllegalMove)
                raise MoveRefused(refusal_text(error, text)) from None
            game.ply += 1
            Move.objects.create(
                game=game, ply=game.ply, text=str(move), seat=seat_index, user=user, events=events
            )
            game.last_move_at = timezone.now()
            _store_head(game, state)
            if game.status == Game.Status.FINISHED:
                game.outcome = standings.outcome_with_forfeits(
                    game.outcome, game.seat_actions.all()
                )
            turns.after_move(game, seats, seat_index, game.last_move_at)
            game.save(update_fields=HEAD_FIELDS + ["last_move_at", *turns.CLOCK_FIELDS])
            listing.relist(game)
    except IntegrityError:
        # Another writer took this ply between our read and our insert (only possible where
        # the database has no row locks); the unique constraint kept the ledger whole.
        raise BoardChanged(str(BOARD_CHANGED)) from None
    ply, bot_to_act = game.ply, _bot_to_act(game, seats)
    transaction.on_commit(
        lambda: notify.game_changed(game_id, ply, bot_to_act=bot_to_act, seats=game.players)
    )
    return MoveResult(ply=ply, events=events, game=game, state=state, seats=seats)


def game_with_seats(game_id: int, *, lock: bool = False) -> tuple[Game, list[Seat]]:
    """The game and its seats with their users, in one query; with `lock`, the game row is
    locked for update. A game has all its seats from the moment its table opens, so no seats
    means no game (NoSuchGame)."""
    query = Seat.objects.filter(game_id=game_id).select_related("game", "user")
    if lock:
        query = query.select_for_update(of=("game",))
    seats = list(query)
    if not seats:
        raise NoSuchGame(_("There is no such game."))
    game = seats[0].game
    for seat in seats:
        seat.game = game  # one Game object for all: the one a service changes
    return game, seats


def _bot_to_act(game: Game, seats) -> bool:
    """Whether a bot is to act now, among `seats` (those of the game, or the one to act)."""
    return game.is_running and any(s.index == game.to_act_seat and s.plays_by_bot for s in seats)


def _seat_index_of(seats: list[Seat], user) -> int:
    seat = access.viewer_seat(seats, user) if user is not None else None
    if seat is None:
        raise NotSeated(_("You are watching this game: only its players make moves."))
    return seat.index


# What `_store_head` changes on the game row.
HEAD_FIELDS = ["ply", "state", "to_act_seat", "status", "outcome", "finished_at"]


def _store_head(game: Game, state: State) -> None:
    game.state = state.to_json()
    game.to_act_seat = state.to_act()
    if state.is_over():
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        game.outcome = state.outcome().to_json()
        game.to_act_seat = None


def _as_stored(value):
    """`value` as the JSON column gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def head_state(game: Game) -> State:
    return State.from_json(game.state)


# --- Checking the cache against the truth --------------------------------------------------------


def replay_ledger(game: Game) -> State:
    """The position the seed and the ledger give, computed from scratch."""
    moves = list(game.moves.order_by("ply").values_list("ply", "text"))
    for expected, (ply, _text) in enumerate(moves, start=1):
        if ply != expected:
            raise ValueError(f"the ledger has a gap: ply {expected} is missing")
    # The deal depends on the deck's version too: a game replays with the one it was dealt from.
    state = replay(
        game.ruleset,
        game.players,
        game.seed,
        [text for _ply, text in moves],
        teams=game.teams,
        deck=head_state(game).deck,
    )
    standings.replay_end(game, state)  # a timeout, resignation or claim that ended it
    return state


def verify_ledger(game: Game) -> list[str]:
    """Problems found when replaying `game` (empty when its cached state is the truth).

    Besides the cached head, it checks that the ledger was not cut: it must reach the game's ply
    (which the database never lets go back), and a finished game's ledger must replay to that end
    and outcome, so that cutting its last moves and winding the cache back to match shows too.
    """
    if game.status == Game.Status.OPEN:
        return []
    last = game.moves.aggregate(last=Max("ply"))["last"] or 0
    if last < game.ply:
        return [f"the ledger was cut: it ends at ply {last} but the game has had {game.ply} moves"]
    try:
        state = replay_ledger(game)
    except (ValueError, JackalError) as error:
        return [str(error)]
    problems = []
    if state.ply != game.ply:
        problems.append(f"ledger has {state.ply} moves but the game says {game.ply}")
    if _as_stored(state.to_json()) != game.state:
        problems.append("cached state differs from the replayed ledger")
    if game.status == Game.Status.RUNNING and state.to_act() != game.to_act_seat:
        problems.append(f"to act: cached seat {game.to_act_seat}, replay says {state.to_act()}")
    if game.status == Game.Status.RUNNING and state.is_over():
        problems.append("the game is running but its ledger has ended it")
    if game.status == Game.Status.FINISHED:
        if not state.is_over():
            problems.append("the game is finished but its ledger does not reach the end: cut?")
        elif _as_stored(
            standings.outcome_with_forfeits(state.outcome().to_json(), game.seat_actions.all())
        ) != _as_stored(game.outcome):
            problems.append("cached outcome differs from the replayed ledger")
    return problems
