"""The race around Jamaica drawn as SVG: a pure function of one seat's view.

``render_board(view, seat_names)`` draws only what ``state.view(seat)`` holds: the track (each
square by kind, with its number and its cost, the lairs that still hold a token, the white
end-of-game numbers and the -5 square), the ships at their squares, each ship's holds, and — for
a player — their own hand. Built with ``xml.etree.ElementTree``, which escapes all text. Other
hands are never in the view, so they cannot be drawn: the picture shows only how many cards each
hand holds.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from django.utils.translation import gettext as _

from rules.jamaica import track
from rules.jamaica.moves import COLOURS

from .words import POWER_NAMES, SYMBOL_NAMES, TOKEN_NAMES, card_words, colour_name

WIDTH, HEIGHT = 1000, 720
CX, CY, RX, RY = 500, 290, 435, 240  # the track's ellipse
SQUARE_R = 23

SHIP_FILL = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#f2c200",
    "purple": "#6a1b9a",
    "black": "#222222",
}
KIND_FILL = {track.PORT: "#f3e2b3", track.SEA: "#9fd0ee", track.LAIR: "#7b3f3f"}
TOKEN_FILL = {"gold": "#d4a017", "food": "#7cb342", "cannons": "#555555", None: "#ffffff"}
SYMBOL_FILL = {"A": "#2e7d32", "B": "#c62828", "G": "#d4a017", "F": "#7cb342", "C": "#555555"}
SYMBOL_GLYPH = {"A": "→", "B": "←", "G": "G", "F": "F", "C": "C"}


def el(parent: ET.Element, tag: str, text: str | None = None, **attrs) -> ET.Element:
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    )
    if text is not None:
        node.text = text
    return node


def _ellipse_point(angle: float) -> tuple[float, float]:
    return CX + RX * math.cos(angle), CY + RY * math.sin(angle)


def _even_spots() -> tuple[tuple[float, float], ...]:
    """The squares at equal distances along the ellipse (equal angles would crowd its ends):
    Port Royal at the bottom, the race running clockwise round the island."""
    steps = 3600
    points = [_ellipse_point(math.pi / 2 + 2 * math.pi * k / steps) for k in range(steps + 1)]
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    spots, k = [], 0
    for square in range(track.LENGTH):
        wanted = lengths[-1] * square / track.LENGTH
        while lengths[k] < wanted:
            k += 1
        spots.append(points[k])
    return tuple(spots)


SPOTS = _even_spots()


def square_centre(square: int) -> tuple[float, float]:
    return SPOTS[square]


def square_title(square: int) -> str:
    kind, cost = track.SQUARES[square]
    if square == track.PORT_ROYAL:
        return _("Square %(n)d: Port Royal, start and finish") % {"n": square}
    if kind == track.SEA:
        return _("Square %(n)d: sea, costs %(cost)d food") % {"n": square, "cost": cost}
    if kind == track.PORT:
        return _("Square %(n)d: port, costs %(cost)d gold") % {"n": square, "cost": cost}
    return _("Square %(n)d: pirate lair") % {"n": square}


def render_board(view: dict, seat_names: dict[int, str]) -> str:
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {WIDTH} {HEIGHT}",
            "class": "jamaica-board",
            "role": "img",
            "aria-labelledby": "jamaica-board-title",
        },
    )
    el(svg, "title", _("The race around Jamaica"), id="jamaica-board-title")
    el(svg, "rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill="#d8eef9")
    el(svg, "ellipse", cx=CX, cy=CY, rx=RX - 40, ry=RY - 40, fill="#cfe3b0", stroke="#8fae6a")
    _draw_track(svg, view)
    _draw_ships(svg, view, seat_names)
    _draw_holds(svg, view, seat_names)
    _draw_hand(svg, view)
    _draw_legend(svg)
    return ET.tostring(svg, encoding="unicode")


def _draw_track(svg: ET.Element, view: dict) -> None:
    lairs = set(view["lairs"])
    for square, (kind, cost) in enumerate(track.SQUARES):
        x, y = square_centre(square)
        group = el(svg, "g", id=f"square-{square}", class_=f"square {kind}")
        el(group, "title", square_title(square))
        radius = SQUARE_R + 6 if square == track.PORT_ROYAL else SQUARE_R
        el(
            group,
            "circle",
            cx=f"{x:.1f}",
            cy=f"{y:.1f}",
            r=radius,
            fill=KIND_FILL[kind],
            stroke="#30475e",
            stroke_width=2,
        )
        if kind == track.LAIR:
            label, colour = ("☠" if square in lairs else "·"), "#ffffff"
        elif square == track.PORT_ROYAL:
            label, colour = "PR", "#30475e"
        else:
            label, colour = str(cost), ("#8a6100" if kind == track.PORT else "#0d3c61")
        # The square's number above its cost, so that the notation, the costs and the log
        # ("square 17") can be followed on the picture.
        el(
            group,
            "text",
            str(square),
            x=f"{x:.1f}",
            y=f"{y - 6:.1f}",
            text_anchor="middle",
            font_size=11,
            fill=colour,
            class_="square-number",
        )
        el(
            group,
            "text",
            label,
            x=f"{x:.1f}",
            y=f"{y + 13:.1f}",
            text_anchor="middle",
            font_size=16,
            font_weight="bold",
            fill=colour,
        )
        # The white end-of-game numbers and the -5 square, just outside the track.
        progress = track.FINISH if square == track.PORT_ROYAL else square
        number = track.WHITE_NUMBERS.get(progress)
        if number is None and square == track.MINUS_FIVE_SQUARE:
            number = track.BEHIND
        if number is not None:
            # Just outside the track, along the ellipse's normal.
            nx, ny = (x - CX) / RX**2, (y - CY) / RY**2
            norm = math.hypot(nx, ny)
            ox, oy = x + 38 * nx / norm, y + 38 * ny / norm
            badge = el(svg, "g", class_="white-number")
            el(badge, "title", _("At the end: %(points)+d points") % {"points": number})
            el(badge, "circle", cx=f"{ox:.1f}", cy=f"{oy:.1f}", r=12, fill="#30475e")
            el(
                badge,
                "text",
                str(number),
                x=f"{ox:.1f}",
                y=f"{oy + 4.5:.1f}",
                text_anchor="middle",
                font_size=12,
                font_weight="bold",
                fill="#ffffff",
            )


def _draw_ships(svg: ET.Element, view: dict, seat_names: dict[int, str]) -> None:
    by_square: dict[int, list[dict]] = {}
    for ship in view["ships"]:
        by_square.setdefault(ship["square"], []).append(ship)
    for square, ships in by_square.items():
        x, y = square_centre(square)
        # Inside the track, fanned out when ships share a square.
        ix, iy = CX + (x - CX) * 0.86, CY + (y - CY) * 0.8
        for k, ship in enumerate(ships):
            seat = ship["seat"]
            dx = (k - (len(ships) - 1) / 2) * 26
            colour = COLOURS[seat]
            group = el(svg, "g", id=f"ship-{seat}", class_=f"ship ship-{colour}")
            el(
                group,
                "title",
                _("%(colour)s ship (%(name)s), square %(n)d")
                % {"colour": colour_name(seat), "name": seat_names.get(seat, "?"), "n": square},
            )
            sx, sy = ix + dx, iy
            corners = ((-13, -5), (13, -5), (8, 8), (-8, 8))
            points = " ".join(f"{sx + px:.1f},{sy + py:.1f}" for px, py in corners)
            el(
                group,
                "polygon",
                points=points,
                fill=SHIP_FILL[colour],
                stroke="#000",
                stroke_width=1,
            )
            el(
                group,
                "line",
                x1=f"{sx:.1f}",
                y1=f"{sy - 4:.1f}",
                x2=f"{sx:.1f}",
                y2=f"{sy - 24:.1f}",
                stroke="#000",
                stroke_width=1.5,
            )
            el(
                group,
                "polygon",
                points=f"{sx:.1f},{sy - 24:.1f} {sx + 11:.1f},{sy - 15:.1f} {sx:.1f},{sy - 8:.1f}",
                fill="#ffffff",
                stroke="#000",
                stroke_width=0.5,
            )


def _draw_holds(svg: ET.Element, view: dict, seat_names: dict[int, str]) -> None:
    rows = view["seats"]
    top = CY - rows * 21
    for seat in range(rows):
        y = top + seat * 42
        colour = COLOURS[seat]
        group = el(svg, "g", id=f"holds-{seat}", class_="holds")
        el(
            group,
            "title",
            _("Holds of the %(colour)s ship (%(name)s)")
            % {"colour": colour_name(seat), "name": seat_names.get(seat, "?")},
        )
        el(group, "circle", cx=215, cy=y + 16, r=10, fill=SHIP_FILL[colour], stroke="#000")
        el(
            group,
            "text",
            seat_names.get(seat, colour_name(seat))[:14],
            x=232,
            y=y + 22,
            font_size=17,
        )
        for index, (kind, n) in enumerate(view["holds"][seat]):
            hx = 360 + index * 58
            cell = el(group, "g", class_=f"hold hold-{kind or 'empty'}")
            words = (
                _("Hold %(n)d: %(count)d %(tokens)s")
                % {"n": index + 1, "count": n, "tokens": TOKEN_NAMES[kind]}
                if kind
                else _("Hold %(n)d: empty") % {"n": index + 1}
            )
            el(cell, "title", words)
            el(
                cell,
                "rect",
                x=hx,
                y=y,
                width=54,
                height=32,
                rx=4,
                fill=TOKEN_FILL[kind],
                stroke="#30475e",
            )
            if kind:
                el(
                    cell,
                    "text",
                    f"{n}{kind[0].upper()}",
                    x=hx + 27,
                    y=y + 22,
                    text_anchor="middle",
                    font_size=16,
                    font_weight="bold",
                    fill="#ffffff" if kind != "food" else "#1b3a0a",
                )
        # The powers on one line and the face-down count on the next, short enough to stay
        # inside the island (one long line ran over the track's squares, in Russian above all).
        powers = ", ".join(str(POWER_NAMES[p]) for p in view["powers"][seat])
        lines = [_short(powers, 28)] if powers else []
        if view["face_down"][seat]:
            lines.append(_("%(n)d face down") % {"n": view["face_down"][seat]})
        for k, line in enumerate(lines):
            el(group, "text", line, x=360 + 6 * 58 + 6, y=y + 13 + 15 * k, font_size=12)


def _short(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


HAND_X, HAND_Y, CARD_STEP, CARD_WIDTH, CARD_HEIGHT = 40, 632, 114, 108, 72


def hand_card_spot(index: int) -> str:
    """Where the hand's card `index` lies in the picture, in percent (a CSS style), for the
    button the page lays over it."""
    x = HAND_X + index * CARD_STEP
    return (
        f"left:{100 * x / WIDTH:.3f}%;top:{100 * HAND_Y / HEIGHT:.3f}%;"
        f"width:{100 * CARD_WIDTH / WIDTH:.3f}%;height:{100 * CARD_HEIGHT / HEIGHT:.3f}%"
    )


def _draw_hand(svg: ET.Element, view: dict) -> None:
    hand = view.get("hand")
    if hand is None:
        return
    group = el(svg, "g", id="my-hand", class_="hand")
    el(group, "text", _("Your hand"), x=40, y=620, font_size=16, font_weight="bold")
    cards = list(hand) + ([view["my_card"]] if view.get("my_card") else [])
    for k, card in enumerate(cards):
        x = HAND_X + k * CARD_STEP
        chosen = k == len(hand)
        cell = el(group, "g", class_="card chosen" if chosen else "card")
        el(
            cell,
            "title",
            (_("Your chosen card: %(card)s") if chosen else "%(card)s")
            % {"card": card_words(card)},
        )
        el(
            cell,
            "rect",
            x=x,
            y=HAND_Y,
            width=CARD_WIDTH,
            height=CARD_HEIGHT,
            rx=8,
            fill="#fffaf0",
            stroke="#b8860b" if chosen else "#30475e",
            stroke_width=4 if chosen else 2,
        )
        for half, letter in enumerate(card):
            cx = x + 28 + half * 52
            el(cell, "circle", cx=cx, cy=659, r=17, fill=SYMBOL_FILL[letter])
            el(
                cell,
                "text",
                SYMBOL_GLYPH[letter],
                x=cx,
                y=665,
                text_anchor="middle",
                font_size=18,
                font_weight="bold",
                fill="#ffffff",
            )
            # The symbol's word under it: a newcomer reads the card without a legend.
            el(
                cell,
                "text",
                _short(str(SYMBOL_NAMES[letter]), 8),
                x=cx,
                y=695,
                text_anchor="middle",
                font_size=11,
                fill="#30475e",
            )


def _draw_legend(svg: ET.Element) -> None:
    """What the squares' colours and numbers mean, under the track on the right."""
    group = el(svg, "g", class_="legend")
    entries = (
        (KIND_FILL[track.SEA], "1", _("sea: costs food")),
        (KIND_FILL[track.PORT], "2", _("port: costs gold")),
        (KIND_FILL[track.LAIR], "☠", _("pirate lair: a treasure")),
        ("#30475e", "5", _("points at the end")),
    )
    for k, (fill, mark, words) in enumerate(entries):
        x, y = 640, 612 + k * 26
        light = fill in (KIND_FILL[track.LAIR], "#30475e")
        el(group, "circle", cx=x, cy=y, r=11, fill=fill, stroke="#30475e")
        el(
            group,
            "text",
            mark,
            x=x,
            y=y + 5,
            text_anchor="middle",
            font_size=12,
            font_weight="bold",
            fill="#ffffff" if light else "#30475e",
        )
        el(group, "text", words, x=x + 20, y=y + 5, font_size=15)
