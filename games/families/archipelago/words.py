"""Archipelago's words on the site: tiles, moves, events, in the active language.

The rules speak in notation and event dicts (docs/archipelago.md); these are their words for
people. Moves and events of a kind this module does not know still show, as their notation.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.families.island.words import PIRATES, compass

# Every face the rules know (rules/archipelago/tiles.py), named as the rulebook does.
TILE_NAMES = {
    "empty": gettext_lazy("empty"),
    "arrow-1": gettext_lazy("arrow"),
    "arrow-1d": gettext_lazy("diagonal arrow"),
    "arrow-2": gettext_lazy("two arrows"),
    "arrow-2d": gettext_lazy("two diagonal arrows"),
    "arrow-3": gettext_lazy("three arrows"),
    "arrow-4": gettext_lazy("four arrows"),
    "arrow-4d": gettext_lazy("four diagonal arrows"),
    "maze-2": gettext_lazy("labyrinth (2 turns)"),
    "maze-3": gettext_lazy("labyrinth (3 turns)"),
    "maze-4": gettext_lazy("labyrinth (4 turns)"),
    "maze-5": gettext_lazy("labyrinth (5 turns)"),
    "chest-1": gettext_lazy("chest with 1 coin"),
    "chest-2": gettext_lazy("chest with 2 coins"),
    "chest-3": gettext_lazy("chest with 3 coins"),
    "chest-4": gettext_lazy("chest with 4 coins"),
    "horse": gettext_lazy("horse"),
    "ice": gettext_lazy("ice"),
    "pit": gettext_lazy("pit"),
    "barrel": gettext_lazy("barrel of rum"),
    "bottle-1": gettext_lazy("1 bottle"),
    "bottle-2": gettext_lazy("2 bottles"),
    "crocodile": gettext_lazy("crocodile"),
    "bank": gettext_lazy("bank"),
    "jungle": gettext_lazy("jungle"),
    "lighthouse": gettext_lazy("lighthouse"),
    "caramba": gettext_lazy("caramba"),
    "balloon": gettext_lazy("balloon"),
    "musket": gettext_lazy("musket"),
    "shrine": gettext_lazy("shrine"),
    "die": gettext_lazy("crossroads die"),
    "trampoline": gettext_lazy("trampoline"),
    "airplane": gettext_lazy("airplane"),
    "cannon": gettext_lazy("cannon"),
    "smoke": gettext_lazy("smoke"),
    "bear": gettext_lazy("bear's den"),
    "missionary": gettext_lazy("missionary"),
    "earthquake": gettext_lazy("earthquake"),
    "spyglass": gettext_lazy("spyglass"),
    "cannibal": gettext_lazy("cannibal"),
    "fortress": gettext_lazy("fortress"),
    "island": gettext_lazy("The island"),
}
# The short word on a new tile's plate.
TILE_LABELS = {
    "jungle": pgettext_lazy("tile label", "jungle"),
    "shrine": pgettext_lazy("tile label", "shrine"),
    "bank": pgettext_lazy("tile label", "bank"),
    "trampoline": pgettext_lazy("tile label", "trampoline"),
    "bear": pgettext_lazy("tile label", "bear"),
    "spyglass": pgettext_lazy("tile label", "spyglass"),
    "musket": pgettext_lazy("tile label", "musket"),
    "die": pgettext_lazy("tile label", "die"),
    "maze": pgettext_lazy("tile label", "labyrinth"),
}
BACKS = {
    "M": gettext_lazy("face down (mountain back)"),
    "F": gettext_lazy("face down (forest back)"),
    "B": gettext_lazy("face down (beach back)"),
}
COLOURS = {"W": "white", "Y": "yellow", "R": "red", "K": "black"}


def tile_name(key: str) -> str:
    return str(TILE_NAMES.get(key, key))


def tile_label(key: str) -> str:
    kind = "maze" if key.startswith("maze") else key
    return str(TILE_LABELS.get(kind) or TILE_NAMES.get(kind, kind))


def back_name(back: str) -> str:
    return str(BACKS.get(back, back))


def piece_label(piece_id: str) -> str:
    """'W2' -> 'White 2'; 'M' -> 'the missionary'."""
    if piece_id == "M":
        return _("the missionary")
    colour = COLOURS.get(piece_id[:1])
    if colour is None or not piece_id[1:].isdigit():
        return piece_id
    # A pirate, not its crew: in Russian "Белый 1" (masculine), not "Белые 1".
    return str(PIRATES[colour] % {"number": piece_id[1:]})


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


PIECE_MOVE = re.compile(r"^(?P<piece>[A-Z]\d?) (?P<frm>[A-Z]\d+)-(?P<to>[A-Z]\d+)(?P<coin> \$)?$")


def move_words(text: str) -> str:
    """A move's notation in words (for buttons and the log); the notation when unknown."""
    words = text.strip().split()
    upper = text.strip().upper()
    m = PIECE_MOVE.match(upper)
    if m:
        piece = piece_label(m["piece"])
        if m["frm"] == m["to"]:
            phrase = _("%(piece)s goes on through the labyrinth at %(cell)s")
        else:
            phrase = _("%(piece)s to %(cell)s")
        said = phrase % {"piece": piece, "cell": m["to"]}
        if m["coin"]:
            said += " " + _("with a coin")
        return _capital(said)
    if len(words) == 2 and words[0] == "boat":
        if "-" in upper:
            return _("Sail the boat to %(cell)s") % {"cell": upper.split("-")[-1]}
        return _("Put the boat at %(cell)s") % {"cell": words[1].upper()}
    if len(words) == 2:
        verb, arg = words[0], words[1].upper()
        phrases = {
            "to": _("Go on to %(arg)s"),
            "peek": _("Lighthouse: look under the tile at %(arg)s"),
            "revive": _("Revive %(piece)s at the shrine"),
            "fire": _("Fire the musket to the %(dir)s"),
            "bottle": (
                _("Use bottles: convert the missionary")
                if arg == "M"
                else _("Use a bottle: free %(piece)s")
            ),
        }
        if verb in phrases:
            return phrases[verb] % {"arg": arg, "piece": piece_label(arg), "dir": compass(arg)}
    if len(words) == 3 and words[0] == "swap":
        return _("Earthquake: swap the tiles at %(a)s and %(b)s") % {
            "a": words[1].upper(),
            "b": words[2].upper(),
        }
    if len(words) == 3 and words[0] == "turn" and words[2] in TURNS:
        return _("Earthquake: turn the arrows at %(cell)s %(turn)s") % {
            "cell": words[1].upper(),
            "turn": TURNS[words[2]],
        }
    fixed = {
        "keep": _("Earthquake: leave the arrows as they lie"),
        "end turn": _("End the turn (keep the bottles)"),
        "offer end": _("Offer to end the game by agreement"),
        "accept end": _("Accept to end the game"),
        "refuse end": _("Refuse to end the game"),
        "pass": _("Pass"),
    }
    return str(fixed.get(text.strip(), text))


# The earthquake turns an arrow tile by quarter turns clockwise (ruling A23).
TURNS = {
    "1": gettext_lazy("a quarter turn clockwise"),
    "2": gettext_lazy("half a turn"),
    "3": gettext_lazy("a quarter turn anticlockwise"),
}


def move_in_words(text: str) -> str:
    words = move_words(text)
    return text if words == text else f"{text} ({words})"


def event_lines(events, *, seat_names: dict[int, str]) -> list[str]:
    """The events of one move in words, in the active language."""
    return [line for line in (event_line(event, seat_names) for event in events) if line]


def event_line(event: dict, seat_names: dict[int, str]) -> str:
    kind = event.get("kind", "")
    piece = piece_label(event["piece"]) if event.get("piece") else ""
    seat = seat_names.get(event.get("seat"), "") if "seat" in event else ""
    values = {
        "piece": piece,
        "seat": seat,
        "cell": event.get("cell") or event.get("at") or "",
        "to": event.get("to") or "",
        "tile": tile_name(str(event.get("tile", ""))),
        "coins": event.get("coins", ""),
        "bottles": event.get("bottles", ""),
        "roll": event.get("roll", ""),
        "rounds": event.get("rounds", ""),
        "dir": compass(str(event.get("dir", ""))),
        "cause": str(DEATHS.get(event.get("cause"), event.get("cause", ""))),
        "reason": str(ENDS.get(event.get("reason"), event.get("reason", ""))),
        "turn": str(TURNS.get(str(event.get("quarters")), "")),
        "boat": seat_names.get(event.get("boat"), ""),
    }
    phrase = EVENTS.get(kind)
    if kind == "move":
        return ""  # the move itself is the log line's notation
    if phrase is None:
        return kind
    if kind == "earthquake":
        values["cell"] = " ↔ ".join(event.get("swap", []))
    phrase = str(phrase)
    if phrase.startswith(("%(seat)s", "%(boat)s")):
        return phrase % values  # a player's name begins it: as the player wrote it
    return _capital(phrase % values)


EVENTS = {
    "boat placed": gettext_lazy("%(seat)s puts the boat at %(cell)s"),
    "reveal": gettext_lazy("%(piece)s turns up %(tile)s at %(cell)s"),
    "treasure": gettext_lazy("coins found at %(cell)s: %(coins)s"),
    "bottles": gettext_lazy("%(seat)s takes %(bottles)s bottles"),
    "swim": gettext_lazy("%(piece)s swims at %(cell)s"),
    "aboard": gettext_lazy("%(piece)s climbs aboard"),
    "stowed": gettext_lazy("%(piece)s stows a coin aboard"),
    "coin left": gettext_lazy("the coin stays at %(cell)s"),
    "coin sunk": gettext_lazy("a coin sinks"),
    "coin eaten": gettext_lazy("the cannibal eats a coin"),
    "hit": gettext_lazy("%(piece)s is knocked back to the boat"),
    "shot": gettext_lazy("%(piece)s is shot"),
    "mauled": gettext_lazy("the bear mauls %(piece)s"),
    "caramba": gettext_lazy("Caramba! %(piece)s goes back to the boat"),
    "death": gettext_lazy("%(piece)s dies (%(cause)s)"),
    "rescue": gettext_lazy("%(piece)s frees a friend"),
    "crocodile": gettext_lazy("the crocodile sends %(piece)s back"),
    "balloon": gettext_lazy("the balloon lifts %(piece)s to the boat"),
    "die": gettext_lazy("the die at %(cell)s shows %(roll)s"),
    "choose": gettext_lazy("%(piece)s goes on to %(to)s"),
    "fire": gettext_lazy("%(piece)s fires the musket to the %(dir)s"),
    "miss": gettext_lazy("the shot misses"),
    "peek": gettext_lazy("%(seat)s looks under the tile at %(cell)s"),
    "earthquake": gettext_lazy("earthquake: the tiles at %(cell)s swap"),
    "turn": gettext_lazy("the arrows at %(cell)s are turned %(turn)s"),
    "smoke": gettext_lazy("smoke: for a round each crew is moved by the next player"),
    "bear wakes": gettext_lazy("the bear wakes at %(cell)s"),
    "bear": gettext_lazy("the bear goes to %(to)s"),
    "bear sits": gettext_lazy("the bear sits at %(cell)s"),
    "missionary": gettext_lazy("the missionary joins %(seat)s"),
    "convert": gettext_lazy("the missionary becomes a pirate"),
    "bottle": gettext_lazy("%(piece)s is freed by a bottle"),
    "revive": gettext_lazy("%(piece)s comes back to life at %(cell)s"),
    "sail": gettext_lazy("%(seat)s sails to %(to)s"),
    "skip": gettext_lazy("%(seat)s skips the turn"),
    "pass": gettext_lazy("%(piece)s passes"),
    "offer end": gettext_lazy("%(seat)s offers to end the game"),
    "propose end": gettext_lazy(
        "nothing has happened for %(rounds)s rounds: the site proposes to end the game"
    ),
    "accept end": gettext_lazy("%(seat)s accepts to end the game"),
    "refuse end": gettext_lazy("%(seat)s refuses to end the game"),
    "over": gettext_lazy("the game is over (%(reason)s)"),
}
DEATHS = {
    "cycle": gettext_lazy("caught in a loop of arrows"),
    "cannibal": gettext_lazy("the cannibal"),
    "enemy boat": gettext_lazy("an enemy boat"),
    "off the map": gettext_lazy("off the map"),
    "drowned": gettext_lazy("drowned"),
    "bear": gettext_lazy("the bear"),
}
ENDS = {
    "all coins": gettext_lazy("the island is explored and no coin is left"),
    "agreement": gettext_lazy("by agreement"),
    # a game where no crew can move, every seat is skipped, or A21's proposals were refused
    "stalemate": gettext_lazy("no progress"),
    "solved": gettext_lazy("the puzzle is solved"),
    "failed": gettext_lazy("the puzzle is failed"),
}

# The site's puzzles (rules/archipelago/puzzles.py), by their titles.
PUZZLE_TITLES = {
    "first-steps": gettext_lazy("One coin, three turns"),
    "the-arrows": gettext_lazy("Two coins past the pit"),
    "balloon-ride": gettext_lazy("Three coins and a balloon"),
}


def puzzle_title(key: str) -> str:
    return str(PUZZLE_TITLES.get(key, key))


def puzzles() -> list[dict]:
    """The rules' puzzles as the site lists them: key, title, turns allowed, pirates to keep."""
    from rules.archipelago.puzzles import PUZZLES

    return [
        {"key": key, "title": puzzle_title(key), "turns": puzzle.turns, "alive": puzzle.alive}
        for key, puzzle in PUZZLES.items()
    ]
