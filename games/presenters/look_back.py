"""The replay's look back: a small chart of each seat's worth over the plies of a finished game
and the move where each seat lost most (games.look_back computes them in the background).

Nothing while the game runs: the evaluation reads the whole position. Once it is over and the
look back is not computed yet, the replay queues it (once; games.tasks.look_back_game) and says
it is on its way.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games import look_back
from games.models import Game

WIDTH, HEIGHT, PAD = 600, 140, 6
# The seats' lines, in seat order: Jackal's crew colours of the first crews (white is drawn
# dark, to be seen on the page).
COLOURS = ("#444", "#d4a017", "#1f6fd1", "#c0392b", "#27ae60", "#8e44ad")


def look_back_context(game: Game, names: list[str], page_url: str) -> dict | None:
    """The chart's context for the replay of `game` (`names`: the seats' occupants), or None
    while the game runs or for a family without an evaluation."""
    if not game.is_over or not game.seed:
        return None
    data = look_back.stored(game)
    if data is None:
        if look_back.mark_queued(game):
            from games.tasks import look_back_game

            transaction.on_commit(lambda: look_back_game.delay(game.pk))
        return {"ready": False}
    values = data["values"]
    if not values:
        return None
    flat = [v for row in values for v in row]
    low, high = min(flat), max(flat)
    span = (high - low) or 1.0
    last = max(len(values) - 1, 1)

    def x(ply: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * ply / last, 1)

    def y(value: float) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) / span, 1)

    lines = []
    for seat in range(len(values[0])):
        points = " ".join(f"{x(p)},{y(row[seat])}" for p, row in enumerate(values))
        lines.append(
            {
                "seat": seat,
                "name": names[seat] if seat < len(names) else "",
                "colour": COLOURS[seat % len(COLOURS)],
                "points": points,
                "final": values[-1][seat],
            }
        )
    marks = []
    for loss in data["losses"]:
        seat = loss["seat"]
        marks.append(
            {
                "x": x(loss["ply"]),
                "y": y(values[loss["ply"]][seat]),
                "colour": COLOURS[seat % len(COLOURS)],
                "href": f"{page_url}?ply={loss['ply']}",
                "text": _("Move %(ply)s: here %(name)s played %(move)s and lost %(coins)s coins")
                % {
                    "ply": loss["ply"],
                    "name": names[seat] if seat < len(names) else seat + 1,
                    "move": loss["move"],
                    "coins": loss["coins"],
                },
            }
        )
    return {
        "ready": True,
        "width": WIDTH,
        "height": HEIGHT,
        "lines": lines,
        "marks": marks,
        "low": round(low, 1),
        "high": round(high, 1),
    }
