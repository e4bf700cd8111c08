"""The island drawn as SVG: a pure function of one player's view.

``render_board(view)`` draws only what the view holds (``rules.jackal.player_view``), so a tile that
is face down for this viewer cannot be drawn face up: every face-down tile is the same ``<use>`` of
one tile back, whatever lies under it. Built with ``xml.etree.ElementTree``, which escapes all text.

Each face-up tile's picture is ``tile_art``'s (both rulesets); this module lays out the
island, the pieces (pirates as discs, the second edition's characters as diamonds), ships, targets
and the last move. ``render_board``'s signature is what other pages (a replay viewer) may rely on.

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

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from rules.jackal import View
from rules.jackal.geometry import COLUMNS, DIR_INDEX, DX, DY

from . import tile_art
from .tile_art import el
from .words import capitalised, crew_name, piece_label

CELL = 48
MARGIN = 16
GRID = 13
WIDTH = GRID * CELL + 2 * MARGIN

# Which side of the island each crew's ship sails along (rules.jackal.geometry.BERTHS).
CREW_SIDES = {"white": 0, "yellow": 1, "black": 2, "red": 3}
CREW_FILL = {"white": "#fafafa", "yellow": "#f2c200", "black": "#222222", "red": "#c62828"}
# An inner ring per crew (yellow dotted, red double): red and black, or yellow and white, can look
# alike to a colour-blind player.
CREW_RING = {
    "yellow": {"stroke": "#5a4500", "stroke_width": "1.2", "stroke_dasharray": "1.5 1.5"},
    "red": {"stroke": "#ffffff", "stroke_width": "1.2"},
}
# What a piece's title says of its state, after where it stands.
PIECE_STATES = {
    "aboard": gettext_lazy("aboard"),
    "swimming": gettext_lazy("swimming"),
    "trapped": gettext_lazy("trapped"),
    "lost": gettext_lazy("lost in a cave"),
    "drunk": gettext_lazy("drunk"),
    "carrying": gettext_lazy("carrying a coin"),
}
CREW_INK = {"white": "#222222", "yellow": "#222222", "black": "#ffffff", "red": "#ffffff"}


def board_pieces(view: View) -> list[dict]:
    """The pieces standing on the island or at sea: living pirates, then the second edition's
    characters that have been found and are in play (as pirate-like dicts with ``character``).

    A character's crew is the one that found it (or converted it); the view says which.
    """
    pieces = [dict(p, character=False) for p in view.pirates if p["alive"]]
    for piece_id, info in (view.characters or {}).items():
        if info and info.get("cell") and not info.get("gone"):
            pieces.append(
                {
                    "id": piece_id,
                    "crew": info.get("crew"),
                    "alive": True,
                    "cell": info["cell"],
                    "step": info.get("step", 0),
                    "aboard": False,
                    "swimming": False,
                    "trapped": bool(info.get("trapped")),
                    "drunk": bool(info.get("drunk")),
                    "carrying": False,
                    "lost": bool(info.get("lost")),
                    "character": True,
                }
            )
    return pieces


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
        for pirate in board_pieces(view):
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
        f' role="img" aria-label="{_island_label(int(view.ply))}">',
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
        if all(last_move) and last_move[0] != last_move[1]:
            parts.append(_fragment(_draw_last_move_line, side, *last_move))
    for ship in view.ships:
        look = (ship["id"], ship["crew"], ship["cell"], layout.hulls[ship["id"]])
        parts.append(_fragment(_draw_ship, side, look, ship["id"] == selected))
    for pirate in board_pieces(view):
        look = tuple((key, pirate.get(key, False)) for key in _PIRATE_KEYS)
        disc = layout.discs[pirate["id"]]
        parts.append(_fragment(_draw_pirate, side, look, disc, pirate["id"] == selected))
    parts += [_fragment(_draw_target, side, name) for name in sorted(targets)]
    parts.append("</svg>")
    return "".join(parts)


# What a face-up square's drawing may read from its cell, and a pirate's from its dict: the
# fragment cache is keyed on exactly these, and the drawing gets nothing else.
_DRAWN_KEYS = (
    "tile",
    "dirs",
    "steps",
    "step_coins",
    "value",
    "used",
    "coins",
    "picture",
    "chest",
    "chest_step",
)
_PIRATE_KEYS = (
    "id",
    "crew",
    "cell",
    "step",
    "aboard",
    "swimming",
    "trapped",
    "drunk",
    "carrying",
    "lost",
    "character",
)


def _frozen(value):
    return tuple(value) if isinstance(value, list) else value


def _island_label(ply: int) -> str:
    # Plain words and a number: nothing to escape in an attribute.
    return ngettext("The island after %(n)d move", "The island after %(n)d moves", ply) % {"n": ply}


def _fragment(draw, side: int, *look) -> str:
    """The SVG text `draw(parent, side, *look)` adds: a pure function of its arguments and the
    active language (its titles and labels are in words), cached."""
    return _fragment_in(get_language(), draw, side, *look)


@lru_cache(maxsize=8192)
def _fragment_in(language: str | None, draw, side: int, *look) -> str:
    """The arguments are what is visible of one square or piece (never more than the view holds),
    so a cached string cannot carry anything from another viewer's board; `language` is part of
    the key only."""
    holder = ET.Element("g")
    draw(holder, side, *look)
    return "".join(ET.tostring(element, encoding="unicode") for element in holder)


def _draw_background(svg: ET.Element, side: int) -> None:
    defs = ET.SubElement(svg, "defs")
    back = el(defs, "g", id="tile-back")
    el(
        back,
        "rect",
        x="1",
        y="1",
        width=_n(CELL - 2),
        height=_n(CELL - 2),
        rx="4",
        fill="#8b6b3e",
        stroke="#5c4424",
    )
    el(
        back,
        "rect",
        x="6",
        y="6",
        width=_n(CELL - 12),
        height=_n(CELL - 12),
        rx="3",
        fill="none",
        stroke="#b08d57",
        stroke_dasharray="3 3",
    )
    el(svg, "rect", width=str(WIDTH), height=str(WIDTH), fill="#1f5f8b")
    _draw_margin_labels(svg, side)


def _draw_last_move(svg: ET.Element, side: int, name: str) -> None:
    x, y = _origin(name, side)
    el(
        svg,
        "rect",
        x=_n(x + 2),
        y=_n(y + 2),
        width=_n(CELL - 4),
        height=_n(CELL - 4),
        class_="last-move",
        fill="none",
        stroke="#f0b400",
        stroke_width="3",
        stroke_dasharray="6 3",
    )


def _draw_last_move_line(svg: ET.Element, side: int, origin: str, target: str) -> None:
    """A dashed line from the last move's origin to its target, ending in a dot."""
    (x0, y0), (x1, y1) = _origin(origin, side), _origin(target, side)
    h = CELL / 2
    el(
        svg,
        "line",
        x1=_n(x0 + h),
        y1=_n(y0 + h),
        x2=_n(x1 + h),
        y2=_n(y1 + h),
        class_="last-move-line",
        stroke="#f0b400",
        stroke_width="3",
        stroke_dasharray="5 4",
        stroke_linecap="round",
        opacity="0.9",
    )
    el(svg, "circle", cx=_n(x1 + h), cy=_n(y1 + h), r="4", fill="#f0b400", stroke="#5c4400")


def _draw_target(svg: ET.Element, side: int, name: str) -> None:
    x, y = _origin(name, side)
    el(
        svg,
        "rect",
        x=_n(x + 3),
        y=_n(y + 3),
        width=_n(CELL - 6),
        height=_n(CELL - 6),
        rx="6",
        class_="target",
        fill="#39d353",
        fill_opacity="0.35",
        stroke="#0b6e1f",
        stroke_width="3",
    )


def _draw_margin_labels(svg: ET.Element, side: int) -> None:
    group = el(
        svg,
        "g",
        class_="coords",
        font_size="10",
        fill="#e8f1f7",
        text_anchor="middle",
        aria_hidden="true",
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
            label = el(group, "text", x=_n(x), y=_n(y))
            label.text = text


def _draw_sea(svg: ET.Element, side: int, name: str) -> None:
    x, y = _origin(name, side)
    el(
        svg,
        "rect",
        x=_n(x),
        y=_n(y),
        width=str(CELL),
        height=str(CELL),
        fill="none",
        stroke="#2b7bb0",
        stroke_width="0.5",
    )


def _draw_face_down(svg: ET.Element, side: int, name: str, peeked: str | None) -> None:
    x, y = _origin(name, side)
    group = el(svg, "g", class_="tile face-down")
    title = ET.SubElement(group, "title")
    title.text = _("%(cell)s: face-down tile") % {"cell": name}
    el(group, "use", href="#tile-back", x=_n(x), y=_n(y))
    if peeked:
        # Only the seat that looked (through the lighthouse) has this in its view: a small
        # picture of what it saw, on the back of the tile that stays face down.
        title.text += " " + _("(you saw %(tile)s under it)") % {
            "tile": tile_art.describe(tile_art.cell_of_text(peeked))
        }
        seen = tile_art.cell_of_text(peeked)
        inset = el(
            group,
            "g",
            class_="peeked",
            transform=f"translate({_n(x + 9)},{_n(y + 9)}) scale(0.625)",
        )
        tile_art.draw_tile(inset, seen, lambda direction: _vector(direction, side))


def _draw_face_up(svg: ET.Element, side: int, name: str, look: tuple) -> None:
    x, y = _origin(name, side)
    cell = dict(look)
    tile = cell["tile"]
    group = el(svg, "g", class_=f"tile tile-{tile}", transform=f"translate({_n(x)},{_n(y)})")
    ET.SubElement(group, "title").text = f"{name}: {tile_art.describe(cell)}"  # "E5: ice"
    tile_art.draw_tile(group, cell, lambda direction: _vector(direction, side))


def _draw_ship(svg: ET.Element, side: int, look: tuple, selected: bool) -> None:
    ship_id, crew, cell, (x, y, w, h) = look
    group = el(svg, "g", class_=f"ship crew-{crew}")
    ET.SubElement(group, "title").text = _("%(piece)s at %(cell)s") % {
        "piece": capitalised(piece_label(ship_id)),
        "cell": cell,
    }
    hull = f"M{_n(x)},{_n(y)} h{_n(w)} l-{_n(w * 0.14)},{_n(h)} h-{_n(w * 0.72)} z"
    el(group, "path", d=hull, fill="#6d4c2f", stroke="#3e2a18", stroke_width="1.5")
    el(
        group,
        "rect",
        x=_n(x + w * 0.3),
        y=_n(y + h * 0.25),
        width=_n(w * 0.4),
        height=_n(h * 0.45),
        fill=CREW_FILL[crew],
        stroke="#3e2a18",
    )
    if selected:
        el(
            group,
            "rect",
            x=_n(x - 2),
            y=_n(y - 2),
            width=_n(w + 4),
            height=_n(h + 4),
            rx="4",
            fill="none",
            stroke="#f0b400",
            stroke_width="3",
            class_="selected",
        )


def _draw_pirate(svg: ET.Element, side: int, look: tuple, disc: Disc, selected: bool) -> None:
    """A pirate: a disc of its crew's colour with its number; a character (second edition): a
    diamond of its crew's colour with its initials, so the two never look alike, in any colour.
    Badges below tell the step, a coin carried, trapped, lost in a cave, drunk."""
    pirate = dict(look)
    crew = pirate["crew"] if pirate["crew"] in CREW_FILL else None
    fill = CREW_FILL[crew] if crew else "#d7ccc8"
    ink = CREW_INK[crew] if crew else "#222222"
    kind = "character" if pirate["character"] else "pirate"
    group = el(svg, "g", class_=f"{kind} crew-{crew or 'none'}")
    states = [
        _("%(piece)s at %(cell)s")
        % {"piece": capitalised(piece_label(pirate["id"])), "cell": pirate["cell"]}
    ]
    if pirate["character"] and crew:
        states.append(_("with %(crew)s") % {"crew": crew_name(crew)})
    if pirate["step"]:
        states.append(_("on step %(step)d") % {"step": pirate["step"]})
    for flag in ("aboard", "swimming", "trapped", "lost", "drunk", "carrying"):
        if pirate[flag]:
            states.append(str(PIECE_STATES[flag]))
    ET.SubElement(group, "title").text = ", ".join(states)
    r = disc.r
    if selected:
        el(
            group,
            "circle",
            cx=_n(disc.x),
            cy=_n(disc.y),
            r=_n(r + 3.5),
            fill="none",
            stroke="#f0b400",
            stroke_width="3",
            class_="selected",
        )
    edge = "#111111" if crew != "black" else "#dddddd"
    if pirate["character"]:
        d = r * 1.2
        points = [
            (disc.x, disc.y - d),
            (disc.x + d, disc.y),
            (disc.x, disc.y + d),
            (disc.x - d, disc.y),
        ]
        el(
            group,
            "polygon",
            points=" ".join(f"{_n(a)},{_n(b)}" for a, b in points),
            fill=fill,
            stroke=edge,
            stroke_width="1.8",
        )
        mark, size = pirate["id"], r * 0.8
    else:
        el(
            group,
            "circle",
            cx=_n(disc.x),
            cy=_n(disc.y),
            r=_n(r),
            fill=fill,
            stroke=edge,
            stroke_width="1.5",
        )
        ring = CREW_RING.get(crew)
        if ring:  # crews told apart by pattern too, not by colour alone
            el(group, "circle", cx=_n(disc.x), cy=_n(disc.y), r=_n(r * 0.8), fill="none", **ring)
        mark, size = pirate["id"][1], r * 1.15
    number = el(
        group,
        "text",
        x=_n(disc.x),
        y=_n(disc.y + size * 0.35),
        font_size=_n(size),
        font_weight="700",
        text_anchor="middle",
        fill=ink,
    )
    number.text = mark
    badges = []
    if pirate["step"]:
        badges.append((str(pirate["step"]), "#ffffff", "#222222"))
    if pirate["carrying"]:
        badges.append(("$", "#ffd54f", "#4a3300"))
    if pirate["trapped"]:
        badges.append(("T", "#5d4037", "#ffffff"))
    if pirate["lost"]:
        badges.append(("C", "#1e160c", "#ffffff"))
    if pirate["drunk"]:
        badges.append(("R", "#a0522d", "#ffffff"))
    for i, (text, badge_fill, badge_ink) in enumerate(badges):
        bx = disc.x + r * 0.8 - i * 7
        by = disc.y + r * 0.8
        el(
            group,
            "circle",
            cx=_n(bx),
            cy=_n(by),
            r="4.5",
            fill=badge_fill,
            stroke="#222222",
            stroke_width="0.6",
        )
        badge = el(
            group,
            "text",
            x=_n(bx),
            y=_n(by + 2.6),
            font_size="7",
            font_weight="700",
            text_anchor="middle",
            fill=badge_ink,
        )
        badge.text = text


def tile_picture(text: str) -> str:
    """One face-up tile alone, north up, as an ``<svg>``: its text form as the deck writes it
    ('arrow:N,S', 'gold:3'). The "How to play" pages show the board's own art with it."""
    return _fragment_in(get_language(), _draw_tile_picture, 0, text)


def _draw_tile_picture(parent: ET.Element, side: int, text: str) -> None:
    svg = el(
        parent,
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {tile_art.TILE} {tile_art.TILE}",
        class_="tile-picture",
        role="img",
        aria_label=tile_art.describe(tile_art.cell_of_text(text)),
    )
    tile_art.draw_tile(svg, tile_art.cell_of_text(text), lambda direction: _vector(direction, side))
