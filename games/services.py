"""The only code that changes games: opening tables, seating players, and the one door for moves.

Every write locks the game row first (`select_for_update`), so two requests for the same game
are serialised: the second sees what the first did (its seats too: `game_with_seats` reads them
after the lock). After commit, a tiny `{game, ply}` message
goes to the game's channel group and bot work is queued by id (`games.live.notify`).
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

from games import access, ledger, ledger_tail
from games.clock import clocks, standings, turns
from games.lists import listing
from games.live import notify
from people import seating
from rules.core import GameError as RulesError
from rules.core import GameState, IllegalMove, SetupError
from rules.core import ruleset as rules_named

from .families import family_of
from .models import Game, Move, Seat, TimeoutPolicy

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
    move: str  # as the ledger keeps it
    events: list[dict]
    game: Game  # as committed: callers render it without reading it again
    state: GameState  # the new head position (the same as game.state), not to be changed
    seats: list[Seat]  # the table's seats with their users


# --- Tables ------------------------------------------------------------------------------------


def policy_refusal(policy: str) -> str:
    """Why these rules cannot answer a timeout with `policy` (TimeoutPolicy.offered_for)."""
    if policy == TimeoutPolicy.SKIP:
        return _("These rules cannot skip a player's turns: choose another answer to a timeout.")
    return _("These rules cannot end a game early: choose another answer to a timeout.")


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
    options: dict | None = None,
    min_reliability: int = 0,
) -> Game:
    """Open a table with the creator in seat 0; `bot_seats` are taken by bots of `bot_level`
    at once. `control` is the time control (the default: 3 days per move), `timeout_policy`
    what a timeout does (empty: the default for the number of players)."""
    control = control or clocks.TimeControl()
    try:
        rules = rules_named(ruleset)
    except SetupError:
        raise TableError(_("Unknown rules: %(ruleset)s.") % {"ruleset": ruleset}) from None
    if players not in rules.seat_counts:
        if rules.seat_counts == (2, 3, 4):
            raise TableError(_("A table has 2, 3 or 4 players."))
        counts = ", ".join(str(n) for n in rules.seat_counts)
        raise TableError(_("These rules are played by %(counts)s players.") % {"counts": counts})
    if teams and "teams" not in rules.options:
        raise TableError(_("These rules have no teams."))
    if teams and players != 4:
        raise TableError(_("Teams need four players (two against two)."))
    if any(index not in range(1, players) for index in bot_seats):
        raise TableError(_("Bots can take seats 2 to %(n)d only.") % {"n": players})
    for name, value in (options or {}).items():  # the ruleset's own options (a puzzle's name)
        option = rules.options.get(name)
        if name == "teams" or option is None or (option.choices and value not in option.choices):
            raise TableError(_("Unknown option for these rules: %(name)s.") % {"name": name})
    if any(not rules.options[name].choices for name in options or {}):
        # An open option (an Archipelago series' abilities) is checked by the rules themselves,
        # now rather than when the last seat is taken.
        try:
            rules.new_game(players, "probe", **({"teams": teams} if teams else {}), **options)
        except SetupError as error:
            raise TableError(str(error)) from None
    if timeout_policy and timeout_policy not in TimeoutPolicy.values:
        raise TableError(_("Unknown choice for a timeout: %(p)s.") % {"p": timeout_policy})
    if timeout_policy and timeout_policy not in TimeoutPolicy.offered_for(ruleset):
        raise TableError(policy_refusal(timeout_policy))
    if min_reliability not in dict(Game._meta.get_field("min_reliability").choices):
        raise TableError(_("Unknown reliability to ask for: %(n)s.") % {"n": min_reliability})
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
            options=options or {},
            min_reliability=min_reliability,
        )
        now = timezone.now()
        section, key = listing.list_order(game, False)
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
        game, seats = game_with_seats(game_id, lock=True)
        if game.status != Game.Status.OPEN:
            raise TableError(_("This table is no longer open."))
        if any(seat.user_id == user.pk for seat in seats):
            raise TableError(_("You already have a seat at this table."))
        free = [seat for seat in seats if seat.is_free]
        if seat_index is not None:
            free = [seat for seat in free if seat.index == seat_index]
        if not free:
            raise TableError(_("That seat is taken."))
        refusal = seating.refusal_to_join(game, seats, user)  # reliability, blocks
        if refusal:
            raise TableError(refusal)
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
    state = rules_named(game.ruleset).new_game(game.players, game.seed, **table_options(game))
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    seats = list(game.seats.select_related("user"))
    _store_head(game, state, seats)
    turns.start_clocks(game, seats, game.started_at)
    bot_to_act = mark_bot_turn(game, seats)
    game.save()
    listing.relist(game, seats)  # must_act and the lists' order in one UPDATE, as a move
    logger.info("game %s started (%s players, seed hash %s)", game.pk, game.players, game.seed_hash)
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
        game.bot_due_at = None
        game.save(update_fields=["status", "abort_reason", "finished_at", "bot_due_at"])
        Seat.objects.filter(game=game, must_act=True).update(must_act=False)
        listing.relist(game)
    transaction.on_commit(
        lambda: notify.game_changed(
            game.pk, game.ply, bot_to_act=False, seats=game.players, over=True
        )
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
            # Lock: the check of ply and seat and the append must happen as one step. The game
            # (locked), then its seats and their players as the lock's last holder left them:
            # who may move, and the names the caller's board shows.
            game, seats = game_with_seats(game_id, lock=True)
            if seat_index is None:
                seat_index = _seat_index_of(seats, user)
            if game.status != Game.Status.RUNNING:
                raise BoardChanged(_("This game is not running any more."))
            if game.ply != expected_ply:
                raise BoardChanged(str(BOARD_CHANGED))
            owed_before = frozenset(s.index for s in seats if s.must_act)
            if seat_index not in owed_before:
                raise NotYourTurn(_("It is not your turn."))
            if user is not None and any(s.index == seat_index and s.stand_in for s in seats):
                raise NotYourTurn(
                    _("A bot plays your seat since your time ran out: take it back first.")
                )
            state = head_state(game)
            turns_before = state.turns_begun()
            try:
                # The ledger keeps the canonical notation, whatever spacing or case was typed.
                move = rules_named(game.ruleset).canonical(text)
                # Data, not sentences: the log says them in each reader's language (the game
                # family's words, games.families).
                events = state.apply(seat_index, move)
            except RulesError as error:  # malformed (NotationError) or illegal (IllegalMove)
                refusal = family_of(game.ruleset).refusal_text(
                    error, text, state=state, seat=seat_index
                )
                raise MoveRefused(refusal) from None
            seal_before = game.ledger_seal
            game.ply += 1
            row = Move(
                game=game, ply=game.ply, text=move, seat=seat_index, user=user, events=events
            )
            ledger.write(game, row)
            ledger_tail.after_move(game, seal_before, game.ply - 1, row)  # the boards' log
            game.last_move_at = timezone.now()
            _store_head(game, state, seats)
            if game.status == Game.Status.FINISHED:
                game.outcome = standings.outcome_with_forfeits(
                    game.outcome, game.seat_actions.all()
                )
            # The turns that begin (one seat's, or six at once in Jamaica) write their
            # reminders in one statement, not four queries each, once the move has committed.
            with turns.turns_began_in_bulk(after_commit=True):
                turns.after_move(
                    game,
                    seats,
                    seat_index,
                    game.last_move_at,
                    owed_before,
                    turn_passed=turns_before is not None and state.turns_begun() != turns_before,
                )
            bot_to_act = mark_bot_turn(game, seats)
            game.save(update_fields=HEAD_FIELDS + ["last_move_at", *turns.CLOCK_FIELDS])
            # must_act, the lists' order and the mover's bank in one UPDATE
            listing.relist(game, seats, banks=True)
    except IntegrityError:
        # Another writer took this ply between our read and our insert (only possible where
        # the database has no row locks); the unique constraint kept the ledger whole.
        raise BoardChanged(str(BOARD_CHANGED)) from None
    ply, over = game.ply, game.is_over
    people = [seat.user_id for seat in seats if seat.user_id is not None]
    transaction.on_commit(
        lambda: notify.game_changed(
            game_id, ply, bot_to_act=bot_to_act, seats=game.players, people=people, over=over
        )
    )
    return MoveResult(ply=ply, move=move, events=events, game=game, state=state, seats=seats)


def game_with_seats(game_id: int, *, lock: bool = False) -> tuple[Game, list[Seat]]:
    """The game and its seats with their users, in one query; with `lock`, the game row and
    its seats' rows are locked for update. A game has all its seats from the moment its table
    opens, so no seats means no game (NoSuchGame).

    Every writer of a running game goes through `lock` (moves, seat actions, vacations, staff's
    clock); the clock's sweep reads its seats after its own lock too (games.clock.sweep)."""
    seats = Seat.objects.filter(game_id=game_id).select_related("game", "user")
    if lock:
        # The seats' rows are locked with the game's, the game's first (the order of `of`:
        # every writer takes the game's lock before it writes a seat, so no two wait on each
        # other). Under READ COMMITTED a statement that waits for a lock sees the row it locked
        # as its holder committed it, but every row it does not lock as it was when the
        # statement began: the seats merely read with the locked game would be as they were
        # before the wait, and the holder (a sweep putting a bot in a seat, a resignation, a
        # reclaim) may have changed them meanwhile: a player's move accepted in the seat a bot
        # had just taken, a second reclaim of one seat, a stand-in's row written back without
        # its bot (issue 41). Locked, each seat is read as the lock's last holder left it.
        seats = seats.select_for_update(of=("game", "self"))
    seats = list(seats)
    if not seats:
        raise NoSuchGame(_("There is no such game."))
    game = seats[0].game
    for seat in seats:
        seat.game = game  # one Game object for all: the one a service changes
    return game, seats


def a_bot_acts_now(game: Game, seats) -> bool:
    """Whether a bot must act now, among the game's `seats`."""
    return game.is_running and any(s.must_act and s.plays_by_bot for s in seats)


def mark_bot_turn(game: Game, seats) -> bool:
    """Whether a bot must act now (`a_bot_acts_now`), and the game's mark of it, in memory: the
    caller saves `bot_due_at` (one of `HEAD_FIELDS`) in the transaction of the change, so the
    turn is in the database before any task for it is queued (games.tasks.queue_due_bots)."""
    due = a_bot_acts_now(game, seats)
    game.bot_due_at = timezone.now() if due else None
    return due


def _seat_index_of(seats: list[Seat], user) -> int:
    seat = access.viewer_seat(seats, user) if user is not None else None
    if seat is None:
        raise NotSeated(_("You are watching this game: only its players make moves."))
    return seat.index


# What `_store_head` changes on the game row (the seats' `must_act` it writes itself), and the
# ledger's last seal (games.ledger) that a new row of the ledger moves on, and the mark of a
# bot's turn that follows from it (`mark_bot_turn`).
HEAD_FIELDS = ["ply", "state", "status", "outcome", "finished_at", "ledger_seal", "bot_due_at"]


def _store_head(game: Game, state: GameState, seats: list[Seat]) -> list[Seat]:
    """Keep `state` as the game's head, in memory: its position, whether it is over, and which
    of `seats` must act. The caller saves the game (`HEAD_FIELDS`) and the seats returned, those
    whose `must_act` changed (`listing.relist(game, seats)`; a sweep writes a batch's at once)."""
    game.state = state.to_json()
    if state.is_over():
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        game.outcome = state.outcome().to_json()
    owing = state.to_act() if game.status == Game.Status.RUNNING else frozenset()
    changed = [seat for seat in seats if seat.must_act != (seat.index in owing)]
    for seat in changed:
        seat.must_act = seat.index in owing
    return changed


def table_options(game: Game) -> dict:
    """The options of the game's ruleset the table was opened with (two against two)."""
    options = rules_named(game.ruleset).options
    chosen = {name: value for name, value in (game.options or {}).items() if name in options}
    return {"teams": game.teams, **chosen} if "teams" in options else chosen


def _as_stored(value):
    """`value` as the JSON column gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def head_state(game: Game) -> GameState:
    """The game's head position (server side only: it holds the whole deal)."""
    return rules_named(game.ruleset).from_json(stored_position(game))


def stored_position(game: Game) -> dict | None:
    """The game's head position as a JSON document (server side only), ended if the game is.

    The clock's sweep ends games by the thousand without rewriting their positions
    (games.clock.sweep_ends): a finished game's stored position may be as its last move left it, and
    its end (the outcome's reason: a timeout) is made here, as the sweep would have made it
    (`Ruleset.end_stored`). A position stored ended (its moves ended it, or the end was written
    with it) comes back as it is.
    """
    doc = game.state
    if game.status != Game.Status.FINISHED or not doc or not game.outcome:
        return doc
    # Only an end the site made (a seat action's: standings.ENDING); a game its moves ended
    # is stored ended, and a stored position that is not is a problem to show, not to mend.
    if game.outcome.get("reason") not in standings.ENDING.values():
        return doc
    rules = rules_named(game.ruleset)
    if not rules.stored_end_keys:  # rules that read a whole position to end it: stored ended
        return doc
    try:
        return rules.end_stored(doc, game.outcome["reason"])[0]
    except IllegalMove:  # over already
        return doc


# --- Checking the cache against the truth --------------------------------------------------------


def replay_ledger(game: Game) -> GameState:
    """The position the seed and the ledger give, computed from scratch."""
    return replay_with_events(game)[0]


def replay_with_events(game: Game) -> tuple[GameState, list[list[dict]]]:
    """The position the seed and the ledger give, computed from scratch, and the events each
    ledger entry gives (as the ledger should store them)."""
    moves = list(game.moves.order_by("ply").values_list("ply", "seat", "text"))
    for expected, (ply, _seat, _text) in enumerate(moves, start=1):
        if ply != expected:
            raise ValueError(f"the ledger has a gap: ply {expected} is missing")
    # Seats skipped for a timeout are skipped where the clock skipped them.
    skips = standings.skips_of(game)
    state, events = replay_moves(game.ruleset, game.players, game.seed, game.state, moves, skips)
    standings.replay_end(game, state)  # a timeout, resignation or claim that ended it
    return state, events


def replay_moves(ruleset: str, players: int, seed: str, stored: dict, moves, skips=()):
    """Replay `moves` ((ply, seat, text) of a ledger) of a game of `ruleset`, started with the
    options its stored position `stored` says (Jackal's deal depends on the deck's version: a
    game replays with the one it was dealt from), passing the seats of `skips` ((ply, seat): a
    timeout's "skipped", after the moves of that ply, as the clock did): the state and each
    ledger entry's events."""
    rules = rules_named(ruleset)
    state = rules.new_game(players, seed, **rules.options_of(stored or {}))
    pending = sorted(skips, key=lambda skip: skip[0])  # in the order the clock skipped
    events = []
    for ply, seat, text in moves:
        while pending and pending[0][0] < ply:
            state.skip_seat(pending.pop(0)[1])
        try:
            events.append(rules.replay_move(state, seat, text))
        except RulesError as error:
            raise type(error)(f"ply {ply}: {error}") from None
    for _ply, seat in pending:
        state.skip_seat(seat)
    return state, events


def verify_ledger(game: Game) -> list[str]:
    """Problems found in `game`'s ledger (empty when it is whole and its cached state is the
    truth): first the row that breaks its chain of seals, if one does (games.ledger), then
    what replaying it finds (`_replay_problems`)."""
    return ledger.broken_links(game) + _replay_problems(game)


def _replay_problems(game: Game) -> list[str]:
    """Problems found when replaying `game` (empty when its cached state is the truth).

    Besides the cached head, it checks that the ledger was not cut: it must reach the game's ply
    (which the database never lets go back), and a finished game's ledger must replay to that end
    and outcome, so that cutting its last moves and winding the cache back to match shows too.
    And the seats: the one to act is moved on by a deadline or a bot, and the seat actions agree
    with who moved (standings.stand_in_problems).
    """
    if game.status == Game.Status.OPEN:
        return []
    last = game.moves.aggregate(last=Max("ply"))["last"] or 0
    if last < game.ply:
        return [f"the ledger was cut: it ends at ply {last} but the game has had {game.ply} moves"]
    try:
        state, events = replay_with_events(game)
    except (ValueError, RulesError) as error:
        return [str(error)]
    problems = []
    stored = game.moves.order_by("ply").values_list("ply", "events")
    for (ply, kept), replayed in zip(stored, events, strict=False):
        if kept != _as_stored(replayed):
            problems.append(f"ply {ply}: the stored events differ from the replayed ledger's")
            break
    if state.ply != game.ply:
        problems.append(f"ledger has {state.ply} moves but the game says {game.ply}")
    if _as_stored(state.to_json()) != stored_position(game):
        problems.append("cached state differs from the replayed ledger")
    seats = list(game.seats.all())
    cached = {seat.index for seat in seats if seat.must_act}
    if game.status == Game.Status.RUNNING and state.to_act() != cached:
        problems.append(
            f"to act: cached seats {sorted(cached)}, replay says {sorted(state.to_act())}"
        )
    problems += _nothing_moves_it_on(game, seats)
    problems += standings.stand_in_problems(
        game.seat_actions.order_by("pk"),
        game.moves.filter(user__isnull=False).values_list("ply", "seat"),
    )
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


def _nothing_moves_it_on(game: Game, seats: list[Seat]) -> list[str]:
    """A running game waits for the seat its clock measures (`turns.clock_seat`): a bot moves it
    on (its task, or beat's wake_stuck_bots), a person has a deadline that the sweep times out
    (unless the table has no clock or the clock is paused). A person's seat to act without
    either is a game that never moves again: the one a stand-in's lost row left (issue 41)."""
    seat = turns.clock_seat(game, seats)
    if seat is None or seat.plays_by_bot or game.deadline is not None:
        return []
    if game.clock_kind == clocks.UNLIMITED or game.paused_at is not None:
        return []
    return [f"seat {seat.index} must act, with neither a deadline nor a bot: nothing moves it on"]
