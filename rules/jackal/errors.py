"""Typed errors. Every message is written for a player, not a programmer.

Each is also the matching error of the game protocol (``rules.core.errors``), so the site catches
the errors of every game with one ``except``.
"""

from rules.core import errors as core


class JackalError(core.GameError):
    """Base class of every error the rules engine raises on purpose."""


class NotationError(JackalError, core.NotationError):
    """Text that is not a move, square, tile or position in the documented notation."""


class IllegalMove(JackalError, core.IllegalMove):
    """A well-formed move that the rules do not allow now. The state is left unchanged."""


class SetupError(JackalError, core.SetupError):
    """A game cannot be set up like that (unknown ruleset, bad player count, bad position)."""
