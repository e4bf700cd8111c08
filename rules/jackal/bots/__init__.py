"""Jackal's bots (classic and second edition): they see only what their seat may know.

The site reaches them through ``rules.bots.play`` (the one entry for every family's bots).
``choose(level, knowledge, seed)`` is Jackal's:
``knowledge`` comes from ``seat_knowledge(state, seat)`` (the player view plus the position
without its face-down tiles),
``seed`` makes the choice reproducible (the site derives it from game id, ply and seat; never
from the game's secret seed). Levels:

- ``random``: a uniformly random legal move;
- ``easy``: one ply of look-ahead with a heuristic (easy.py);
- ``normal``, ``strong``: information-set Monte-Carlo tree search (ismcts.py) with a small and a
  large iteration budget (800 and 4000 iterations); in a free-for-all of three or more teams the
  others are not searched but played by a policy, a glance for `normal` and one ply with easy's
  weights for `strong` (whose walk also steers by the best heuristic reward below a move:
  ismcts.MINIMAX), 400 iterations each;
- ``rules`` (SPARRING, not a table's level): a priority list without search (rule.py), the
  arena's sparring partner and the search's play-out policy.
"""

from __future__ import annotations

import random

from . import easy, ismcts, random_bot, rule
from .knowledge import Determiniser, Knowledge, seat_knowledge

LEVELS = ("random", "easy", "normal", "strong")
SPARRING = "rules"  # the priority-list bot: bench/arena.py's opponent, not offered at a table
# Iterations per decision. strong: ~0.35 s of CPU a decision on one core of the project's machine
# (about 11,000 iterations a second since twin pirates' moves are searched once, bench/bot_speed.py;
# 2,500 before, at 7,000 a second), normal ~0.1 s (docs/bots.md); the site adds a time limit on top
# as a safety net for a loaded worker (games/tasks.py).
BUDGETS = {"normal": 800, "strong": 4000}
# In a free-for-all of three or more teams the search plays the others by a policy
# (ismcts.OPPONENT_TEAMS) and so reaches the bot's own later turns. `normal` glances
# (probe.best_move): 400 iterations, ~0.1 s of CPU. `strong` looks one ply ahead for them with
# easy's weights (probe.look_move), as the easy bots that fill most tables choose: measured on 48
# four-player deals at 400 iterations, first in 27 and sharing 2 (58 %) on normal's dice and 19
# and 3 (43 %) on strong's own, against the glance's 17 and 7 (43 %); margin +0.46 and -0.40
# against -1.02 (docs/bots.md, 2026-11-28 evening and night), where 2000 glancing iterations had
# bought nothing over 400. It costs 0.26-1.13 s of CPU a decision on bench/bot_speed.py's
# four-player positions (0.5-2.6 s on a slower machine); THINKING_SECONDS bounds it.
FREE_FOR_ALL_BUDGETS = {"normal": 400, "strong": 400}
# Plies of play-out by the rules policy (rule.py, ismcts.PLAYOUT_POLICY) before a new leaf of a
# two-team search is scored; 0 scores the leaf at once (docs/bots.md, 2026-12-03).
PLAYOUT_DEPTHS = {"normal": 0, "strong": 0}
FREE_FOR_ALL_OPPONENTS = {"normal": "glance", "strong": "look"}
# A bot's thinking time on the site, at most (games/tasks.py; bench/arena.py counts the decisions
# that would pass it). The iteration budgets above come under it in CPU time on this machine, so
# the move is reproducible, but for `strong` in a free-for-all: its look at the others' replies
# costs 0.6-1.2 s of CPU a decision on average in the four-player arena, by machine, and up to
# 17 s for the longest (uncapped), so the 2 s cap cuts about 1.5 % of its searches short.
THINKING_SECONDS = {"random": None, "easy": None, "normal": 1.0, "strong": 2.0}

__all__ = [
    "BUDGETS",
    "FREE_FOR_ALL_BUDGETS",
    "FREE_FOR_ALL_OPPONENTS",
    "PLAYOUT_DEPTHS",
    "THINKING_SECONDS",
    "budget_for",
    "LEVELS",
    "SPARRING",
    "Determiniser",
    "Knowledge",
    "choose",
    "seat_knowledge",
]


def budget_for(level: str, knowledge: Knowledge) -> int:
    """The search's iterations for `level` ("normal" or "strong") at the seat `knowledge` is of:
    the free-for-all budget where the search plays the others by the glance policy."""
    free_for_all = ismcts.models_opponents(knowledge)
    return (FREE_FOR_ALL_BUDGETS if free_for_all else BUDGETS)[level]


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
    if level == SPARRING:
        return rule.choose_move(knowledge, rng)
    if level in BUDGETS:
        budget = budget_for(level, knowledge) if iterations is None else iterations
        opponents = FREE_FOR_ALL_OPPONENTS[level]
        depth = PLAYOUT_DEPTHS[level]
        return ismcts.choose_move(knowledge, rng, budget, seconds, opponents, depth)
    raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
