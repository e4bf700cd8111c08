"""Each pirate's action deck, as data (ruling J4).

A card shows two symbols: the left one is done with the morning die, the right one with the
evening die. Symbols, by their letter in the notation: A advance (green arrow), B back (red
arrow), G load gold, F load food, C load cannons. A card is written by its two letters ("AG").

The published game gives each pirate 11 action cards; the rulebook lists none. Every pirate gets
the same 11 cards here, chosen so that the race moves on (10 advance symbols, 2 back) while every
loading symbol is met in the morning and in the evening.
"""

from __future__ import annotations

ADVANCE, BACK, GOLD, FOOD, CANNON = "A", "B", "G", "F", "C"
SYMBOLS = (ADVANCE, BACK, GOLD, FOOD, CANNON)
# What each loading symbol loads, by the name of the tokens.
LOADS = {GOLD: "gold", FOOD: "food", CANNON: "cannons"}

DECK: tuple[str, ...] = (
    "AA",
    "AF",
    "FA",
    "AG",
    "GA",
    "AC",
    "CA",
    "AB",
    "BA",
    "FG",
    "CF",
)
HAND_SIZE = 3
MAP_HAND_SIZE = 4  # with Morgan's Map

assert len(DECK) == 11 and all(len(c) == 2 and set(c) <= set(SYMBOLS) for c in DECK)
