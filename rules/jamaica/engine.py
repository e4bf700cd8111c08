"""A round: the captain's dice, the cards resolved in order from the captain, each symbol, the
arrival on a square (a fight, see fights.py), its cost and a shortage, lairs, loading, the
refill of the hands and the compass passing on. The steps run through flow.py's queue.

Every roll comes from ``game.roll`` (the seed, the ply and a counter), never from anything else.
"""

from __future__ import annotations

from . import holds as H
from . import track, treasures
from .actions import ADVANCE, BACK, HAND_SIZE, LOADS, MAP_HAND_SIZE
from .fights import gain
from .flow import handles, run, wait

# -- the round ------------------------------------------------------------------------------------


def start_round(game, events: list[dict]) -> None:
    """The captain rolls the two action dice; with a double there is no order to choose."""
    dice = [game.roll("dice", 6) + 1, game.roll("dice", 6) + 1]
    game.dice = dice
    events.append({"kind": "dice", "round": game.round, "captain": game.captain, "dice": dice})
    if dice[0] == dice[1]:
        game.morning = game.evening = dice[0]
        game.phase = "choose"
    else:
        game.morning = game.evening = None
        game.phase = "order"
        game.pending = {"kind": "order", "seat": game.captain}


def begin_resolution(game, events: list[dict]) -> None:
    """Every card is in: resolve them in order from the captain, then end the round."""
    game.phase = "resolve"
    order = [(game.captain + k) % game.seats for k in range(game.seats)]
    game.queue = [{"do": "card", "seat": s} for s in order] + [{"do": "end_round"}]
    run(game, events)


@handles("card")
def _card(game, step, events):
    seat = step["seat"]
    card = game.chosen[seat]
    game.revealed[seat] = card
    events.append({"kind": "reveal", "seat": seat, "card": card})
    game.queue[0:0] = [
        {"do": "symbol", "seat": seat, "symbol": card[0], "die": game.morning, "time": "morning"},
        {"do": "symbol", "seat": seat, "symbol": card[1], "die": game.evening, "time": "evening"},
    ]


@handles("symbol")
def _symbol(game, step, events):
    seat, symbol, die = step["seat"], step["symbol"], step["die"]
    if symbol in LOADS:
        game.queue.insert(0, {"do": "load", "seat": seat, "kind": LOADS[symbol], "n": die})
    elif symbol == ADVANCE:
        move(game, seat, die, events)
    elif symbol == BACK:
        move(game, seat, -die, events)


def move(game, seat: int, delta: int, events: list[dict]) -> None:
    start = game.progress[seat]
    if start + delta >= track.FINISH:
        # The race is run: the ship stops at Port Royal and its turn ends at once.
        game.progress[seat] = track.FINISH
        game.race_over = True
        events.append({"kind": "move", "seat": seat, "from": start, "to": track.FINISH})
        events.append({"kind": "finish", "seat": seat})
        game.queue = [s for s in game.queue if not (s["do"] == "symbol" and s["seat"] == seat)]
        return
    end = max(start + delta, track.FLOOR)
    game.progress[seat] = end
    events.append({"kind": "move", "seat": seat, "from": start, "to": end})
    game.queue.insert(0, {"do": "arrive", "seat": seat})


def rivals(game, seat: int) -> list[int]:
    """The other ships on the square where ``seat`` ended its move (none at Port Royal)."""
    square = track.square_of(game.progress[seat])
    if square == track.PORT_ROYAL:
        return []
    return [
        other
        for other in range(game.seats)
        if other != seat and track.square_of(game.progress[other]) == square
    ]


@handles("arrive")
def _arrive(game, step, events):
    seat = step["seat"]
    others = rivals(game, seat)
    if not others:
        game.queue.insert(0, {"do": "pay", "seat": seat})
        return
    target = step.get("target")
    if target is None:
        if len(others) > 1:
            wait(game, step, {"kind": "attack", "seat": seat, "options": others})
            return
        target = others[0]
    game.queue[0:0] = [
        {"do": "fight", "att": seat, "def": target, "stage": "att_cannons"},
        {"do": "pay", "seat": seat},
    ]


# -- costs, lairs, loading ------------------------------------------------------------------------


def can_pay(game, seat: int, progress: int) -> bool:
    kind, cost = track.cost_of(progress)
    return kind is None or H.total(game.holds[seat], kind) >= cost


@handles("pay")
def _pay(game, step, events):
    seat = step["seat"]
    progress = game.progress[seat]
    square = track.square_of(progress)
    if track.kind_of(progress) == track.LAIR:
        if square in game.lairs:
            game.lairs.remove(square)
            draw_treasure(game, seat, events)
        return
    kind, cost = track.cost_of(progress)
    if kind is None:
        return
    have = H.total(game.holds[seat], kind)
    if have >= cost:
        H.take(game.holds[seat], kind, cost)
        events.append({"kind": "pay", "seat": seat, "tokens": kind, "n": cost})
        return
    # Shortage: pay what one can, then go back to the first square one can pay in full (a ship
    # already as far back as it may go stays there, J2).
    H.take(game.holds[seat], kind, have)
    back = max(progress - 1, track.FLOOR)
    while back > track.FLOOR and not can_pay(game, seat, back):
        back -= 1
    game.progress[seat] = back
    events.append(
        {"kind": "shortage", "seat": seat, "tokens": kind, "n": have, "from": progress, "to": back}
    )
    if back != progress:
        game.queue.insert(0, {"do": "arrive", "seat": seat})


def draw_treasure(game, seat: int, events: list[dict]) -> None:
    if not game.treasure_deck:
        return
    card = game.treasure_deck.pop(0)
    gain(game, seat, card)
    if treasures.is_power(card):
        events.append({"kind": "treasure", "seat": seat, "card": card})
    else:
        events.append({"kind": "treasure", "seat": seat})  # face down: nobody else sees it


@handles("load")
def _load(game, step, events):
    seat, kind, n = step["seat"], step["kind"], step["n"]
    if n <= 0:
        return
    index = step.get("hold")
    if index is None:
        options = H.load_options(game.holds[seat], kind)
        if not options:
            events.append({"kind": "load lost", "seat": seat, "tokens": kind, "n": n})
            return
        if len(options) > 1:
            wait(
                game,
                step,
                {
                    "kind": "hold",
                    "seat": seat,
                    "tokens": kind,
                    "n": n,
                    "options": [i + 1 for i in options],
                },
            )
            return
        index = options[0]
    thrown_kind, thrown = H.load(game.holds[seat], index, kind, n)
    event = {"kind": "load", "seat": seat, "tokens": kind, "n": n, "hold": index + 1}
    if thrown:
        event.update(thrown=thrown, thrown_tokens=thrown_kind)
    events.append(event)


# -- end of the round -----------------------------------------------------------------------------


def hand_size(game, seat: int) -> int:
    return MAP_HAND_SIZE if treasures.MAP in game.treasures[seat] else HAND_SIZE


def refill(game, seat: int, events: list[dict]) -> None:
    drawn = 0
    while len(game.hands[seat]) < hand_size(game, seat):
        if not game.decks[seat]:
            if not game.discards[seat]:
                break
            deck = game.discards[seat]
            game.discards[seat] = []
            for i in range(len(deck) - 1, 0, -1):
                j = game.roll(f"deck {seat}", i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            game.decks[seat] = deck
            events.append({"kind": "reshuffle", "seat": seat})
        game.hands[seat].append(game.decks[seat].pop(0))
        drawn += 1
    if drawn:
        events.append({"kind": "draw", "seat": seat, "n": drawn})


@handles("end_round")
def _end_round(game, step, events):
    for seat in range(game.seats):
        game.discards[seat].append(game.chosen[seat])
    game.chosen, game.revealed = {}, {}
    for seat in range(game.seats):
        refill(game, seat, events)
    if game.race_over:
        game.phase = "over"
        game.morning = game.evening = None
        events.append({"kind": "over", "scores": {str(s): v for s, v in game.scores().items()}})
        return
    game.captain = (game.captain + 1) % game.seats
    game.round += 1
    start_round(game, events)
