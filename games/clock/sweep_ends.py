"""The clock sweep's fast path on PostgreSQL: due games claimed, and the games a timeout ends
ended, set-based, a batch in a few statements (games.clock.sweep says what the sweep guarantees).

A timeout that ends a game (`TimeoutPolicy.END`: the two-player default, most of a backlog)
changes nothing a Django row or a read position is needed for: the ledger gains one seat
action at the game's ply, the game is finished with the outcome its scores give (the forfeited
seat last), and its seats no longer act. So the batch is claimed by one locked read that brings
back, for each game, a few columns and the keys of its position that ending it reads
(`Ruleset.stored_end_keys`, picked out by the database); the rules end that summary
(`Ruleset.end_stored`, the same code as one game's end) for its outcome, and one statement
writes the batch's ends: the seat actions inserted, the games finished, their seats no longer
acting. The positions stay as stored, neither read nor written: `services.stored_position`
ends them on reading.

Only games whose rules end a stored position from its summary, and whose clock seat is a
person's, go this way; the others of the batch (a bot standing in, skipped crews, rules that
read the whole position to end it, anything odd) go through `forfeits.apply` as Django rows
(games.clock.sweep), under the same lock and in the same transaction.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from django.db import connection

from games import ledger
from games.clock.standings import ENDING, outcome_with_forfeits
from games.lists import listing
from games.models import Game, Seat, SeatAction, TimeoutPolicy
from rules.core import IllegalMove, SetupError, ruleset_names
from rules.core import ruleset as rules_named

logger = logging.getLogger(__name__)

Kind = SeatAction.Kind


@dataclass
class Claimed:
    """A due game as the locked read gives it back: no Django row, no position."""

    id: int
    ruleset: str
    players: int
    policy: str  # what its timeout does (TimeoutPolicy.in_force)
    ply: int
    ledger_seal: str  # the head of its ledger's chain (games.ledger)
    summary: dict  # the keys of its position that ending it reads


@dataclass(frozen=True)
class Forfeit:
    """A seat action as `standings.forfeited_from` reads it."""

    seat: int
    kind: str


def claim(now: datetime, size: int, latest_first: bool = False) -> list[Claimed]:
    """Lock up to `size` due games, the earliest deadline first (or the latest), skipping those
    another sweep or a move holds (the row lock a move takes); one statement."""
    quote = connection.ops.quote_name
    table = quote(Game._meta.db_table)
    sql = (
        f"SELECT game.id, game.ruleset, game.players, game.timeout_policy, game.ply,"
        f" game.ledger_seal,"
        f" (SELECT jsonb_object_agg(part.key, part.value) FROM jsonb_each(game.state) part"
        f"  WHERE part.key = ANY(%s))"
        f" FROM {table} game"
        f" WHERE game.status = %s AND game.deadline IS NOT NULL AND game.deadline <= %s"
        f" ORDER BY game.deadline {'DESC' if latest_first else 'ASC'}"
        f" LIMIT %s FOR UPDATE OF game SKIP LOCKED"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [sorted(_summary_keys()), Game.Status.RUNNING, now, size])
        rows = cursor.fetchall()
    return [
        Claimed(
            id=game_id,
            ruleset=ruleset,
            players=players,
            policy=TimeoutPolicy.in_force(chosen, ruleset, players),
            ply=ply,
            ledger_seal=ledger_seal,
            summary=(json.loads(summary) if isinstance(summary, str) else summary) or {},
        )
        for game_id, ruleset, players, chosen, ply, ledger_seal, summary in rows
    ]


@cache
def _summary_keys() -> frozenset[str]:
    """The keys of a position that any rules' `end_stored` reads (Ruleset.stored_end_keys)."""
    return frozenset(key for name in ruleset_names() for key in rules_named(name).stored_end_keys)


@dataclass
class Ended:
    """What `end_in_bulk` did, and left to do."""

    changes: list[tuple[int, int, bool, int]]  # (id, ply, bot to act, seats) of each game ended
    players: set[int]  # the people seated at them
    rest: list[int]  # the claimed games it left to `forfeits.apply` (games.clock.sweep)


def end_in_bulk(claimed: list[Claimed], now: datetime) -> Ended:
    """End the claimed games whose timeout ends them and whose rules end a summary."""
    candidates = {
        game.id: game
        for game in claimed
        if game.policy == TimeoutPolicy.END and rules_named(game.ruleset).stored_end_keys
    }
    rest = [game.id for game in claimed if game.id not in candidates]
    if not candidates:
        return Ended([], set(), rest)
    # Read after the claim (a statement of its own sees what committed before the lock). Of
    # each game's seats, the database gives the first that must act (its clock runs out), if a
    # bot plays it, and the people seated.
    ids = list(candidates)
    seats_of = {
        game_id: (owing, by_bot, people)
        for game_id, owing, by_bot, people in _rows(
            'SELECT game_id, min("index") FILTER (WHERE must_act),'
            " (array_agg(bot <> '' OR stand_in <> '' ORDER BY \"index\")"
            "  FILTER (WHERE must_act))[1],"
            " array_agg(user_id) FILTER (WHERE user_id IS NOT NULL)"
            " FROM {table} WHERE game_id = ANY(%s) GROUP BY game_id",
            Seat,
            ids,
        )
    }
    actions_of: dict[int, list[Forfeit]] = defaultdict(list)
    for game_id, seat, kind in _rows(
        "SELECT game_id, seat, kind FROM {table} WHERE game_id = ANY(%s) ORDER BY id",
        SeatAction,
        ids,
    ):
        actions_of[game_id].append(Forfeit(seat, kind))
    reason = ENDING[Kind.TIMEOUT_END]
    rows, changes, players = [], [], set()
    for game in candidates.values():
        seat, by_bot, people = seats_of.get(game.id, (None, None, None))
        if seat is None or by_bot:  # no person's clock to run out: the careful way
            rest.append(game.id)
            continue
        try:
            _ended, outcome = rules_named(game.ruleset).end_stored(game.summary, reason)
        except (IllegalMove, SetupError):  # refused: the careful way logs it and goes on
            rest.append(game.id)
            continue
        forfeits = [*actions_of.get(game.id, ()), Forfeit(seat, Kind.TIMEOUT_END)]
        action = SeatAction(
            game_id=game.id, ply=game.ply, seat=seat, kind=Kind.TIMEOUT_END, created_at=now
        )
        ledger.seal(game, action)
        outcome = outcome_with_forfeits(outcome.to_json(), forfeits)
        rows.append((game.id, game.ply, seat, outcome, action.seal))
        changes.append((game.id, game.ply, False, game.players))
        players.update(people or ())
        logger.debug("game %s ply %s: seat %s %s", game.id, game.ply, seat, Kind.TIMEOUT_END)
    if rows:
        _write_ends(rows, now)
        # One line a batch (the ledger has each game's seat action; a line each was 10,000
        # lines for a backlog of 10,000).
        logger.info(
            "%s games ended on a timeout: %s", len(rows), " ".join(str(row[0]) for row in rows)
        )
    return Ended(changes, players, rest)


def _rows(sql: str, model, ids: list[int]) -> list[tuple]:
    """The rows of `sql` read from `model`'s table (`{table}`) for the games `ids` (one array
    parameter, not a placeholder per game: the driver would parse hundreds)."""
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql.format(table=table), [ids])
        return cursor.fetchall()


@dataclass(frozen=True)
class _Over:
    """A game over at `finished_at`, as `listing.list_order` reads one."""

    finished_at: datetime
    status: str = Game.Status.FINISHED
    created_at: datetime | None = None


# One statement writes a batch's ends: the ledger's seat actions, the games, their seats. The
# rows go as one JSON parameter of what differs from game to game (id, ply, seat, outcome,
# the seat action's seal, which the game keeps as its ledger's last: games.ledger); what is
# the same for all (they ended at the same instant, for the same reason) goes once, as
# parameters of its own. No clock runs in a game over (turns.begin_turn of a finished game: no
# turn start, deadline or warning). The stored positions are not touched: rewriting thousands
# of them (each decompressed, changed and compressed again) was half the statement's time, and
# `services.stored_position` ends such a position on reading, as the rules end it.
_WRITE_ENDS = """
WITH ended AS (
    SELECT * FROM jsonb_to_recordset(%(rows)s::jsonb)
        AS ended(id bigint, ply integer, seat smallint, outcome jsonb, seal text)
), ledger AS (
    INSERT INTO {action} (game_id, ply, seat, kind, user_id, created_at, seal)
    SELECT id, ply, seat, %(kind)s, NULL, %(now)s, seal FROM ended
), seats AS (
    UPDATE {seat} SET must_act = false, list_section = %(section)s, list_key = %(key)s
    WHERE game_id IN (SELECT id FROM ended)
)
UPDATE {game} AS game
SET status = %(finished)s, finished_at = %(now)s, outcome = ended.outcome,
    turn_started_at = NULL, deadline = NULL, warn_at = NULL, ledger_seal = ended.seal
FROM ended WHERE game.id = ended.id
"""


def _write_ends(rows: list[tuple], now: datetime) -> None:
    """Write the ends of `rows` ((game id, ply, seat that timed out, outcome, the seat
    action's seal) each)."""
    quote = connection.ops.quote_name
    sql = _WRITE_ENDS.format(
        action=quote(SeatAction._meta.db_table),
        seat=quote(Seat._meta.db_table),
        game=quote(Game._meta.db_table),
    )
    # Every seat of these games: nobody acts, and each lands among its player's finished games
    # at the same place, the instant they all ended (listing.list_order).
    section, key = listing.list_order(_Over(now), must_act=False)
    names = ("id", "ply", "seat", "outcome", "seal")
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            {
                "rows": json.dumps([dict(zip(names, row, strict=True)) for row in rows]),
                "kind": Kind.TIMEOUT_END,
                "now": now,
                "section": section,
                "key": key,
                "finished": Game.Status.FINISHED,
            },
        )
