"""Fights: cannons, the combat die, Saran's Saber, Lady Beth, the winner's spoils; and the
treasure cards changing hands.

A fight is one step ``{"do": "fight", "att": a, "def": d, "stage": ...}`` that walks through its
stages (each side's cannons, roll, saber, check; then the spoils), pausing for a decision where
one is owed; the answers and dice are kept in the step, which the view shows while it runs.
"""

from __future__ import annotations

from . import holds as H
from . import treasures
from .combat_die import FACES, LADY_BETH_BONUS, STAR
from .flow import handles, wait


def gain(game, seat: int, card: str, hold: list | None = None) -> None:
    game.treasures[seat].append(card)
    if card == treasures.SIXTH:
        game.holds[seat].append(hold if hold is not None else [None, 0])


def lose(game, seat: int, card: str) -> list | None:
    """Remove ``card`` from ``seat``; the 6th hold leaves with its contents (returned)."""
    game.treasures[seat].remove(card)
    if card == treasures.SIXTH:
        return game.holds[seat].pop(H.HOLDS)
    return None


def strength(game, seat: int, face, cannons: int) -> int:
    bonus = LADY_BETH_BONUS if treasures.BETH in game.treasures[seat] else 0
    return face + cannons + bonus


def saber_holder(game, step) -> int | None:
    if step.get("saber_used"):
        return None
    for seat in (step["att"], step["def"]):
        if treasures.SABER in game.treasures[seat]:
            return seat
    return None


@handles("fight")
def _fight(game, step, events):
    if step["stage"] == "att_cannons" and "announced" not in step:
        step["announced"] = True
        events.append({"kind": "fight", "attacker": step["att"], "defender": step["def"]})
    while True:
        stage = step["stage"]
        if stage == "done":
            return
        if stage == "spoils":
            if not _spoils(game, step, events):
                return
            step["stage"] = "done"
            continue
        side = stage[:3]  # "att" or "def"
        seat = step[side]
        if stage.endswith("_cannons"):
            if f"{side}_cannons" not in step:
                have = H.total(game.holds[seat], "cannons")
                if have:
                    wait(game, step, {"kind": "cannons", "seat": seat, "side": side, "max": have})
                    return
                step[f"{side}_cannons"] = 0
            step["stage"] = f"{side}_roll"
        elif stage.endswith("_roll"):
            face = FACES[game.roll("combat", len(FACES))]
            step[f"{side}_die"] = face
            events.append({"kind": "roll", "seat": seat, "face": face})
            step["stage"] = f"{side}_saber"
        elif stage.endswith("_saber"):
            holder = saber_holder(game, step)
            answer = step.pop("saber", None)
            if holder is not None and answer is None:
                wait(game, step, {"kind": "saber", "seat": holder, "side": side})
                return
            if answer == "reroll":
                step["saber_used"] = True
                face = FACES[game.roll("combat", len(FACES))]
                step[f"{side}_die"] = face
                events.append({"kind": "reroll", "seat": holder, "die_of": seat, "face": face})
            step["stage"] = f"{side}_check"
        elif stage == "att_check":
            if step["att_die"] == STAR:
                step["winner"], step["loser"] = step["att"], step["def"]
                step["stage"] = "spoils"
            else:
                step["stage"] = "def_cannons"
        else:  # def_check
            _decide(game, step, events)


def _decide(game, step, events):
    att, dfn = step["att"], step["def"]
    if step["def_die"] == STAR:
        step["winner"], step["loser"] = dfn, att
        step["stage"] = "spoils"
        return
    a = strength(game, att, step["att_die"], step["att_cannons"])
    d = strength(game, dfn, step["def_die"], step["def_cannons"])
    step["strengths"] = [a, d]
    if a == d:
        events.append({"kind": "fight drawn", "attacker": att, "defender": dfn, "strength": a})
        step["stage"] = "done"
        return
    step["winner"], step["loser"] = (att, dfn) if a > d else (dfn, att)
    step["stage"] = "spoils"


def spoils_options(game, winner: int, loser: int) -> list[str]:
    options = [
        f"take hold {i + 1}" for i, (kind, _) in enumerate(game.holds[loser]) if kind is not None
    ]
    cards = game.treasures[loser]
    if any(not treasures.is_power(c) for c in cards):
        options.append("take treasure")
    options += [f"take {c}" for c in treasures.POWERS if c in cards]
    if any(c in treasures.CURSED for c in game.treasures[winner]):
        options.append("give cursed")
    return options


def _spoils(game, step, events) -> bool:
    """The winner's choice; False while it is owed."""
    winner, loser = step["winner"], step["loser"]
    choice = step.pop("spoil", None)
    if choice is None:
        options = spoils_options(game, winner, loser)
        events.append({"kind": "fight won", "winner": winner, "loser": loser})
        if not options:
            return True
        # Whether "give cursed" is possible is the winner's secret: a winner with face-down cards
        # is always asked, so that nobody learns it from the question being skipped (J10).
        secret = any(not treasures.is_power(c) for c in game.treasures[winner])
        if len(options) > 1 or secret:
            wait(game, step, {"kind": "spoils", "seat": winner, "loser": loser})
            return False
        choice = options[0]
    take_spoils(game, winner, loser, choice, events)
    return True


def take_spoils(game, winner: int, loser: int, choice: str, events: list[dict]) -> None:
    event = {"kind": "spoils", "winner": winner, "loser": loser, "choice": choice}
    if choice.startswith("take hold "):
        kind, n = H.empty(game.holds[loser], int(choice.rsplit(" ", 1)[1]) - 1)
        event.update(tokens=kind, n=n)
        # The fight step is done; the loot is loaded next, before the attacker pays.
        game.queue.insert(0, {"do": "load", "seat": winner, "kind": kind, "n": n})
    elif choice == "take treasure":
        hidden = [c for c in game.treasures[loser] if not treasures.is_power(c)]
        card = hidden[game.roll("steal", len(hidden))]  # taken blind (ruling J13)
        lose(game, loser, card)
        gain(game, winner, card)
    elif choice == "give cursed":
        card = min(
            (c for c in game.treasures[winner] if c in treasures.CURSED), key=treasures.value
        )
        lose(game, winner, card)
        gain(game, loser, card)
    else:
        card = choice.split(" ", 1)[1]
        hold = lose(game, loser, card)
        gain(game, winner, card, hold)
    events.append(event)
