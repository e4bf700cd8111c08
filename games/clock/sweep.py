"""Beat's clock sweep: every running game whose deadline has passed times out, exactly once.

ARCHITECTURE.md: never one countdown per game. The deadlines are a column (`Game.deadline`), and
the sweep reads the due ones from the partial index `game_running_deadline`, so its cost follows
what is due, not how many games run. It works in batches, each one transaction of a few queries
whatever its size (bench/sweep.py): it locks a batch of due games (`FOR UPDATE SKIP LOCKED`),
reads their seats and seat actions, applies each timeout in memory (`games.clock.forfeits.apply`,
the same code as a single seat action) and writes the ledger entries, seats and games in bulk
(`games.clock.bulk_writes`: one JSON parameter per statement). A game that ends is ended on its
stored position (`Ruleset.end_stored`), not read and written again. On PostgreSQL the batch is
claimed without its positions, and the games a timeout ends are ended set-based from a summary of
their positions (`games.clock.sweep_ends`: a few statements, no Django row, the positions left as
stored and ended on reading); only the rest (bots standing in, skipped crews, rules that read a
whole position to end it) are read as rows here, and only the positions a timeout reads (a skip).
After the commit only the pages open now are told (`notify.games_changed`, by
`games.live.presence`), and one task plays the batch's bot turns. A backlog is swept on two
connections at once (`sweep_timeouts`). Before any timeout, the games whose player's vacation
pays for it are spared (games.clock.auto_vacation), under the same lock.

Exactly once: the row lock is the one a move takes (`services.game_with_seats(lock=True)`), and
the rows come back locked as they are now, still due; their seats are read in the statements
after the lock, as its last holder left them (`game_with_seats` says why). Of two sweeps running
at once, each skips the games the other holds; a move that comes in the last second either holds
the lock first (the sweep skips the game, and the move gives it a new deadline) or waits for the
sweep's commit and then finds the turn gone (tests/live/test_seat_locks.py). The ledger's
unique (game, ply, seat) is the last guard. On SQLite (no row locks) the transaction itself is
the lock: it begins IMMEDIATE (settings), so writers run one after the other and the second sees
what the first did. A sweep that dies half-way rolls its
batch back, deadlines included, for the next one.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from games import ledger, services
from games.clock import auto_vacation, bulk_writes, forfeits, sweep_ends, turns
from games.lists import listing
from games.live import notify
from games.models import Game, Move, Seat, SeatAction, TimeoutPolicy
from games.signals import clock_low, games_ended
from rules.core import ruleset as rules_named

logger = logging.getLogger(__name__)

BATCH = 500  # due games locked and timed out per transaction: a backlog goes a batch at a time


def sweep_timeouts(now: datetime | None = None) -> int:
    """Time out every due game; returns how many this sweep timed out."""
    now = now or timezone.now()
    seen, done = time_out_batch(now)
    if seen < BATCH:
        return done
    # A backlog: on PostgreSQL a second connection sweeps beside this one, from the other end
    # (the latest deadlines first, so neither walks past the rows the other holds), and the
    # database works on one batch while Python works on the other: two cores, not one after
    # the other (bench/sweep.py). Two sweeps at once are safe by design (each skips the rows
    # the other holds). Not inside a caller's transaction: another connection would not see
    # its rows.
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        with ThreadPoolExecutor(max_workers=1) as pool:
            other_end = pool.submit(_sweep_on_own_connection, now)
            done += _sweep(now)
            return done + other_end.result()
    return done + _sweep(now)


def _sweep(now: datetime, latest_first: bool = False) -> int:
    """Time out due games a batch at a time until a batch comes back short."""
    done = 0
    while True:
        seen, acted = time_out_batch(now, latest_first=latest_first)
        done += acted
        # Every game seen has its deadline cleared (timed out, or found with no clock to run
        # out), so each batch moves on; the games another sweep holds are its own to do.
        if seen < BATCH:
            return done


def _sweep_on_own_connection(now: datetime) -> int:
    """`_sweep` from the latest deadlines, in a thread of its own, on the thread's own
    connection, closed afterwards."""
    try:
        return _sweep(now, latest_first=True)
    finally:
        connection.close()


def time_out_batch(
    now: datetime, size: int | None = None, latest_first: bool = False
) -> tuple[int, int]:
    """Lock up to `size` (BATCH) due games, the earliest deadlines first (or the latest), and
    time each out; (games seen, games timed out)."""
    size = size or BATCH
    with transaction.atomic():
        if connection.vendor == "postgresql":
            claimed = sweep_ends.claim(now, size, latest_first)
            if not claimed:
                return 0, 0
            spared = auto_vacation.spare([game.id for game in claimed], now)
            kept = {game_id for game_id, _ply, _bot, _seats in spared}
            ended = sweep_ends.end_in_bulk([g for g in claimed if g.id not in kept], now)
            # The others are locked already: read as rows, their positions left where they are.
            games = list(Game.objects.filter(pk__in=ended.rest).defer("state"))
            seen, changes, players = len(claimed), ended.changes, ended.players
            finished = [game_id for game_id, _ply, _bot, _seats in changes]
        else:
            games = list(
                Game.objects.select_for_update(skip_locked=True)
                .filter(status=Game.Status.RUNNING, deadline__lte=now)
                .order_by("-deadline" if latest_first else "deadline")[:size]
            )
            if not games:
                return 0, 0
            spared = auto_vacation.spare([game.pk for game in games], now)
            kept = {game_id for game_id, _ply, _bot, _seats in spared}
            seen, changes, players, finished = len(games), [], set(), []
            games = [game for game in games if game.pk not in kept]
        if games:
            more, more_players = _time_out_rows(games, now)
            changes, players = changes + more, players | more_players
            finished += [game.pk for game in games if game.status == Game.Status.FINISHED]
        if finished:
            games_ended.send(sender=Game, game_ids=finished)
        if spared:
            players |= set(
                Seat.objects.filter(game_id__in=kept, user__isnull=False).values_list(
                    "user_id", flat=True
                )
            )
        told = changes + spared
        transaction.on_commit(lambda: notify.games_changed(told, players, finished))
    return seen, len(changes)


def _time_out_rows(games: list[Game], now: datetime) -> tuple[list[tuple], set[int]]:
    """Time out `games` (locked) as Django rows through `forfeits.apply`, and write them in
    bulk; their changes for `notify.games_changed`, and the people seated at them."""
    ids = [game.pk for game in games]
    seats_of = _seats_of(games)
    actions_of: dict[int, list[SeatAction]] = {game.pk: [] for game in games}
    for action in SeatAction.objects.filter(game_id__in=ids).order_by("pk"):
        actions_of[action.game_id].append(action)
    _positions(games)
    new_actions, new_moves, changes = [], [], []
    with turns.turns_began_in_bulk():  # the next players' turn e-mails: one statement
        for game in games:
            seats = seats_of[game.pk]
            action = _time_out(game, seats, actions_of[game.pk], new_moves, now)
            listing.place_seats(game, seats)
            if action is not None:
                new_actions.append(action)
                bot_to_act = services.mark_bot_turn(game, seats)
                changes.append((game.pk, game.ply, bot_to_act, game.players))
    bulk_writes.insert_rows(Move, new_moves)
    bulk_writes.insert_rows(SeatAction, new_actions)
    bulk_writes.update_rows(
        Seat,
        [seat for game in games for seat in seats_of[game.pk]],
        forfeits.SEAT_FIELDS + listing.LIST_FIELDS,
    )
    bulk_writes.update_rows(Game, games, forfeits.GAME_FIELDS)
    changed = {game_id for game_id, _ply, _bot, _seats in changes}
    players = {s.user_id for g in changed for s in seats_of[g] if s.user_id is not None}
    return changes, players


def _needs_whole_position(game: Game) -> bool:
    """A timeout of `game` reads its position: the engine skips the seat, or the rules end a
    position only once they have read it. A bot standing in changes no position."""
    policy = game.policy_on_timeout
    if policy == TimeoutPolicy.SKIP:
        return True
    return policy == TimeoutPolicy.END and not rules_named(game.ruleset).stored_end_keys


def _positions(games: list[Game]) -> None:
    """On PostgreSQL the rows come without their positions (deferred): read (one query) those
    whose timeout reads them; the others keep theirs as stored (`bulk_writes.KEEP`: the update of
    the row leaves the column alone). On SQLite the rows came whole."""
    if connection.vendor != "postgresql":
        return
    whole = [game.pk for game in games if _needs_whole_position(game)]
    stored = dict(Game.objects.filter(pk__in=whole).values_list("pk", "state")) if whole else {}
    for game in games:
        game.state = stored.get(game.pk, bulk_writes.KEEP)


def _seats_of(games: list[Game]) -> dict[int, list[Seat]]:
    """The seats of `games` (one query), each with its game: the one Game object this sweep
    changes. Their players are read (one more query) only where the game goes on after the
    timeout, whose next deadline follows the next player's time zone and vacation; a game that
    ends needs none (two-player tables, most of a backlog)."""
    by_id = {game.pk: game for game in games}
    seats_of: dict[int, list[Seat]] = {game.pk: [] for game in games}
    for seat in Seat.objects.filter(game_id__in=list(by_id)):
        seat.game = by_id[seat.game_id]
        seats_of[seat.game_id].append(seat)
    going_on = [
        seat
        for game in games
        if game.policy_on_timeout != TimeoutPolicy.END
        for seat in seats_of[game.pk]
        if seat.user_id is not None
    ]
    if going_on:
        users = Seat.user.field.related_model.objects.in_bulk({s.user_id for s in going_on})
        for seat in going_on:
            seat.user = users[seat.user_id]
    return seats_of


def _time_out(
    game: Game, seats: list[Seat], actions: list, moves: list[Move], now: datetime
) -> SeatAction | None:
    """The timeout of `game`'s seat to act, applied in memory (None: there was none to make);
    the clock's moves it makes (`forfeits._skip`) are added to `moves`."""
    game.deadline = game.warn_at = None  # cleared whatever happens: the claim of this deadline
    seat = turns.clock_seat(game, seats)
    if seat is None or seat.plays_by_bot:
        logger.warning("game %s ply %s had a deadline and no clock to run out", game.pk, game.ply)
        return None
    action = SeatAction(
        game=game, ply=game.ply, seat=seat.index, kind=forfeits.timeout_kind(game), created_at=now
    )
    actions.append(action)
    try:
        made = forfeits.apply(game, seats, seat, action, actions, now)
    except services.GameError as error:
        # The engine refused (a position it cannot skip a seat in): this game is left as it was,
        # without its deadline, for staff to look at; the rest of the batch goes on.
        logger.error("timeout of game %s at ply %s refused: %s", game.pk, game.ply, error)
        game.refresh_from_db()
        game.deadline = game.warn_at = None
        del actions[-1]
        return None
    ledger.seal(game, *made, action)  # as written: the clock's moves, then the action
    moves += made
    logger.info("game %s ply %s: seat %s %s", game.pk, game.ply, seat.index, action.kind)
    return action


def sweep_warnings(now: datetime | None = None) -> int:
    """Warn every player whose clock has fallen under 24 h or 2 h; returns how many."""
    now = now or timezone.now()
    due = list(
        Game.objects.filter(status=Game.Status.RUNNING, warn_at__lte=now)
        .order_by("warn_at")
        .values_list("pk", "ply", "warn_at")[:BATCH]
    )
    return sum(_warn(game_id, ply, warn_at, now) for game_id, ply, warn_at in due)


def _warn(game_id: int, ply: int, warn_at: datetime, now: datetime) -> bool:
    with transaction.atomic():
        game, seats = services.game_with_seats(game_id)
        seat = turns.clock_seat(game, seats)
        left = turns.time_left(game, seat, now) if seat is not None else None
        following = None
        if left is not None and left > turns.WARNINGS[1]:
            following = turns.next_warning(game, seat, now, left)
        # The claim: the row as read (its ply and this warning) moves on to the next warning;
        # a move in between, or another sweep, has changed it and this update changes nothing.
        claimed = Game.objects.filter(
            pk=game_id, ply=ply, status=Game.Status.RUNNING, warn_at=warn_at
        ).update(warn_at=following)
        if not claimed or left is None:
            return False
        clock_low.send(sender=Game, game=game, seat=seat, level=turns.warning_due(left), now=now)
    return True
