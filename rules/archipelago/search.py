"""Archipelago's ``normal`` and ``strong`` bots: short rollouts of guessed games, move by move.

Each candidate move is played on islands guessed from what the seat knows (knowledge.py: the
face-down and removed tiles dealt at random, a made-up seed for the die), then every crew plays
the heuristic (bot.py, which reads only what is face up) for a few rounds, and the position
reached is scored by ``evaluate``. The move with the best average is chosen. Every candidate is
tried on the same guesses with the same playout seeds (common random numbers), so the moves are
compared on the same tiles and the same luck.

Why short: a whole game of the heuristic is some 200-600 plies at about half a millisecond each,
so a decision could afford a handful of whole games; cut after ``ROUNDS`` rounds, a rollout costs
a few milliseconds. What the rollouts find is what the heuristic cannot see: the chance that the
next face-down square is a chest or a cannibal, an enemy that will attack a carrier, a coin the
other crew reaches first.

Decisions the rollouts cannot weigh are made by rule: the lighthouse's peeks (information is
worth nothing to a search that guesses afresh every time; the bot peeks next to its pirates),
and the vote to end the game (accepted only when no coin left could change the winner).
Deterministic for a seed and a budget; ``seconds`` only ever cuts a search short.
"""

from __future__ import annotations

import random
import time

from . import bot
from .knowledge import Determiniser, Knowledge
from .tiles import TOTAL_COINS

# Rollouts per decision, shared out over the candidate moves (each gets at least MIN_EACH).
ROLLOUTS = {"normal": 120, "strong": 400}
MIN_EACH = 4
CANDIDATES = 24  # at most this many moves are searched, the heuristic's best first
ROUNDS = 2  # a rollout plays this many turns of every crew after the move
MAX_PLIES = 80  # a safety net: no rollout is longer, whatever the choices inside a turn

# The evaluation, in coins: a coin on the island is worth CARRY * DECAY ** (the steps for the
# seat's nearest pirate to reach it and bring it to the boat); a dead pirate costs DEAD; a
# finished game adds WIN for first place (half when shared) to the margin.
CARRY = 0.8
DECAY = 0.85
DEAD = 0.5
WIN = 2.0


def evaluate(game) -> list[float]:
    """Each seat's worth of ``game`` in coins (its team's, two on two)."""
    seats = game.nseats
    values = [float(n) for n in game.stowed]
    if not game.is_over():
        hands: list[list] = [[] for _ in range(seats)]
        for pid, p in game.pieces.items():
            if p["where"] == "dead":
                values[p["seat"]] -= DEAD
            elif p["where"] in ("land", "water", "boat") and not game.is_missionary(pid):
                at = game.boats.get(p["boat"]) if p["where"] == "boat" else p["cell"]
                if at is not None:
                    hands[p["seat"]].append(at)
        for (x, y), n in game.coins.items():
            for s in range(seats):
                boat = game.boats.get(s)
                if boat is None or not hands[s] or not n:
                    continue
                reach = min(max(abs(x - px), abs(y - py)) for px, py in hands[s])
                reach += max(abs(x - boat[0]), abs(y - boat[1]))
                values[s] += n * CARRY * DECAY**reach
    if game.teams:
        team = [values[0] + values[2], values[1] + values[3]]
        values = [team[s % 2] for s in range(seats)]
    return values


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
        return vote(deal.sample(rng), seat)
    if moves[0].startswith("peek "):
        return peek(deal.sample(rng), seat, moves, rng)
    candidates = shortlist(deal.sample(rng), moves, rng)
    rounds = max(MIN_EACH, rollouts // len(candidates))
    deadline = None if seconds is None else time.perf_counter() + seconds
    totals = dict.fromkeys(candidates, 0.0)
    for done in range(rounds):
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        guess = deal.sample(rng)
        playout_seed = rng.getrandbits(64)
        for move in candidates:
            game = guess.copy()
            game.apply(seat, move)
            rollout(game, random.Random(playout_seed))
            totals[move] += result(game, seat)
    # Ties go to the first move in notation order, so the choice is seed-stable.
    best = max(totals.values())
    return next(m for m in sorted(candidates) if totals[m] == best)


def shortlist(game, moves: list[str], rng: random.Random) -> list[str]:
    """The moves worth a search: all but "offer end", at most CANDIDATES of them, the
    heuristic's best first (an earthquake offers some 1,500 swaps), ties in random order."""
    acts = game._actions(game.controller())
    structured = {m: bot._structured(game, acts[m]) for m in moves if m != "offer end"}
    scores = bot.scored(structured, bot.facts_of(game))
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
