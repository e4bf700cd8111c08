"""Flat Monte-Carlo with common random numbers: the loop the rollout searches share.

Jamaica's and Archipelago's ``normal`` and ``strong`` bots (``rules/*/search.py``) compare a
seat's candidate moves by playing each on games guessed from what the seat knows. Each round
deals one guess and one playout seed and plays every candidate on a copy of that same guess with
that same seed, so the candidates meet the same hidden cards or tiles and the same luck: their
difference is the move's, not the dice's, and a few dozen rounds tell them apart.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any


def compare_moves(
    moves: Sequence[str],
    seat: int,
    sample: Callable[[random.Random], Any],
    rollout: Callable[[Any, random.Random], None],
    result: Callable[[Any, int], float],
    rounds: int,
    rng: random.Random,
    seconds: float | None = None,
) -> dict[str, float]:
    """Each move's average ``result`` for ``seat`` over up to ``rounds`` rounds: ``sample(rng)``
    guesses a game, every move is applied to a copy of it and ``rollout`` plays on from there with
    the round's playout seed. ``seconds`` stops it after the round in progress (one at least):
    the averages are then over fewer rounds, and the choice depends on the machine's speed."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    totals = dict.fromkeys(moves, 0.0)
    played = 0
    for _ in range(rounds):
        if deadline is not None and played and time.perf_counter() > deadline:
            break
        played += 1
        guess = sample(rng)
        playout_seed = rng.getrandbits(64)
        for move in moves:
            game = guess.copy()
            game.play(seat, move)  # apply without the events: nobody reads them here
            rollout(game, random.Random(playout_seed))
            totals[move] += result(game, seat)
    return {move: total / played for move, total in totals.items()}
