"""The few SVG pieces every drawing of an island is made of (Jackal's and Archipelago's): the
tile's size, an element with SVG's dashed attribute names, a line of text, a coin count and a
chest, the crews' colours, and `Spot`, a place of the picture for the page's HTML overlays.

Kept apart from the tiles' pictures (tile_pictures.py) and their names (tile_art.py) so that each
of those modules has one job.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

TILE = 48
C = TILE / 2

Vector = Callable[[str], tuple[float, float]]

# A crew's disc and the ink of what is written on it.
CREW_FILL = {"white": "#fafafa", "yellow": "#f2c200", "black": "#222222", "red": "#c62828"}
CREW_INK = {"white": "#222222", "yellow": "#222222", "black": "#ffffff", "red": "#ffffff"}


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


def num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def el(parent: ET.Element, tag: str, **attrs) -> ET.Element:
    """A child element; keyword `stroke_width` becomes the attribute `stroke-width`."""
    return ET.SubElement(
        parent,
        tag,
        {
            k.rstrip("_").replace("_", "-"): num(v) if isinstance(v, float) else str(v)
            for k, v in attrs.items()
        },
    )


def label(parent, x, y, text, size, ink, weight="700") -> None:
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


def coins(group, cx, cy, count) -> None:
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
    label(group, cx, cy + 3.5, str(count), 10, "#3a2800")


def chest(group, cx, cy, value, small=False, empty=False) -> None:
    """A treasure chest: a box with a domed lid, a lock, and its value."""
    w, h = (14, 10) if small else (24, 17)
    x, y = cx - w / 2, cy - h / 2
    lid = f"M{num(x)} {num(y + h * 0.4)} q{num(w / 2)} {num(-h * 0.7)} {num(w)} 0 z"
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
                f"M{num(x)} {num(y + h * 0.4)} l{num(w * 0.15)} {num(-h * 0.9)}"
                f" h{num(w * 0.7)} l{num(w * 0.15)} {num(h * 0.9)}"
            ),
            fill="#a8713a",
            stroke="#2b1606",
        )
    if small:  # the galleon's chest: its worth beside it
        label(group, cx + w / 2 + 2.5, cy + 4, str(value), 7, "#2b1606")
