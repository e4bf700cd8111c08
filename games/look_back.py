"""The look back at a finished game: each seat's worth at every ply, by the family's strongest
bot's evaluation (`SiteFamily.look_back_values`), and the move where each seat lost most.

Computed in the background (games.tasks.look_back_game) once a game is over, never before: the
evaluation reads the whole position, face-down tiles included, which is only public then. The
result is kept in the cache under the game and its last ply (a finished game's ledger never
changes); the replay asks for it when it is missing (games.presenters.look_back).
"""

from __future__ import annotations

from django.core.cache import cache

from . import positions
from .families import family_of
from .models import Game

TTL = 30 * 24 * 3600
QUEUED_TTL = 600  # a look back being computed is not queued again for this long
LOSS = 0.5  # a seat's own move that cost it at least this many coins of worth is marked


def _key(game: Game) -> str:
    return f"look-back:{game.pk}:{game.ply}"


def stored(game: Game) -> dict | None:
    """The look back of a finished game if it has been computed, else None."""
    return cache.get(_key(game)) if game.is_over else None


def mark_queued(game: Game) -> bool:
    """True once per QUEUED_TTL: whether the caller should queue the computation now."""
    return cache.add(_key(game) + ":queued", 1, QUEUED_TTL)


def compute(game: Game) -> dict | None:
    """Each seat's worth after every ply (``values[ply][seat]``) and, per seat, its own move
    that lost most (``losses``: ply, seat, move, coins), for a finished game whose family has
    an evaluation; None otherwise."""
    family = family_of(game.ruleset)
    if not game.is_over or not game.seed:
        return None
    rows = list(game.moves.order_by("ply").values_list("seat", "text"))
    first = positions.position_at(game, 0, rows)
    if family.look_back_values(first) is None:
        return None
    values = []
    for ply in range(len(rows) + 1):
        state = positions.position_at(game, ply, rows)
        seat_values = family.look_back_values(state)
        values.append([seat_values.get(seat, 0.0) for seat in range(game.players)])
    losses = []
    for seat in range(game.players):
        worst = None
        for ply, (mover, text) in enumerate(rows, start=1):
            if mover != seat:
                continue
            lost = values[ply - 1][seat] - values[ply][seat]
            if lost >= LOSS and (worst is None or lost > worst["coins"]):
                worst = {"ply": ply, "seat": seat, "move": text, "coins": round(lost, 1)}
        if worst:
            losses.append(worst)
    return {"values": values, "losses": sorted(losses, key=lambda x: x["ply"])}


def store(game: Game) -> dict | None:
    data = compute(game)
    if data is not None:
        cache.set(_key(game), data, TTL)
    return data
