"""Players that see only what their seat may know (never the hidden tiles).

``choose(level, knowledge, seed)`` is the one entry point: ``knowledge`` comes from
``seat_knowledge(state, seat)`` (the player view plus the position without its face-down tiles),
``seed`` makes the choice reproducible (the site derives it from game id, ply and seat; never
from the game's secret seed). Levels:

- ``random``: a uniformly random legal move;
- ``easy``: one ply of look-ahead with a heuristic (easy.py);
- ``normal``, ``strong``: information-set Monte-Carlo tree search (ismcts.py) with a small and a
  large iteration budget.
"""

from __future__ import annotations

import random

from . import easy, ismcts, random_bot
from .knowledge import Determiniser, Knowledge, seat_knowledge

LEVELS = ("random", "easy", "normal", "strong")
# Iterations per decision. strong: ~0.4 s a decision on one core of the project's machine, normal
# ~70 ms (README, bots); the site adds a time limit on top as a safety net.
BUDGETS = {"normal": 300, "strong": 1500}

__all__ = ["BUDGETS", "LEVELS", "Determiniser", "Knowledge", "choose", "seat_knowledge"]


def choose(
    level: str,
    knowledge: Knowledge,
    seed: str | int,
    iterations: int | None = None,
    seconds: float | None = None,
) -> str:
    """The move (notation) the bot of this level plays. Same knowledge + seed + budget -> same
    move. ``iterations`` overrides the level's budget; ``seconds`` caps the search's time."""
    rng = random.Random(f"{level}:{seed}")
    if level == "random":
        return random_bot.choose_move(knowledge.view, rng)
    if level == "easy":
        return easy.choose_move(knowledge, rng)
    if level in BUDGETS:
        budget = BUDGETS[level] if iterations is None else iterations
        return ismcts.choose_move(knowledge, rng, budget, seconds)
    raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
