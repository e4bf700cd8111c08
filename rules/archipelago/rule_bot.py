"""Archipelago's ``rules`` bot: a priority list read off the seat's view, no search.

The sparring partner bench/arena.py measures the levels against (``--against rules``; the level
rules.bots.SPARRING), in the spirit of the Jackal one (rules/jackal/bots/rule.py): every move is
judged by the square it ends on and taken by the first rule that applies, best first (TIERS):

stow a coin aboard > carry a coin strictly nearer the boat onto a square no enemy stands next
to > hit an enemy (a step onto its square, empty-handed, not into a fortress) > stand on loose
coins > turn a face-down square > step towards the nearest coins or face-down square > the boat
or a bottle > anything else; never (below everything) onto a known cannibal, pit, barrel,
crocodile, cannon, an awake bear or its den, and a maze only with nothing better to do.

Where an arrow, the ice or a horse takes the piece next is a further choice of the same turn,
judged again when it comes (the view lists its moves then). Only the view is read: face-down
squares are "to turn", never a guess.
"""

from __future__ import annotations

import random

from .bot import _dist, _parse, site_proposal
from .geometry import Cell, parse_cell

TIERS = {
    "stow": 100,
    "carry": 70,
    "hit": 60,
    "coins": 50,
    "explore": 40,
    "towards": 20,
    "to": 15,  # a choice of where a flight, a trampoline or a cannon's shot lands
    "bottle": 12,
    "other": 10,
    "boat": 5,
    "hold": 4,  # a coin carried no nearer, or where an enemy could take it
    "maze": -10,
    "bad": -50,
}
# Faces a pirate should never walk onto knowingly: death, a turn lost, a trap, a step back, the
# sea, the bear.
BAD = frozenset(("cannibal", "pit", "barrel", "crocodile", "cannon", "bear"))


def choose(view: dict, seed: str | int) -> str:
    moves = list(view.get("legal_moves") or [])
    if not moves:
        raise ValueError("this seat has no move to make")
    rng = random.Random(f"archipelago-rules:{seed}")
    if "refuse end" in moves:
        if site_proposal(view.get("vote")):
            return "accept end"  # ruling A21
        over = view["unfound"] == 0 and not any(sq.get("coins") for sq in view["squares"])
        return "accept end" if over else "refuse end"
    scores = scored(view, moves)
    best = max(scores.values())
    return rng.choice(sorted(m for m, s in scores.items() if s == best))


def scored(view: dict, moves: list[str]) -> dict[str, float]:
    """Each move's score (higher is better); never "offer end"."""
    crew = str(view["turn"])
    seat = view["seat"]
    boat = parse_cell(view["boats"][crew]) if crew in view["boats"] else None
    faces: dict[Cell, str] = {}
    face_down: set[Cell] = set()
    coins: dict[Cell, int] = {}
    for sq in view["squares"]:
        cell = parse_cell(sq["cell"])
        if sq["up"]:
            faces[cell] = "empty" if sq.get("spent") else sq["face"]
        else:
            face_down.add(cell)
        if sq.get("coins"):
            coins[cell] = sq["coins"]
    if view.get("bear_at"):
        faces[parse_cell(view["bear_at"])] = "bear"
    team = _team(view, seat)
    enemies = {
        parse_cell(p["cell"])
        for p in view["pieces"]
        if p["cell"]
        and p["where"] == "island"
        and _team(view, p["seat"]) != team
        and not p["trapped"]
        and not p["is_missionary"]
    }

    def near(cell: Cell, goals) -> int:
        return min((_dist(cell, g) for g in goals), default=99)

    def score(move: tuple) -> float:
        kind = move[0]
        if kind == "bottle":
            return TIERS["bottle"]
        if kind == "to":
            to = move[1]
            if boat is not None and to == boat:
                return TIERS["stow"] - 1
            if faces.get(to) in BAD:
                return TIERS["bad"]
            return TIERS["to"] - (0.1 * _dist(to, boat) if boat else 0)
        if kind == "boat":
            return TIERS["boat"]
        if kind != "step" or boat is None:
            return TIERS["other"]
        _, frm, to, dragging = move
        face = faces.get(to)
        if face in BAD:
            return TIERS["bad"]
        if dragging:
            if to == boat:
                return TIERS["stow"]
            safe = not any(_dist(to, e) <= 1 for e in enemies) or face in ("bank", "fortress")
            gain = _dist(frm, boat) - _dist(to, boat)
            if gain > 0 and safe and not (face or "").startswith("maze"):
                return TIERS["carry"] + 0.1 * gain
            return TIERS["hold"] + 0.1 * gain
        if (face or "").startswith("maze"):
            return TIERS["maze"]
        if to in enemies and face != "fortress":
            return TIERS["hit"]
        if coins.get(to) and to != frm:
            return TIERS["coins"] + 0.1 * min(coins[to], 3)
        if to in face_down:
            return TIERS["explore"] + 0.1 * sum(1 for c in face_down if _dist(c, to) == 1)
        goals = list(coins) or list(face_down)
        if goals:
            gain = near(frm, goals) - near(to, goals)
            if gain > 0:
                return TIERS["towards"] + gain - 0.01 * near(to, goals)
        return TIERS["other"]

    return {text: score(_parse(text)) for text in moves if text != "offer end"}


def _team(view: dict, seat: int) -> int:
    """Partners share a team in 2 v 2 (seats 0 and 2, 1 and 3); else each seat is one."""
    return seat % 2 if view.get("teams") else seat
