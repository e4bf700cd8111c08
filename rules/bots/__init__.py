"""The site's one entry for bots: ``play(level, state, seat, seed)``, for a game of any family.

Each family's bots live beside its rules and read only what their seat may know:

- Jackal (classic and second edition): ``rules.jackal.bots`` (its ``seat_knowledge``, the
  one-ply ``easy``, the ISMCTS ``normal`` and ``strong``, the ``rules`` priority list);
- Archipelago: ``rules.archipelago`` (``bot.py`` the heuristic, ``search.py`` the rollouts,
  ``rule_bot.py`` the priority list);
- Jamaica: ``rules.jamaica`` (``bot.py``, ``search.py``, ``rule_bot.py`` the careful greedy
  captain).

This module only hands a game to its family's bots (the three engines share no code, and the
rules-families contract of .importlinter keeps them apart; only this package sees them all). The
level "rules" (``SPARRING``) is not offered at the tables: it is the fixed, search-free opponent
bench/arena.py measures the levels against (``--against rules``), and the policy the Jackal
search plays its rollouts by.
"""

from __future__ import annotations

import random

from rules.archipelago import bot as archipelago_bot
from rules.archipelago import rule_bot as archipelago_rules
from rules.archipelago import search as archipelago_search
from rules.archipelago.knowledge import seat_knowledge as archipelago_knowledge
from rules.core import GameState, ruleset
from rules.jackal import JackalGame
from rules.jackal.bots import LEVELS, SPARRING, THINKING_SECONDS, choose, seat_knowledge
from rules.jamaica import bot as jamaica_bot
from rules.jamaica import rule_bot as jamaica_rules
from rules.jamaica import search as jamaica_search
from rules.jamaica.game import JamaicaGame
from rules.jamaica.knowledge import seat_knowledge as jamaica_knowledge

# SPARRING ("rules"): every family's priority-list bot (not a table's choice, LEVELS).
ALL_LEVELS = (*LEVELS, SPARRING)

__all__ = ["ALL_LEVELS", "LEVELS", "SPARRING", "THINKING_SECONDS", "play"]


def play(
    level: str, state: GameState, seat: int, seed: str | int, seconds: float | None = None
) -> str:
    """The move a bot of ``level`` sends for ``seat`` of ``state``, any game of the protocol.

    A bot reads only what its seat may know: Jackal's levels its ``seat_knowledge``; Jamaica's
    "random" and "easy" (``rules.jamaica.bot``) the seat's view and legal moves, its "normal" and
    "strong" (``rules.jamaica.search``, rollouts of guessed games) the seat's
    ``rules.jamaica.knowledge.seat_knowledge``; Archipelago's "easy" (``rules.archipelago.bot``,
    a heuristic) its view, its "normal" and "strong" (``rules.archipelago.search``, short
    rollouts of guessed islands) the seat's ``rules.archipelago.knowledge.seat_knowledge``; the
    one-player puzzles have no opponent to search against, so every level but random plays the
    heuristic there; other games, until they have bots of their own, a uniformly random move of
    those the seat may send. "rules" is each family's priority list, from the seat's view."""
    if isinstance(state, JackalGame):
        return choose(level, seat_knowledge(state.state, seat), seed, seconds=seconds)
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(ALL_LEVELS)}")
    if isinstance(state, JamaicaGame):
        rng = random.Random(f"{level}:{seed}")
        if level == SPARRING:
            return jamaica_rules.choose_move(state.view(seat), state.legal_moves(seat), rng)
        if level in jamaica_search.ROLLOUTS:
            knowledge = jamaica_knowledge(state, seat)
            rollouts = jamaica_search.ROLLOUTS[level]
            return jamaica_search.choose_move(
                knowledge, state.legal_moves(seat), rng, rollouts, seconds
            )
        return jamaica_bot.choose_move(level, state.view(seat), state.legal_moves(seat), rng)
    if ruleset(state.ruleset).game == "archipelago" and archipelago_bot.site_proposal(state.vote):
        return "accept end"  # ruling A21: every bot, random too, agrees to the site's proposal
    if ruleset(state.ruleset).game == "archipelago" and level == SPARRING:
        return archipelago_rules.choose(state.view(seat), f"{level}:{seed}")
    if ruleset(state.ruleset).game == "archipelago" and level != "random":
        if level in archipelago_search.ROLLOUTS and state.ruleset == "archipelago":
            rng = random.Random(f"{level}:{seed}")
            rollouts = archipelago_search.ROLLOUTS[level]
            return archipelago_search.choose_move(
                archipelago_knowledge(state, seat), state.legal_moves(seat), rng, rollouts, seconds
            )
        return archipelago_bot.choose(state.view(seat), f"{level}:{seed}")
    moves = state.legal_moves(seat)
    if not moves:
        family = ruleset(state.ruleset).game
        raise ValueError(f"seat {seat} of this {family} game has no move to make now")
    return random.Random(f"random:{seed}").choice(sorted(moves))
