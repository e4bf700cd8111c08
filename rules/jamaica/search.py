"""Jamaica's ``normal`` and ``strong`` bots: Monte-Carlo rollouts of guessed games, move by move.

Each candidate move is played on whole games guessed from what the seat knows (knowledge.py: the
hidden cards dealt at random, a made-up seed for the dice to come), and every seat, the bot's
own included, then plays the easy heuristic (bot.py) to the end of the race. The move with the
best average result is chosen. Every candidate is tried on the same guesses with the same
playout seeds (common random numbers): the moves are compared on the same dice and cards, so a
few dozen rollouts tell them apart where independent ones would drown in the luck of the dice.

A race lasts about 60 decisions (2 players); a rollout from its start costs about 5 ms, from the
middle half that: a strong decision (240 rollouts) took 0.39 s of CPU on average in the arena,
the slowest (the first cards of a race) over 1 s, where the site's cap cuts the search short.
A result is the share of first place (a shared place split), plus a little for the margin over
the best other ship, so that among moves that all win (or all lose) the one that wins by more is
preferred. Deterministic for a seed and a budget; ``seconds`` only ever cuts a search short.
"""

from __future__ import annotations

import random

from rules.core.rollouts import compare_moves

from . import bot
from .knowledge import Determiniser, Knowledge
from .moves import COLOURS
from .view import face_down_counts, face_down_of, fight_view, powers

# Rollouts per decision for two seats, shared out over the candidate moves (each gets at least
# MIN_EACH); with more seats a rollout plays more decisions, so the budget is 2/seats of this,
# but never under FEWEST (fewer left `normal` no better than `easy` with four ships: 40 rollouts,
# 9 firsts of 40 against easy's 12, docs/bots.md).
ROLLOUTS = {"normal": 80, "strong": 240}
FEWEST = 80
MIN_EACH = 4
MARGIN = 0.02  # the result's worth of one point of margin over the best other ship


def result(game, seat: int) -> float:
    """The seat's result of a finished game: its share of first place plus MARGIN a point."""
    outcome = game.outcome()
    scores = outcome.scores
    first = outcome.ranking[0]
    share = 1.0 / len(first) if seat in first else 0.0
    best_other = max(v for s, v in scores.items() if s != seat)
    return share + MARGIN * (scores[seat] - best_other)


def policy_view(game, seat: int) -> dict:
    """What the easy heuristic reads of ``seat``'s view (bot.py), built straight from a guessed
    game: the whole view (view.py) was a fifth of a rollout's time. Only ever given the search's
    own guesses; tests/rules/jamaica/test_jamaica_search.py checks it against the view."""
    return {
        "seat": seat,
        "morning": game.morning,
        "evening": game.evening,
        "hand": sorted(game.hands[seat]),
        "holds": game.holds,
        "lairs": game.lairs,
        "ships": [{"progress": p} for p in game.progress],
        "colours": COLOURS[: game.seats],
        "pending": game.pending,
        "powers": powers(game),
        "face_down": face_down_counts(game),
        "my_treasures": face_down_of(game, seat),
        "fight": fight_view(game),
    }


def rollout(game, rng: random.Random) -> None:
    """Play ``game`` to its end, every seat by the easy heuristic."""
    while not game.is_over():
        for seat in sorted(game.to_act()):
            if seat in game.to_act():  # a choice before it may have moved the game on
                move = bot.choose_move("easy", policy_view(game, seat), game.legal_moves(seat), rng)
                game.apply(seat, move)


def choose_move(
    knowledge: Knowledge,
    legal: list[str],
    rng: random.Random,
    rollouts: int,
    seconds: float | None = None,
) -> str:
    """The move of ``legal`` (the seat's) with the best average result over ``rollouts`` games."""
    if not legal:
        raise ValueError("no legal move to choose from")
    moves = sorted(legal)
    if len(moves) == 1:
        return moves[0]
    seat = knowledge.seat
    deal = Determiniser(knowledge)
    budget = max(min(rollouts, FEWEST), rollouts * 2 // knowledge.position["seats"])
    rounds = max(MIN_EACH, budget // len(moves))
    averages = compare_moves(moves, seat, deal.sample, rollout, result, rounds, rng, seconds)
    # Ties go to the first move in notation order, so the choice is seed-stable.
    best = max(averages.values())
    return next(m for m in moves if averages[m] == best)
