"""Jamaica's ``rules`` bot, the careful greedy captain: no search, the seat's view only.

The sparring partner bench/arena.py measures the levels against (``--against rules``; the level
rules.bots.SPARRING). Greedy: each card is played out on its own ship with the dice as ordered
(bot.py's reckoning of costs, shortages, lairs and holds) and the one leaving the best ship is
played. Careful, where the easy bot is not:

- a shortage costs three times as much (tokens lost and a square back, and often another
  shortage the turn after);
- the ship keeps a reserve: food or doubloons short of what the squares one average day ahead
  (three to four squares) ask for count against the card;
- it attacks the ship it can most likely beat and loot most (its cannons against theirs), and
  spends cannons as the easy bot does; saber, holds and spoils as the easy bot.
"""

from __future__ import annotations

import random

from . import bot, track
from . import holds as H

SHORTAGE = 2.0  # on top of bot.py's 1.0 a shortage: the careful captain fears them
RESERVE = 0.35  # a token short of the next day's likely costs
LOOK = (3, 4)  # the squares ahead the reserve is counted for (an average die is 3.5)


def choose_move(view: dict, legal: list[str], rng: random.Random) -> str:
    if not legal:
        raise ValueError("no legal move to choose from")
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].split()[0]
    seat = view["seat"]
    if kind == "play":
        scored = [
            (_careful(view, seat, m.split()[1], view["morning"], view["evening"]), m) for m in legal
        ]
    elif kind == "dice":
        scored = []
        for m in legal:
            morning, evening = (int(w) for w in m.split()[1:])
            best = max(_careful(view, seat, c, morning, evening) for c in view["hand"])
            scored.append((best, m))
    elif kind == "attack":
        scored = [(_prey(view, seat, view["colours"].index(m.split()[1])), m) for m in legal]
    else:
        return bot.choose_move("easy", view, legal, rng)
    best = max(v for v, _ in scored)
    return rng.choice(sorted(m for v, m in scored if v >= best - 1e-9))


def _careful(view: dict, seat: int, card: str, morning: int, evening: int) -> float:
    """bot.py's value of the ship after ``card``, less the careful captain's fears."""
    value = bot._card_value(view, seat, card, morning, evening)
    progress, holds, shortages = _after(view, seat, card, morning, evening)
    value -= SHORTAGE * shortages
    if progress < track.FINISH:
        for ahead in LOOK:
            square = min(progress + ahead, track.FINISH - 1)
            kind, cost = track.cost_of(square)
            if kind:
                value -= RESERVE * max(0, cost - H.total(holds, kind)) / len(LOOK)
    return value


def _after(view: dict, seat: int, card: str, morning: int, evening: int):
    """The ship's progress, holds and shortages after ``card`` (the reckoning of bot.py)."""
    progress = view["ships"][seat]["progress"]
    holds = [list(h) for h in view["holds"][seat]]
    shortages = 0
    for symbol, die in zip(card, (morning, evening), strict=True):
        if progress == track.FINISH:
            break
        if symbol in bot.LOADS:
            bot._load(holds, bot.LOADS[symbol], die)
            continue
        progress = progress + die if symbol == bot.ADVANCE else max(progress - die, track.FLOOR)
        if progress >= track.FINISH:
            progress = track.FINISH
            continue
        while True:
            kind, cost = track.cost_of(progress)
            if kind is None or H.total(holds, kind) >= cost:
                if kind:
                    H.take(holds, kind, cost)
                break
            shortages += 1
            H.take(holds, kind, cost)
            progress -= 1
            if progress <= track.FLOOR:
                break
    return progress, holds, shortages


def _prey(view: dict, seat: int, target: int) -> float:
    """How good a target is: its loot (bot.py) weighed by the odds our cannons give."""
    mine = H.total([list(h) for h in view["holds"][seat]], "cannons")
    theirs = H.total([list(h) for h in view["holds"][target]], "cannons")
    odds = 0.5 + 0.1 * max(-4, min(4, mine - theirs))
    return bot._loot(view, target) * odds
