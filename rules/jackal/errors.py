"""Typed errors. Every message is written for a player, not a programmer.

Each is also the matching error of the game protocol (``rules.core.errors``), so the site catches
the errors of every game with one ``except``.
"""

from rules.core import errors as core


class JackalError(core.GameError):
    """Base class of every error the rules engine raises on purpose."""


class NotationError(JackalError, core.NotationError):
    """Text that is not a move, square, tile or position in the documented notation."""


class Reason(str):
    """An English sentence that also carries what it says as data: a `key` and its `fields`
    (piece ids, square names, crews), so that a site can say it in another language.

    >>> r = Reason("White 2 is dead", "dead", piece="W2")
    >>> r, r.key, r.fields
    ('White 2 is dead', 'dead', {'piece': 'W2'})
    """

    def __new__(cls, text: str, key: str, **fields):
        reason = super().__new__(cls, text)
        reason.key = key
        reason.fields = fields
        return reason


class IllegalMove(JackalError, core.IllegalMove):
    """A well-formed move that the rules do not allow now. The state is left unchanged.

    `reason` is the refusal as data (``{"reason": key, "move": …, **fields}``) when the engine
    gave one, else None."""

    @property
    def reason(self) -> dict | None:
        message = self.args[0] if self.args else None
        if isinstance(message, Reason):
            return {"reason": message.key, **message.fields}
        return None


class SetupError(JackalError, core.SetupError):
    """A game cannot be set up like that (unknown ruleset, bad player count, bad position)."""
