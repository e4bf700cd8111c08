"""The simplest bot: a uniformly random legal move, chosen from the player view alone."""

from __future__ import annotations

import random

from rules.jackal import View


def choose_move(view: View, rng: random.Random) -> str:
    """One of ``view.legal_moves`` (the view must be the acting seat's own view)."""
    if not view.legal_moves:
        raise ValueError("this view has no legal moves: it is not this seat's turn")
    return rng.choice(view.legal_moves)
