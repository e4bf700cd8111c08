"""The notation of every Jamaica decision, its legal moves and how a move is applied.

| decision | who | notation |
|---|---|---|
| order of the action dice | the captain | ``dice 5 2`` (morning die, evening die) |
| a card, face down | every seat at once | ``play AG`` (the card's two symbols) |
| the hold that takes a load | the loader | ``hold 3`` (holds 1-5, 6 with the 6th hold) |
| the ship to fight | the attacker | ``attack blue`` (the seat's colour) |
| cannons to spend | each side of a fight | ``cannons 2`` (0 up to all one has) |
| Saran's Saber after a roll | its holder | ``reroll`` or ``keep`` |
| the winner's spoils | the winner | ``take hold 2``, ``take treasure``, ``take saber``, |
| | | ``give cursed`` (docs/jamaica.md lists them all) |
"""

from __future__ import annotations

import re

from rules.core import IllegalMove, NotationError

from . import engine, fights, flow
from . import holds as H
from .actions import SYMBOLS

COLOURS = ("red", "blue", "green", "yellow", "purple", "black")

_GRAMMAR = re.compile(
    r"dice [1-6] [1-6]"
    rf"|play [{''.join(SYMBOLS)}]{{2}}"
    r"|hold [1-6]"
    rf"|attack (?:{'|'.join(COLOURS)})"
    r"|cannons \d{1,2}"
    r"|reroll|keep"
    r"|take hold [1-6]|take treasure|take (?:map|saber|beth|sixth)|give cursed"
)


def normalise(text: str) -> str:
    """The move in its one written form; NotationError if it is not a Jamaica move at all."""
    if not isinstance(text, str):
        raise NotationError("a move is text")
    words = " ".join(text.split())
    # Card letters are capitals ("play AG"); every other word is lower case.
    words = "play " + words[5:].upper() if words[:5].lower() == "play " else words.lower()
    if not _GRAMMAR.fullmatch(words):
        raise NotationError(
            f"{text!r} is not a Jamaica move (e.g. 'dice 5 2', 'play AG', 'hold 3', "
            "'attack blue', 'cannons 2', 'reroll', 'keep', 'take hold 2', 'give cursed')"
        )
    return words


def legal_moves(game, seat: int) -> list[str]:
    if not game.owes(seat):
        return []
    if game.phase == "choose":
        return [f"play {card}" for card in sorted(set(game.hands[seat]))]
    pending = game.pending
    kind = pending["kind"]
    if kind == "order":
        a, b = game.dice
        return [f"dice {a} {b}", f"dice {b} {a}"]
    if kind == "hold":
        return [f"hold {i}" for i in pending["options"]]
    if kind == "attack":
        return [f"attack {COLOURS[s]}" for s in pending["options"]]
    if kind == "cannons":
        return [f"cannons {k}" for k in range(pending["max"] + 1)]
    if kind == "saber":
        return ["reroll", "keep"]
    if kind == "spoils":
        return fights.spoils_options(game, seat, pending["loser"])
    raise AssertionError(kind)


def apply_move(game, seat: int, move: str) -> list[dict]:
    """Validate ``move`` for ``seat`` and play it. The state is untouched when it is refused."""
    # A move exactly as legal_moves() writes it (what bots and the site send) needs no reading:
    # the generated moves are in their one written form. Any other text is read and checked.
    if move not in legal_moves(game, seat):
        move = normalise(move)
        game.check_seat(seat)
        if move not in legal_moves(game, seat):
            legal = ", ".join(legal_moves(game, seat))
            raise IllegalMove(f"{move!r} is not a legal move now; legal: {legal}")
    game.begin_ply()
    events: list[dict] = []
    if game.phase == "choose":
        card = move.split()[1]
        game.hands[seat].remove(card)
        game.chosen[seat] = card
        events.append({"kind": "chosen", "seat": seat})  # which card stays hidden
        if len(game.chosen) == game.seats:
            engine.begin_resolution(game, events)
        return events
    pending, game.pending = game.pending, None
    kind = pending["kind"]
    if kind == "order":
        game.morning, game.evening = (int(w) for w in move.split()[1:])
        game.phase = "choose"
        events.append(
            {"kind": "order", "seat": seat, "morning": game.morning, "evening": game.evening}
        )
        return events
    step = game.queue[0]
    if kind == "hold":
        step["hold"] = int(move.split()[1]) - 1
    elif kind == "attack":
        step["target"] = COLOURS.index(move.split()[1])
    elif kind == "cannons":
        side, n = pending["side"], int(move.split()[1])
        H.take(game.holds[seat], "cannons", n)
        step[f"{side}_cannons"] = n
        events.append({"kind": "cannons", "seat": seat, "n": n})
    elif kind == "saber":
        step["saber"] = move
    elif kind == "spoils":
        step["spoil"] = move
    flow.run(game, events)
    return events


def public_move(move: str) -> str:
    """How a move may be shown to the other seats while its round runs: a card stays secret
    until its reveal (``"play AG"`` -> ``"play"``); every other decision is public."""
    return "play" if move.split()[:1] == ["play"] else move
