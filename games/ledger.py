"""The ledger's seals: every row of a game's ledger is a link of one keyed chain.

A game's ledger is its moves and its seat actions (games.models). They make one chain per game,
in the order they were written: for each ply, the move that made it, then the seat actions taken
at it, oldest first (a timeout at ply 0 comes before the first move; a skip's clock moves come
before the skip, whose ply is after them: games.clock.forfeits). Each row's `seal` is an
HMAC-SHA256, keyed by `settings.LEDGER_KEY` (never in the database), of its content and the seal of
the row before it; the game row keeps the last seal (`Game.ledger_seal`), so that sealing a move
costs no query: the move service locks and writes the game row anyway.

Whoever can write the tables but has not the key cannot make a seal: a row inserted behind the
site's back (a forged resignation), a row changed, or a row removed from the middle, breaks the
chain at that row or the one after it, and `broken_links` (verify_ledgers) names its ply. A row
removed from the end leaves the game's last seal pointing past the chain. What no chain can see
is the whole game wound back together (its rows cut and the game row rewritten to an earlier
seal): the game's ply never goes back (migration 0006), and verify_ledgers compares the replay
with the cached head and outcome.

Every writer of ledger rows seals them here, with `seal` (`write` seals and saves them): the move
service, the seat actions (games.clock.forfeits) and the clock's sweep (games.clock.sweep,
games.clock.sweep_ends), whose rows are written in bulk afterwards.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import defaultdict
from datetime import UTC
from functools import cache
from pathlib import Path
from typing import NamedTuple

from django.conf import settings

from jackal_site.env import key_made_once

# The columns a seal covers, besides the seal before it; the same for a Django row and for the
# values read back from the database.
MOVE_FIELDS = ("game_id", "ply", "seat", "text", "user_id", "events", "created_at")
ACTION_FIELDS = ("game_id", "ply", "seat", "kind", "user_id", "created_at")
NAMES = {"move": "move", "seataction": "seat action"}  # by model name: historical models too

FILL_BATCH = 500  # games sealed a batch at a time by `seal_existing`


def seal(game, *rows):
    """Seal `rows` (new moves and seat actions of `game`, in the order they are written) as the
    next links of the game's chain, and move the game's head: `game.ledger_seal`, which the
    caller saves with the game (services.HEAD_FIELDS). No query. Returns the rows."""
    head = game.ledger_seal
    for row in rows:
        name = NAMES[row._meta.model_name]
        fields = MOVE_FIELDS if name == "move" else ACTION_FIELDS
        row.seal = head = link(head, name, [getattr(row, field) for field in fields])
    game.ledger_seal = head
    return list(rows)


def write(game, *rows) -> None:
    """Seal `rows` (`seal`) and save them: the moves in one statement, then the seat actions."""
    seal(game, *rows)
    moves = [row for row in rows if row._meta.model_name == "move"]
    if moves:
        type(moves[0]).objects.bulk_create(moves)
    for row in rows:
        if row._meta.model_name != "move":
            row.save()


def link(previous: str, name: str, values: list) -> str:
    """The seal of a row of kind `name` with `values` (MOVE_FIELDS or ACTION_FIELDS), after the
    row sealed `previous` ("" for a game's first row)."""
    content = [name, *values]
    if name == "move":  # its events as the JSON column gives them back (keys as strings)
        content[EVENTS] = json.loads(json.dumps(content[EVENTS]))
    content[-1] = content[-1].astimezone(UTC).isoformat(timespec="microseconds")  # created_at
    message = previous + "\n" + json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hmac.new(_key(), message.encode(), hashlib.sha256).hexdigest()


def _key() -> bytes:
    """The settings' key, or a development run's, made once in its data directory."""
    return (settings.LEDGER_KEY or _key_in(settings.DATA_DIR / "ledger-key")).encode()


@cache
def _key_in(path: Path) -> str:
    return key_made_once(path)


EVENTS = 1 + MOVE_FIELDS.index("events")  # in a move's content, after its name


class Entry(NamedTuple):
    """A row of a game's ledger as the chain reads it."""

    ply: int
    after_move: bool  # a seat action: after the move of its ply
    pk: int
    name: str  # NAMES
    values: list  # MOVE_FIELDS or ACTION_FIELDS
    seal: str

    def __str__(self) -> str:
        if self.name == "move":
            return "the move"
        return f"the seat action {self.values[3]!r} of seat {self.values[2]}"


def chains(move_model, action_model, game_ids: list[int]) -> dict[int, list[Entry]]:
    """The ledger rows of `game_ids` (two queries), each game's in the chain's order."""
    of_game: dict[int, list[Entry]] = defaultdict(list)
    for model, fields, after_move in (
        (move_model, MOVE_FIELDS, False),
        (action_model, ACTION_FIELDS, True),
    ):
        name = NAMES[model._meta.model_name]
        rows = model.objects.filter(game_id__in=game_ids).values_list("pk", "seal", *fields)
        for pk, kept, *values in rows:
            of_game[values[0]].append(Entry(values[1], after_move, pk, name, values, kept))
    return {game_id: sorted(entries) for game_id, entries in of_game.items()}


def broken_links(game) -> list[str]:
    """Where `game`'s chain breaks (empty when every row carries its seal): the first row whose
    seal is not the one its content and the row before it give, or an end short of the game's
    last seal."""
    from .models import Move, SeatAction

    head, last = "", None
    for entry in chains(Move, SeatAction, [game.pk]).get(game.pk, []):
        if not hmac.compare_digest(link(head, entry.name, entry.values), entry.seal):
            return [
                f"ply {entry.ply}: {entry} breaks the ledger's chain: it, or a row just before"
                " it, was written, changed or removed behind the site's back"
            ]
        head, last = entry.seal, entry.ply
    if not hmac.compare_digest(head, game.ledger_seal):
        where = f"after ply {last}" if last is not None else "before its first row"
        return [
            f"the ledger's chain ends {where}, short of the game's last seal: its last rows"
            " were removed"
        ]
    return []


def seal_existing(game_model, move_model, action_model, update_rows) -> int:
    """Seal the ledgers of every game from their first row (the rows written before the seals:
    migration 0023), with the settings' key; the games sealed. `update_rows(model, rows,
    fields)` writes the seals (games.clock.bulk_writes.update_rows); the caller lets the database
    update the rows (the move ledger refuses UPDATE otherwise)."""
    sealed = 0
    games = game_model.objects.order_by("pk").values_list("pk", flat=True)
    ids = list(games)
    for start in range(0, len(ids), FILL_BATCH):
        batch = ids[start : start + FILL_BATCH]
        moves, actions, heads = [], [], []
        for game_id, entries in chains(move_model, action_model, batch).items():
            head = ""
            for entry in entries:
                head = link(head, entry.name, entry.values)
                if entry.name == "move":
                    moves.append(move_model(pk=entry.pk, seal=head))
                else:
                    actions.append(action_model(pk=entry.pk, seal=head))
            heads.append(game_model(pk=game_id, ledger_seal=head))
        update_rows(move_model, moves, ["seal"])
        update_rows(action_model, actions, ["seal"])
        update_rows(game_model, heads, ["ledger_seal"])
        sealed += len(heads)
    return sealed
