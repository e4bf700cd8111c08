"""A ship's holds: a list of [kind, count] pairs (kind None when empty), 5 of them, 6 with the
6th-hold card. Pure functions on that list; the engine decides when they are called. A hold's
``[kind, count]`` pair is replaced, never changed in place: copies of a game share the pairs.

Loading (rulebook, "Note"): tokens go into a free hold only, never onto tokens already there.
With no free hold one hold is emptied (its tokens lost) to take the load; a hold of the kind being
loaded is not emptied for it (ruling J7), so with every hold of that kind the load is lost.
"""

from __future__ import annotations

KINDS = ("gold", "food", "cannons")
HOLDS = 5


def new_holds() -> list[list]:
    return [[None, 0] for _ in range(HOLDS)]


def total(holds: list[list], kind: str) -> int:
    return sum(count for k, count in holds if k == kind)


def load_options(holds: list[list], kind: str) -> list[int]:
    """The holds (0-based) the load may go into. An empty hold exists: only the first one (empty
    holds are alike, ruling J8). Else every hold of another kind, emptied first. [] if none."""
    for i, (k, _) in enumerate(holds):
        if k is None:
            return [i]
    return [i for i, (k, _) in enumerate(holds) if k != kind]


def load(holds: list[list], index: int, kind: str, count: int) -> tuple[str | None, int]:
    """Put ``count`` tokens of ``kind`` into hold ``index``; returns what was thrown out of it to
    make room (kind and count)."""
    thrown = (holds[index][0], holds[index][1])
    holds[index] = [kind, count] if count > 0 else [None, 0]
    return thrown


def take(holds: list[list], kind: str, count: int) -> int:
    """Remove up to ``count`` tokens of ``kind``, from the smallest holds first (ruling J9); returns
    how many were removed. Emptied holds become free."""
    removed = 0
    order = sorted((c, i) for i, (k, c) in enumerate(holds) if k == kind)
    for c, i in order:
        if removed == count:
            break
        used = min(c, count - removed)
        removed += used
        left = c - used
        holds[i] = [kind, left] if left else [None, 0]
    return removed


def empty(holds: list[list], index: int) -> tuple[str | None, int]:
    """Empty hold ``index`` and return what it held."""
    kind, count = holds[index]
    holds[index] = [None, 0]
    return kind, count
