"""A heuristic Archipelago player that sees only its seat's view (never a face-down tile).

``choose(view, seed)`` takes ``view(seat)`` (with its ``legal_moves``) and returns one of them:
stow a coin aboard, drag coins towards its boat, explore, walk towards coins and face-down tiles,
and otherwise sail or wait; ties are broken by a generator seeded by the caller (the site derives
it from the game, ply and seat, never from the game's secret seed). It never offers or accepts the
end of the game (it refuses a vote while coins are left to find), but agrees when the site
proposes the end after rounds without progress (ruling A21).

The search bot (search.py) plays it in its rollouts on guessed games, millions of times, so it
also reads a game directly (``choose_in``), from the same public facts the view shows: which
squares are face down, where the coins and the boats are. Both ways give the same move for the
same generator (tests/rules/archipelago/test_arch_search.py).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .geometry import Cell, neighbours, parse_cell
from .tiles import TOTAL_COINS


class Facts(NamedTuple):
    """What the heuristic reads of a position: all of it public."""

    boat: Cell | None  # the boat of the crew whose turn it is
    face_down: frozenset[Cell]
    coins: dict[Cell, int]  # coins lying on the island, by square
    unfound: int  # coins in face-down and removed chests
    proposed: bool = False  # the open vote is the site's proposal after quiet rounds (A21)


# A move as the heuristic sees it: ("step", from, to, dragging), ("to", cell), ("boat",),
# ("bottle",), ("end",) or ("other",).
Move = tuple


def choose(view: dict, seed: str | int) -> str:
    moves = list(view.get("legal_moves") or [])
    if not moves:
        raise ValueError("this seat has no move to make")
    rng = random.Random(f"archipelago-bot:{seed}")
    crew = str(view["turn"])
    facts = Facts(
        boat=parse_cell(view["boats"][crew]) if crew in view["boats"] else None,
        face_down=frozenset(parse_cell(sq["cell"]) for sq in view["squares"] if not sq["up"]),
        coins={parse_cell(sq["cell"]): sq["coins"] for sq in view["squares"] if sq.get("coins")},
        unfound=view["unfound"],
        proposed=site_proposal(view.get("vote")),
    )
    return choose_move({m: _parse(m) for m in moves}, facts, rng)


def choose_in(game, seat: int, rng: random.Random) -> str:
    """The heuristic's move for ``seat`` of ``game`` from the game's public facts only (the
    search's guessed games: never the real one's face-down tiles, which it does not have)."""
    acts = game._actions(seat)
    if not acts:
        raise ValueError("this seat has no move to make")
    return choose_move(
        {text: structured(game, act) for text, act in acts.items()}, facts_of(game), rng
    )


def facts_of(game) -> Facts:
    coins = {c: n for c, n in game.coins.items() if n}
    seen = sum(coins.values()) + sum(game.stowed) + game.sunk + game.eaten
    return Facts(
        boat=game.boats.get(game.slot_crew()),
        face_down=frozenset(c for c, t in game.tiles.items() if not t["up"]),
        coins=coins,
        unfound=TOTAL_COINS - seen,
        proposed=site_proposal(game.vote),
    )


def site_proposal(vote: dict | None) -> bool:
    """Whether the open vote is the site's (ruling A21: offered by no seat). Bots agree to it:
    the site proposes only after rounds in which nothing happened."""
    return bool(vote) and vote.get("by") is None


def choose_move(moves: dict[str, Move], facts: Facts, rng: random.Random) -> str:
    """The best-scoring move of ``moves`` (text -> structured move); ties by ``rng``."""
    if "refuse end" in moves:
        if facts.proposed:
            return "accept end"
        return "accept end" if facts.unfound == 0 and not facts.coins else "refuse end"
    scores = scored(moves, facts)
    best = max(scores.values())
    return rng.choice(sorted(m for m, s in scores.items() if s == best))


def scored(moves: dict[str, Move], facts: Facts) -> dict[str, float]:
    """Each move's score (higher is better); never "offer end"."""
    boat, face_down, coins = facts.boat, facts.face_down, facts.coins
    goals = list(coins) + list(face_down)
    goal_set = set(goals)
    nearest: dict[Cell, int] = {}

    def near_goal(cell: Cell) -> int:
        # Mostly a goal is next door (the island starts face down): look there before the scan.
        d = nearest.get(cell)
        if d is None:
            if cell in goal_set:
                d = 0
            elif any(n in goal_set for n in neighbours(cell)):
                d = 1
            else:
                x, y = cell
                d = min(max(abs(x - gx), abs(y - gy)) for gx, gy in goals)
            nearest[cell] = d
        return d

    def score(move: Move) -> float:
        kind = move[0]
        if kind == "end":
            return 0
        if kind == "bottle":
            return 30
        if kind == "to" and boat is not None:
            to = move[1]
            return 60 if to == boat else 20 - _dist(to, boat) * 0.1
        if kind != "step" or boat is None:
            return 2 if kind == "boat" else 1
        _, frm, to, dragging = move
        if dragging:
            return 100 if to == boat else 50 + _dist(frm, boat) - _dist(to, boat)
        if to in face_down:
            return 40
        if coins.get(to):
            return 45
        if goals:
            return 20 + 5 * (near_goal(frm) - near_goal(to))
        return 10

    return {text: score(move) for text, move in moves.items() if text != "offer end"}


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _parse(text: str) -> Move:
    words = text.split()
    if words[0] in ("end", "bottle", "boat"):
        return (words[0],)
    if words[0] == "to":
        return ("to", parse_cell(words[1]))
    if words[0][0] in "WYRKM" and len(words) > 1 and "-" in words[1]:
        frm, to = (parse_cell(x) for x in words[1].split("-"))
        return ("step", frm, to, text.endswith("$"))
    return ("other",)


def structured(game, act: tuple) -> Move:
    """A legal move's action (``game._actions``) as the heuristic sees it."""
    kind = act[0]
    if kind == "step":
        _, pid, to, coin = act
        return ("step", game._square_of(pid), to, coin)
    if kind in ("place", "sail"):
        return ("boat",)
    if kind == "choice" and act[1].startswith("to "):
        return ("to", parse_cell(act[1][3:]))
    if kind in ("bottle", "end"):
        return (kind,)
    return ("other",)
