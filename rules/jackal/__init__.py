"""The Jackal rules engine (classic and second edition). Pure Python, standard library only.

The engine's own API is below; the same games are registered behind the game protocol
(``rules.core.ruleset("classic")``, see game.py and docs/protocol.md).

>>> state = new_game("classic", players=2, seed="example")
>>> state.to_act(), state.crew_to_act()
(0, 'white')
>>> [str(m) for m in state.legal_moves()]
['W1 G1-G2', 'W2 G1-G2', 'W3 G1-G2', 'WS G1-F1', 'WS G1-H1', 'offer end']
"""

from .decks import DECK_VERSIONS, LATEST_DECK
from .errors import IllegalMove, JackalError, NotationError, SetupError
from .events import Event, narrate
from .game import CLASSIC, SECOND_EDITION, JackalGame, JackalRuleset
from .geometry import Coord
from .moves import AGREEMENT_KINDS, CREWS, Move
from .render import render_text
from .setup import custom_position
from .state import RULESETS, Outcome, State, new_game, replay, seat_crews
from .view import View, player_view

__all__ = [
    "AGREEMENT_KINDS",
    "CLASSIC",
    "CREWS",
    "DECK_VERSIONS",
    "LATEST_DECK",
    "SECOND_EDITION",
    "JackalGame",
    "JackalRuleset",
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
