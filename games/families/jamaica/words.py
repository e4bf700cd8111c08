"""Jamaica in words, in the reader's language: the colours, the cards, the moves, the events of
the ledger, what a seat owes and why a move is refused. Every phrase goes through gettext.

Events are the engine's data (docs/jamaica.md, "Events"); they name no hidden card, so saying
them to anyone is safe. A move's text may hold a secret card ("play AG"): what others read of it
is `rules.jamaica.moves.public_move`'s form, chosen by the callers (games.families.jamaica.ledger).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from rules.core import IllegalMove, NotationError
from rules.jamaica import track
from rules.jamaica.moves import COLOURS, normalise

COLOUR_NAMES = {
    "red": gettext_lazy("red"),
    "blue": gettext_lazy("blue"),
    "green": gettext_lazy("green"),
    "yellow": gettext_lazy("yellow"),
    "purple": gettext_lazy("purple"),
    "black": gettext_lazy("black"),
}
SYMBOL_NAMES = {
    "A": gettext_lazy("advance"),
    "B": gettext_lazy("back"),
    "G": gettext_lazy("gold"),
    "F": gettext_lazy("food"),
    "C": gettext_lazy("cannons"),
}
TOKEN_NAMES = {
    "gold": gettext_lazy("gold"),
    "food": gettext_lazy("food"),
    "cannons": gettext_lazy("cannons"),
}
POWER_NAMES = {
    "map": gettext_lazy("Morgan's Map"),
    "saber": gettext_lazy("Saran's Saber"),
    "beth": gettext_lazy("Lady Beth"),
    "sixth": gettext_lazy("the sixth hold"),
}
TREASURE_NAMES = {
    **{f"T{n}": n for n in range(3, 8)},
    **{f"C{n}": -n for n in range(2, 5)},
}


def colour_name(seat: int) -> str:
    return str(COLOUR_NAMES[COLOURS[seat]])


def ship_name(seat: int, seat_names: dict[int, str]) -> str:
    """The ship of `seat`: its colour, and its player's name where known."""
    name = seat_names.get(seat)
    colour = colour_name(seat)
    return _("%(colour)s ship (%(name)s)") % {"colour": colour, "name": name} if name else colour


def card_words(card: str) -> str:
    """A card by its two symbols, morning then evening: "advance / gold"."""
    return " / ".join(str(SYMBOL_NAMES[letter]) for letter in card)


def symbol_words(letter: str, die: int | None) -> str:
    """Half a card in words, with the die it goes with where the dice are known: "advance 6"."""
    if die is None:
        return str(SYMBOL_NAMES[letter])
    return _("%(action)s %(n)s") % {"action": SYMBOL_NAMES[letter], "n": die}


def treasure_words(card: str) -> str:
    if card in POWER_NAMES:
        return str(POWER_NAMES[card])
    points = TREASURE_NAMES.get(card, 0)
    if points < 0:
        return _("a cursed treasure (%(points)d)") % {"points": points}
    return _("a treasure (+%(points)d)") % {"points": points}


def move_in_words(move: str) -> str:
    """A move of the notation (docs/jamaica.md) in words; its text if it is not one."""
    try:
        move = normalise(move)  # as typed ("play ag") to its one written form ("play AG")
    except NotationError:
        if move.strip() != "play":  # "play" alone: the public form of a card choice
            return move
    words = move.split()
    head, rest = (words[0], words[1:]) if words else ("", [])
    if head == "dice" and len(rest) == 2:
        return _("morning die %(morning)s, evening die %(evening)s") % {
            "morning": rest[0],
            "evening": rest[1],
        }
    if head == "play":
        if not rest:
            return _("a card face down")
        return _("the card %(card)s") % {"card": card_words(rest[0])}
    if head == "hold" and rest:
        return _("load into hold %(n)s") % {"n": rest[0]}
    if head == "attack" and rest and rest[0] in COLOURS:
        return _("attack the %(colour)s ship") % {"colour": COLOUR_NAMES[rest[0]]}
    if head == "cannons" and rest:
        return _("add %(n)s cannons to the die") % {"n": rest[0]}
    if move == "reroll":
        return _("roll the die again (Saran's Saber)")
    if move == "keep":
        return _("keep the roll")
    if head == "take" and rest[:1] == ["hold"] and len(rest) == 2:
        return _("take the load of hold %(n)s") % {"n": rest[1]}
    if move == "take treasure":
        return _("take a face-down treasure")
    if head == "take" and rest and rest[0] in POWER_NAMES:
        return _("take %(power)s") % {"power": POWER_NAMES[rest[0]]}
    if move == "give cursed":
        return _("give a cursed treasure")
    return move


def square_words(progress: int) -> str:
    """Where a ship at `progress` stands, as the board numbers it: the events count the race
    (-6 after moving back past the start, 44 + 1 on the second lap), the board its squares."""
    square = track.square_of(progress)
    if square == track.PORT_ROYAL:
        return _("Port Royal")
    return _("square %(n)d") % {"n": square}


def hold_prompt(pending: dict) -> str:
    """What the hold choice loads, and that the hold chosen is emptied for it."""
    return _(
        "Load %(n)s %(tokens)s: choose the hold that takes them (what it holds now goes overboard)."
    ) % {"n": pending.get("n", 0), "tokens": TOKEN_NAMES.get(pending.get("tokens"), "")}


def hold_choice_words(number: int, hold) -> str:
    """A hold as a choice for a load: what it holds now, which the load replaces."""
    kind, count = (hold or (None, 0))[:2]
    if not kind or not count:
        return _("Hold %(n)s (empty)") % {"n": number}
    return _("Hold %(n)s: its %(count)s %(tokens)s go overboard") % {
        "n": number,
        "count": count,
        "tokens": TOKEN_NAMES.get(kind, kind),
    }


def _tokens(event: dict) -> dict:
    return {"n": event.get("n", 0), "tokens": TOKEN_NAMES.get(event.get("tokens"), "")}


def event_line(event: dict, seat_names: dict[int, str]) -> str:
    kind = event.get("kind")

    def ship(key: str = "seat") -> str:
        return ship_name(event[key], seat_names) if key in event else "?"

    if kind == "dice":
        return _("Round %(round)s: the captain, %(captain)s, rolls %(a)s and %(b)s.") % {
            "round": event["round"],
            "captain": ship("captain"),
            "a": event["dice"][0],
            "b": event["dice"][1],
        }
    if kind == "order":
        return _("%(ship)s: %(morning)s in the morning, %(evening)s in the evening.") % {
            "ship": ship(),
            "morning": event["morning"],
            "evening": event["evening"],
        }
    if kind == "chosen":
        return _("%(ship)s has chosen a card.") % {"ship": ship()}
    if kind == "reveal":
        return _("%(ship)s shows %(card)s.") % {"ship": ship(), "card": card_words(event["card"])}
    if kind == "move":
        return _("%(ship)s sails from %(start)s to %(end)s.") % {
            "ship": ship(),
            "start": square_words(event["from"]),
            "end": square_words(event["to"]),
        }
    if kind == "finish":
        return _("%(ship)s is back at Port Royal.") % {"ship": ship()}
    if kind == "shortage":
        return _("%(ship)s cannot pay and falls back to %(end)s.") % {
            "ship": ship(),
            "end": square_words(event["to"]),
        }
    if kind == "pay":
        return _("%(ship)s pays %(n)s %(tokens)s.") % {"ship": ship(), **_tokens(event)}
    if kind == "load":
        return _("%(ship)s loads %(n)s %(tokens)s into hold %(hold)s.") % {
            "ship": ship(),
            "hold": event.get("hold", "?"),
            **_tokens(event),
        }
    if kind == "load lost":
        return _("%(ship)s has no hold for %(n)s %(tokens)s.") % {"ship": ship(), **_tokens(event)}
    if kind == "treasure":
        if event.get("card"):
            return _("%(ship)s finds %(treasure)s.") % {
                "ship": ship(),
                "treasure": treasure_words(event["card"]),
            }
        return _("%(ship)s finds a treasure card.") % {"ship": ship()}
    if kind == "fight":
        return _("%(attacker)s attacks %(defender)s.") % {
            "attacker": ship("attacker"),
            "defender": ship("defender"),
        }
    if kind == "cannons":
        return _("%(ship)s adds %(n)s cannons.") % {"ship": ship(), "n": event["n"]}
    if kind in ("roll", "reroll"):
        face = event.get("face")
        face = _("a star") if face in ("*", "star") else face
        if kind == "reroll":
            return _("%(ship)s rolls the combat die again: %(face)s.") % {
                "ship": ship(),
                "face": face,
            }
        return _("%(ship)s rolls the combat die: %(face)s.") % {"ship": ship(), "face": face}
    if kind == "fight drawn":
        return _("The fight is a draw.")
    if kind == "fight won":
        return _("%(winner)s wins the fight.") % {"winner": ship("winner")}
    if kind == "spoils":
        return _("%(winner)s: %(choice)s.") % {
            "winner": ship("winner"),
            "choice": move_in_words(event.get("choice", "")),
        }
    if kind == "reshuffle":
        return _("%(ship)s shuffles the discards into a new pile.") % {"ship": ship()}
    if kind == "draw":
        n = event.get("n", 0)
        return ngettext("%(ship)s draws %(n)s card.", "%(ship)s draws %(n)s cards.", n) % {
            "ship": ship(),
            "n": n,
        }
    if kind == "over":
        return _("The race is over.")
    return str(kind)


def event_lines(events: Iterable[dict], seat_names: dict[int, str]) -> list[str]:
    # A line begins with a ship's colour ("red ship (bob) …") or the site's own words, never
    # with a player's name: its first letter is a sentence's capital.
    return [_sentence(event_line(event, seat_names)) for event in events]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


PENDING_WORDS = {
    "order": gettext_lazy("You are the captain: choose which die counts in the morning."),
    "hold": gettext_lazy("Choose the hold that takes the load."),
    "attack": gettext_lazy("Choose the ship to attack."),
    "cannons": gettext_lazy("Choose how many cannons to add to your combat die."),
    "saber": gettext_lazy("Saran's Saber: roll the combat die again, or keep it."),
    "spoils": gettext_lazy("You won the fight: choose your spoils."),
}


def refusal_text(error: Exception, typed: str) -> str:
    if isinstance(error, NotationError):
        return pgettext("refusal", "“%(typed)s” is not a move: see how moves are written.") % {
            "typed": typed
        }
    if isinstance(error, IllegalMove):
        return pgettext(
            "refusal", "“%(typed)s” is not possible now: choose one of the buttons."
        ) % {"typed": typed}
    return str(error)


NOTATION_HELP = pgettext_lazy(
    "jamaica", "Like play AG, dice 5 2, hold 3, attack blue, cannons 2, take hold 2."
)
