"""Jackal's own nouns in the viewer's language: ships, the second edition's characters, and a
piece by its id. The crews, pirates and compass points it shares with Archipelago are the island
kit's (games.families.island.words); the tiles' names are its tile_art's.

The engine names things in English for its own logs and tests (rules/ never imports Django);
whatever the site shows goes through these tables, so that it follows the active language. The
Russian words are the rulebook's (jackal-classic-ru.md): корабль, Бен Ганн, ….
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.families.island.words import PIRATES
from rules.jackal.moves import CHARACTERS, piece_crew

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
