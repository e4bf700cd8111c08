"""Archipelago's ``normal`` and ``strong`` bots: short rollouts of guessed games, move by move.

Each candidate move is played on islands guessed from what the seat knows (knowledge.py: the
face-down and removed tiles dealt at random, a made-up seed for the die), then every crew plays
the heuristic (bot.py, which reads only what is face up) for a few rounds, and the position
reached is scored by ``evaluation.evaluate``. The move with the best average is chosen. Every
candidate is tried on the same guesses with the same playout seeds (common random numbers), so
the moves are compared on the same tiles and the same luck.

Why short: a whole game of the heuristic is some 200-600 plies at about half a millisecond each,
so a decision could afford a handful of whole games; cut after ``ROUNDS`` rounds, a rollout costs
a few milliseconds. What the rollouts find is what the heuristic cannot see: the chance that the
next face-down square is a chest or a cannibal, an enemy that will attack a carrier, a coin the
other crew reaches first.

Decisions the rollouts cannot weigh are made by rule: the lighthouse's peeks (information is
worth nothing to a search that guesses afresh every time; the bot peeks next to its pirates),
and the vote to end the game (accepted only when no coin left could change the winner, and always
when the site proposes it after rounds without progress, ruling A21).
Deterministic for a seed and a budget; ``seconds`` only ever cuts a search short.
"""

from __future__ import annotations

import random

from rules.core.rollouts import compare_moves

from . import bot
from .evaluation import evaluate
from .knowledge import Determiniser, Knowledge
from .tiles import TOTAL_COINS

# Rollouts per decision for two seats (2/seats of it with more), shared out over the candidate
# moves (each gets at least MIN_EACH).
# 120 rollouts cost 475 ms of CPU a decision on average in a 1 v 1 arena (2026-11-26): a
# rollout is some 3-4 ms, and the site's cap is 1 s.
ROLLOUTS = {"normal": 60, "strong": 200}
MIN_EACH = 3
CANDIDATES = 24  # at most this many moves are searched, the heuristic's best first
ROUNDS = 2  # a rollout plays this many turns of every crew after the move
MAX_PLIES = 80  # a safety net: no rollout is longer, whatever the choices inside a turn

# A finished game adds WIN (in evaluation.py's coins) for first place, half when shared.
WIN = 2.0
# The heuristic's liking for a move (bot.scored, 0-100) adds up to HINT coins to its average:
# it breaks the ties of a flat evaluation the heuristic's way (with no coin in reach every move
# scored alike, and a search that sailed or swam on the spot let a game run out 0-0).
HINT = 0.05


def result(game, seat: int) -> float:
    """The seat's margin over the best other team in ``evaluate``'s coins (+WIN if over and
    first)."""
    values = evaluate(game)
    mine = values[seat]
    best_other = max(v for s, v in enumerate(values) if not game.friendly(s, seat))
    margin = mine - best_other
    if game.is_over():
        margin += WIN if mine > best_other else WIN / 2 if mine == best_other else 0.0
    return margin


def rollout(game, rng: random.Random) -> None:
    """Play ``ROUNDS`` rounds of ``game`` (or to its end), every seat by the heuristic."""
    stop = game.turns_begun() + ROUNDS * game.nseats
    plies = 0
    while not game.is_over() and game.turns_begun() < stop and plies < MAX_PLIES:
        seat = min(game.to_act())
        game.apply(seat, bot.choose_in(game, seat, rng))
        plies += 1


def choose_move(
    knowledge: Knowledge,
    legal: list[str],
    rng: random.Random,
    rollouts: int,
    seconds: float | None = None,
) -> str:
    """The move of ``legal`` (the seat's) with the best average result over ``rollouts``."""
    if not legal:
        raise ValueError("no legal move to choose from")
    moves = sorted(legal)
    if len(moves) == 1:
        return moves[0]
    seat = knowledge.seat
    deal = Determiniser(knowledge)
    if "refuse end" in moves:
        if bot.site_proposal(knowledge.position.get("vote")):
            return "accept end"  # ruling A21: bots agree to the site's proposal
        return vote(deal.sample(rng), seat)
    if moves[0].startswith("peek "):
        return peek(deal.sample(rng), seat, moves, rng)
    first = deal.sample(rng)
    hints = bot_scores(first, seat, moves)
    candidates = shortlist(hints, rng)
    if len(candidates) == 1:  # the other was "offer end", never searched
        return candidates[0]
    # A rollout plays ROUNDS turns of every crew: with more crews each costs more, so the
    # budget shrinks as 2/seats (Jamaica's search does the same).
    budget = rollouts * 2 // knowledge.position["seats"]
    rounds = max(MIN_EACH, budget // len(candidates))
    averages = compare_moves(candidates, seat, deal.sample, rollout, result, rounds, rng, seconds)
    # Ties go to the first move in notation order, so the choice is seed-stable.
    worth = {m: averages[m] + HINT * hints[m] / 100 for m in candidates}
    best = max(worth.values())
    return next(m for m in sorted(candidates) if worth[m] == best)


def bot_scores(game, seat: int, moves: list[str]) -> dict[str, float]:
    """The heuristic's score of each move but "offer end" (bot.scored, from public facts)."""
    acts = game._actions(seat)
    structured = {m: bot.structured(game, acts[m]) for m in moves if m != "offer end"}
    return bot.scored(structured, bot.facts_of(game))


def shortlist(scores: dict[str, float], rng: random.Random) -> list[str]:
    """The moves worth a search: at most CANDIDATES, the heuristic's best first (an earthquake
    offers some 1,500 swaps), ties in random order."""
    order = sorted(scores)
    rng.shuffle(order)
    order.sort(key=lambda m: -scores[m])
    return sorted(order[:CANDIDATES])


def vote(game, seat: int) -> str:
    """Accept the end only when the coins still to win could not change the seat's place."""
    scores = game.scores()
    left = TOTAL_COINS - sum(game.stowed) - game.sunk - game.eaten
    mine = scores[seat]
    others = [v for s, v in scores.items() if not game.friendly(s, seat)]
    return "accept end" if all(mine > v + left for v in others) else "refuse end"


def peek(game, seat: int, moves: list[str], rng: random.Random) -> str:
    """The lighthouse: look under the face-down square nearest the seat's pirates."""
    crew = [
        game._square_of(pid)
        for pid, p in game.pieces.items()
        if p["seat"] == seat and p["where"] in ("land", "water", "boat")
    ]

    def distance(move: str) -> int:
        x, y = bot.parse_cell(move.split()[1])
        return min((max(abs(x - cx), abs(y - cy)) for cx, cy in crew), default=0)

    best = min(distance(m) for m in moves)
    return rng.choice([m for m in moves if distance(m) == best])
