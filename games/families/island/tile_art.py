"""The picture of one face-up tile, for Jackal's island and Archipelago's alike: its one job.

``draw_tile(group, cell, vector)`` draws into `group`, whose origin is the tile's top-left corner
and whose size is ``TILE`` units square. `cell` is the face-up cell of a player view (its
``tile`` and the keys ``board_svg`` passes on); `vector` turns a compass direction into a unit
vector on screen, since the board turns with the viewer. ``describe(cell)`` is the tile in
words, for its ``<title>``.

Every tile is told apart by shape and pattern, never by colour alone (about one man in twelve
sees red and green alike): each kind has its own outline picture and most a short word; arrows
are bold shafts with big heads; spinners show their numbered steps; chests their value.
All art is drawn here from plain shapes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .svg_kit import TILE, C, Vector, chest, coins, el, label
from .tile_pictures import ART
from .words import compass

__all__ = ["NAMES", "STYLE", "TILE", "cell_of_text", "describe", "draw_tile", "el"]

# Background, ink, and the short word drawn along the tile's foot ("" for none).
STYLE = {
    "empty": ("#ecdcaf", "#6b5a2e", ""),
    "arrow": ("#f3e7c4", "#2a1f0e", ""),
    "horse": ("#e2cfa4", "#2a1f0e", pgettext_lazy("tile label", "horse")),
    "jungle": ("#b9dca0", "#17320c", pgettext_lazy("tile label", "jungle")),
    "desert": ("#f0d68c", "#4a3a10", pgettext_lazy("tile label", "desert")),
    "swamp": ("#b7c28f", "#1f260b", pgettext_lazy("tile label", "swamp")),
    "mountains": ("#c9c9c9", "#1f1f1f", pgettext_lazy("tile label", "mountains")),
    "ice": ("#e3f4fb", "#1d4d66", pgettext_lazy("tile label", "ice")),
    "trap": ("#c9b2a6", "#231814", pgettext_lazy("tile label", "trap")),
    "crocodile": ("#a9cf8c", "#0f2605", pgettext_lazy("tile label", "croc")),
    "ogre": ("#e3b7ae", "#3a0d06", pgettext_lazy("tile label", "ogre")),
    "fortress": ("#d6d6d6", "#1f1f1f", pgettext_lazy("tile label", "fort")),
    "native": ("#ecc9c9", "#3a1212", pgettext_lazy("tile label", "native")),
    "gold": ("#f7e3a0", "#4a3300", ""),
    "balloon": ("#d4ecff", "#0d3b66", pgettext_lazy("tile label", "balloon")),
    "plane": ("#dfe6ea", "#1c2b33", pgettext_lazy("tile label", "plane")),
    "cannon": ("#ddd0b0", "#1f1f1f", ""),
    "rum": ("#e6c3a8", "#3b1a06", pgettext_lazy("tile label", "rum")),
    "galleon": ("#f7e3a0", "#3b2306", pgettext_lazy("tile label", "galleon")),
    "smoke": ("#d9d2cc", "#2b2420", pgettext_lazy("tile label", "smoke")),
    "lighthouse": ("#dbe8f5", "#10263d", pgettext_lazy("tile label", "lighthouse")),
    "cave": ("#c7b9a5", "#1e160c", pgettext_lazy("tile label", "cave")),
    "earthquake": ("#e0cdb0", "#3a2410", pgettext_lazy("tile label", "quake")),
    "thicket": ("#9fc98a", "#0c2606", pgettext_lazy("tile label", "thicket")),
    "caramba": ("#f5d3e8", "#3d0a2c", pgettext_lazy("tile label", "caramba!")),
    "bottles": ("#d8eee2", "#0d3322", pgettext_lazy("tile label", "bottles")),
    "ben-gunn": ("#efe0c8", "#2a1b08", pgettext_lazy("tile label", "Ben Gunn")),
    "missionary": ("#efe0c8", "#2a1b08", pgettext_lazy("tile label", "missionary")),
    "friday": ("#efe0c8", "#2a1b08", pgettext_lazy("tile label", "Friday")),
}
UNKNOWN_STYLE = ("#e3d5b5", "#222222", "")

# The tile's name in words (its title); the value-bearing ones are completed by `describe`.
NAMES = {
    "empty": _("empty"),
    "arrow": _("arrow"),
    "horse": _("horse"),
    "jungle": _("jungle (2 steps)"),
    "desert": _("desert (3 steps)"),
    "swamp": _("swamp (4 steps)"),
    "mountains": _("mountains (5 steps)"),
    "ice": _("ice"),
    "trap": _("trap"),
    "crocodile": _("crocodile"),
    "ogre": _("ogre"),
    "fortress": _("fortress"),
    "native": _("native girl's fortress"),
    "gold": _("treasure chest"),
    "balloon": _("balloon"),
    "plane": _("plane"),
    "cannon": _("cannon"),
    "rum": _("barrel of rum"),
    "galleon": _("the galleon's treasure chest (worth 3)"),
    "smoke": _("grass fire (smoke)"),
    "lighthouse": _("lighthouse"),
    "cave": _("cave"),
    "earthquake": _("earthquake"),
    "thicket": _("dense jungle"),
    "caramba": _("caramba"),
    "bottles": _("message bottles"),
    "ben-gunn": _("Ben Gunn's tile"),
    "missionary": _("the Missionary's tile"),
    "friday": _("Friday's tile"),
}


_SPINNER_STEPS = {"jungle": 2, "desert": 3, "swamp": 4, "mountains": 5}


def cell_of_text(text: str) -> dict:
    """A face-up cell for a tile's text form ('arrow:N,E', 'gold:3'): what a lighthouse look
    tells (rules.jackal.tiles documents the form)."""
    name, _, arg = text.partition(":")
    cell: dict = {"tile": name}
    if name in ("arrow", "cannon"):
        cell["dirs"] = arg.split(",")
    elif name in ("gold", "bottles"):
        cell["value"] = int(arg or 1)
    elif name == "empty":
        cell["picture"] = int(arg or 0)
    elif name in _SPINNER_STEPS:
        cell["steps"] = _SPINNER_STEPS[name]
    return cell


def describe(cell: dict) -> str:
    """The tile in words (active language): 'arrow to N, E', 'treasure chest of 3; 2 coins'."""
    tile = cell["tile"]
    words = str(NAMES.get(tile, tile))
    if tile == "arrow":
        words = gettext("arrow to %(directions)s") % {
            "directions": ", ".join(compass(d) for d in cell["dirs"])
        }
    elif tile == "cannon":
        words = gettext("cannon firing %(direction)s") % {"direction": compass(cell["dirs"][0])}
    elif tile == "gold":
        words = gettext("treasure chest of %(value)d") % {"value": cell["value"]}
    elif tile == "bottles":
        words = ngettext("%(n)d message bottle", "%(n)d message bottles", cell["value"]) % {
            "n": cell["value"]
        }
    elif tile == "plane" and cell.get("used"):
        words = gettext("plane (already flown)")
    if cell.get("step_coins") and any(cell["step_coins"]):
        per_step = ", ".join(
            gettext("%(n)d on step %(step)d") % {"n": n, "step": i}
            for i, n in enumerate(cell["step_coins"], start=1)
            if n
        )
        words += "; " + gettext("coins: %(list)s") % {"list": per_step}
    elif cell.get("coins"):
        words += "; " + ngettext("%(n)d coin", "%(n)d coins", cell["coins"]) % {"n": cell["coins"]}
    if cell.get("chest"):
        step = cell.get("chest_step")
        if step:
            words += "; " + gettext("the galleon's chest lies here (step %(step)d)") % {
                "step": step
            }
        else:
            words += "; " + gettext("the galleon's chest lies here")
    return words


def draw_tile(group: ET.Element, cell: dict, vector: Vector) -> None:
    """The face-up tile `cell` drawn into `group` (see the module's docstring)."""
    tile = cell["tile"]
    fill, ink, word = STYLE.get(tile, UNKNOWN_STYLE)
    word = str(word)
    if tile not in STYLE:
        word = tile  # a tile of a newer ruleset still shows, by name
    el(group, "rect", x=1, y=1, width=TILE - 2, height=TILE - 2, rx=4, fill=fill, stroke="#8a7548")
    art = ART.get(tile)
    if art is not None:
        art(group, cell, ink, vector)
    if tile == "plane" and cell.get("used"):
        word = pgettext("tile label", "used")
        # Crossed out, not just paler: a used plane must read as used in grey too.
        el(group, "path", d="M8 8 L40 40", stroke="#7a1f1f", stroke_width=3, stroke_linecap="round")
    if word:
        label(group, C, TILE - 3.5, word, 7.5 if len(word) < 9 else 6.3, ink)
    if cell.get("coins") and "steps" not in cell:  # a spinner shows its coins step by step
        coins(group, TILE - 9, 9, cell["coins"])
    if cell.get("chest"):
        chest(group, 9, 9, 3, small=True)
