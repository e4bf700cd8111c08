"""The game protocol every game of the site implements, its ruleset registry, errors and RNG.

Standard library only. The site (``games/``), the bots and the generic tests speak to any game
through these names and never through a game's internals:

>>> from rules.core import ruleset
>>> game = ruleset("classic").new_game(seats=2, seed="example")
>>> sorted(game.to_act()), game.legal_moves(0)[:2]
([0], ['W1 G1-G2', 'W2 G1-G2'])
"""

from .errors import GameError, IllegalMove, NotationError, SetupError
from .protocol import GameState, Option, Outcome, Ruleset
from .registry import load, register, ruleset, ruleset_names
from .rng import DealRng, chance_rng

__all__ = [
    "DealRng",
    "GameError",
    "GameState",
    "IllegalMove",
    "NotationError",
    "Option",
    "Outcome",
    "Ruleset",
    "SetupError",
    "chance_rng",
    "load",
    "register",
    "ruleset",
    "ruleset_names",
]
