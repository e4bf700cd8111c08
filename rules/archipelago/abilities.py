"""Special abilities for a series of games at one table (ruling S1).

The book's 12 ability cards are not in its text, so the deck is the site's own: six abilities, two
cards each. Each ability is one hook in the rules (``Archipelago.ability(pid)`` is asked where it
matters); none acts on the bear (the book). After a game, every player with 3 coins or more aboard
may take one of 4 cards drawn from the deck, the winner first, then by place (equal places by seat
order); a taken card leaves the deck, the rest go back. A pirate holds one ability at most.

>>> offer = draw_offer("series", 1, held={})
>>> len(offer), len(set(offer)) <= 4
(4, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.rng import DealRng

from .errors import SetupError

ABILITIES: dict[str, str] = {
    "navigator": "the crew's boat sails 1 square further while this pirate is aboard",
    "brawler": "may attack while dragging a coin",
    "climber": "never trapped in a pit",
    "sober": "barrels do not stop this pirate",
    "pathfinder": "leaves any labyrinth on the turn after entering it",
    "swimmer": "may go from land into the sea along the shore, and climb out of it",
}
CARDS_EACH = 2
OFFER = 4
MIN_COINS = 3


def deck(held: Mapping[str, str]) -> list[str]:
    """The cards still in the deck: two of each ability less those held by pirates."""
    cards = [a for a in ABILITIES for _ in range(CARDS_EACH)]
    for ability in held.values():
        cards.remove(ability)
    return cards


def draw_offer(seed: str, game_number: int, held: Mapping[str, str]) -> list[str]:
    """The 4 cards laid face up after game ``game_number`` of a series (fewer if the deck is
    short)."""
    cards = deck(held)
    DealRng(f"{seed}\x1fabilities\x1f{game_number}").shuffle(cards)
    return cards[:OFFER]


def pick_order(ranking: list[list[int]], stowed: list[int]) -> list[int]:
    """The seats that may pick, in the book's order: 3 coins or more, best place first."""
    return [seat for place in ranking for seat in sorted(place) if stowed[seat] >= MIN_COINS]


def check_abilities(abilities: Mapping[str, str] | None, seats: int) -> dict[str, str]:
    """The ``abilities`` option: pirate (``W2``) -> ability, checked."""
    from .position import CREWS

    if abilities is None:
        return {}
    if not isinstance(abilities, Mapping):
        raise SetupError("abilities map pirates (W1) to abilities")
    pirates = {f"{CREWS[s]}{n}" for s in range(seats) for n in (1, 2, 3)}
    for pid, ability in abilities.items():
        if pid not in pirates:
            raise SetupError(f"no pirate {pid!r} in a {seats}-player game")
        if ability not in ABILITIES:
            raise SetupError(f"unknown ability {ability!r}; known: {', '.join(ABILITIES)}")
    try:
        deck(abilities)
    except ValueError:
        raise SetupError("more ability cards than the deck holds") from None
    return dict(abilities)
