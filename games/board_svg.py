"""The island drawn as SVG: a pure function of one player's view.

``render_board(view)`` draws only what the view holds (``rules.jackal.player_view``), so a tile that
is face down for this viewer cannot be drawn face up: every face-down tile is the same ``<use>`` of
one tile back, whatever lies under it. Built with ``xml.etree.ElementTree``, which escapes all text.

The board turns so that the viewer's own side of the island is at the bottom. ``Layout`` says where
each cell and piece is drawn, in percent of the picture, so that the page can lay clickable
controls exactly over them (see ``games.views.board``).

>>> from rules.jackal import new_game, player_view
>>> svg = render_board(player_view(new_game("classic", players=2, seed="doc"), None))
>>> svg.startswith("<svg") and svg.count('href="#tile-back"')
117
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache

from rules.jackal import View
from rules.jackal.geometry import COLUMNS, DIR_INDEX, DX, DY

CELL = 48
MARGIN = 16
GRID = 13
WIDTH = GRID * CELL + 2 * MARGIN

# Which side of the island each crew's ship sails along (rules.jackal.geometry.BERTHS).
CREW_SIDES = {"white": 0, "yellow": 1, "black": 2, "red": 3}
CREW_FILL = {"white": "#fafafa", "yellow": "#f2c200", "black": "#222222", "red": "#c62828"}
CREW_INK = {"white": "#222222", "yellow": "#222222", "black": "#ffffff", "red": "#ffffff"}

# Tile art: background colour, ink, and the short label drawn on the tile.
TILE_STYLE = {
    "empty": ("#ead8a8", "#6b5a2e", ""),
    "arrow": ("#ead8a8", "#3b2f1a", ""),
    "horse": ("#dcc59a", "#3b2f1a", "horse"),
    "jungle": ("#76b35a", "#17320c", "jungle"),
    "desert": ("#e8c977", "#4a3a10", "desert"),
    "swamp": ("#8f9d62", "#1f260b", "swamp"),
    "mountains": ("#a3a3a3", "#1f1f1f", "mountains"),
    "ice": ("#d4eef7", "#1d4d66", "ice"),
    "trap": ("#a1887f", "#231814", "trap"),
    "crocodile": ("#5f9e35", "#0f2605", "croc"),
    "ogre": ("#8d3b2f", "#ffffff", "ogre"),
    "fortress": ("#b7b7b7", "#1f1f1f", "fort"),
    "native": ("#d4a5a5", "#3a1212", "native"),
    "gold": ("#f5d76e", "#4a3300", "chest"),
    "balloon": ("#bfe3ff", "#0d3b66", "balloon"),
    "plane": ("#cfd8dc", "#1c2b33", "plane"),
    "cannon": ("#c8b68e", "#1f1f1f", "cannon"),
    "rum": ("#a0522d", "#ffffff", "rum"),
}
TILE_NAMES = {
    "empty": "empty",
    "arrow": "arrow",
    "horse": "horse",
    "jungle": "jungle (2 steps)",
    "desert": "desert (3 steps)",
    "swamp": "swamp (4 steps)",
    "mountains": "mountains (5 steps)",
    "ice": "ice",
    "trap": "trap",
    "crocodile": "crocodile",
    "ogre": "ogre",
    "fortress": "fortress",
    "native": "native girl's fortress",
    "gold": "treasure chest",
    "balloon": "balloon",
    "plane": "plane",
    "cannon": "cannon",
    "rum": "barrel of rum",
}


CREW_BY_LETTER = {"W": "white", "Y": "yellow", "B": "black", "R": "red"}
# Tiles this drawing does not know yet (a newer ruleset) still show, by name.
UNKNOWN_TILE_STYLE = ("#e3d5b5", "#222222", "")


def piece_label(piece_id: str) -> str:
    """'W2' -> 'White 2', 'WS' -> 'the white ship'."""
    crew = CREW_BY_LETTER.get(piece_id[:1])
    if crew is None or len(piece_id) != 2:
        return piece_id
    if piece_id[1] == "S":
        return f"the {crew} ship"
    return f"{crew.capitalize()} {piece_id[1]}"


def side_for(view: View) -> int:
    """The side of the island drawn at the bottom: the viewer's first crew, else White's."""
    if view.seat is not None:
        for crew in view.crews:
            if view.crew_owner.get(crew) == view.seat:
                return CREW_SIDES[crew]
    return 0


def _screen(x: int, y: int, side: int) -> tuple[int, int]:
    """Grid column/row (x east, y north) to screen column/row (row 0 at the top)."""
    if side == 0:
        return x, GRID - 1 - y
    if side == 1:
        return GRID - 1 - y, GRID - 1 - x
    if side == 2:
        return GRID - 1 - x, y
    return y, x


def _grid_xy(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


@dataclass(frozen=True)
class Spot:
    """A rectangle of the picture in percent of its width and height (for HTML overlays)."""

    left: float
    top: float
    width: float
    height: float

    @property
    def style(self) -> str:
        return (
            f"left:{self.left:.3f}%;top:{self.top:.3f}%;"
            f"width:{self.width:.3f}%;height:{self.height:.3f}%"
        )


@dataclass(frozen=True)
class Disc:
    x: float
    y: float
    r: float


class Layout:
    """Where cells and pieces of one view are drawn, turned so that `side` is at the bottom."""

    def __init__(self, view: View, side: int = 0) -> None:
        self.view = view
        self.side = side
        self.hulls: dict[str, tuple[float, float, float, float]] = {}
        self.discs: dict[str, Disc] = {}
        ships_at = {ship["cell"]: ship for ship in view.ships}
        pirates_at: dict[str, list[dict]] = {}
        for pirate in view.pirates:
            if pirate["alive"]:
                pirates_at.setdefault(pirate["cell"], []).append(pirate)
        for name in set(ships_at) | set(pirates_at):
            x, y = self.origin(name)
            ship = ships_at.get(name)
            if ship is not None:
                self.hulls[ship["id"]] = (x + 4, y + CELL * 0.66, CELL - 8, CELL * 0.3)
                area = (x + 2, y + 1, CELL - 4, CELL * 0.66)
            else:
                area = (x + 3, y + 3, CELL - 6, CELL - 6)
            pirates = pirates_at.get(name, [])
            for pirate, disc in zip(pirates, _slots(len(pirates), *area), strict=True):
                self.discs[pirate["id"]] = disc

    def origin(self, name: str) -> tuple[float, float]:
        """Top-left corner of a cell, in SVG units."""
        return _origin(name, self.side)

    def cell_spot(self, name: str) -> Spot:
        x, y = self.origin(name)
        return _spot(x, y, CELL, CELL)

    def piece_spot(self, piece_id: str) -> Spot | None:
        """The clickable area of a piece on the board; None for the dead."""
        if piece_id in self.hulls:
            return _spot(*self.hulls[piece_id])
        disc = self.discs.get(piece_id)
        if disc is None:
            return None
        return _spot(disc.x - disc.r, disc.y - disc.r, 2 * disc.r, 2 * disc.r)


@lru_cache(maxsize=4 * GRID * GRID)
def _origin(name: str, side: int) -> tuple[float, float]:
    """Top-left corner of a cell, in SVG units, with `side` of the island at the bottom."""
    col, row = _screen(*_grid_xy(name), side)
    return MARGIN + col * CELL, MARGIN + row * CELL


def _vector(direction: str, side: int) -> tuple[float, float]:
    """A compass direction (N, NE, ..) as a unit vector on screen."""
    d = DIR_INDEX[direction]
    x0, y0 = _screen(1, 1, side)
    x1, y1 = _screen(1 + DX[d], 1 + DY[d], side)
    length = math.hypot(x1 - x0, y1 - y0)
    return (x1 - x0) / length, (y1 - y0) / length


def _spot(x: float, y: float, w: float, h: float) -> Spot:
    return Spot(100 * x / WIDTH, 100 * y / WIDTH, 100 * w / WIDTH, 100 * h / WIDTH)


def _slots(n: int, x: float, y: float, w: float, h: float) -> list[Disc]:
    """Centres and radius for n pieces sharing the area (x, y, w, h)."""
    if n == 0:
        return []
    cols = 1 if n == 1 else 2 if n <= 4 else 3
    rows = math.ceil(n / cols)
    cw, rh = w / cols, h / rows
    r = min(cw, rh, CELL * 0.5) * 0.46
    return [Disc(x + cw * (i % cols + 0.5), y + rh * (i // cols + 0.5), r) for i in range(n)]


def render_board(
    view: View,
    *,
    side: int | None = None,
    selected: str | None = None,
    targets: frozenset[str] | set[str] = frozenset(),
    last_move: tuple[str | None, str | None] | None = None,
) -> str:
    """The board of `view` as an ``<svg>`` string.

    `selected` is a piece id to ring, `targets` cell names to highlight as legal destinations,
    `last_move` the (origin, target) cells of the move just played.

    Each square and piece is drawn once per distinct look (``_fragment``) and the strings are
    reused: a board is mostly the same squares as the last one drawn, so a request only joins
    strings, however much of the island is face up.
    """
    layout = Layout(view, side_for(view) if side is None else side)
    side = layout.side
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {WIDTH}" class="board-svg"'
        f' role="img" aria-label="The island after {int(view.ply)} moves">',
        _fragment(_draw_background, side),
    ]
    for cell in view.cells:
        name = cell["coord"]
        if cell["sea"]:
            parts.append(_fragment(_draw_sea, side, name))
        elif cell["face_down"]:
            parts.append(_fragment(_draw_face_down, side, name, cell.get("peeked")))
        else:
            look = tuple((key, _frozen(cell[key])) for key in _DRAWN_KEYS if key in cell)
            parts.append(_fragment(_draw_face_up, side, name, look))
    if last_move is not None:
        parts += [_fragment(_draw_last_move, side, name) for name in last_move if name]
    for ship in view.ships:
        look = (ship["id"], ship["crew"], ship["cell"], layout.hulls[ship["id"]])
        parts.append(_fragment(_draw_ship, side, look, ship["id"] == selected))
    for pirate in view.pirates:
        if pirate["alive"]:
            look = tuple((key, pirate[key]) for key in _PIRATE_KEYS)
            disc = layout.discs[pirate["id"]]
            parts.append(_fragment(_draw_pirate, side, look, disc, pirate["id"] == selected))
    parts += [_fragment(_draw_target, side, name) for name in sorted(targets)]
    parts.append("</svg>")
    return "".join(parts)


# What a face-up square's drawing may read from its cell, and a pirate's from its dict: the
# fragment cache is keyed on exactly these, and the drawing gets nothing else.
_DRAWN_KEYS = ("tile", "dirs", "steps", "step_coins", "value", "used", "coins", "picture")
_PIRATE_KEYS = ("id", "crew", "cell", "step", "aboard", "swimming", "trapped", "drunk", "carrying")


def _frozen(value):
    return tuple(value) if isinstance(value, list) else value


@lru_cache(maxsize=8192)
def _fragment(draw, side: int, *look) -> str:
    """The SVG text `draw(parent, side, *look)` adds: a pure function of its arguments, cached.

    The arguments are what is visible of one square or piece (never more than the view holds),
    so a cached string cannot carry anything from another viewer's board.
    """
    holder = ET.Element("g")
    draw(holder, side, *look)
    return "".join(ET.tostring(element, encoding="unicode") for element in holder)


def _draw_background(svg: ET.Element, side: int) -> None:
    defs = ET.SubElement(svg, "defs")
    back = ET.SubElement(defs, "g", {"id": "tile-back"})
    ET.SubElement(
        back,
        "rect",
        {
            "x": "1",
            "y": "1",
            "width": _n(CELL - 2),
            "height": _n(CELL - 2),
            "rx": "4",
            "fill": "#8b6b3e",
            "stroke": "#5c4424",
        },
    )
    ET.SubElement(
        back,
        "rect",
        {
            "x": "6",
            "y": "6",
            "width": _n(CELL - 12),
            "height": _n(CELL - 12),
            "rx": "3",
            "fill": "none",
            "stroke": "#b08d57",
            "stroke-dasharray": "3 3",
        },
    )
    ET.SubElement(svg, "rect", {"width": str(WIDTH), "height": str(WIDTH), "fill": "#1f5f8b"})
    _draw_margin_labels(svg, side)


def _draw_last_move(svg: ET.Element, side: int, name: str) -> None:
    x, y = _origin(name, side)
    ET.SubElement(
        svg,
        "rect",
        {
            "x": _n(x + 2),
            "y": _n(y + 2),
            "width": _n(CELL - 4),
            "height": _n(CELL - 4),
            "class": "last-move",
            "fill": "none",
            "stroke": "#f0b400",
            "stroke-width": "3",
            "stroke-dasharray": "6 3",
        },
    )


def _draw_target(svg: ET.Element, side: int, name: str) -> None:
    x, y = _origin(name, side)
    ET.SubElement(
        svg,
        "rect",
        {
            "x": _n(x + 3),
            "y": _n(y + 3),
            "width": _n(CELL - 6),
            "height": _n(CELL - 6),
            "rx": "6",
            "class": "target",
            "fill": "#39d353",
            "fill-opacity": "0.35",
            "stroke": "#0b6e1f",
            "stroke-width": "3",
        },
    )


def _draw_margin_labels(svg: ET.Element, side: int) -> None:
    group = ET.SubElement(
        svg,
        "g",
        {
            "class": "coords",
            "font-size": "10",
            "fill": "#e8f1f7",
            "text-anchor": "middle",
            "aria-hidden": "true",
        },
    )
    names = {
        (_screen(x, y, side)): COLUMNS[x] + str(y + 1) for x in range(GRID) for y in range(GRID)
    }
    for i in range(GRID):
        centre = MARGIN + CELL * (i + 0.5)
        # Along the top and bottom: what changes from one screen column to the next.
        a, b = names[(i, 0)], names[(i, 1)]
        across = a[0] if a[0] == b[0] else a[1:]
        a, b = names[(0, i)], names[(1, i)]
        down = a[0] if a[0] == b[0] else a[1:]
        for x, y, text in (
            (centre, MARGIN - 4, across),
            (centre, WIDTH - 4, across),
            (MARGIN / 2, centre + 4, down),
            (WIDTH - MARGIN / 2, centre + 4, down),
        ):
            label = ET.SubElement(group, "text", {"x": _n(x), "y": _n(y)})
            label.text = text


def _draw_sea(svg: ET.Element, side: int, name: str) -> None:
    x, y = _origin(name, side)
    ET.SubElement(
        svg,
        "rect",
        {
            "x": _n(x),
            "y": _n(y),
            "width": str(CELL),
            "height": str(CELL),
            "fill": "none",
            "stroke": "#2b7bb0",
            "stroke-width": "0.5",
        },
    )


def _draw_face_down(svg: ET.Element, side: int, name: str, peeked: str | None) -> None:
    x, y = _origin(name, side)
    group = ET.SubElement(svg, "g", {"class": "tile face-down"})
    title = ET.SubElement(group, "title")
    title.text = f"{name}: face-down tile"
    ET.SubElement(group, "use", {"href": "#tile-back", "x": _n(x), "y": _n(y)})
    if peeked:
        # Only the seat that looked (through the lighthouse) has this in its view.
        title.text += f" (you saw {peeked} under it)"
        seen = ET.SubElement(
            group,
            "text",
            {
                "x": _n(x + CELL / 2),
                "y": _n(y + CELL / 2 + 3),
                "font-size": "8",
                "fill": "#fff3d6",
                "text-anchor": "middle",
                "class": "peeked",
            },
        )
        seen.text = str(peeked).split(":")[0]


def _draw_face_up(svg: ET.Element, side: int, name: str, look: tuple) -> None:
    x, y = _origin(name, side)
    cell = dict(look)
    tile = cell["tile"]
    fill, ink, label = TILE_STYLE.get(tile, UNKNOWN_TILE_STYLE)
    label = label or ("" if tile in TILE_STYLE else tile)
    group = ET.SubElement(
        svg, "g", {"class": f"tile tile-{tile}", "transform": f"translate({_n(x)},{_n(y)})"}
    )
    ET.SubElement(group, "title").text = f"{name}: {_describe(cell)}"
    ET.SubElement(
        group,
        "rect",
        {
            "x": "1",
            "y": "1",
            "width": _n(CELL - 2),
            "height": _n(CELL - 2),
            "rx": "4",
            "fill": fill,
            "stroke": "#8a7548",
        },
    )
    art = _ART.get(tile)
    if art is not None:
        art(group, side, cell, ink)
    if tile == "plane" and cell.get("used"):
        label = "plane (used)"
        group.set("opacity", "0.6")
    if label:
        text = ET.SubElement(
            group,
            "text",
            {
                "x": _n(CELL / 2),
                "y": _n(CELL - 5),
                "font-size": "8.5",
                "fill": ink,
                "text-anchor": "middle",
                "font-weight": "600",
            },
        )
        text.text = label
    if cell.get("coins"):
        _draw_coins(group, CELL - 9, 9, cell["coins"])


def _describe(cell: dict) -> str:
    tile = cell["tile"]
    words = TILE_NAMES.get(tile, tile)
    if tile == "arrow":
        words = "arrow to " + ", ".join(cell["dirs"])
    elif tile == "cannon":
        words = f"cannon firing {cell['dirs'][0]}"
    elif tile == "gold":
        words = f"treasure chest of {cell['value']}"
    elif tile == "plane" and cell.get("used"):
        words = "plane (already flown)"
    if cell.get("step_coins") and any(cell["step_coins"]):
        per_step = ", ".join(
            f"{n} on step {i}" for i, n in enumerate(cell["step_coins"], start=1) if n
        )
        words += f"; coins: {per_step}"
    elif cell.get("coins"):
        words += f"; {cell['coins']} coin" + ("s" if cell["coins"] > 1 else "")
    return words


def _draw_coins(group: ET.Element, cx: float, cy: float, count: int) -> None:
    ET.SubElement(
        group,
        "circle",
        {
            "cx": _n(cx),
            "cy": _n(cy),
            "r": "7",
            "fill": "#ffd54f",
            "stroke": "#8d6e00",
            "class": "coins",
        },
    )
    text = ET.SubElement(
        group,
        "text",
        {
            "x": _n(cx),
            "y": _n(cy + 3.5),
            "font-size": "10",
            "font-weight": "700",
            "text-anchor": "middle",
            "fill": "#4a3300",
        },
    )
    text.text = str(count)


def _arrowhead(group, side, direction, ink, length=CELL * 0.4, width=3.0) -> None:
    vx, vy = _vector(direction, side)
    if direction in ("NE", "SE", "SW", "NW"):
        length *= 1.3  # diagonals reach towards the corners
    c = CELL / 2
    tip = (c + vx * length, c + vy * length)
    base = (c + vx * (length - 9), c + vy * (length - 9))
    ET.SubElement(
        group,
        "line",
        {
            "x1": _n(c),
            "y1": _n(c),
            "x2": _n(base[0]),
            "y2": _n(base[1]),
            "stroke": ink,
            "stroke-width": _n(width),
            "stroke-linecap": "round",
        },
    )
    px, py = -vy * 6, vx * 6
    points = [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
    ET.SubElement(
        group, "polygon", {"points": " ".join(f"{_n(a)},{_n(b)}" for a, b in points), "fill": ink}
    )


def _art_arrow(group, side, cell, ink) -> None:
    for direction in cell["dirs"]:
        _arrowhead(group, side, direction, ink)
    ET.SubElement(group, "circle", {"cx": _n(CELL / 2), "cy": _n(CELL / 2), "r": "3", "fill": ink})


def _art_cannon(group, side, cell, ink) -> None:
    vx, vy = _vector(cell["dirs"][0], side)
    c = CELL / 2
    ET.SubElement(
        group,
        "line",
        {
            "x1": _n(c - vx * 4),
            "y1": _n(c - vy * 4),
            "x2": _n(c + vx * 19),
            "y2": _n(c + vy * 19),
            "stroke": ink,
            "stroke-width": "8",
            "stroke-linecap": "round",
        },
    )
    ET.SubElement(group, "circle", {"cx": _n(c), "cy": _n(c), "r": "7", "fill": "#5d4037"})


def _art_spinner(group, side, cell, ink) -> None:
    steps = cell["steps"]
    step_coins = cell.get("step_coins") or [0] * steps
    gap = (CELL - 12) / steps
    for i in range(steps):
        cx = 6 + gap * (i + 0.5)
        ET.SubElement(
            group,
            "circle",
            {
                "cx": _n(cx),
                "cy": "8",
                "r": "3.5",
                "fill": "#ffd54f" if step_coins[i] else "#ffffff",
                "fill-opacity": "0.85",
                "stroke": ink,
                "stroke-width": "0.8",
            },
        )
        label = ET.SubElement(
            group,
            "text",
            {"x": _n(cx), "y": "18", "font-size": "7", "fill": ink, "text-anchor": "middle"},
        )
        label.text = str(i + 1)


def _art_empty(group, side, cell, ink) -> None:
    picture = cell.get("picture", 0)
    if picture == 1:  # pebbles
        for cx, cy in ((14, 30), (20, 34), (33, 16)):
            ET.SubElement(
                group,
                "circle",
                {"cx": str(cx), "cy": str(cy), "r": "2", "fill": ink, "opacity": "0.4"},
            )
    elif picture == 2:  # grass
        ET.SubElement(
            group,
            "path",
            {
                "d": "M16 34 l3 -8 M20 34 l0 -9 M24 34 l-3 -8",
                "stroke": ink,
                "opacity": "0.4",
                "fill": "none",
            },
        )
    elif picture == 3:  # a palm
        ET.SubElement(
            group,
            "path",
            {
                "d": "M30 38 q-2 -10 0 -18 m0 0 q-6 -3 -10 1 m10 -1 q6 -4 10 0 m-10 0 q-2 -6 -8 -6",
                "stroke": ink,
                "opacity": "0.45",
                "fill": "none",
            },
        )


def _art_horse(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "path",
        {
            "d": "M15 12 v16 h10",
            "stroke": ink,
            "stroke-width": "2.5",
            "fill": "none",
            "stroke-linecap": "round",
        },
    )
    ET.SubElement(group, "circle", {"cx": "25", "cy": "28", "r": "3", "fill": ink})


def _art_fortress(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "path",
        {"d": "M12 32 v-18 h5 v5 h5 v-5 h4 v5 h5 v-5 h5 v18 z", "fill": "#8c8c8c", "stroke": ink},
    )


def _art_gold(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "rect",
        {
            "x": "13",
            "y": "15",
            "width": "22",
            "height": "15",
            "rx": "2",
            "fill": "#8d5a2b",
            "stroke": ink,
        },
    )
    ET.SubElement(
        group, "rect", {"x": "22", "y": "20", "width": "4", "height": "5", "fill": "#ffd54f"}
    )


def _art_balloon(group, side, cell, ink) -> None:
    ET.SubElement(
        group, "circle", {"cx": "24", "cy": "17", "r": "9", "fill": "#e53935", "stroke": ink}
    )
    ET.SubElement(
        group, "rect", {"x": "21", "y": "29", "width": "6", "height": "5", "fill": "#8d5a2b"}
    )


def _art_plane(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "path",
        {
            "d": "M24 8 v26 M12 20 h24 M19 32 h10",
            "stroke": ink,
            "stroke-width": "3",
            "stroke-linecap": "round",
        },
    )


def _art_water(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "path",
        {"d": "M10 22 q4 -4 8 0 t8 0 t8 0 t8 0", "stroke": ink, "fill": "none", "opacity": "0.6"},
    )


def _art_teeth(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "path",
        {
            "d": "M10 16 l4 8 l4 -8 l4 8 l4 -8 l4 8 l4 -8 l4 8",
            "stroke": ink,
            "fill": "none",
            "stroke-width": "1.5",
        },
    )


def _art_barrel(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "ellipse",
        {"cx": "24", "cy": "21", "rx": "9", "ry": "11", "fill": "#6d3514", "stroke": ink},
    )
    ET.SubElement(group, "path", {"d": "M15 17 h18 M15 25 h18", "stroke": ink})


def _art_face(group, side, cell, ink) -> None:
    ET.SubElement(
        group,
        "circle",
        {"cx": "24", "cy": "20", "r": "9", "fill": "none", "stroke": ink, "stroke-width": "1.5"},
    )
    ET.SubElement(
        group,
        "path",
        {
            "d": "M20 18 h1 M27 18 h1 M20 24 q4 3 8 0",
            "stroke": ink,
            "stroke-width": "1.5",
            "fill": "none",
        },
    )


_ART = {
    "arrow": _art_arrow,
    "cannon": _art_cannon,
    "jungle": _art_spinner,
    "desert": _art_spinner,
    "swamp": _art_spinner,
    "mountains": _art_spinner,
    "empty": _art_empty,
    "horse": _art_horse,
    "fortress": _art_fortress,
    "native": _art_fortress,
    "gold": _art_gold,
    "balloon": _art_balloon,
    "plane": _art_plane,
    "ice": _art_water,
    "crocodile": _art_teeth,
    "trap": _art_teeth,
    "rum": _art_barrel,
    "ogre": _art_face,
}


def _draw_ship(svg: ET.Element, side: int, look: tuple, selected: bool) -> None:
    ship_id, crew, cell, (x, y, w, h) = look
    group = ET.SubElement(svg, "g", {"class": f"ship crew-{crew}"})
    ET.SubElement(group, "title").text = f"{piece_label(ship_id).capitalize()} at {cell}"
    hull = f"M{_n(x)},{_n(y)} h{_n(w)} l-{_n(w * 0.14)},{_n(h)} h-{_n(w * 0.72)} z"
    ET.SubElement(
        group,
        "path",
        {"d": hull, "fill": "#6d4c2f", "stroke": "#3e2a18", "stroke-width": "1.5"},
    )
    ET.SubElement(
        group,
        "rect",
        {
            "x": _n(x + w * 0.3),
            "y": _n(y + h * 0.25),
            "width": _n(w * 0.4),
            "height": _n(h * 0.45),
            "fill": CREW_FILL[crew],
            "stroke": "#3e2a18",
        },
    )
    if selected:
        ET.SubElement(
            group,
            "rect",
            {
                "x": _n(x - 2),
                "y": _n(y - 2),
                "width": _n(w + 4),
                "height": _n(h + 4),
                "rx": "4",
                "fill": "none",
                "stroke": "#f0b400",
                "stroke-width": "3",
                "class": "selected",
            },
        )


def _draw_pirate(svg: ET.Element, side: int, look: tuple, disc: Disc, selected: bool) -> None:
    pirate = dict(look)
    crew = pirate["crew"] if pirate["crew"] in CREW_FILL else "white"
    group = ET.SubElement(svg, "g", {"class": f"pirate crew-{crew}"})
    states = [f"{piece_label(pirate['id'])} at {pirate['cell']}"]
    if pirate["step"]:
        states.append(f"on step {pirate['step']}")
    for flag in ("aboard", "swimming", "trapped", "drunk", "carrying"):
        if pirate[flag]:
            states.append("carrying a coin" if flag == "carrying" else flag)
    ET.SubElement(group, "title").text = ", ".join(states)
    if selected:
        ET.SubElement(
            group,
            "circle",
            {
                "cx": _n(disc.x),
                "cy": _n(disc.y),
                "r": _n(disc.r + 3),
                "fill": "none",
                "stroke": "#f0b400",
                "stroke-width": "3",
                "class": "selected",
            },
        )
    ET.SubElement(
        group,
        "circle",
        {
            "cx": _n(disc.x),
            "cy": _n(disc.y),
            "r": _n(disc.r),
            "fill": CREW_FILL[crew],
            "stroke": "#111111" if crew != "black" else "#dddddd",
            "stroke-width": "1.5",
        },
    )
    number = ET.SubElement(
        group,
        "text",
        {
            "x": _n(disc.x),
            "y": _n(disc.y + disc.r * 0.4),
            "font-size": _n(disc.r * 1.15),
            "font-weight": "700",
            "text-anchor": "middle",
            "fill": CREW_INK[crew],
        },
    )
    number.text = pirate["id"][1]
    badges = []
    if pirate["step"]:
        badges.append((str(pirate["step"]), "#ffffff", "#222222"))
    if pirate["carrying"]:
        badges.append(("$", "#ffd54f", "#4a3300"))
    if pirate["trapped"]:
        badges.append(("T", "#5d4037", "#ffffff"))
    if pirate["drunk"]:
        badges.append(("R", "#a0522d", "#ffffff"))
    for i, (text, fill, ink) in enumerate(badges):
        bx = disc.x + disc.r * 0.8 - i * 7
        by = disc.y + disc.r * 0.8
        ET.SubElement(
            group,
            "circle",
            {
                "cx": _n(bx),
                "cy": _n(by),
                "r": "4.5",
                "fill": fill,
                "stroke": "#222222",
                "stroke-width": "0.6",
            },
        )
        badge = ET.SubElement(
            group,
            "text",
            {
                "x": _n(bx),
                "y": _n(by + 2.6),
                "font-size": "7",
                "font-weight": "700",
                "text-anchor": "middle",
                "fill": ink,
            },
        )
        badge.text = text
