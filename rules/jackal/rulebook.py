"""What a Jackal ruleset is to the engine: a name, a little data, and hooks.

The engine (position, movegen, actions, chains, refusals, serialise) plays what every Jackal
ruleset shares; where a ruleset differs it asks the ``JackalRules`` of the position
(``state._rules``) instead of testing the ruleset's name. A hook is a plain function whose first
argument is the ``State`` (often an unbound method of one of its modules); ``None`` means "nothing
to add here", and the engine skips the call, so the classic game pays nothing for the hooks of
the others. See docs/engine.md.

This module imports nothing of the engine, so that any module may read the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import SetupError

Hook = Callable[..., Any] | None


class JackalRules:
    """One Jackal ruleset as the engine sees it. Shared by every position of the ruleset and
    never changed after registration (copies of a position share it)."""

    __slots__ = (
        "name",
        "deck",
        "generate",
        "flight_targets",
        "may_stop",
        "arrive",
        "attack_victims",
        "sea_victims",
        "after_move",
        "offer_after",
        "explain_entry",
        "json_extras",
        "json_load",
        "characters",
        "chest",
        "plane_now_or_never",
        "ogre_proof",
        "trap_proof",
    )

    def __init__(
        self,
        name: str,
        *,
        deck: Callable[[int], tuple[tuple[str, int], ...]],
        generate: Callable[..., list[int]],
        flight_targets: Callable[..., list[int]],
        may_stop: Hook = None,
        arrive: Hook = None,
        attack_victims: Hook = None,
        sea_victims: Hook = None,
        after_move: Hook = None,
        offer_after: Hook = None,
        explain_entry: Hook = None,
        json_extras: Hook = None,
        json_load: Hook = None,
        characters: bool = False,
        chest: bool = False,
        plane_now_or_never: bool = False,
        ogre_proof: int = 0,
        trap_proof: int = 0,
    ) -> None:
        # Move generation: the moves of crew c at the start of its action, packed (moves.py).
        self.name = name
        # The deck as data: version -> (tile text, how many) pairs, in dealing order (decks.py).
        self.deck = deck
        self.generate = generate  # (state, c) -> list[int]
        # Where the plane (or ice after a flight) may take piece p of crew c, ``exclude`` aside.
        self.flight_targets = flight_targets  # (state, c, carrying, exclude, p) -> list[int]
        # Forced movement ends on a stoppable tile (chains.py ``_arrive``), before the classic
        # attack: returns the enemies to knock back (maybe fewer than ``o``), or -1 when the piece
        # may not stop there (the hook has killed it).
        self.may_stop = may_stop  # (state, p, c, cell, kind, o) -> int
        # After the piece is placed: the ruleset's own tile effects. True when they took over
        # (the piece went on, or a decision is pending); the classic effects are then skipped.
        self.arrive = arrive  # (state, p, c, cell, kind, mv) -> bool
        # A piece attacks the enemies on its square: which of them are knocked back to their ship.
        self.attack_victims = attack_victims  # (state, p, victims) -> int
        # A swimmer lands among enemies in the water: which of them it kills.
        self.sea_victims = sea_victims  # (state, p, victims) -> int
        # After every move of play, before the turn may pass (second edition: Friday and the
        # Missionary meeting).
        self.after_move = after_move  # (state) -> None
        # The action is done: True holds the turn for a free decision first (bottles).
        self.offer_after = offer_after  # (state) -> bool
        # Refusals: the ruleset's own reason a piece may not step onto a face-up square, or None.
        self.explain_entry = explain_entry  # (state, p, target, coin) -> Reason | None
        # The position as JSON: the ruleset's own fields, written and read back.
        self.json_extras = json_extras  # (state, doc) -> None
        self.json_load = json_load  # (state, doc) -> None
        # Data. characters: pieces 12..14 can join crews (crews are rebuilt when they do);
        # chest: the galleon's chest is a thing of its own (coin_counts says where it lies);
        # plane_now_or_never: a pirate who stays by the plane lets it go for good (ruling 14).
        self.characters = characters
        self.chest = chest
        self.plane_now_or_never = plane_now_or_never
        # Bit masks of the pieces the ogre does not eat and traps do not hold (second edition:
        # Friday).
        self.ogre_proof = ogre_proof
        self.trap_proof = trap_proof

    def __repr__(self) -> str:
        return f"JackalRules({self.name!r})"


RULES: dict[str, JackalRules] = {}


def register_rules(rules: JackalRules) -> JackalRules:
    """Make a ruleset known to ``new_game``/``from_json`` by its name (state.py registers the
    classic game and the second edition when the package is imported)."""
    if rules.name in RULES and RULES[rules.name] is not rules:
        raise SetupError(f"a Jackal ruleset named {rules.name!r} is already registered")
    RULES[rules.name] = rules
    return rules


def rules_for(name: str) -> JackalRules:
    rules = RULES.get(name)
    if rules is None:
        raise SetupError(f"unknown ruleset {name!r}; known: {', '.join(RULES)}")
    return rules
