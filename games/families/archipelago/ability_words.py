"""The special abilities of an Archipelago series in words (rules/archipelago/abilities.py is the
deck: the site's own six, ruling S1), for the board, the draw and the how-to-play page."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

ABILITY_NAMES = {
    "navigator": gettext_lazy("navigator"),
    "brawler": gettext_lazy("brawler"),
    "climber": gettext_lazy("climber"),
    "sober": gettext_lazy("teetotaller"),
    "pathfinder": gettext_lazy("pathfinder"),
    "swimmer": gettext_lazy("swimmer"),
}

ABILITY_RULES = {
    "navigator": gettext_lazy(
        "While this pirate is aboard, the crew's boat sails 1 square further."
    ),
    "brawler": gettext_lazy("This pirate may attack while dragging a coin."),
    "climber": gettext_lazy("A pit never holds this pirate."),
    "sober": gettext_lazy("A barrel of rum does not stop this pirate."),
    "pathfinder": gettext_lazy("This pirate leaves any labyrinth on the turn after entering it."),
    "swimmer": gettext_lazy(
        "This pirate may step from the shore into the sea and climb out of it onto the land."
    ),
}


def ability_name(key: str) -> str:
    return str(ABILITY_NAMES.get(key, key))


def ability_rule(key: str) -> str:
    return str(ABILITY_RULES.get(key, ""))


def ability_cards(keys) -> list[dict]:
    """Cards to show: key, name and rule of each ability in `keys`, in order."""
    return [{"key": k, "name": ability_name(k), "rule": ability_rule(k)} for k in keys]
