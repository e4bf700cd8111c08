"""The picture of one face-up tile, for both rulesets: its one job.

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
from collections.abc import Callable

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .words import compass

TILE = 48
C = TILE / 2

Vector = Callable[[str], tuple[float, float]]

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


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def el(parent: ET.Element, tag: str, **attrs) -> ET.Element:
    """A child element; keyword `stroke_width` becomes the attribute `stroke-width`."""
    return ET.SubElement(
        parent,
        tag,
        {
            k.rstrip("_").replace("_", "-"): _n(v) if isinstance(v, float) else str(v)
            for k, v in attrs.items()
        },
    )


def _text(parent, x, y, text, size, ink, weight="700") -> None:
    el(
        parent,
        "text",
        x=x,
        y=y,
        font_size=size,
        font_weight=weight,
        fill=ink,
        text_anchor="middle",
    ).text = text


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
    art = _ART.get(tile)
    if art is not None:
        art(group, cell, ink, vector)
    if tile == "plane" and cell.get("used"):
        word = pgettext("tile label", "used")
        # Crossed out, not just paler: a used plane must read as used in grey too.
        el(group, "path", d="M8 8 L40 40", stroke="#7a1f1f", stroke_width=3, stroke_linecap="round")
    if word:
        _text(group, C, TILE - 3.5, word, 7.5 if len(word) < 9 else 6.3, ink)
    if cell.get("coins") and "steps" not in cell:  # a spinner shows its coins step by step
        _coins(group, TILE - 9, 9, cell["coins"])
    if cell.get("chest"):
        _chest(group, 9, 9, 3, small=True)


def _coins(group, cx, cy, count) -> None:
    """A coin with the number lying on the tile (coins left)."""
    el(
        group,
        "circle",
        cx=cx,
        cy=cy,
        r=7,
        fill="#ffd54f",
        stroke="#6b5200",
        stroke_width=1.2,
        class_="coins",
    )
    el(group, "circle", cx=cx, cy=cy, r=5, fill="none", stroke="#8d6e00", stroke_width=0.6)
    _text(group, cx, cy + 3.5, str(count), 10, "#3a2800")


def _chest(group, cx, cy, value, small=False, empty=False) -> None:
    """A treasure chest: a box with a domed lid, a lock, and its value."""
    w, h = (14, 10) if small else (24, 17)
    x, y = cx - w / 2, cy - h / 2
    lid = f"M{_n(x)} {_n(y + h * 0.4)} q{_n(w / 2)} {_n(-h * 0.7)} {_n(w)} 0 z"
    el(
        group,
        "rect",
        x=x,
        y=y + h * 0.4,
        width=w,
        height=h * 0.6,
        fill="#8d5a2b",
        stroke="#2b1606",
        class_="chest",
    )
    el(group, "path", d=lid, fill="#a8713a", stroke="#2b1606")
    el(
        group,
        "rect",
        x=cx - w * 0.08,
        y=y + h * 0.3,
        width=w * 0.16,
        height=h * 0.3,
        fill="#ffd54f",
        stroke="#2b1606",
        stroke_width=0.5,
    )
    if empty:
        el(group, "path", d=lid, fill="#1e120a", stroke="#2b1606")
        el(
            group,
            "path",
            d=(
                f"M{_n(x)} {_n(y + h * 0.4)} l{_n(w * 0.15)} {_n(-h * 0.9)}"
                f" h{_n(w * 0.7)} l{_n(w * 0.15)} {_n(h * 0.9)}"
            ),
            fill="#a8713a",
            stroke="#2b1606",
        )
    if small:  # the galleon's chest: its worth beside it
        _text(group, cx + w / 2 + 2.5, cy + 4, str(value), 7, "#2b1606")


def _arrow(group, cell, ink, vector) -> None:
    """Bold shafts from the centre with large heads: the directions must be unmistakable."""
    for direction in cell["dirs"]:
        vx, vy = vector(direction)
        length = 19.5 if len(direction) == 1 else 24.5  # diagonals reach into the corners
        tip = (C + vx * length, C + vy * length)
        base = (C + vx * (length - 10), C + vy * (length - 10))
        el(
            group,
            "line",
            x1=C,
            y1=C,
            x2=base[0],
            y2=base[1],
            stroke=ink,
            stroke_width=4,
            stroke_linecap="round",
        )
        px, py = -vy * 6.5, vx * 6.5
        points = [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
        el(group, "polygon", points=" ".join(f"{_n(a)},{_n(b)}" for a, b in points), fill=ink)
    el(group, "circle", cx=C, cy=C, r=3.5, fill=ink)


def _cannon(group, cell, ink, vector) -> None:
    vx, vy = vector(cell["dirs"][0])
    el(
        group,
        "line",
        x1=C - vx * 5,
        y1=C - vy * 5,
        x2=C + vx * 20,
        y2=C + vy * 20,
        stroke=ink,
        stroke_width=9,
        stroke_linecap="round",
    )
    el(
        group,
        "line",
        x1=C + vx * 14,
        y1=C + vy * 14,
        x2=C + vx * 20,
        y2=C + vy * 20,
        stroke="#555555",
        stroke_width=5,
        stroke_linecap="round",
    )
    el(group, "circle", cx=C, cy=C, r=8, fill="#6d4c2f", stroke=ink, stroke_width=1.5)
    el(group, "circle", cx=C, cy=C, r=2.5, fill=ink)


def _spinner(group, cell, ink, vector) -> None:
    """Terrain pattern and the numbered steps, gold where coins lie on a step."""
    tile = cell["tile"]
    _TERRAIN[tile](group, ink)
    steps = cell["steps"]
    step_coins = cell.get("step_coins") or [0] * steps
    gap = (TILE - 8) / steps
    for i in range(steps):
        cx = 4 + gap * (i + 0.5)
        el(
            group,
            "circle",
            cx=cx,
            cy=9,
            r=4.2,
            fill="#ffd54f" if step_coins[i] else "#ffffff",
            stroke=ink,
            stroke_width=1,
        )
        _text(group, cx, 12, str(i + 1), 7.5, ink)
        if step_coins[i]:
            # The coins on this step: a coin with the count under the step (not colour alone).
            el(
                group,
                "circle",
                cx=cx,
                cy=19.5,
                r=3.6,
                fill="#ffd54f",
                stroke="#6b5200",
                stroke_width=0.8,
            )
            _text(group, cx, 21.6, str(step_coins[i]), 5.8, "#3a2800")


def _jungle_pattern(group, ink) -> None:
    for x, y in ((12, 26), (30, 22), (22, 34), (38, 33)):
        el(
            group,
            "path",
            d=f"M{x} {y} q5 -7 10 0 q-5 4 -10 0 z",
            fill="#3f7d20",
            stroke=ink,
            stroke_width=0.6,
        )


def _desert_pattern(group, ink) -> None:
    el(group, "path", d="M4 34 q10 -9 20 0 q10 -9 20 0", fill="none", stroke=ink, stroke_width=1.4)
    for x, y in ((10, 24), (20, 20), (30, 25), (38, 19), (16, 29)):
        el(group, "circle", cx=x, cy=y, r=1, fill=ink)


def _swamp_pattern(group, ink) -> None:
    for y in (22, 30):
        el(
            group,
            "path",
            d=f"M6 {y} q4 -3 8 0 t8 0 t8 0 t8 0 t8 0",
            fill="none",
            stroke=ink,
            stroke_width=1.3,
        )
    el(group, "path", d="M13 36 v-14 M35 36 v-12", stroke=ink, stroke_width=1.4)
    el(group, "ellipse", cx=13, cy=21, rx=1.5, ry=3, fill="#6b4a1f")
    el(group, "ellipse", cx=35, cy=23, rx=1.5, ry=3, fill="#6b4a1f")


def _mountains_pattern(group, ink) -> None:
    el(
        group,
        "path",
        d="M4 38 L16 18 L24 30 L32 16 L44 38 Z",
        fill="#8c8c8c",
        stroke=ink,
        stroke_width=1.2,
    )
    el(group, "path", d="M29 21 L32 16 L35 21 Z M13 23 L16 18 L19 23 Z", fill="#ffffff")


_TERRAIN = {
    "jungle": _jungle_pattern,
    "desert": _desert_pattern,
    "swamp": _swamp_pattern,
    "mountains": _mountains_pattern,
}


def _empty(group, cell, ink, vector) -> None:
    picture = cell.get("picture", 0)
    if picture == 1:  # pebbles
        for cx, cy in ((14, 30), (20, 34), (33, 16)):
            el(group, "circle", cx=cx, cy=cy, r=2, fill=ink, opacity=0.35)
    elif picture == 2:  # grass
        el(
            group,
            "path",
            d="M16 34 l3 -8 M20 34 l0 -9 M24 34 l-3 -8",
            stroke=ink,
            opacity=0.35,
            fill="none",
        )
    elif picture == 3:  # a palm
        el(
            group,
            "path",
            d=("M30 38 q-2 -10 0 -18 m0 0 q-6 -3 -10 1 m10 -1 q6 -4 10 0 m-10 0 q-2 -6 -8 -6"),
            stroke=ink,
            opacity=0.4,
            fill="none",
        )


def _horse(group, cell, ink, vector) -> None:
    # A chess knight's head, and the L of its jump in dots.
    el(
        group,
        "path",
        d=(
            "M17 37 h16 l-2 -5 q-1 -6 2 -12 q-2 -8 -10 -10 l-2 -3 "
            "l-2 4 q-6 3 -7 11 l5 1 q3 -2 6 -1 q-6 6 -6 10 z"
        ),
        fill=ink,
    )
    el(group, "circle", cx=21.5, cy=15, r=1.2, fill="#ffffff")
    for x, y in ((38, 10), (38, 16), (38, 22), (43, 22)):
        el(group, "circle", cx=x, cy=y, r=1.5, fill=ink)


def _ice(group, cell, ink, vector) -> None:
    # Diagonal hatching (a pattern, not just a pale blue), kept inside the tile.
    for i in range(5):
        el(
            group,
            "line",
            x1=4 + i * 9,
            y1=40,
            x2=10 + i * 9,
            y2=6,
            stroke="#9ccbe0",
            stroke_width=1.2,
        )
    el(
        group,
        "path",
        d="M24 10 v22 M14.5 15.5 l19 11 M14.5 26.5 l19 -11",
        stroke=ink,
        stroke_width=2,
        stroke_linecap="round",
    )
    el(
        group,
        "path",
        d="M21 12 l3 3 l3 -3 M21 30 l3 -3 l3 3",
        stroke=ink,
        stroke_width=1.4,
        fill="none",
    )


def _trap(group, cell, ink, vector) -> None:
    el(group, "path", d="M8 26 a16 12 0 0 1 32 0 z", fill="#7a6a60", stroke=ink, stroke_width=1.5)
    el(
        group,
        "path",
        d="M10 26 l3 -7 l3 7 l3 -7 l3 7 l3 -7 l3 7 l3 -7 l3 7 l3 -7 l3 7",
        fill="#ffffff",
        stroke=ink,
        stroke_width=1,
    )
    el(group, "path", d="M8 29 h32 M24 29 v6", stroke=ink, stroke_width=2)


def _crocodile(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d=("M6 24 q6 -10 16 -8 l20 2 q2 3 0 5 l-18 1 l18 2 q1 3 -1 5 l-19 1 q-10 1 -16 -8 z"),
        fill="#4e8a2a",
        stroke=ink,
        stroke_width=1.3,
    )
    el(
        group,
        "path",
        d="M24 23 l2 3 l2 -3 l2 3 l2 -3 l2 3 l2 -3 l2 3",
        fill="none",
        stroke="#ffffff",
        stroke_width=1,
    )
    el(group, "circle", cx=14, cy=19, r=2.2, fill="#ffffff", stroke=ink)
    el(group, "circle", cx=14.5, cy=19, r=1, fill=ink)


def _ogre(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d="M14 12 l-4 -6 l8 4 M34 12 l4 -6 l-8 4",
        stroke=ink,
        stroke_width=2,
        fill="none",
    )
    el(group, "circle", cx=24, cy=21, r=11, fill="#b5654f", stroke=ink, stroke_width=1.5)
    el(group, "path", d="M17 17 l5 2 M31 17 l-5 2", stroke=ink, stroke_width=2)
    el(group, "path", d="M17 26 q7 5 14 0 z", fill="#ffffff", stroke=ink)
    el(group, "path", d="M20 26 v2 M24 26.5 v3 M28 26 v2", stroke=ink)


def _battlements(group, ink, fill) -> None:
    el(
        group,
        "path",
        d="M11 36 v-22 h5 v5 h4 v-5 h8 v5 h4 v-5 h5 v22 z",
        fill=fill,
        stroke=ink,
        stroke_width=1.5,
    )
    el(group, "path", d="M21 36 v-8 a3 3 0 0 1 6 0 v8", fill=ink)


def _fortress(group, cell, ink, vector) -> None:
    _battlements(group, ink, "#9a9a9a")


def _native(group, cell, ink, vector) -> None:
    _battlements(group, ink, "#c58f8f")
    # A heart above the gate: here the dead come back.
    el(
        group,
        "path",
        d="M24 25 l-4 -4 a2.3 2.3 0 0 1 4 -3 a2.3 2.3 0 0 1 4 3 z",
        fill="#ffffff",
        stroke=ink,
        stroke_width=0.8,
    )


def _gold(group, cell, ink, vector) -> None:
    # The coins left show in the coin badge (draw_tile); an emptied chest stands open and dark.
    _chest(group, C, 20, cell.get("value", "?"), empty=not cell.get("coins"))


def _galleon(group, cell, ink, vector) -> None:
    el(group, "path", d="M6 24 h36 l-5 9 h-26 z", fill="#6d4c2f", stroke=ink, stroke_width=1.3)
    el(
        group,
        "path",
        d="M24 24 v-18 M15 22 l9 -14 v14 z M25 10 l9 12 h-9 z",
        fill="#ffffff",
        stroke=ink,
        stroke_width=1,
    )
    el(group, "path", d="M8 37 q4 -3 8 0 t8 0 t8 0 t8 0", fill="none", stroke=ink, stroke_width=1)


def _balloon(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d="M24 6 a11 11 0 0 1 9 17 l-6 5 h-6 l-6 -5 a11 11 0 0 1 9 -17 z",
        fill="#e57373",
        stroke=ink,
        stroke_width=1.3,
    )
    el(
        group,
        "path",
        d="M24 6 q-5 10 -3 22 M24 6 q5 10 3 22",
        fill="none",
        stroke=ink,
        stroke_width=0.8,
    )
    el(group, "rect", x=21, y=31, width=6, height=5, fill="#8d5a2b", stroke=ink)
    el(group, "path", d="M21 28 v3 M27 28 v3", stroke=ink)


def _plane(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d=(
            "M24 6 q3 0 3 5 v7 l14 7 v3 l-14 -3 v8 l5 4 v2 l-8 -2 l-8 "
            "2 v-2 l5 -4 v-8 l-14 3 v-3 l14 -7 v-7 q0 -5 3 -5 z"
        ),
        fill="#607d8b",
        stroke=ink,
        stroke_width=1,
    )


def _rum(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d="M16 8 h16 q4 13 0 28 h-16 q-4 -15 0 -28 z",
        fill="#8b4a22",
        stroke=ink,
        stroke_width=1.4,
    )
    el(group, "path", d="M14.5 14 h19 M14.5 30 h19", stroke=ink, stroke_width=2)
    el(group, "circle", cx=24, cy=22, r=2.2, fill=ink)


def _smoke(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d=("M14 34 q-6 -8 2 -14 q0 6 4 6 q-2 -10 6 -16 q-1 8 5 12 q3 -4 1 -8 q8 8 2 20 z"),
        fill="#ef8a3a",
        stroke=ink,
        stroke_width=1.2,
    )
    el(group, "path", d="M30 10 q4 -2 6 1 q4 -1 4 3", fill="none", stroke="#6d6d6d", stroke_width=2)


def _lighthouse(group, cell, ink, vector) -> None:
    el(group, "path", d="M20 36 l2 -22 h4 l2 22 z", fill="#ffffff", stroke=ink, stroke_width=1.2)
    el(group, "path", d="M21 28 h6 M21.6 21 h4.8", stroke="#c62828", stroke_width=3)
    el(group, "rect", x=21, y=9, width=6, height=5, fill="#ffd54f", stroke=ink)
    el(
        group,
        "path",
        d="M27 11 l13 -5 v10 z M21 11 l-13 -5 v10 z",
        fill="#ffe082",
        opacity=0.85,
        stroke=ink,
        stroke_width=0.6,
    )


def _cave(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d="M5 37 q3 -28 19 -30 q16 2 19 30 z",
        fill="#8d7b63",
        stroke=ink,
        stroke_width=1.3,
    )
    el(group, "path", d="M14 37 q1 -16 10 -18 q9 2 10 18 z", fill="#1e160c")


def _earthquake(group, cell, ink, vector) -> None:
    el(
        group,
        "path",
        d="M24 4 l-5 9 l6 5 l-7 7 l6 5 l-4 8",
        fill="none",
        stroke=ink,
        stroke_width=3,
        stroke_linejoin="round",
    )
    el(
        group,
        "path",
        d="M6 14 l6 2 M6 22 l5 0 M36 16 l6 -2 M37 24 l5 1",
        stroke=ink,
        stroke_width=1.5,
    )
    el(
        group,
        "path",
        d="M6 30 l4 -3 l4 3 M34 30 l4 -3 l4 3",
        fill="none",
        stroke=ink,
        stroke_width=1.2,
    )


def _thicket(group, cell, ink, vector) -> None:
    # Crossing vines: dense, unlike the jungle's few loose leaves.
    for d in ("M4 10 L44 34", "M4 22 L44 10", "M4 34 L36 6", "M12 38 L44 20"):
        el(group, "path", d=d, stroke="#2f6318", stroke_width=2.2)
    for x, y in ((10, 14), (22, 16), (34, 12), (16, 28), (30, 26), (38, 32)):
        el(
            group,
            "path",
            d=f"M{x} {y} q4 -5 8 0 q-4 3 -8 0 z",
            fill="#3f7d20",
            stroke=ink,
            stroke_width=0.6,
        )


def _caramba(group, cell, ink, vector) -> None:
    # A parrot's shout: a speech balloon with "!".
    el(
        group,
        "path",
        d=("M8 8 h32 q3 0 3 3 v16 q0 3 -3 3 h-18 l-7 6 v-6 h-7 q-3 0 -3 -3 v-16 q0 -3 3 -3 z"),
        fill="#ffffff",
        stroke=ink,
        stroke_width=1.5,
    )
    _text(group, C, 26, "!", 18, "#ad1457", "900")


def _bottles(group, cell, ink, vector) -> None:
    count = max(1, min(3, int(cell.get("value") or 1)))
    for i in range(count):
        x = C + (i - (count - 1) / 2) * 11
        el(
            group,
            "path",
            d=f"M{_n(x - 1.5)} 7 h3 v6 l3 4 v18 h-9 v-18 l3 -4 z",
            fill="#7cb69a",
            stroke=ink,
            stroke_width=1.1,
        )
        el(
            group,
            "rect",
            x=x - 2.5,
            y=21,
            width=5,
            height=7,
            fill="#fff8e1",
            stroke=ink,
            stroke_width=0.5,
        )


def _figure(group, ink, initials, hat) -> None:
    """A character's portrait: head, shoulders, a hat of its own shape, and its initials."""
    el(
        group,
        "path",
        d="M10 36 q0 -10 14 -10 q14 0 14 10 z",
        fill="#8d6e63",
        stroke=ink,
        stroke_width=1.2,
    )
    el(group, "circle", cx=24, cy=17, r=7, fill="#f1c9a5", stroke=ink, stroke_width=1.2)
    el(group, "path", d=hat, fill=ink)
    _text(group, 24, 34.5, initials, 7, "#ffffff")


def _ben_gunn(group, cell, ink, vector) -> None:
    _figure(group, ink, "BG", "M15 12 h18 l-3 -5 h-12 z")  # a castaway's ragged hat
    el(group, "path", d="M18 20 q6 9 12 0 q-2 8 -6 8 q-4 0 -6 -8 z", fill="#9e9e9e")  # beard


def _missionary(group, cell, ink, vector) -> None:
    _figure(group, ink, "MI", "M17 11 q7 -6 14 0 z")
    el(group, "path", d="M24 27 v8 M21 30 h6", stroke="#ffd54f", stroke_width=1.6)  # a cross


def _friday(group, cell, ink, vector) -> None:
    _figure(group, ink, "FR", "M18 11 l3 -6 l3 5 l3 -5 l3 6 z")  # feathers


_ART = {
    "arrow": _arrow,
    "cannon": _cannon,
    "jungle": _spinner,
    "desert": _spinner,
    "swamp": _spinner,
    "mountains": _spinner,
    "empty": _empty,
    "horse": _horse,
    "ice": _ice,
    "trap": _trap,
    "crocodile": _crocodile,
    "ogre": _ogre,
    "fortress": _fortress,
    "native": _native,
    "gold": _gold,
    "balloon": _balloon,
    "plane": _plane,
    "rum": _rum,
    "galleon": _galleon,
    "smoke": _smoke,
    "lighthouse": _lighthouse,
    "cave": _cave,
    "earthquake": _earthquake,
    "thicket": _thicket,
    "caramba": _caramba,
    "bottles": _bottles,
    "ben-gunn": _ben_gunn,
    "missionary": _missionary,
    "friday": _friday,
}
