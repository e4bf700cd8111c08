"""The Jackal board of the replay viewer at one ply: drawn by the live board's own renderer from
the viewer's player view while the game runs (a face-down tile never reaches the page), and
from the revealed view once it is over (`records.revealed_view`)."""

from __future__ import annotations

from rules.jackal import JackalError, View, player_view, seat_crews
from rules.jackal import Move as RulesMove
from rules.jackal.moves import piece_crew

from .board_layout import side_for
from .board_svg import render_board
from .records import revealed_view


def move_colour(text: str) -> str:
    """The colour dot of a ledger move: its piece's crew ('' when no crew moved)."""
    return piece_crew(text.split(" ", 1)[0].upper()) or ""


def last_move_cells(text: str | None) -> tuple[str | None, str | None] | None:
    if not text:
        return None
    try:
        m = RulesMove.parse(text)
    except JackalError:
        return None
    return (str(m.origin) if m.origin else None, str(m.target) if m.target else None)


def board_of(view: View, names: list[str], viewer: int | None, last_move: str | None) -> dict:
    """The viewer's board and players' panel for `view`."""
    players = [
        {
            "name": name,
            "crews": [c for c in view.crews if view.crew_owner.get(c) == index],
            "coins": view.seat_scores.get(str(index), 0),
            "is_viewer": index == viewer,
        }
        for index, name in enumerate(names)
    ]
    # Turned as the viewer's own board is, their crew's side at the bottom: one island, one way.
    side = side_for(view, viewer)
    svg = render_board(view, side=side, last_move=last_move_cells(last_move))
    return {"svg": svg, "view": view, "players": players}


def replay_board(game, state, seat_index, *, names, last, last_move) -> dict:
    """A site game at one ply: the viewer's own seat's view while it runs (a spectator's if they
    have none); once it is over, everything."""
    if game.is_over and game.seed:
        view = revealed_view(state.state, whole_island=last)
    else:
        view = player_view(state.state, seat_index)
    return board_of(view, names, seat_index, last_move)


def record_movers(record) -> list[tuple[str, str]]:
    """Each move of an imported record: its colour and its player's name (a record names the
    seats; a move's crew says whose it was)."""
    names = record.seat_names()
    seat_of_crew = {
        crew: index
        for index, crews in enumerate(seat_crews(record.players, record.teams))
        for crew in crews
    }
    movers = []
    for text in record.moves:
        crew = move_colour(text)
        movers.append((crew, names[seat_of_crew.get(crew, 0)]))
    return movers


def record_board(record, ply: int, last_move: str | None) -> dict:
    """An imported record at `ply`: the whole deal once the record reaches the game's end, a
    spectator's view before that."""
    state = record.position_at(ply)
    over = record.final is not None and record.final.is_over()
    if over:
        view = revealed_view(state, whole_island=ply == len(record.moves))
    else:
        view = player_view(state, None)
    return board_of(view, record.seat_names(), None, last_move)
