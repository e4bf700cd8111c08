"""The game's nouns in the viewer's language: crews, pieces and tiles.

The engine names things in English for its own logs and tests (rules/ never imports Django);
whatever the site shows goes through these tables, so that it follows the active language. The
Russian words are the rulebook's (jackal-classic-ru.md): белые, корабль, сундук, людоед, ….
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.jackal.moves import CHARACTERS, piece_crew

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
SHIPS = {
    "white": _("the white ship"),
    "yellow": _("the yellow ship"),
    "black": _("the black ship"),
    "red": _("the red ship"),
}
# The second edition's characters, in the order of rules.jackal.moves.CHARACTERS.
CHARACTER_NAMES = dict(
    zip(CHARACTERS, (_("Ben Gunn"), _("the Missionary"), _("Friday")), strict=True)
)

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


def piece_label(piece_id: str) -> str:
    """'W2' -> 'White 2', 'WS' -> 'the white ship', 'BG' -> 'Ben Gunn' (in the active language)."""
    piece_id = piece_id.upper()
    if piece_id in CHARACTER_NAMES:
        return str(CHARACTER_NAMES[piece_id])
    crew = piece_crew(piece_id)
    if crew is None:
        return piece_id
    if piece_id[1] == "S":
        return str(SHIPS[crew])
    return PIRATES[crew] % {"number": piece_id[1]}


def ship_label(event: dict) -> str:
    """The ship an event names by its crew (`ship`), else the ship of the event's piece."""
    crew = event.get("ship") or piece_crew(str(event.get("piece", "")).upper()) or ""
    return str(SHIPS[crew]) if crew in SHIPS else str(_("the ship"))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
