"""The ruleset registry: name -> :class:`~rules.core.protocol.Ruleset`.

A game family registers its rulesets when its package is imported. The registry imports the
families the site ships on first use, so ``ruleset("classic")`` works without the caller knowing
where Jackal lives; a test may register a game of its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import SetupError
from .protocol import GameState, Ruleset

# The packages whose import registers the site's rulesets (rules/ never imports the site).
FAMILIES = ("rules.jackal", "rules.jamaica", "rules.archipelago")

_RULESETS: dict[str, Ruleset] = {}
_families_loaded = False


def register(rules: Ruleset) -> Ruleset:
    """Add a ruleset under its name; a second, different ruleset with that name is refused."""
    known = _RULESETS.get(rules.name)
    if known is not None and known is not rules:
        raise SetupError(f"a ruleset named {rules.name!r} is already registered")
    _RULESETS[rules.name] = rules
    return rules


def _load_families() -> None:
    global _families_loaded
    if not _families_loaded:
        _families_loaded = True
        for package in FAMILIES:
            importlib.import_module(package)


def ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``."""
    _load_families()
    try:
        return _RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(_RULESETS))
        raise SetupError(f"unknown ruleset {name!r}; known: {known}") from None


def ruleset_names(game: str | None = None) -> list[str]:
    """Registered ruleset names (of one game family if given), in registration order."""
    _load_families()
    return [name for name, r in _RULESETS.items() if game is None or r.game == game]


def load(doc: Mapping[str, Any]) -> GameState:
    """A stored state (``GameState.to_json``), by the ruleset it names."""
    if not isinstance(doc, Mapping) or not isinstance(doc.get("ruleset"), str):
        raise SetupError("a stored game names its ruleset")
    return ruleset(doc["ruleset"]).from_json(doc)
