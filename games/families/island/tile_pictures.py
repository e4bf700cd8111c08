"""The picture of each kind of face-up tile, drawn from plain shapes: `ART` maps a tile's kind
to the function that draws it into a tile-sized group (see tile_art.draw_tile, which adds the
background, the word along the foot and the coins).

Every kind is told apart by shape and pattern, never by colour alone: arrows are bold shafts with
big heads, spinners show their numbered steps, characters their hats and initials.
"""

from __future__ import annotations

from .svg_kit import TILE, C, chest, el, label, num


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
        el(group, "polygon", points=" ".join(f"{num(a)},{num(b)}" for a, b in points), fill=ink)
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
        label(group, cx, 12, str(i + 1), 7.5, ink)
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
            label(group, cx, 21.6, str(step_coins[i]), 5.8, "#3a2800")


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
    chest(group, C, 20, cell.get("value", "?"), empty=not cell.get("coins"))


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
    label(group, C, 26, "!", 18, "#ad1457", "900")


def _bottles(group, cell, ink, vector) -> None:
    count = max(1, min(3, int(cell.get("value") or 1)))
    for i in range(count):
        x = C + (i - (count - 1) / 2) * 11
        el(
            group,
            "path",
            d=f"M{num(x - 1.5)} 7 h3 v6 l3 4 v18 h-9 v-18 l3 -4 z",
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
    label(group, 24, 34.5, initials, 7, "#ffffff")


def _ben_gunn(group, cell, ink, vector) -> None:
    _figure(group, ink, "BG", "M15 12 h18 l-3 -5 h-12 z")  # a castaway's ragged hat
    el(group, "path", d="M18 20 q6 9 12 0 q-2 8 -6 8 q-4 0 -6 -8 z", fill="#9e9e9e")  # beard


def _missionary(group, cell, ink, vector) -> None:
    _figure(group, ink, "MI", "M17 11 q7 -6 14 0 z")
    el(group, "path", d="M24 27 v8 M21 30 h6", stroke="#ffd54f", stroke_width=1.6)  # a cross


def _friday(group, cell, ink, vector) -> None:
    _figure(group, ink, "FR", "M18 11 l3 -6 l3 5 l3 -5 l3 6 z")  # feathers


ART = {
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
