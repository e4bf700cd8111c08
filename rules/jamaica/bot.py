"""Jamaica bots that see only what their seat may: the view and the legal moves.

``choose_move(level, view, legal, rng)``:

- ``random``: a uniformly random legal move;
- ``easy``: one ply of look-ahead with a heuristic: each card is played out on the bot's own ship
  with the dice as ordered (costs, shortage, lairs, holds), and the position valued by progress,
  gold, food and cannons; the other decisions (dice order, hold, opponent, cannons, saber, spoils)
  by simple rules of thumb. Nothing hidden is used, and the other ships are assumed to stay put.
"""

from __future__ import annotations

import random

from . import holds as H
from . import track
from .actions import ADVANCE, LOADS
from .treasures import VALUES

LEVELS = ("random", "easy")
# What a token is worth to the heuristic, by kind (gold counts at the end; food feeds the sailing).
WORTH = {"gold": 1.0, "food": 0.45, "cannons": 0.25}
LAIR_BONUS = 2.5  # a lair with its token: a treasure card, on average worth a little over 2


def choose_move(level: str, view: dict, legal: list[str], rng: random.Random) -> str:
    if not legal:
        raise ValueError("no legal move to choose from")
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    if level != "easy":
        raise ValueError(f"unknown Jamaica bot level {level!r}; levels are {', '.join(LEVELS)}")
    kind = legal[0].split()[0]
    scored = [(_score(kind, move, view), rng.random(), move) for move in legal]
    return max(scored)[2]


def _score(kind: str, move: str, view: dict) -> float:
    seat = view["seat"]
    if kind == "play":
        return _card_value(view, seat, move.split()[1], view["morning"], view["evening"])
    if kind == "dice":
        morning, evening = (int(w) for w in move.split()[1:])
        return max(_card_value(view, seat, c, morning, evening) for c in view["hand"])
    if kind == "hold":  # empty the hold worth least
        content, count = view["holds"][seat][int(move.split()[1]) - 1]
        return -WORTH.get(content, 0) * count
    if kind == "attack":
        return _loot(view, view["colours"].index(move.split()[1]))
    if kind == "cannons":
        return _cannons_score(view, seat, int(move.split()[1]))
    if kind in ("reroll", "keep"):
        return _saber_score(view, seat, move)
    return _spoil_value(view, seat, move)


def _load(holds: list[list], kind: str, n: int) -> None:
    options = H.load_options(holds, kind)
    if options:
        index = min(options, key=lambda i: WORTH.get(holds[i][0], 0) * holds[i][1])
        H.load(holds, index, kind, n)


def _card_value(view: dict, seat: int, card: str, morning: int, evening: int) -> float:
    """The bot's own ship after playing ``card``, valued."""
    progress = view["ships"][seat]["progress"]
    holds = [list(h) for h in view["holds"][seat]]
    lairs = set(view["lairs"])
    bonus = 0.0
    for symbol, die in zip(card, (morning, evening), strict=True):
        if progress == track.FINISH:
            break
        if symbol in LOADS:
            _load(holds, LOADS[symbol], die)
            continue
        progress = progress + die if symbol == ADVANCE else max(progress - die, track.FLOOR)
        if progress >= track.FINISH:
            progress = track.FINISH
            continue
        while True:  # pay, or walk back like a shortage
            kind, cost = track.cost_of(progress)
            if track.kind_of(progress) == track.LAIR and track.square_of(progress) in lairs:
                lairs.discard(track.square_of(progress))
                bonus += LAIR_BONUS
            if kind is None or H.total(holds, kind) >= cost:
                if kind:
                    H.take(holds, kind, cost)
                break
            bonus -= 1.0  # a shortage loses tokens and time
            H.take(holds, kind, cost)
            progress -= 1
            if progress <= track.FLOOR:
                break
    return _position_value(progress, holds) + bonus


def _position_value(progress: int, holds: list[list]) -> float:
    race = progress * 0.6 + (track.white_number(progress) if progress > 35 else 0)
    food = min(H.total(holds, "food"), 8)
    cannons = min(H.total(holds, "cannons"), 6)
    return race + H.total(holds, "gold") + WORTH["food"] * food + WORTH["cannons"] * cannons


def _loot(view: dict, seat: int) -> float:
    best = max((WORTH.get(k, 0) * n for k, n in view["holds"][seat]), default=0)
    return max(best, 2.0 if view["face_down"][seat] else 0) + len(view["powers"][seat])


def _cannons_score(view: dict, seat: int, n: int) -> float:
    """Spend enough to have a fair chance, keep the rest: as defender, just enough to beat the
    attacker's strength with an average roll (4); as attacker, up to 3."""
    fight = view.get("fight") or {}
    if fight.get("def") == seat and isinstance(fight.get("att_die"), int):
        needed = fight["att_die"] + fight.get("att_cannons", 0) - 4 + 1
        return -abs(n - max(needed, 0))
    return -abs(n - 3)


def _saber_score(view: dict, seat: int, move: str) -> float:
    fight = view.get("fight") or {}
    side = view["pending"]["side"]
    face = fight.get(f"{side}_die")
    mine = fight.get(side) == seat
    good = 10 if face == "star" else face if isinstance(face, int) else 4
    # reroll a poor roll of mine or a good roll of theirs
    worth_rerolling = (mine and good < 4) or (not mine and good > 4)
    return 1.0 if (move == "reroll") == worth_rerolling else 0.0


def _spoil_value(view: dict, seat: int, move: str) -> float:
    words = move.split()
    loser = view["pending"]["loser"]
    if words[:2] == ["take", "hold"]:
        content, count = view["holds"][loser][int(words[2]) - 1]
        return WORTH.get(content, 0) * count
    if move == "take treasure":
        return 2.0
    if move == "give cursed":
        return -min(VALUES[c] for c in view["my_treasures"] if VALUES[c] < 0)
    return 2.5  # a power
