"""The Jackal rulesets built in, as tables of hooks and data (rulebook.py, docs/engine.md).

The classic game is the engine's shared behaviour and adds nothing. The second edition names the
methods of its own modules (second_edition.py: its moves; second_edition_effects.py: its tiles and
characters) and its fields of the position's JSON and refusals. A further ruleset registers its own
``JackalRules`` the same way; its code may live in its own package.
"""

from __future__ import annotations

from .decks import classic_deck, second_edition_deck
from .movegen import MoveGeneration
from .moves import FR
from .refusals import Refusals
from .rulebook import JackalRules, register_rules
from .second_edition import SecondEditionMoves
from .second_edition_effects import SecondEditionEffects
from .serialise import Serialisation

CLASSIC_RULES = register_rules(
    JackalRules(
        "classic",
        deck=classic_deck,
        generate=MoveGeneration._gen_classic,
        flight_targets=MoveGeneration._flight_classic,
    )
)

SECOND_EDITION_RULES = register_rules(
    JackalRules(
        "second-edition",
        deck=second_edition_deck,
        generate=SecondEditionMoves._gen_se,
        flight_targets=SecondEditionMoves._flight_se,
        may_stop=SecondEditionMoves._may_stop_se,
        arrive=SecondEditionEffects._arrive_se,
        attack_victims=SecondEditionEffects._attack_victims_se,
        sea_victims=SecondEditionEffects._sea_victims_se,
        after_move=SecondEditionEffects._meet,
        offer_after=SecondEditionMoves._offer_after,
        explain_entry=Refusals._explain_entry,
        json_extras=Serialisation._se_json,
        json_load=Serialisation._se_from_json,
        characters=True,
        chest=True,
        plane_now_or_never=True,
        ogre_proof=1 << FR,
        trap_proof=1 << FR,
    )
)
