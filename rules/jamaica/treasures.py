"""The treasure deck, as data (ruling J6).

12 cards; at setup 9 are shuffled into the draw pile (one per lair) and 3 leave the game unseen.
Four are powers, kept face up by their owner (the rulebook names them): Morgan's Map (a hand of 4
action cards), Saran's Saber (re-roll one combat die, either side's), Lady Beth (+2 to one's combat
die) and the 6th hold. The other eight are kept face down and count at the end: five treasures
(+3 to +7) and three cursed treasures (-2 to -4); the rulebook gives no values, these are the
project's.
"""

from __future__ import annotations

MAP, SABER, BETH, SIXTH = "map", "saber", "beth", "sixth"
POWERS = (MAP, SABER, BETH, SIXTH)
# Face-down cards by id: value at the end of the game.
VALUES = {"T3": 3, "T4": 4, "T5": 5, "T6": 6, "T7": 7, "C2": -2, "C3": -3, "C4": -4}
CURSED = tuple(card for card, value in VALUES.items() if value < 0)
CARDS: tuple[str, ...] = (*POWERS, *VALUES)
IN_PLAY = 9


def is_power(card: str) -> bool:
    return card in POWERS


def value(card: str) -> int:
    """Points at the end of the game (0 for a power)."""
    return VALUES.get(card, 0)


assert len(CARDS) == 12
