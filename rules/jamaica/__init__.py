"""Jamaica: a pirate race around the island for 2-6 players (rulebook: shared/rulebooks/
jamaica-en.txt; the project's rulings: docs/jamaica-rulings.md; notation: docs/jamaica.md).
Pure Python, standard library only; registered behind the game protocol as ``"jamaica"``.

>>> from rules.core import ruleset
>>> game = ruleset("jamaica").new_game(3, "example")
>>> sorted(game.to_act()) == [game.captain], game.phase
(True, 'order')
"""

from .game import JAMAICA, NAME, JamaicaGame, JamaicaRuleset
from .moves import COLOURS

__all__ = ["COLOURS", "JAMAICA", "NAME", "JamaicaGame", "JamaicaRuleset"]
