"""Why Archipelago refused a move, in words a player can act on: whose step it is (a puzzle's
pirates step in turn), or where the pirate may go instead. Read from the seat's legal moves
only (never the position), so a refusal tells nothing the board does not show."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.families import not_a_move
from rules.core import GameState, NotationError

from .words import PIECE_MOVE, piece_label


def refusal_text(error: Exception, typed: str, state: GameState | None, seat: int | None) -> str:
    if isinstance(error, NotationError):
        return not_a_move(typed)
    if state is None or seat is None:
        return str(error)
    legal = list(state.legal_moves(seat))
    asked = PIECE_MOVE.match(" ".join(typed.split()).upper().replace("$", " $").replace("  ", " "))
    movers = sorted({m.split()[0] for m in legal if PIECE_MOVE.match(m)})
    if asked is None:
        return pgettext(
            "refusal", "“%(typed)s” is not possible now: choose one of the buttons."
        ) % {"typed": typed}
    piece = asked["piece"]
    if piece not in movers:
        if len(movers) == 1:
            # A puzzle's pirates step in turn (W1, W2, W3), and only one may move now.
            return _("“%(typed)s” is not possible now: it is %(piece)s's step.") % {
                "typed": typed,
                "piece": piece_label(movers[0]),
            }
        return _("“%(typed)s” is not possible now: %(piece)s has no move.") % {
            "typed": typed,
            "piece": piece_label(piece),
        }
    squares = sorted({PIECE_MOVE.match(m)["to"] for m in legal if m.split()[0] == piece})
    return _("“%(typed)s” is not possible now: %(piece)s may go to %(squares)s.") % {
        "typed": typed,
        "piece": piece_label(piece),
        "squares": ", ".join(squares),
    }
