"""A game's position at any ply, computed from its seed and ledger, for the replay viewer.

The ledger is the truth: every position here is the rules' replay of the seed and the moves
(through the protocol: any game). Replaying a long game from scratch for each step of the
replay viewer would cost O(ply) per request, so positions every `CHECKPOINT` plies are kept in
the cache. The ledger is append-only, so a prefix never changes: a checkpoint never goes stale
(its key still names the seed hash, so a game whose seed were ever replaced could not pick up
another game's positions).
"""

from __future__ import annotations

from django.core.cache import cache

from rules.core import GameState
from rules.core import ruleset as rules_named

from .models import Game

CHECKPOINT = 50
CHECKPOINT_TTL = 7 * 24 * 3600


def _checkpoint_key(game: Game, ply: int) -> str:
    return f"replay:{game.pk}:{game.seed_hash[:16]}:{ply}"


def position_at(game: Game, ply: int, moves: list[tuple[int, str]]) -> GameState:
    """The position after `ply` moves of `game`, whose ledger entries are `moves` ((seat, text),
    at least `ply` of them).

    Server side only: the state holds the whole deal. Callers show it through the game's family
    (`SiteFamily.replay_board`), which shows only what the viewer may see.
    """
    if not 0 <= ply <= len(moves):
        raise ValueError(f"ply {ply} is outside the game (0 to {len(moves)})")
    rules = rules_named(game.ruleset)
    # Seats the clock skipped for a timeout, after the moves of their ply (games.clock.forfeits).
    skips: dict[int, list[int]] = {}
    for at, seat in game.seat_actions.filter(kind="timeout-skip").values_list("ply", "seat"):
        skips.setdefault(at, []).append(seat)
    marks = list(range(CHECKPOINT, ply + 1, CHECKPOINT))
    found = cache.get_many([_checkpoint_key(game, mark) for mark in marks]) if marks else {}
    state, start = None, 0
    for mark in reversed(marks):
        stored = found.get(_checkpoint_key(game, mark))
        if stored is not None:
            state, start = rules.from_json(stored), mark
            break
    if state is None:
        # Started with the options its stored position says (Jackal: the deck it was dealt from).
        state = rules.new_game(game.players, game.seed, **rules.options_of(game.state or {}))
        for seat in skips.get(0, ()):
            state.skip_seat(seat)
    fresh = {}
    for index in range(start, ply):
        seat, text = moves[index]
        rules.replay_move(state, seat, text)
        for skipped in skips.get(index + 1, ()):
            state.skip_seat(skipped)
        if (index + 1) % CHECKPOINT == 0:
            fresh[_checkpoint_key(game, index + 1)] = state.to_json()
    if fresh:
        cache.set_many(fresh, CHECKPOINT_TTL)
    return state
