"""The queue of resolution steps and the decisions that pause it.

After the last card is chosen the round is a queue of steps (reveal a card, do a symbol, arrive on
a square, fight, pay, load, end the round). ``run`` takes steps from the front until the queue is
empty or a step needs a seat's decision: then that step goes back to the front with the decision
owed in ``game.pending``, and the seat's move writes its answer into the step before ``run`` goes
on. Steps and answers are plain JSON, so a stored game resumes mid-fight. The modules that handle
steps (engine.py, fights.py) register them here by name.
"""

from __future__ import annotations

from collections.abc import Callable

HANDLERS: dict[str, Callable] = {}


def handles(name: str):
    """Register the handler of the steps ``{"do": name, ...}``."""

    def register(handler: Callable) -> Callable:
        HANDLERS[name] = handler
        return handler

    return register


def run(game, events: list[dict]) -> None:
    while game.queue and game.pending is None:
        current = game.queue.pop(0)
        HANDLERS[current["do"]](game, current, events)


def wait(game, current: dict, pending: dict) -> None:
    """Put ``current`` back in front and owe ``pending`` (a seat's decision) before going on."""
    game.queue.insert(0, current)
    game.pending = pending
