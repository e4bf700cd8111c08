"""The Jackal rules engine (classic ruleset). Pure Python, standard library only.

>>> state = new_game("classic", players=2, seed="example")
>>> state.to_act(), state.crew_to_act()
(0, 'white')
>>> [str(m) for m in state.legal_moves()]
['W1 G1-G2', 'W2 G1-G2', 'W3 G1-G2', 'WS G1-F1', 'WS G1-H1']
"""

from .errors import IllegalMove, JackalError, NotationError
from .events import Event, narrate
from .geometry import Coord
from .moves import CREWS, Move
from .render import render_text
from .setup import custom_position
from .state import RULESETS, Outcome, SetupError, State, new_game, replay, seat_crews
from .view import View, player_view

__all__ = [
    "CREWS",
    "RULESETS",
    "Coord",
    "Event",
    "IllegalMove",
    "JackalError",
    "Move",
    "NotationError",
    "Outcome",
    "SetupError",
    "State",
    "View",
    "custom_position",
    "narrate",
    "new_game",
    "player_view",
    "render_text",
    "replay",
    "seat_crews",
]
