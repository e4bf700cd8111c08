"""A rating-history chart as an inline SVG string: readable without JavaScript or images."""

from __future__ import annotations

from django.utils.html import escape

WIDTH, HEIGHT = 480, 160
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 10, 10, 22


def rating_chart(points: list[int], *, label: str) -> str:
    """`points` are the shown ratings before the first rated game and after each, oldest first."""
    if not points:
        return ""
    low, high = min(points), max(points)
    if high - low < 50:  # a flat line in the middle rather than noise blown up to full height
        middle = (high + low) / 2
        low, high = middle - 25, middle + 25
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    step = inner_w / max(1, len(points) - 1)

    def xy(i: int, value: int) -> str:
        x = PAD_LEFT + i * step
        y = PAD_TOP + inner_h * (1 - (value - low) / (high - low))
        return f"{x:.1f},{y:.1f}"

    line = " ".join(xy(i, v) for i, v in enumerate(points))
    last = xy(len(points) - 1, points[-1]).split(",")
    bottom = HEIGHT - PAD_BOTTOM
    title = escape(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' class="rating-chart" role="img" aria-label="{title}">'
        f"<title>{title}</title>"
        f'<line x1="{PAD_LEFT}" y1="{bottom}" x2="{WIDTH - PAD_RIGHT}" y2="{bottom}"'
        ' stroke="#999" stroke-width="1"/>'
        f'<line x1="{PAD_LEFT}" y1="{PAD_TOP}" x2="{PAD_LEFT}" y2="{bottom}"'
        ' stroke="#999" stroke-width="1"/>'
        f'<text x="{PAD_LEFT - 4}" y="{PAD_TOP + 8}" text-anchor="end" font-size="11">'
        f"{round(high)}</text>"
        f'<text x="{PAD_LEFT - 4}" y="{bottom}" text-anchor="end" font-size="11">'
        f"{round(low)}</text>"
        f'<text x="{PAD_LEFT}" y="{HEIGHT - 6}" font-size="11">0</text>'
        f'<text x="{WIDTH - PAD_RIGHT}" y="{HEIGHT - 6}" text-anchor="end" font-size="11">'
        f"{len(points) - 1}</text>"
        f'<polyline points="{line}" fill="none" stroke="#b8422e" stroke-width="2"/>'
        f'<circle cx="{last[0]}" cy="{last[1]}" r="3" fill="#b8422e"/>'
        "</svg>"
    )
