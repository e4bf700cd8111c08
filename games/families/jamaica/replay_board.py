"""The Jamaica board of the replay viewer at one ply, and of an imported record.

While the game runs, each ply is drawn from the viewer's own seat's view at that ply (a
spectator's if they have none): its own hand and card, nobody else's, and the move list shows a
card still face down as "play" (`ledger.shown_text`). Once the game is over, everything may be
shown: every hand, the card each seat had chosen (even before its reveal) and the face-down
treasures, read from the position itself (`_revealed`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.core import GameState
from rules.jamaica import holds as H
from rules.jamaica import treasures
from rules.jamaica.moves import COLOURS

from .board_svg import render_board
from .words import POWER_NAMES, card_words, colour_name, treasure_words

PLAYERS_TEMPLATE = "games/jamaica/_replay_players.html"


@dataclass(frozen=True)
class ReplayPlayer:
    name: str
    colour: str
    colour_label: str
    square: int
    gold: int
    food: int
    cannons: int
    captain: bool
    is_viewer: bool
    shows: str  # the card revealed this round, or ""
    ready: bool  # a card chosen, not yet shown
    powers: str
    face_down: int
    score: int | None
    # Once the game is over only (None before): what was hidden at this ply.
    hand: tuple[str, ...] | None = None
    chosen: str | None = None
    secret_treasures: tuple[str, ...] | None = None


def move_colour(seat: int | None) -> str:
    return COLOURS[seat] if seat is not None and 0 <= seat < len(COLOURS) else ""


def replay_board(game, state: GameState, seat_index, *, names, last, last_move) -> dict:
    """`game` at one ply (`state`): the viewer's view while it runs, everything once over."""
    return board_of(state, names, seat_index, revealed=game.is_over and bool(game.seed))


def record_board(record, ply: int, last_move: str | None) -> dict:
    """An imported record at `ply`: it replays only with its seed, so its game is over and
    everything is shown (a spectator's board with every hand beside it)."""
    return board_of(record.position_at(ply), record.seat_names(), None, revealed=True)


def record_movers(record) -> list[tuple[str, str]]:
    names = record.seat_names()
    return [(COLOURS[seat], names[seat]) for seat, _text in record.entries]


def board_of(state: GameState, names: list[str], viewer, *, revealed: bool) -> dict:
    view = state.view(viewer)
    hidden = _revealed(state) if revealed else None
    return {
        "svg": render_board(view, dict(enumerate(names))),
        "view": view,
        "players": _players(view, names, viewer, hidden),
        "players_template": PLAYERS_TEMPLATE,
        "stylesheet": "css/jamaica.css",
        "revealed_note": _(
            "The game is over: at every move the replay shows every hand, the card each ship "
            "had chosen and the face-down treasures."
        ),
    }


def _revealed(state: GameState) -> dict:
    """What was hidden at this ply, from the whole position (only once the game is over)."""
    position = state.to_json()
    return {
        "hands": [sorted(hand) for hand in position["hands"]],
        "chosen": {int(seat): card for seat, card in position["chosen"].items()},
        "treasures": [
            sorted(card for card in cards if not treasures.is_power(card))
            for cards in position["treasures"]
        ],
    }


def _players(view: dict, names: list[str], viewer, hidden: dict | None) -> list[ReplayPlayer]:
    scores = view.get("scores") or {}
    players = []
    for seat in range(view["seats"]):
        holds = view["holds"][seat]
        shows = view["revealed"].get(str(seat))
        extra = {}
        if hidden is not None:
            chosen = hidden["chosen"].get(seat)
            extra = {
                "hand": tuple(card_words(card) for card in hidden["hands"][seat]),
                "chosen": card_words(chosen) if chosen and not shows else None,
                "secret_treasures": tuple(
                    treasure_words(card) for card in hidden["treasures"][seat]
                ),
            }
        players.append(
            ReplayPlayer(
                name=names[seat] if seat < len(names) else f"#{seat + 1}",
                colour=COLOURS[seat],
                colour_label=colour_name(seat),
                square=view["ships"][seat]["square"],
                gold=H.total(holds, "gold"),
                food=H.total(holds, "food"),
                cannons=H.total(holds, "cannons"),
                captain=seat == view["captain"],
                is_viewer=seat == viewer,
                shows=card_words(shows) if shows else "",
                ready=seat in view["ready"] and not shows,
                powers=", ".join(str(POWER_NAMES[p]) for p in view["powers"][seat]),
                face_down=view["face_down"][seat],
                score=scores.get(str(seat)),
                **extra,
            )
        )
    return players
