"""Typed errors. Every message is written for a player, not a programmer."""


class JackalError(Exception):
    """Base class of every error the rules engine raises on purpose."""


class NotationError(JackalError, ValueError):
    """Text that is not a move, square, tile or position in the documented notation."""


class IllegalMove(JackalError, ValueError):
    """A well-formed move that the rules do not allow now. The state is left unchanged."""
