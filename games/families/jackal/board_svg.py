"""The island drawn as SVG: a pure function of one player's view.

``render_board(view)`` draws only what the view holds (``rules.jackal.player_view``), so a tile that
is face down for this viewer cannot be drawn face up: every face-down tile is the same ``<use>`` of
one tile back, whatever lies under it. Built with ``xml.etree.ElementTree``, which escapes all text.

Each face-up tile's picture is the island kit's (``games.families.island.tile_art``); this
module draws the island, the pieces (pirates as discs, the second edition's characters as
diamonds), ships, targets and the last move. ``render_board``'s signature is what other pages
(a replay viewer) may rely on.

The board turns so that the viewer's own side of the island is at the bottom; where each cell and
piece goes is ``board_layout.Layout``'s, which the presenter also uses to lay clickable controls
exactly over the drawing.

>>> from rules.jackal import new_game, player_view
>>> svg = render_board(player_view(new_game("classic", players=2, seed="doc"), None))
>>> svg.startswith("<svg") and svg.count('href="#tile-back"')
117
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.families.island import tile_art
from games.families.island.svg_kit import CREW_FILL, CREW_INK, el, num
from games.families.island.words import crew_name
from games.families.jackal.board_layout import (
    CELL,
    GRID,
    MARGIN,
    WIDTH,
    Disc,
    Layout,
    board_pieces,
    cell_origin,
    screen_vector,
    side_for,
    to_screen,
)
from rules.jackal import View
from rules.jackal.geometry import COLUMNS

from .words import capitalised, piece_label

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
        width=num(CELL - 2),
        height=num(CELL - 2),
        rx="4",
        fill="#8b6b3e",
        stroke="#5c4424",
    )
    el(
        back,
        "rect",
        x="6",
        y="6",
        width=num(CELL - 12),
        height=num(CELL - 12),
        rx="3",
        fill="none",
        stroke="#b08d57",
        stroke_dasharray="3 3",
    )
    el(svg, "rect", width=str(WIDTH), height=str(WIDTH), fill="#1f5f8b")
    _draw_margin_labels(svg, side)


def _draw_last_move(svg: ET.Element, side: int, name: str) -> None:
    x, y = cell_origin(name, side)
    el(
        svg,
        "rect",
        x=num(x + 2),
        y=num(y + 2),
        width=num(CELL - 4),
        height=num(CELL - 4),
        class_="last-move",
        fill="none",
        stroke="#f0b400",
        stroke_width="3",
        stroke_dasharray="6 3",
    )


def _draw_last_move_line(svg: ET.Element, side: int, origin: str, target: str) -> None:
    """A dashed line from the last move's origin to its target, ending in a dot."""
    (x0, y0), (x1, y1) = cell_origin(origin, side), cell_origin(target, side)
    h = CELL / 2
    el(
        svg,
        "line",
        x1=num(x0 + h),
        y1=num(y0 + h),
        x2=num(x1 + h),
        y2=num(y1 + h),
        class_="last-move-line",
        stroke="#f0b400",
        stroke_width="3",
        stroke_dasharray="5 4",
        stroke_linecap="round",
        opacity="0.9",
    )
    el(svg, "circle", cx=num(x1 + h), cy=num(y1 + h), r="4", fill="#f0b400", stroke="#5c4400")


def _draw_target(svg: ET.Element, side: int, name: str) -> None:
    x, y = cell_origin(name, side)
    el(
        svg,
        "rect",
        x=num(x + 3),
        y=num(y + 3),
        width=num(CELL - 6),
        height=num(CELL - 6),
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
        (to_screen(x, y, side)): COLUMNS[x] + str(y + 1) for x in range(GRID) for y in range(GRID)
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
            label = el(group, "text", x=num(x), y=num(y))
            label.text = text


def _draw_sea(svg: ET.Element, side: int, name: str) -> None:
    x, y = cell_origin(name, side)
    el(
        svg,
        "rect",
        x=num(x),
        y=num(y),
        width=str(CELL),
        height=str(CELL),
        fill="none",
        stroke="#2b7bb0",
        stroke_width="0.5",
    )


def _draw_face_down(svg: ET.Element, side: int, name: str, peeked: str | None) -> None:
    x, y = cell_origin(name, side)
    group = el(svg, "g", class_="tile face-down")
    title = ET.SubElement(group, "title")
    title.text = _("%(cell)s: face-down tile") % {"cell": name}
    el(group, "use", href="#tile-back", x=num(x), y=num(y))
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
            transform=f"translate({num(x + 9)},{num(y + 9)}) scale(0.625)",
        )
        tile_art.draw_tile(inset, seen, lambda direction: screen_vector(direction, side))


def _draw_face_up(svg: ET.Element, side: int, name: str, look: tuple) -> None:
    x, y = cell_origin(name, side)
    cell = dict(look)
    tile = cell["tile"]
    group = el(svg, "g", class_=f"tile tile-{tile}", transform=f"translate({num(x)},{num(y)})")
    ET.SubElement(group, "title").text = f"{name}: {tile_art.describe(cell)}"  # "E5: ice"
    tile_art.draw_tile(group, cell, lambda direction: screen_vector(direction, side))


def _draw_ship(svg: ET.Element, side: int, look: tuple, selected: bool) -> None:
    ship_id, crew, cell, (x, y, w, h) = look
    group = el(svg, "g", class_=f"ship crew-{crew}")
    ET.SubElement(group, "title").text = _("%(piece)s at %(cell)s") % {
        "piece": capitalised(piece_label(ship_id)),
        "cell": cell,
    }
    hull = f"M{num(x)},{num(y)} h{num(w)} l-{num(w * 0.14)},{num(h)} h-{num(w * 0.72)} z"
    el(group, "path", d=hull, fill="#6d4c2f", stroke="#3e2a18", stroke_width="1.5")
    el(
        group,
        "rect",
        x=num(x + w * 0.3),
        y=num(y + h * 0.25),
        width=num(w * 0.4),
        height=num(h * 0.45),
        fill=CREW_FILL[crew],
        stroke="#3e2a18",
    )
    if selected:
        el(
            group,
            "rect",
            x=num(x - 2),
            y=num(y - 2),
            width=num(w + 4),
            height=num(h + 4),
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
            cx=num(disc.x),
            cy=num(disc.y),
            r=num(r + 3.5),
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
            points=" ".join(f"{num(a)},{num(b)}" for a, b in points),
            fill=fill,
            stroke=edge,
            stroke_width="1.8",
        )
        mark, size = pirate["id"], r * 0.8
    else:
        el(
            group,
            "circle",
            cx=num(disc.x),
            cy=num(disc.y),
            r=num(r),
            fill=fill,
            stroke=edge,
            stroke_width="1.5",
        )
        ring = CREW_RING.get(crew)
        if ring:  # crews told apart by pattern too, not by colour alone
            el(group, "circle", cx=num(disc.x), cy=num(disc.y), r=num(r * 0.8), fill="none", **ring)
        mark, size = pirate["id"][1], r * 1.15
    number = el(
        group,
        "text",
        x=num(disc.x),
        y=num(disc.y + size * 0.35),
        font_size=num(size),
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
            cx=num(bx),
            cy=num(by),
            r="4.5",
            fill=badge_fill,
            stroke="#222222",
            stroke_width="0.6",
        )
        badge = el(
            group,
            "text",
            x=num(bx),
            y=num(by + 2.6),
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
    tile_art.draw_tile(
        svg, tile_art.cell_of_text(text), lambda direction: screen_vector(direction, side)
    )
