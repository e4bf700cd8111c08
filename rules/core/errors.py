"""Errors shared by every game. Each game subclasses them, so the site catches one family.

Every message is written for a player, not a programmer.
"""


class GameError(Exception):
    """Base class of every error a game's rules raise on purpose."""


class NotationError(GameError, ValueError):
    """Text that is not a move (or square, tile, position) in the game's documented notation."""


class IllegalMove(GameError, ValueError):
    """A well-formed move that the rules do not allow now. The state is left unchanged."""


class SetupError(GameError, ValueError):
    """A game cannot be set up like that (unknown ruleset, bad seat count or option, bad JSON)."""
