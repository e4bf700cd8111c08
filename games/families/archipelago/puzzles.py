"""Archipelago's one-player puzzles as the site's puzzle pages use them (games.views.puzzles):
the ruleset a puzzle game is played under, the list of puzzles and the page that lists them.
The puzzles themselves are data of the rules (rules/archipelago/puzzles.py)."""

from .words import puzzle_title, puzzles

RULESET = "archipelago-puzzle"
LIST_TEMPLATE = "games/archipelago/puzzles.html"

__all__ = ["LIST_TEMPLATE", "RULESET", "puzzle_title", "puzzles"]
