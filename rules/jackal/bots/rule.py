"""The ``rules`` bot: a priority list, no search; the arena's sparring partner and the search's
play-out policy.

Every move is judged by the square its piece finally ends on (after arrows, horses, ice,
crocodiles, a cannon's shot, an ogre) and by what it did on the way (a coin banked, an enemy sent
home, a trapped friend freed), and the move is taken by the first rule that applies, highest tier
first (``TIERS``):

revive > bank a coin > free a trapped friend > carry a coin strictly nearer home onto a square no
enemy can reach next move > board the ship from the water > hit an enemy > stand on loose coins >
swim towards the ship > step towards the nearest coins > turn a face-down square > step towards
the nearest face-down square > anything else; never (below everything) a move that dies, is
trapped or lost in a cave, is shot into the sea, lands on a known rum barrel (unless it banks).

Where a move ends is worked out on a position the bot builds from its seat's knowledge with
every face-down square made empty (``blank``): a step onto a face-down square is judged as
"turn it over" and never by a guess at what lies there, so nothing hidden is read. A step onto
a face-up square whose tile does not move or hold the piece is read straight off the arrays
(most moves); the others are played on a copy to see where the piece comes to rest (about
0.1 ms each).

``rule_code`` also plays any State a search built (a determinisation): there the state is the
search's own guess, and ``noise`` makes the play-out vary.
"""

from __future__ import annotations

import random

from rules.jackal import Move, State
from rules.jackal.moves import K_AGREE, K_REVIVE, K_SHIP, K_SPIN
from rules.jackal.tiles import (
    ARROW,
    BALLOON,
    CANNON,
    CAVE,
    CROCODILE,
    HORSE,
    ICE,
    OGRE,
    PLANE,
    RUM,
    SPINNER,
    TRAP,
)

from .carry import DETOUR, NEIGHBOURS, Carry
from .knowledge import Knowledge, moves_of_play
from .probe import DIST, LAND, SEA, decode, distinct_codes, move_score

# The tiers, best first; a move's score is its tier plus a fraction for how well it does there.
TIERS = {
    "revive": 100,
    "bank": 90,
    "free": 80,
    "carry": 70,
    "board": 65,
    "hit": 60,
    "open": 55,  # turn a face-down square on the way home of a coin with no known way
    "coins": 50,
    "swim": 45,
    "to_coins": 40,
    "explore": 30,
    "hold": 25,  # a coin carried no nearer home, but safe: after exploring (a way home opens)
    "to_unknown": 20,
    "other": 10,
    "decision": 5,  # bottles, peeks, earthquakes: by the glance (probe.move_score)
    "ship": 2,  # sailing: rarely worth a move unless nothing else is
    "waste": -20,  # known rum, or a coin carried onto a square an enemy can reach
    "shot": -40,  # a cannon's shot into the sea
    "held": -50,  # trapped or lost in a cave
    "dead": -100,
}
# Tiles whose effect the bot plays out on a copy to see where the piece rests and how.
MOVING = frozenset((ARROW, HORSE, ICE, CROCODILE, CANNON, BALLOON, PLANE, OGRE, TRAP, CAVE))
FAR = 30
CHOICES = 3  # a chain's further choices looked through
LEAVE = 15.0  # walking off a coin without it, unless it banks, frees or hits


def blank(knowledge: Knowledge) -> State:
    """The seat's position with every face-down square it has not peeked at made empty: what a
    player knows, and nothing else (its own lighthouse peeks are its to use)."""
    pos = dict(knowledge.position)
    tiles = dict(pos["tiles"])
    tiles.update(knowledge.view.peeked or {})
    for cell in knowledge.view.cells:
        if cell.get("face_down") and cell["coord"] not in tiles:
            tiles[cell["coord"]] = "empty"
    pos["tiles"] = tiles
    return State.from_json(pos)


class Reader:
    """The facts of one position the rules read for every move: the crew acting, its team's
    ships and pieces, the enemies' pieces, loose coins and the squares still face down."""

    __slots__ = (
        "a", "crew", "team", "homes", "enemies", "foe_cells", "loose", "unknown", "carry",
        "trapped", "score", "mine", "coin_cells", "blocked", "stands",
    )  # fmt: skip

    def __init__(self, s: State, carry: Carry | None) -> None:
        a = self.a = s.search_arrays()
        c = self.crew = a.crew_to_act
        team = self.team = a.seat_team[a.owner[c]]
        pc = a.pieces
        self.homes = [a.ships[d] for d in a.order if a.seat_team[a.owner[d]] == team]
        self.mine = [p for d in a.order if a.seat_team[a.owner[d]] == team for p in a.members[d]]
        foes = [p for d in a.order if a.seat_team[a.owner[d]] != team for p in a.members[d]]
        # An enemy can reach a square next move from land or from its ship, not from the water.
        foe_ships = {a.ships[d] for d in a.order if a.seat_team[a.owner[d]] != team}
        self.enemies = [
            pc[p]
            for p in foes
            if pc[p] >= 0 and (LAND[pc[p]] or pc[p] in foe_ships) and not a.trap[p]
        ]
        self.foe_cells = {pc[p] for p in foes if pc[p] >= 0}
        held = {pc[p] for p in self.mine if pc[p] >= 0}
        self.coin_cells = {key >> 3 for key in a.coins}
        self.loose = [cell for cell in self.coin_cells if cell not in held]
        self.unknown = [t for t in range(len(a.face_up)) if LAND[t] and not a.face_up[t]]
        self.carry = carry
        # Own pirates per square (one may walk off a coin another still stands on), and the
        # coins they stand on with no known way home (face-down squares in the way: a pirate
        # with a coin may not step onto one, so others must turn them first).
        self.stands: dict[int, int] = {}
        for p in self.mine:
            if pc[p] >= 0:
                self.stands[pc[p]] = self.stands.get(pc[p], 0) + 1
        self.blocked = []
        for cell in held & self.coin_cells:
            if LAND[cell] and carry is not None:
                home = min(self.homes, key=lambda h: DIST[cell][h])
                if self.home_steps(cell, a.face_up) >= DIST[cell][home] + DETOUR:
                    self.blocked.append((cell, home))
        self.trapped = sum(1 for p in self.mine if pc[p] >= 0 and a.trap[p])
        self.score = sum(a.scores[d] for d in a.order if a.seat_team[a.owner[d]] == team)

    def home_steps(self, cell: int, up) -> int:
        if self.carry is None:
            return min(DIST[cell][h] for h in self.homes)
        return min(self.carry.steps(cell, h, up) for h in self.homes)

    def threatened(self, cell: int) -> bool:
        row = DIST[cell]
        return any(row[e] <= 1 for e in self.enemies)


def _nearest(cell: int, targets: list[int]) -> int:
    row = DIST[cell]
    return min((row[t] for t in targets), default=FAR)


def judge(s: State, r: Reader, code: int, depth: int = 0, start: int = -1) -> float:
    """The move's score: its tier (TIERS) plus a fraction below the next tier. A move that
    leaves the piece a choice (an arrow of several ways, a horse) is worth its best choice, up
    to CHOICES deep, judged from where the move began (``start``)."""
    k = code & 7
    if k == K_REVIVE:
        return TIERS["revive"]
    if k == K_AGREE:
        return TIERS["decision"] + min(move_score(s, code), 4.0)
    o, t, coin, _ = decode(code)
    if start >= 0:
        o = start
    if k == K_SHIP:
        return TIERS["ship"] + 0.1 * _ship_help(r, t)
    a = r.a
    p = code >> 3 & 15
    if t < 0:
        return TIERS["other"]
    if k == K_SPIN:
        # A step further across a spinner: with a coin, a step home (the count of carry.py
        # takes the steps crossed off) unless an enemy waits beside it; else a move on.
        if coin:
            safe = not r.threatened(t)
            return (TIERS["carry"] if safe else TIERS["waste"]) + 0.05
        return TIERS["other"] + 0.5
    tile = s.face_up_tile(t)[0] if a.face_up[t] and LAND[t] else -1
    if tile in MOVING:
        after = s.copy()
        after.apply_code(code)
        b = after.search_arrays()
        final = b.pieces[p]
        if final < 0:
            return TIERS["dead"]
        if b.trap[p] and not a.trap[p]:
            return TIERS["held"]
        if LAND[o] and not LAND[final] and final not in r.homes:
            return TIERS["shot"] + (0 if coin else 5)
        if sum(b.scores[d] for d in b.order if b.seat_team[b.owner[d]] == r.team) > r.score:
            return TIERS["bank"]
        free = sum(1 for q in r.mine if b.pieces[q] >= 0 and b.trap[q])
        if free < r.trapped:
            return TIERS["free"]
        chain = after.to_act() == s.to_act() and after.pending is not None
        if chain and depth < CHOICES:
            nxt = Reader(after, r.carry)
            return max(judge(after, nxt, c, depth + 1, o) for c in after.legal_codes())
        return _placed(r, o, final, coin, tile, b.face_up, chain)
    if coin and t in r.homes:
        return TIERS["bank"]
    if coin and LAND[t] and (not a.face_up[t] or t in r.foe_cells):
        # Forced with a coin onto a face-down square or an enemy (an arrow's choice): the
        # pirate may not end there, so it dies and the coin goes back (ruling 5). A step of
        # play never offers either.
        return TIERS["dead"]
    if t in r.foe_cells and LAND[t] and not coin:
        return TIERS["hit"] + 0.5
    for q in r.mine:
        if a.pieces[q] == t and a.trap[q]:
            return TIERS["free"]
    return _placed(r, o, t, coin, tile, a.face_up, False)


def _placed(r: Reader, o: int, final: int, coin: bool, tile: int, up, chain: bool) -> float:
    """A move whose piece comes to rest on ``final`` (``chain``: its turn goes on, so the
    square is only a step of the way); less LEAVE if it walks off a coin empty-handed."""
    v = _rest(r, o, final, coin, tile, up, chain)
    if not coin and o in r.coin_cells and LAND[o] and r.stands.get(o, 0) < 2 and v < TIERS["bank"]:
        v -= LEAVE
    return v


def _rest(r: Reader, o: int, final: int, coin: bool, tile: int, up, chain: bool) -> float:
    if final in r.homes:
        if coin:
            return TIERS["bank"]
        if not LAND[o]:
            return TIERS["board"]
        return TIERS["other"] - 1.0  # back aboard empty-handed: a wasted move
    if final == o and not chain:
        return TIERS["other"] - 3.0  # back where it was (a crocodile, ice into a wall)
    if not LAND[final]:  # in the water
        if LAND[o]:
            return TIERS["other"] - 2.0
        # Swimming: towards the nearest ship of the team, round the sea.
        before = min(SEA[o][h] if SEA[o] else FAR for h in r.homes)
        after = min(SEA[final][h] if SEA[final] else FAR for h in r.homes)
        return TIERS["swim"] + 0.1 * (before - after)
    if tile == RUM and not coin:
        return TIERS["waste"]
    if coin:
        before = r.home_steps(o, up) if LAND[o] else 0
        after = r.home_steps(final, up)
        if after < before and not r.threatened(final):
            return TIERS["carry"] + 0.1 * (before - after) - 0.001 * after
        if chain:
            return TIERS["carry"] - 1.0
        if not r.threatened(final):
            # No step nearer: still better to keep the coin in hand than to leave it.
            return TIERS["hold"] + 0.1 * (before - after)
        return TIERS["waste"] + 0.1 * (before - after)
    spin = 0.5 if tile == SPINNER else 0.0  # a spinner costs turns: a little less attractive
    if final in r.coin_cells and final != o:
        return TIERS["coins"] - spin
    if r.loose:
        before = _nearest(o, r.loose) if LAND[o] else _nearest(o, r.loose) + 1
        after = _nearest(final, r.loose)
        if after < before:
            return TIERS["to_coins"] + 0.1 * (before - after) - 0.01 * after - spin
    if not up[final]:
        for cell, home in r.blocked:
            if DIST[final][home] < DIST[cell][home] and DIST[final][cell] <= DIST[cell][home]:
                return TIERS["open"] + 0.1 * _frontier(final, up)
        return TIERS["explore"] + 0.1 * _frontier(final, up)
    if r.unknown:
        before = _nearest(o, r.unknown)
        after = _nearest(final, r.unknown)
        if after < before:
            return TIERS["to_unknown"] - 0.01 * after - spin
    return TIERS["other"] - spin


def _frontier(cell: int, up) -> int:
    """Face-down squares around ``cell``: turning tiles where more are to be turned."""
    return sum(1 for t in NEIGHBOURS[cell] if LAND[t] and not up[t])


def _ship_help(r: Reader, berth: int) -> float:
    """A ship's move is worth something when it comes to a pirate of the team on a coin."""
    a = r.a
    held = [a.pieces[p] for p in r.mine if a.pieces[p] in r.coin_cells]
    return 1.0 if any(DIST[berth][c] <= 1 for c in held) else 0.0


def rule_code(
    s: State, codes: list[int], rng: random.Random, carry: Carry | None = None, noise: float = 0.0
) -> int:
    """The rules' move among ``codes`` (the state's own legal codes): the best-judged one, ties
    by ``rng``; with probability ``noise`` a uniformly random one (a search's play-outs)."""
    if noise and rng.random() < noise:
        return codes[rng.randrange(len(codes))]
    r = Reader(s, carry)
    best, best_codes = -1e9, []
    for code in codes:
        v = judge(s, r, code)
        if v > best + 1e-9:
            best, best_codes = v, [code]
        elif v > best - 1e-9:
            best_codes.append(code)
    return best_codes[0] if len(best_codes) == 1 else rng.choice(best_codes)


def choose_move(knowledge: Knowledge, rng: random.Random) -> str:
    """The rules bot's move (notation) from the seat's knowledge alone."""
    playable = moves_of_play(knowledge.view)
    if not playable:
        raise ValueError("this view has no legal moves: it is not this seat's turn")
    if len(playable) == 1:
        return playable[0]
    s = blank(knowledge)
    legal = {Move.parse(m).code: m for m in playable}
    codes = distinct_codes(s, sorted(legal))
    carry = Carry(knowledge.position["tiles"])
    return legal[rule_code(s, codes, rng, carry)]
