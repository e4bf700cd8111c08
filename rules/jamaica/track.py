"""The race track around Jamaica, as data (rulings J1-J3 in docs/jamaica-rulings.md).

The rulebook has no picture of the board. What it and the published game say: the race starts and
ends at Port Royal; every other square is a port (a cost in gold), a sea square (a cost in food) or
a pirate lair (free, with one of 9 lair tokens); the last squares before the finish carry white
end-of-game numbers (15 on Port Royal, then 10 down to 2), and a -5 square before them. The squares'
order and costs below are the project's own layout (ruling J1): one loop, no forks.

A ship's place is its *progress* along the race: 0 at the start, ``LENGTH`` at the finish, negative
after moving back from the start (ruling J2). Its square is ``progress % LENGTH``.
"""

from __future__ import annotations

PORT, SEA, LAIR = "port", "sea", "lair"

# (kind, cost) for squares 0..LENGTH-1; square 0 is Port Royal, start and finish (it costs nothing).
SQUARES: tuple[tuple[str, int], ...] = (
    (PORT, 0),  # 0 Port Royal
    (SEA, 1),
    (SEA, 1),
    (LAIR, 0),
    (SEA, 2),
    (PORT, 2),  # 5
    (SEA, 1),
    (SEA, 2),
    (LAIR, 0),
    (SEA, 1),
    (PORT, 3),  # 10
    (SEA, 2),
    (SEA, 1),
    (LAIR, 0),
    (SEA, 3),
    (PORT, 1),  # 15
    (SEA, 2),
    (LAIR, 0),
    (SEA, 1),
    (SEA, 2),
    (PORT, 4),  # 20
    (SEA, 1),
    (LAIR, 0),
    (SEA, 2),
    (SEA, 3),
    (PORT, 2),  # 25
    (SEA, 1),
    (LAIR, 0),
    (SEA, 2),
    (SEA, 1),
    (PORT, 3),  # 30
    (SEA, 2),
    (LAIR, 0),
    (SEA, 1),
    (SEA, 3),
    (PORT, 5),  # 35: the -5 square
    (SEA, 1),
    (SEA, 2),
    (LAIR, 0),
    (SEA, 2),
    (PORT, 4),  # 40
    (SEA, 1),
    (LAIR, 0),
    (SEA, 3),
    (PORT, 3),  # 44
)
LENGTH = len(SQUARES)
PORT_ROYAL = 0
FINISH = LENGTH  # the progress of a ship back at Port Royal after the whole circuit
# How far back a ship can go: the square just after the start, one whole lap behind (ruling J2).
FLOOR = 1 - LENGTH
LAIRS = tuple(i for i, (kind, _) in enumerate(SQUARES) if kind == LAIR)

# The white end-of-game numbers by progress; every progress at or before the -5 square scores -5.
MINUS_FIVE_SQUARE = 35
WHITE_NUMBERS = {FINISH: 15, **{FINISH - k: 11 - k for k in range(1, 10)}}
BEHIND = -5


def square_of(progress: int) -> int:
    return progress % LENGTH


def kind_of(progress: int) -> str:
    return SQUARES[square_of(progress)][0]


def cost_of(progress: int) -> tuple[str | None, int]:
    """What ending a move there costs: ("food", n) at sea, ("gold", n) in port, (None, 0) free."""
    kind, cost = SQUARES[square_of(progress)]
    if kind == SEA:
        return "food", cost
    if kind == PORT and cost:
        return "gold", cost
    return None, 0


def white_number(progress: int) -> int:
    """The points the ship's place is worth at the end (ruling J3: a ship that never crossed the
    -5 square, a negative progress included, scores -5)."""
    return WHITE_NUMBERS.get(progress, BEHIND)


assert len(LAIRS) == 9, "the book's 9 lair tokens, one per lair"
assert WHITE_NUMBERS[FINISH - 9] == 2 and FINISH - 10 == MINUS_FIVE_SQUARE
