"""The island's shared nouns in the viewer's language: crews, pirates and compass points.

The engines name things in English for their own logs and tests (rules/ never imports Django);
whatever the site shows goes through these tables, so that it follows the active language. The
Russian words are the rulebook's (jackal-classic-ru.md): белые, жёлтые, ….
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

# A crew on its own ("White to move"): in Russian a plural noun, "белые".
CREWS = {
    "white": pgettext_lazy("crew", "White"),
    "yellow": pgettext_lazy("crew", "Yellow"),
    "black": pgettext_lazy("crew", "Black"),
    "red": pgettext_lazy("crew", "Red"),
}
# One pirate of a crew by number: "White 2", in Russian "Белый 2" (a pirate is masculine).
PIRATES = {
    "white": pgettext_lazy("pirate", "White %(number)s"),
    "yellow": pgettext_lazy("pirate", "Yellow %(number)s"),
    "black": pgettext_lazy("pirate", "Black %(number)s"),
    "red": pgettext_lazy("pirate", "Red %(number)s"),
}

# Compass points as the tiles' descriptions write them (an arrow "to N, E").
COMPASS = {
    "N": pgettext_lazy("compass", "N"),
    "NE": pgettext_lazy("compass", "NE"),
    "E": pgettext_lazy("compass", "E"),
    "SE": pgettext_lazy("compass", "SE"),
    "S": pgettext_lazy("compass", "S"),
    "SW": pgettext_lazy("compass", "SW"),
    "W": pgettext_lazy("compass", "W"),
    "NW": pgettext_lazy("compass", "NW"),
}


def compass(direction: str) -> str:
    return str(COMPASS.get(direction, direction))


def crew_name(crew: str) -> str:
    """'white' -> 'White' (or the active language's word); an unknown crew as it came."""
    return str(CREWS.get(crew, crew))
