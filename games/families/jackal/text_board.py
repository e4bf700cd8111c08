"""The board as text (under the board, for screen readers and people who like plain text): the
engine's diagram of tile codes and pieces (notation: docs/notation.md), with its legend lines
written here in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.families.island.words import crew_name
from rules.jackal import View, render_text
from rules.jackal.geometry import SIZE

from .board_svg import PIECE_STATES
from .event_words import END_REASONS


def text_board(view: View) -> str:
    # The column letters and the 13 rows; the engine's own legend lines after them are English.
    grid = render_text(view).splitlines()[: 1 + SIZE]
    return "\n".join([*grid, _coins(view), _pirates(view), _scores(view), _status(view)]) + "\n"


def _coins(view: View) -> str:
    found = []
    for cell in view.cells:
        if not cell.get("coins"):
            continue
        if "step_coins" in cell:
            steps = ", ".join(
                _("step %(step)d: %(n)d") % {"step": i + 1, "n": n}
                for i, n in enumerate(cell["step_coins"])
                if n
            )
            found.append(f"{cell['coord']} {cell['coins']} ({steps})")
        else:
            found.append(f"{cell['coord']} {cell['coins']}")
    left = view.coins["on_island"]
    if not found:
        return _("Coins: none on face-up tiles; %(left)d left on the island.") % {"left": left}
    return _("Coins: %(list)s; %(left)d left on the island.") % {
        "list": ", ".join(found),
        "left": left,
    }


def _pirates(view: View) -> str:
    states = []
    for pirate in view.pirates:
        if not pirate["alive"]:
            states.append(_("%(piece)s dead") % {"piece": pirate["id"]})
            continue
        words = [pirate["id"], pirate["cell"]]
        if pirate["step"]:
            words.append(_("step %(step)d") % {"step": pirate["step"]})
        flags = ("aboard", "swimming", "trapped", "drunk", "carrying")
        words += [str(PIECE_STATES[flag]) for flag in flags if pirate[flag]]
        states.append(" ".join(words))
    return _("Pirates: %(list)s.") % {"list": ", ".join(states)}


def _scores(view: View) -> str:
    scores = ", ".join(f"{crew_name(crew)} {n}" for crew, n in view.scores.items())
    return _("Coins aboard: %(list)s.") % {"list": scores}


def _status(view: View) -> str:
    if view.over:
        reason = (view.outcome or {}).get("reason", "")
        return _("Game over (%(reason)s) after move %(ply)d.") % {
            "reason": END_REASONS.get(reason, reason),
            "ply": view.ply,
        }
    return _("Move %(ply)d: %(crew)s to act.") % {
        "ply": view.ply + 1,
        "crew": crew_name(view.crew_to_act or ""),
    }
