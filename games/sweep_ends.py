"""The clock sweep's fast path on PostgreSQL: due games claimed, and the games a timeout ends
ended, set-based, a batch in a few statements (games.sweep says what the sweep guarantees).

A timeout that ends a game (`TimeoutPolicy.END`: the two-player default, most of a backlog)
changes nothing a Django row or a read position is needed for: the ledger gains one seat
action at the game's ply, the game is finished with the outcome its scores give (the forfeited
seat last), and its seats no longer act. So the batch is claimed by one locked read that brings
back, for each game, a few columns and the keys of its position that ending it reads
(`Ruleset.stored_end_keys`, picked out by the database); the rules end that summary
(`Ruleset.end_stored`, the same code as one game's end) and what it changed goes back as a patch
of the stored position (`bulk_writes.JsonPatch`). Then one INSERT of the seat actions, one
UPDATE of the games, one UPDATE of their seats (all alike: they ended at the same instant).

Only games whose rules end a stored position from its summary, and whose clock seat is a
person's, go this way; the others of the batch (a bot standing in, skipped crews, rules that
read the whole position to end it, anything odd) go through `forfeits.apply` as Django rows
(games.sweep), under the same lock and in the same transaction.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from django.db import connection

from rules.core import IllegalMove, SetupError, ruleset_names
from rules.core import ruleset as rules_named

from . import bulk_writes, listing
from .models import Game, Seat, SeatAction, TimeoutPolicy
from .standings import ENDING, outcome_with_forfeits

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
    summary: dict  # the keys of its position that ending it reads


@dataclass(frozen=True)
class Forfeit:
    """A seat action as `standings.forfeited_from` reads it."""

    seat: int
    kind: str


def claim(now: datetime, size: int) -> list[Claimed]:
    """Lock up to `size` due games, the earliest deadline first, skipping those another sweep
    or a move holds (the row lock a move takes); one statement."""
    quote = connection.ops.quote_name
    table = quote(Game._meta.db_table)
    sql = (
        f"SELECT game.id, game.ruleset, game.players, game.timeout_policy, game.ply,"
        f" (SELECT jsonb_object_agg(part.key, part.value) FROM jsonb_each(game.state) part"
        f"  WHERE part.key = ANY(%s))"
        f" FROM {table} game"
        f" WHERE game.status = %s AND game.deadline IS NOT NULL AND game.deadline <= %s"
        f" ORDER BY game.deadline LIMIT %s FOR UPDATE OF game SKIP LOCKED"
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
            summary=(json.loads(summary) if isinstance(summary, str) else summary) or {},
        )
        for game_id, ruleset, players, chosen, ply, summary in rows
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
    rest: list[int]  # the claimed games it left to `forfeits.apply` (games.sweep)


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
    # Read after the claim (a statement of its own sees what committed before the lock).
    ids = list(candidates)
    seats_of: dict[int, list[tuple]] = defaultdict(list)
    for game_id, index, must_act, by_bot, user_id in _rows(
        "SELECT game_id, \"index\", must_act, bot <> '' OR stand_in <> '', user_id FROM {table}"
        " WHERE game_id = ANY(%s)",
        Seat,
        ids,
    ):
        seats_of[game_id].append((index, must_act, by_bot, user_id))
    actions_of: dict[int, list[Forfeit]] = defaultdict(list)
    for game_id, seat, kind in _rows(
        "SELECT game_id, seat, kind FROM {table} WHERE game_id = ANY(%s) ORDER BY id",
        SeatAction,
        ids,
    ):
        actions_of[game_id].append(Forfeit(seat, kind))
    actions, rows, changes, players = [], [], [], set()
    for game in candidates.values():
        owing = sorted((s for s in seats_of[game.id] if s[1]), key=lambda s: s[0])
        if not owing or owing[0][2]:  # no person's clock to run out: the careful way
            rest.append(game.id)
            continue
        seat = owing[0][0]
        forfeits = [*actions_of[game.id], Forfeit(seat, Kind.TIMEOUT_END)]
        try:
            ended, outcome = rules_named(game.ruleset).end_stored(
                game.summary, ENDING[Kind.TIMEOUT_END]
            )
        except (IllegalMove, SetupError):  # refused: the careful way logs it and goes on
            rest.append(game.id)
            continue
        actions.append(
            {
                "game_id": game.id,
                "ply": game.ply,
                "seat": seat,
                "kind": Kind.TIMEOUT_END,
                "user_id": None,
                "created_at": now,
            }
        )
        rows.append(
            {
                "id": game.id,
                "state": _patch(game.summary, ended),
                "status": Game.Status.FINISHED,
                "outcome": outcome_with_forfeits(outcome.to_json(), forfeits),
                "finished_at": now,
                # The end of the turn (turns.begin_turn of a game over): no clock runs.
                "turn_started_at": None,
                "deadline": None,
                "warn_at": None,
            }
        )
        changes.append((game.id, game.ply, False, game.players))
        players.update(s[3] for s in seats_of[game.id] if s[3] is not None)
        logger.info("game %s ply %s: seat %s %s", game.id, game.ply, seat, Kind.TIMEOUT_END)
    if rows:
        bulk_writes.insert_values(SeatAction, actions)
        bulk_writes.update_values(Game, [field for field in rows[0] if field != "id"], rows)
        # Every seat of these games: nobody acts, and each lands among its player's finished
        # games at the same place, the instant they all ended (listing.list_order).
        section, key = listing.list_order(_Over(now), must_act=False)
        _rows(
            "UPDATE {table} SET must_act = false, list_section = %s, list_key = %s"
            " WHERE game_id = ANY(%s)",
            Seat,
            [row["id"] for row in rows],
            section,
            key,
        )
    return Ended(changes, players, rest)


def _rows(sql: str, model, ids: list[int], *before) -> list[tuple]:
    """Run `sql` on `model`'s table (`{table}`) for the games `ids` (one array parameter, not
    a placeholder per game: the driver would parse hundreds), after the parameters `before`;
    the rows it returns, if any."""
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql.format(table=table), [*before, ids])
        return cursor.fetchall() if cursor.description else []


@dataclass(frozen=True)
class _Over:
    """A game over at `finished_at`, as `listing.list_order` reads one."""

    finished_at: datetime
    status: str = Game.Status.FINISHED
    created_at: datetime | None = None


def _patch(before: dict, after: dict) -> bulk_writes.JsonPatch:
    """The change from the summary `before` to `after`, as the database makes it."""
    put = {key: value for key, value in after.items() if key not in before or before[key] != value}
    return bulk_writes.JsonPatch(put, tuple(key for key in before if key not in after))
