"""The tail of a game's ledger as the board shows it, kept in the cache between requests.

Every board (the page, its htmx partials, a move's answer, each live frame) shows the last moves
of the game and asks its seat actions which buttons to offer (resign, claim, take back). Both
were read from the database for every board: two queries of a move's answer, two of every page.

They are kept here, in the cache, under the game's last seal (`Game.ledger_seal`, games.ledger):
every row the ledger gets, a move or a seat action, by any writer, moves the seal on, so an
entry is never out of date, only unused, and none is ever invalidated. The move service writes
the next entry itself from the one before (`after_move`): a game's boards then read no row of
its ledger while its moves follow each other; a cold cache costs the two reads it saved.

What is kept is the server's own rows, never a view: each board still says them for its seat
(a Jamaica card stays hidden in the words, not here). The cache is the site's (Redis in
production, this process's memory otherwise); a game without a seal ("": no row sealed yet)
is read from the database every time, so that no entry can be shared by two ledgers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.core.cache import cache

from .models import Game, Move, SeatAction

# The most moves a board shows (each family's LOG_LENGTH is at most this).
KEPT = 40
# Long enough for a game played now (its moves, its live boards); a game taken up again next
# day is read from the database once, then kept again.
TIMEOUT = 20 * 60
MOVE_COLUMNS = ("ply", "text", "seat", "events")


@dataclass(frozen=True)
class Tail:
    moves: list[dict]  # the last KEPT moves, newest first, as MOVE_COLUMNS
    actions: list[SeatAction]  # every seat action of the game, oldest first


def _key(game_id: int, seal: str) -> str:
    return f"ledger-tail:{game_id}:{seal}"


def tail(game: Game) -> Tail:
    """The game's last moves and its seat actions as its ledger holds them now."""
    if game.ledger_seal:
        kept = cache.get(_key(game.pk, game.ledger_seal))
        if kept is not None:
            return kept
    found = Tail(
        moves=list(game.moves.order_by("-ply").values(*MOVE_COLUMNS)[:KEPT]),
        actions=list(game.seat_actions.order_by("pk")),
    )
    if game.ledger_seal:
        cache.set(_key(game.pk, game.ledger_seal), found, TIMEOUT)
    return found


def recent_moves(game: Game, length: int) -> list[dict]:
    """The game's last `length` moves (at most KEPT), newest first."""
    return tail(game).moves[:length]


def seat_actions(game: Game) -> list[SeatAction]:
    """Every seat action of the game, oldest first."""
    return tail(game).actions


def after_move(game: Game, seal_before: str, ply_before: int, move: Move) -> None:
    """Keep the tail of `game` after `move`, the row its ledger just got (the game's seal is the
    move's), from the tail before it (under `seal_before`), if that is known without a query:
    kept in the cache, or empty (a game's first row). Called inside the move's transaction: if
    it rolls back, the entry is under a seal that no game has, and never read."""
    if not seal_before and ply_before == 0:
        before = Tail(moves=[], actions=[])
    else:
        before = cache.get(_key(game.pk, seal_before)) if seal_before else None
        if before is None:
            return  # the first board that needs it reads it (`tail`)
    row = {column: getattr(move, column) for column in MOVE_COLUMNS}
    row["events"] = json.loads(json.dumps(row["events"]))  # as the JSON column gives them back
    after = Tail(moves=[row, *before.moves][:KEPT], actions=before.actions)
    cache.set(_key(game.pk, game.ledger_seal), after, TIMEOUT)
