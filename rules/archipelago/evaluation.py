"""What a position is worth to each seat, in coins: the search's score at the end of a rollout.

A seat has its coins aboard, plus, for each coin on the island, CARRY * DECAY ** steps, where
steps are those for its nearest pirate to reach the coin and bring it home. The way home is
counted over the land a pirate may cross dragging a coin (``home_steps``): face-up squares that
take coins and neither move nor hold a pirate; a balloon is one step from home, since it lifts
pirate and coin aboard. The straight line was tried first: a pirate carried a coin round an
arrow and a crossroads die for a hundred plies, every square looking as near to the boat as the
next. A face-down square is worth the coins a face-down tile holds on average (public: the
coins not yet seen over the tiles not yet seen) at the same rate, one step further. A swimmer
cannot climb onto land: it reaches coins by its boat, and each square between it and its boat
costs SWIM (a swimmer far from its boat otherwise swam about aimlessly). A dead pirate costs
DEAD. Everything read here is public, or the guessed island's face-up squares.
"""

from __future__ import annotations

from .geometry import Cell, neighbours
from .tiles import FACES, TOTAL_COINS

CARRY = 0.8
DECAY = 0.85
DEAD = 0.5
SWIM = 0.03
FAR = 4  # extra steps home from a coin no way over coin-taking land reaches
# Faces a pirate dragging a coin cannot simply walk across: they move, hold or kill him (or
# refuse coins, FACES' no_coin); spent single-use tiles act as empty ones (Position.face_at).
IN_THE_WAY = frozenset(
    {"horse", "ice", "trampoline", "crocodile", "cannon", "die", "cannibal", "pit", "barrel"}
    | {"airplane", "caramba", "bear"}
)
CROSSABLE = frozenset(
    k for k, f in FACES.items() if not (f.arrows or f.no_coin or f.maze or k in IN_THE_WAY)
)


def evaluate(game) -> list[float]:
    """Each seat's worth of ``game`` in coins (its team's, two on two)."""
    seats = game.nseats
    values = [float(n) for n in game.stowed]
    if game.is_over():
        return by_team(game, values)
    hands: list[list[Cell]] = [[] for _ in range(seats)]
    swimmers = [99] * seats  # the nearest swimmer's distance to its boat
    boats = game.boats
    for pid, p in game.pieces.items():
        seat, where = p["seat"], p["where"]
        if where == "dead":
            values[seat] -= DEAD
        elif seat in boats and not game.is_missionary(pid):
            if where == "land":
                hands[seat].append(p["cell"])
            elif where == "boat":
                hands[seat].append(boats[p["boat"]])
            elif where == "water":
                away = _dist(p["cell"], boats[seat])
                values[seat] -= SWIM * away
                swimmers[seat] = min(swimmers[seat], away)
    down = [c for c, t in game.tiles.items() if not t["up"]]
    lying = [(c, n) for c, n in game.coins.items() if n]
    if down:  # the same for every seat: what a face-down tile holds on average
        per_tile = _unseen_coins(game, lying) / (len(down) + len(game.removed)) * DECAY
    for s in range(seats):
        if s not in boats or not (hands[s] or swimmers[s] < 99):
            continue
        boat, mine = boats[s], hands[s]
        bx, by = boat
        home = home_steps(game, boat)
        targets = [(c, n, home.get(c, _dist(c, boat) + FAR)) for c, n in lying]
        if down:
            targets += [(c, per_tile, max(abs(c[0] - bx), abs(c[1] - by))) for c in down]
        swim = swimmers[s]
        value = 0.0
        for (x, y), n, back in targets:  # the hot loop of a rollout's score: written out
            reach = swim + max(abs(x - bx), abs(y - by))
            for px, py in mine:
                d = max(abs(x - px), abs(y - py))
                if d < reach:
                    reach = d
            value += n * DECAY ** (reach + back)
        values[s] += CARRY * value
    return by_team(game, values)


def home_steps(game, boat: Cell) -> dict[Cell, int]:
    """Steps home to ``boat`` for a pirate dragging a coin from each face-up land square, over
    the land a coin may cross (the module's docstring); squares with no such way are left out.
    Counted backwards from the boat: a square beside it, or beside a balloon, is one step; a
    square beside a crossable square n steps home is n + 1."""
    tiles = game.tiles
    steps: dict[Cell, int] = {}
    frontier: list[Cell] = []

    def reach(cells, n: int) -> None:
        for cell in cells:
            if cell not in steps and cell in tiles and tiles[cell]["up"]:
                steps[cell] = n
                frontier.append(cell)

    reach(neighbours(boat), 1)
    for cell, tile in tiles.items():
        if tile["up"] and tile["face"] == "balloon":
            reach(neighbours(cell), 1)
    n = 1
    while frontier:
        current = [c for c in frontier if game.face_at(c) in CROSSABLE]
        frontier.clear()
        n += 1
        for cell in current:
            reach(neighbours(cell), n)
    return steps


def by_team(game, values: list[float]) -> list[float]:
    if game.teams:
        team = [values[0] + values[2], values[1] + values[3]]
        values = [team[s % 2] for s in range(game.nseats)]
    return values


def _unseen_coins(game, lying) -> int:
    seen = sum(n for _, n in lying) + sum(game.stowed) + game.sunk + game.eaten
    return TOTAL_COINS - seen


def _dist(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
