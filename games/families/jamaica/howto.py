"""What the Jamaica "How to play" page shows besides its prose (templates/games/jamaica/
how_to_play.html, written in the site's own words from the rulebook and docs/jamaica-rulings.md):
the action cards, the treasure cards, the combat die and the points of the last squares, all
read from the rules' own data so that the page cannot drift from the engine."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from rules.jamaica import track, treasures
from rules.jamaica.actions import DECK, HAND_SIZE, MAP_HAND_SIZE
from rules.jamaica.combat_die import FACES, LADY_BETH_BONUS, STAR

from .board_svg import SYMBOL_FILL, SYMBOL_GLYPH
from .words import POWER_NAMES, SYMBOL_NAMES, card_words

POWER_TEXT = {
    treasures.MAP: _("Your hand holds 4 action cards instead of 3 while you keep the map."),
    treasures.SABER: _(
        "Once a fight, right after a combat die is rolled (yours or your opponent's), you may "
        "have it rolled again; the new roll stands."
    ),
    treasures.BETH: _("She adds 2 to your combat strength in every fight, attacking or defending."),
    treasures.SIXTH: _(
        "A sixth hold for your ship. Whoever steals the card takes the hold with what is in it."
    ),
}


@dataclass(frozen=True)
class Symbol:
    letter: str
    glyph: str
    fill: str
    name: str


@dataclass(frozen=True)
class Treasure:
    name: str
    text: str


def symbols() -> list[Symbol]:
    return [
        Symbol(letter, SYMBOL_GLYPH[letter], SYMBOL_FILL[letter], str(SYMBOL_NAMES[letter]))
        for letter in SYMBOL_NAMES
    ]


def cards() -> list[dict]:
    """Each card of a pirate's deck: its notation, its two symbols and its words."""
    return [
        {
            "code": card,
            "symbols": [(SYMBOL_GLYPH[c], SYMBOL_FILL[c], str(SYMBOL_NAMES[c])) for c in card],
            "words": card_words(card),
        }
        for card in DECK
    ]


def treasure_cards() -> list[Treasure]:
    powers = [Treasure(str(POWER_NAMES[p]), str(POWER_TEXT[p])) for p in treasures.POWERS]
    good = sorted(v for v in treasures.VALUES.values() if v > 0)
    bad = sorted((v for v in treasures.VALUES.values() if v < 0), reverse=True)
    values = ", ".join(f"+{v}" for v in good)
    curses = ", ".join(str(v) for v in bad)
    return powers + [
        Treasure(
            str(_("Treasures")),
            str(_("Kept face down; worth %(values)s points at the end.") % {"values": values}),
        ),
        Treasure(
            str(_("Cursed treasures")),
            str(
                _("Kept face down; worth %(values)s points at the end: get rid of them in a fight.")
                % {"values": curses}
            ),
        ),
    ]


def page_context() -> dict:
    white = [
        (track.WHITE_NUMBERS[p], track.square_of(p))
        for p in sorted(track.WHITE_NUMBERS, reverse=True)
    ]
    return {
        "symbols": symbols(),
        "cards": cards(),
        "treasure_cards": treasure_cards(),
        "treasure_count": len(treasures.CARDS),
        "treasures_in_play": treasures.IN_PLAY,
        "die_faces": [str(_("a star")) if face == STAR else str(face) for face in FACES],
        "beth_bonus": LADY_BETH_BONUS,
        "hand_size": HAND_SIZE,
        "map_hand_size": MAP_HAND_SIZE,
        "squares": track.LENGTH,
        "lairs": len(track.LAIRS),
        "white_numbers": white,
        "minus_five_square": track.MINUS_FIVE_SQUARE,
        "behind": track.BEHIND,
    }
