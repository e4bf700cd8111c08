"""An Archipelago series (series.py) as the pages show it: the draw's cards and picks and the
standings, with the abilities in words."""

from __future__ import annotations

from games.models import Game

from . import series
from .ability_words import ability_cards, ability_name

# The draw after a game, as the generic after-the-game panel includes it (`template`).
DRAW_TEMPLATE = "games/archipelago/_series_draw.html"


def series_panel(game: Game, user) -> dict | None:
    """`series.series_context` with words, and the `template` that shows its draw; None for a
    game of no series."""
    context = series.series_context(game, user)
    if context is None:
        return None
    context["template"] = DRAW_TEMPLATE
    context["cards"] = ability_cards(context["cards_left"])
    # Two cards of one ability on the table are one choice.
    context["choices"] = ability_cards(dict.fromkeys(context["cards_left"]))
    context["picks"] = [
        dict(pick, ability_name=ability_name(pick["ability"]) if pick["ability"] else "")
        for pick in context["picks"]
    ]
    for row in context["standings"]:
        row["ability_names"] = [(n, ability_name(a)) for n, a in row["abilities"]]
    return context
