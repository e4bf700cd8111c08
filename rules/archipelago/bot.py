"""A heuristic Archipelago player that sees only its seat's view (never a face-down tile).

``choose(view, seed)`` takes ``view(seat)`` (with its ``legal_moves``) and returns one of them:
stow a coin aboard, drag coins towards its boat, explore, walk towards coins and face-down tiles,
and otherwise sail or wait; ties are broken by a generator seeded by the caller (the site derives
it from the game, ply and seat, never from the game's secret seed). It never offers or accepts the
end of the game (it refuses a vote while coins are left to find).
"""

from __future__ import annotations

import random

from .geometry import chebyshev, parse_cell


def choose(view: dict, seed: str | int) -> str:
    moves = list(view.get("legal_moves") or [])
    if not moves:
        raise ValueError("this seat has no move to make")
    rng = random.Random(f"archipelago-bot:{seed}")
    if "refuse end" in moves:
        return "accept end" if view["unfound"] == 0 and not _coins(view) else "refuse end"
    moves = [m for m in moves if m != "offer end"]
    crew = view["turn"]
    boat = parse_cell(view["boats"][str(crew)]) if str(crew) in view["boats"] else None
    face_down = {parse_cell(sq["cell"]) for sq in view["squares"] if not sq["up"]}
    coins = _coins(view)
    goals = list(coins) + list(face_down)

    def score(move: str) -> float:
        words = move.split()
        if words[0] == "end":
            return 0
        if words[0] == "bottle":
            return 30
        if words[0] == "to" and boat is not None:
            to = parse_cell(words[1])
            return 60 if to == boat else 20 - chebyshev(to, boat) * 0.1
        if words[0][0] not in "WYRKM" or "-" not in words[1] or boat is None:
            return 2 if words[0] == "boat" else 1
        frm, to = (parse_cell(x) for x in words[1].split("-"))
        if move.endswith("$"):
            return 100 if to == boat else 50 + chebyshev(frm, boat) - chebyshev(to, boat)
        if to in face_down:
            return 40
        if coins.get(to):
            return 45
        if goals:
            near = min(chebyshev(to, c) for c in goals)
            return 20 + 5 * (min(chebyshev(frm, c) for c in goals) - near)
        return 10

    best = max(score(m) for m in moves)
    return rng.choice(sorted(m for m in moves if score(m) == best))


def _coins(view: dict) -> dict:
    return {parse_cell(sq["cell"]): sq["coins"] for sq in view["squares"] if sq.get("coins")}
