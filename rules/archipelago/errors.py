"""Archipelago's errors: the shared ones of rules.core, so the site catches one family."""

from rules.core.errors import GameError, IllegalMove, NotationError, SetupError

__all__ = ["GameError", "IllegalMove", "NotationError", "SetupError"]
