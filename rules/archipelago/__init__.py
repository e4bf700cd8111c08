"""Jackal Archipelago (Magellan, 2016): the third ruleset of the Jackal family.

A variable island of 66 tiles less 9 removed at random, boats that sail anywhere in the water at
the speed of their crew, the bear, the musket, 19 coins of equal value, two-on-two. The rules are
in docs/archipelago.md (notation, position and view JSON) and docs/archipelago-rulings.md.

>>> from rules.core import ruleset
>>> game = ruleset("archipelago").new_game(2, "doc")
>>> game.legal_moves(0)[:2]
['boat E1', 'boat H1']
"""

from rules.core import register

from .game import ARCHIPELAGO, Archipelago, ArchipelagoRuleset
from .solo import PuzzleGame, PuzzleRuleset

PUZZLE = PuzzleRuleset()
register(ARCHIPELAGO)
register(PUZZLE)

__all__ = ["ARCHIPELAGO", "PUZZLE", "Archipelago", "ArchipelagoRuleset", "PuzzleGame"]
