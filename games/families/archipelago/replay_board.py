"""The Archipelago island of the replay viewer at one ply, drawn by the live board's renderer:
from the viewer's own seat's view while the game runs (a face-down tile, the removed tiles and
the seed never reach the page), and once it is over from the revealed view — every tile face up
at the last ply, the faces under the face-down tiles written on them before it."""

from __future__ import annotations

import re

from .board_svg import render_board

CELL = re.compile(r"\b([A-Z]\d{1,2})\b")
CREW_OF_LETTER = {"W": "white", "Y": "yellow", "R": "red", "K": "black"}


def move_colour(text: str) -> str:
    """The colour dot of a ledger move: the crew of the pirate it moves ('' for the boat, a
    choice or a vote, whose text names no crew)."""
    first = text.split(" ", 1)[0].upper()
    if re.fullmatch(r"[WYRK]\d", first):
        return CREW_OF_LETTER[first[0]]
    return ""


def last_move_cells(text: str | None):
    if not text:
        return None
    cells = CELL.findall(text.upper())
    if not cells:
        return None
    return (cells[0], cells[-1]) if len(cells) > 1 else (None, cells[0])


def revealed_view(state, *, whole_island: bool) -> dict:
    """A spectator's view with nothing hidden, for a game that is over."""
    view = state.view(None)
    tiles = state.to_json()["tiles"]
    if whole_island:
        for square in view["squares"]:
            if not square["up"]:
                tile = tiles[square["cell"]]
                square.update(up=True, face=tile["face"], rot=tile["rot"], spent=False)
    else:
        view["peeked"] = {
            sq["cell"]: tiles[sq["cell"]]["face"] for sq in view["squares"] if not sq["up"]
        }
    return view


def replay_board(game, state, seat_index, *, names, last, last_move) -> dict:
    if game.is_over and game.seed:
        view = revealed_view(state, whole_island=last)
    else:
        view = state.view(seat_index)
    return _board(view, names, seat_index, last_move)


def record_board(record, ply: int, last_move: str | None) -> dict:
    """An imported record at `ply`: it replays only with its seed, so its game is over and
    everything is shown, as a finished game's replay shows it."""
    state = record.position_at(ply)
    view = revealed_view(state, whole_island=ply == len(record.entries))
    return _board(view, record.seat_names(), None, last_move)


def record_movers(record) -> list[tuple[str, str]]:
    """Each move of an imported record: its colour dot (the crew it moves) and who sent it."""
    names = record.seat_names()
    return [(move_colour(text), names[seat]) for seat, text in record.entries]


def _board(view: dict, names: list[str], seat_index, last_move: str | None) -> dict:
    players = [
        {
            "name": name,
            "crews": [view["crews"][index]["colour"]] if index < len(view["crews"]) else [],
            "coins": view["stowed"][index] if index < len(view["stowed"]) else 0,
            "is_viewer": index == seat_index,
        }
        for index, name in enumerate(names)
    ]
    svg = render_board(view, last=last_move_cells(last_move))
    return {"svg": svg, "view": view, "players": players}
