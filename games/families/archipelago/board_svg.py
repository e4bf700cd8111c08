"""The Archipelago island as SVG, drawn from one seat's view (`state.view(seat)`) only.

The island's shape varies (rules/archipelago/islands.py): the picture is as big as the view's
`size`, water everywhere no square is land. A face-down square shows its back (mountain, forest
or beach: public at the table); a face-up one its face, with the island kit's art where the tile is
Jackal's too (games.families.island.tile_art) and a labelled plate where it is new. Boats,
pirates, the missionary, coins and the bear are drawn over the tiles.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass

from games.families.island import tile_art
from games.families.island.svg_kit import CREW_FILL, CREW_INK, Spot
from rules.archipelago.geometry import COLUMNS, DIRECTIONS, rotate
from rules.archipelago.tiles import face as rules_face

from .words import back_name, tile_label, tile_name

CELL = tile_art.TILE  # 48: the tile art's own size
MARGIN = 16

# The backs of face-down tiles: the terrain printed on them, public information.
BACK_STYLE = {"M": ("#a39a8c", "#5d5448"), "F": ("#6f9a58", "#3d5e2c"), "B": ("#e6d39a", "#b59c55")}
SEA, SEA_LINE = "#7fb6d9", "#6aa3c8"

# Archipelago faces drawn with Jackal's art: the same tile, maybe under another name.
JACKAL_ART = {
    "empty": "empty",
    "horse": "horse",
    "ice": "ice",
    "pit": "trap",
    "crocodile": "crocodile",
    "fortress": "fortress",
    "balloon": "balloon",
    "airplane": "plane",
    "barrel": "rum",
    "lighthouse": "lighthouse",
    "caramba": "caramba",
    "smoke": "smoke",
    "earthquake": "earthquake",
    "missionary": "missionary",
    "cannibal": "ogre",
}
# New tiles: a plate of their own colour and their name.
NEW_STYLE = {
    "jungle": ("#9fc98a", "#0c2606"),
    "shrine": ("#efe3f7", "#3b1a4d"),
    "bank": ("#f3e6b3", "#4a3300"),
    "trampoline": ("#d9eef0", "#0d3b40"),
    "bear": ("#d8c0a8", "#3b2212"),
    "spyglass": ("#dde6f0", "#13263a"),
    "musket": ("#ddd0b0", "#1f1f1f"),
    "die": ("#f3e7c4", "#2a1f0e"),
    "maze": ("#d9cfa6", "#3a2f10"),
}
MISSIONARY_FILL = "#8d6e63"


def cell_xy(name: str) -> tuple[int, int]:
    """Column and row (from 0) of a square's name."""
    return COLUMNS.index(name[0]), int(name[1:]) - 1


@dataclass(frozen=True)
class Layout:
    """Where each square lies in the picture: for the SVG and the HTML buttons over it."""

    columns: int
    rows: int

    @property
    def width(self) -> int:
        return self.columns * CELL + 2 * MARGIN

    @property
    def height(self) -> int:
        return self.rows * CELL + 2 * MARGIN

    def origin(self, name: str) -> tuple[int, int]:
        x, y = cell_xy(name)
        return MARGIN + x * CELL, MARGIN + y * CELL

    def cell_spot(self, name: str) -> Spot:
        x, y = self.origin(name)
        return Spot(
            left=100 * x / self.width,
            top=100 * y / self.height,
            width=100 * CELL / self.width,
            height=100 * CELL / self.height,
        )


def layout_of(view: dict) -> Layout:
    columns, rows = view["size"]
    return Layout(columns, rows)


def _vector(direction: str) -> tuple[float, float]:
    return DIRECTIONS[direction]


def _face_cell(square: dict) -> dict | None:
    """The Jackal art's description of a face-up square, or None when the tile is new."""
    key, rot = square["face"], square.get("rot", 0)
    coins = square.get("coins", 0)
    if key.startswith("arrow"):
        return {"tile": "arrow", "dirs": [rotate(d, rot) for d in rules_face(key).arrows]}
    if key == "cannon":
        return {"tile": "cannon", "dirs": [rotate(d, rot) for d in rules_face(key).arrows]}
    if key.startswith("chest-"):
        return {"tile": "gold", "value": int(key.split("-")[1]), "coins": coins}
    if key.startswith("bottle-"):
        return {"tile": "bottles", "value": int(key.split("-")[1]), "coins": coins}
    if key in JACKAL_ART:
        cell = {"tile": JACKAL_ART[key], "coins": coins, "picture": 0}
        if key == "airplane" and square.get("spent"):
            cell["used"] = True
        return cell
    return None


def _new_tile(group: ET.Element, square: dict) -> None:
    key = square["face"]
    kind = "maze" if key.startswith("maze") else key
    fill, ink = NEW_STYLE.get(kind, ("#e3d5b5", "#222222"))
    tile_art.el(
        group, "rect", x=1, y=1, width=CELL - 2, height=CELL - 2, rx=4, fill=fill, stroke="#8a7548"
    )
    if kind == "maze":  # the number of turns it holds a pirate, large
        _text(group, CELL / 2, 27, key.split("-")[1], 18, ink)
    elif kind == "die":
        for direction in rules_face(key).arrows:
            vx, vy = DIRECTIONS[rotate(direction, square.get("rot", 0))]
            tile_art.el(
                group,
                "line",
                x1=24,
                y1=22,
                x2=24 + vx * 14,
                y2=22 + vy * 14,
                stroke=ink,
                stroke_width=2,
            )
    _text(group, CELL / 2, CELL - 4, tile_label(key), 7, ink)
    if square.get("coins"):
        _coin_badge(group, square["coins"])


def _text(parent, x, y, text, size, ink) -> None:
    node = tile_art.el(
        parent,
        "text",
        x=x,
        y=y,
        text_anchor="middle",
        font_size=size,
        font_family="sans-serif",
        font_weight="700",
        fill=ink,
    )
    node.text = str(text)


def _coin_badge(group, count: int) -> None:
    tile_art.el(group, "circle", cx=CELL - 9, cy=9, r=7, fill="#f2c200", stroke="#7a5c00")
    _text(group, CELL - 9, 12.5, count, 9, "#3b2a00")


def _back(group: ET.Element, back: str) -> None:
    fill, ink = BACK_STYLE[back]
    tile_art.el(
        group,
        "rect",
        x=1,
        y=1,
        width=CELL - 2,
        height=CELL - 2,
        rx=4,
        fill=fill,
        stroke=ink,
        stroke_width=1.5,
    )
    if back == "M":
        tile_art.el(group, "path", d="M10 34 L20 16 L27 27 L31 21 L39 34 Z", fill=ink, opacity=0.7)
    elif back == "F":
        for x in (15, 25, 34):
            tile_art.el(
                group, "path", d=f"M{x} 14 L{x - 6} 30 L{x + 6} 30 Z", fill=ink, opacity=0.7
            )
    else:
        tile_art.el(
            group, "path", d="M8 30 Q16 24 24 30 T40 30", fill="none", stroke=ink, stroke_width=2
        )


def render_board(
    view: dict,
    *,
    targets: set[str] = frozenset(),
    selected: str | None = None,
    last: tuple[str | None, str | None] | None = None,
) -> str:
    """The island of `view` as an SVG element (a string), with `targets` highlighted."""
    layout = layout_of(view)
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {layout.width} {layout.height}",
        role="img",
        **{"class": "island archipelago", "aria-labelledby": "island-title"},
    )
    title = ET.SubElement(svg, "title", id="island-title")
    title.text = str(tile_name("island"))
    tile_art.el(svg, "rect", x=0, y=0, width=layout.width, height=layout.height, fill=SEA)
    for col in range(layout.columns):
        x = MARGIN + col * CELL + CELL / 2
        _text(svg, x, 12, COLUMNS[col], 10, "#0d3b66")
    for row in range(layout.rows):
        y = MARGIN + row * CELL + CELL / 2 + 4
        _text(svg, 8, y, row + 1, 9, "#0d3b66")
    crews = view["crews"]
    for square in view["squares"]:
        x, y = layout.origin(square["cell"])
        group = tile_art.el(
            svg, "g", transform=f"translate({x},{y})", **{"data-cell": square["cell"]}
        )
        tip = ET.SubElement(group, "title")
        if square["up"]:
            tip.text = f"{square['cell']}: {tile_name(square['face'])}"
            art = _face_cell(square)
            if art is None:
                _new_tile(group, square)
            else:
                tile_art.draw_tile(group, art, _vector)
            if square.get("spent") and not square["face"].startswith(("chest", "airplane")):
                tile_art.el(
                    group,
                    "rect",
                    x=1,
                    y=1,
                    width=CELL - 2,
                    height=CELL - 2,
                    rx=4,
                    fill="#ffffff",
                    opacity=0.45,
                )
        else:
            tip.text = f"{square['cell']}: {back_name(square['back'])}"
            _back(group, square["back"])
            peeked = (view.get("peeked") or {}).get(square["cell"])
            if peeked:  # the viewer's own lighthouse knowledge, on their page only
                _text(group, CELL / 2, 44, tile_label(peeked), 7, "#000000")
    for cell in last or ():
        if cell:
            x, y = layout.origin(cell)
            tile_art.el(
                svg,
                "rect",
                x=x + 2,
                y=y + 2,
                width=CELL - 4,
                height=CELL - 4,
                fill="none",
                stroke="#1565c0",
                stroke_width=2,
                stroke_dasharray="4 3",
            )
    for seat, cell in sorted(view["boats"].items()):
        _boat(svg, layout, cell, crews[int(seat)]["colour"], view, int(seat))
    _pieces(svg, layout, view)
    if view.get("bear_at"):
        x, y = layout.origin(view["bear_at"])
        for ex in (15, 33):  # ears, then the head
            tile_art.el(svg, "circle", cx=x + ex, cy=y + 14, r=5, fill="#4e342e", stroke="#000")
        tile_art.el(
            svg,
            "circle",
            cx=x + 24,
            cy=y + 25,
            r=12,
            fill="#5d4037",
            stroke="#000",
            **{"data-bear": view["bear_at"]},
        )
        tile_art.el(svg, "circle", cx=x + 24, cy=y + 30, r=4, fill="#d7ccc8")
    for cell in sorted(targets):
        x, y = layout.origin(cell)
        tile_art.el(
            svg,
            "rect",
            x=x + 3,
            y=y + 3,
            width=CELL - 6,
            height=CELL - 6,
            rx=5,
            fill="none",
            stroke="#00c853",
            stroke_width=3,
            **{"class": "target-mark"},
        )
    return ET.tostring(svg, encoding="unicode")


def _boat(svg, layout: Layout, cell: str, colour: str, view: dict, seat: int) -> None:
    x, y = layout.origin(cell)
    aboard = sum(1 for p in view["pieces"] if p["where"] == "boat" and p.get("boat") == seat)
    tile_art.el(
        svg,
        "path",
        d=f"M{x + 4} {y + 26} L{x + 44} {y + 26} L{x + 36} {y + 40} L{x + 12} {y + 40} Z",
        fill=CREW_FILL.get(colour, "#888"),
        stroke="#3b2212",
        stroke_width=2,
        **{"data-boat": str(seat)},
    )
    tile_art.el(
        svg, "line", x1=x + 24, y1=y + 26, x2=x + 24, y2=y + 6, stroke="#3b2212", stroke_width=2
    )
    tile_art.el(
        svg,
        "path",
        d=f"M{x + 25} {y + 7} L{x + 38} {y + 22} L{x + 25} {y + 22} Z",
        fill="#fafafa",
        stroke="#3b2212",
    )
    if aboard:
        _text(svg, x + 24, y + 37, aboard, 10, CREW_INK.get(colour, "#000"))
    # Pirates aboard are drawn as a number: one star at the masthead says an ability sails too.
    abilities = view.get("abilities") or {}
    held = sorted(
        abilities[p["id"]]
        for p in view["pieces"]
        if p["where"] == "boat" and p.get("boat") == seat and p["id"] in abilities
    )
    if held:
        _star(svg, x + 24, y + 5, ",".join(held))
    coins = view["stowed"][seat] if seat < len(view["stowed"]) else 0
    if coins:
        tile_art.el(svg, "circle", cx=x + 9, cy=y + 12, r=7, fill="#f2c200", stroke="#7a5c00")
        _text(svg, x + 9, y + 15.5, coins, 9, "#3b2a00")


def _pieces(svg, layout: Layout, view: dict) -> None:
    crews = view["crews"]
    abilities = view.get("abilities") or {}
    by_cell: dict[str, list[dict]] = defaultdict(list)
    for piece in view["pieces"]:
        if piece["where"] in ("land", "water") and piece.get("cell"):
            by_cell[piece["cell"]].append(piece)
    offsets = [(14, 14), (34, 14), (14, 34), (34, 34), (24, 24)]
    for cell, pieces in by_cell.items():
        x, y = layout.origin(cell)
        for index, piece in enumerate(pieces[:5]):
            dx, dy = offsets[index] if len(pieces) > 1 else (24, 24)
            if piece.get("is_missionary"):
                fill, ink = MISSIONARY_FILL, "#ffffff"
            else:
                colour = crews[piece["seat"]]["colour"]
                fill, ink = CREW_FILL.get(colour, "#888"), CREW_INK.get(colour, "#000")
            tile_art.el(
                svg,
                "circle",
                cx=x + dx,
                cy=y + dy,
                r=9,
                fill=fill,
                stroke="#000",
                stroke_width=1.5,
                **{"data-piece": piece["id"]},
            )
            _text(
                svg, x + dx, y + dy + 3.5, piece["id"][-1] if piece["id"] != "M" else "M", 10, ink
            )
            if piece["id"] in abilities:  # a seasoned sea dog of a series: a gold star (S1)
                _star(svg, x + dx + 8, y + dy - 8, abilities[piece["id"]])


def _star(svg, cx: float, cy: float, ability: str) -> None:
    """The sticker of a pirate with a special ability: a small gold star beside it."""
    points = []
    for k in range(10):
        radius = 5 if k % 2 == 0 else 2.2
        angle = math.pi * k / 5 - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    tile_art.el(
        svg,
        "polygon",
        points=" ".join(points),
        fill="#ffd54f",
        stroke="#7a5c00",
        stroke_width=1,
        **{"data-ability": ability},
    )


def tile_picture(face: str) -> str:
    """One face-up tile alone, north up, as an ``<svg>`` (the how-to-play page): the board's
    own drawing of that face."""
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {CELL} {CELL}",
        role="img",
        **{"class": "tile-picture", "aria-label": str(tile_name(face))},
    )
    square = {"face": face, "rot": 0, "up": True, "spent": False}
    art = _face_cell(square)
    if art is None:
        _new_tile(svg, square)
    else:
        tile_art.draw_tile(svg, art, _vector)
    return ET.tostring(svg, encoding="unicode")


def back_picture(back: str) -> str:
    """A face-down tile's back alone (mountain, forest, beach), for the how-to-play page."""
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {CELL} {CELL}",
        role="img",
        **{"class": "tile-picture", "aria-label": str(back_name(back))},
    )
    _back(svg, back)
    return ET.tostring(svg, encoding="unicode")
