"""The Jackal game state: one class assembled from modules with one job each.

- position.py: the position and its packed arrays, seats, scores, public accessors;
- movegen.py: the legal moves; actions.py: applying a move, turns, the end;
- chains.py: forced-move chains and the tiles' effects; refusals.py: why a move is refused;
  serialise.py: JSON; reads.py: the public reads the player view uses; agreement.py: ending the
  game by agreement (offer end, accept end);
- second_edition.py, second_edition_effects.py: that ruleset's moves and tiles. Where rulesets
  differ, the engine calls the hooks of the position's ``JackalRules`` (rulebook.py), which
  rulesets.py fills in for each ruleset (docs/engine.md).

Bots use ``legal_codes()`` / ``apply_code()`` and ``copy()``; the site uses ``legal_moves()``,
``apply()`` (validating, with events; ``offer end`` / ``accept end`` are free actions outside
``legal_codes()``, agreement.py) and ``to_json()`` / ``from_json()``.
"""

from __future__ import annotations

from .actions import Actions
from .agreement import LEGACY_AGREE_CODE, Agreement
from .chains import Chains
from .decks import LATEST_DECK
from .errors import JackalError
from .movegen import MoveGeneration
from .moves import Move
from .outcome import Outcome, seat_crews
from .position import RULESETS, Position
from .reads import PublicReads
from .refusals import Refusals
from .rulesets import CLASSIC_RULES, SECOND_EDITION_RULES
from .second_edition import SecondEditionMoves
from .second_edition_effects import SecondEditionEffects
from .serialise import Serialisation
from .skipping import Skipping

assert {CLASSIC_RULES.name, SECOND_EDITION_RULES.name} == set(RULESETS)

__all__ = ["RULESETS", "Outcome", "State", "new_game", "replay", "seat_crews"]


class State(
    Skipping,  # before Actions: it passes the turns of skipped seats after each turn's end
    Serialisation,
    Refusals,
    Actions,
    Agreement,
    SecondEditionEffects,
    SecondEditionMoves,
    Chains,
    MoveGeneration,
    PublicReads,
    Position,
):
    """A whole game position, hidden tiles included (server side only)."""

    __slots__ = ()


def new_game(
    ruleset: str = "classic",
    players: int = 2,
    seed: str = "",
    teams: bool = False,
    deck: int = LATEST_DECK,
) -> State:
    """A new game: the island dealt face down from the seed and the deck's version (decks.py),
    ships in the middle of their sides, three pirates aboard each, White to move."""
    return State.dealt(ruleset, players, teams, seed, deck)


def replay(
    ruleset: str, players: int, seed: str, moves, teams: bool = False, deck: int = LATEST_DECK
) -> State:
    """The state after playing the moves (texts or Moves) from a new game dealt from ``deck`` (a
    stored game replays with the version it stores: ``State.from_json(doc).deck``). Raises
    IllegalMove naming the first bad ply.

    Ledgers written before ruling E16 may hold the retired ``end by agreement``, which ended the
    game at once whoever played it; replay plays it as it was then, so that those games keep their
    recorded ends. Nowhere else is it accepted (``State.apply`` refuses it).
    """
    s = new_game(ruleset, players=players, seed=seed, teams=teams, deck=deck)
    for i, move in enumerate(moves):
        try:
            if isinstance(move, str):
                move = Move.parse(move)
            if getattr(move, "code", None) == LEGACY_AGREE_CODE and not s.is_over():
                s.apply_code(LEGACY_AGREE_CODE)
            else:
                s.apply(move)
        except JackalError as e:
            raise type(e)(f"ply {i + 1}: {e}") from None
    return s
