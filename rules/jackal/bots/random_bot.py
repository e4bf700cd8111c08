"""The simplest bot: a uniformly random legal move, chosen from the player view alone."""

from __future__ import annotations

import random

from rules.jackal import View

from .knowledge import moves_of_play


def choose_move(view: View, rng: random.Random) -> str:
    """One of ``view.legal_moves`` (the view must be the acting seat's own view).

    Never an offer to end the game or its acceptance (ruling E16): a random offer would end games
    on a whim, and the bot plays on instead of accepting, which leaves the decision to the people.
    """
    moves = moves_of_play(view)
    if not moves:
        raise ValueError("this view has no legal moves: it is not this seat's turn")
    return rng.choice(moves)
