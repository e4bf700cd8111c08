"""Fast reads of a *determinised* State for search: the evaluation and the playout policy.

The engine's public reads of a whole position (``to_json``, ``player_view``) cost ~0.6-1 ms; a
search evaluates thousands of positions a second, so this module reads the State's live arrays
(pieces, ships, coins, scores, whose turn) through ``State.search_arrays()`` (rules/jackal/reads.py:
one call, no copies). It is only ever given states a bot built itself from its seat's knowledge
(knowledge.Determiniser), never the real game. tests/rules/test_bots.py checks these reads
against the documented position JSON.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from rules.jackal import Coord, Move, State
from rules.jackal.geometry import SEA_NEIGHBOURS
from rules.jackal.moves import FIRST_CHARACTER, K_AGREE, K_SHIP

N = 169
_XY = [(Coord.of(c).x, Coord.of(c).y) for c in range(N)]
# Chebyshev distance: the number of single steps between two squares, ignoring the terrain.
DIST = [[max(abs(ax - bx), abs(ay - by)) for (bx, by) in _XY] for (ax, ay) in _XY]
LAND = [
    0 < x < 12 and 0 < y < 12 and (x, y) not in ((1, 1), (1, 11), (11, 1), (11, 11)) for x, y in _XY
]


def _sea_steps(start: int) -> list[int]:
    """Swimming moves from ``start`` to every square of the sea (land: 99)."""
    row = [99] * N
    row[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            for t in SEA_NEIGHBOURS[c]:
                if row[t] == 99:
                    row[t] = row[c] + 1
                    nxt.append(t)
        frontier = nxt
    return row


# A swimmer's way to a ship is along the sea ring, not the straight line: along one side of the
# island every square is as far from a ship round the corner by the straight line, and a logged
# swimmer went D13-C13-D13-E13 for 100 plies (SEA_WAY; the straight line when False).
SEA_WAY = True
SEA = [_sea_steps(c) if not LAND[c] else None for c in range(N)]

# code -> (origin, target, drags a coin, kind) from the public Move type, decoded once.
_DECODED: dict[int, tuple[int, int, bool, str]] = {}


def decode(code: int) -> tuple[int, int, bool, str]:
    d = _DECODED.get(code)
    if d is None:
        m = Move(code)
        o, t = m.origin, m.target
        d = (o.cell if o else -1, t.cell if t else -1, m.with_coin, m.kind)
        if len(_DECODED) < 500_000:
            _DECODED[code] = d
    return d


_PIECE = 15 << 3  # the piece field of a packed move (rules/jackal/moves.py)


def distinct_codes(s: State, codes: list[int]) -> list[int]:
    """``codes`` less the moves of a pirate that has a twin: another pirate of the crew to act on
    the same square in the same state (spinner step, trap, rum), whose move is the same move. Two
    or three pirates aboard the ship, or dead, or standing together are the rule, not the
    exception, and a search that tells them apart spends its budget two or three times on one
    move (measured: the first disembark split 744/653/576 visits over W1, W2, W3). A move is only
    dropped when its twin's is in ``codes``, so nothing legal is ever lost for good."""
    a = s.search_arrays()
    pc, step, trap, drunk = a.pieces, a.step, a.trap, a.drunk
    seen: dict[tuple[int, int, int, int], int] = {}
    twin: dict[int, int] = {}
    for p in a.members[a.crew_to_act]:
        if p >= FIRST_CHARACTER:  # a character is a piece of its own kind
            continue
        key = (pc[p], step[p], trap[p], drunk[p])
        q = seen.get(key)
        if q is None:
            seen[key] = p
        else:
            twin[p] = q
    if not twin:
        return codes
    present = set(codes)
    out = []
    for code in codes:
        kind = code & 7
        p = (code & _PIECE) >> 3
        twin_move = (code & ~_PIECE) | twin[p] << 3 if p in twin else -1
        if kind != K_SHIP and kind != K_AGREE and twin_move in present:
            continue
        out.append(code)
    return out


def team_of_seat(s: State, seat: int) -> int:
    return s.team_of(seat)


def acting_team(s: State) -> int:
    """The team whose interest the decision now serves (under smoke: the deciding seat's)."""
    seat = s.to_act()
    return -1 if seat is None else s.team_of(seat)


class Weights(NamedTuple):
    """The evaluation's weights, in coins. ``EASY`` is the easy bot's; ``STRONG`` (the search
    bots') prices a pirate by the coins still to fetch, since a crew that lost a pirate early
    fetches fewer for the rest of the game (measured: search bots lost whole crews to ogres and
    enemy ships at 0.15 a pirate), halves a trapped one, fears a swim next to an enemy ship and
    pulls a swimmer back towards its team's nearest ship."""

    pirate: float = 0.15  # a live pirate
    pirate_share: float = 0.0  # plus this much times the share of the coins still in play
    trapped: float = 1.0  # a trapped or lost pirate counts this fraction of a free one
    sea_risk: float = 0.0  # a pirate in the water next to an enemy ship loses this fraction
    swim: float = 0.0  # a pirate in the water loses this much a step from its team's nearest ship
    # The coins (the same for both until bench/eval_screen.py shows better values):
    held: float = 0.6  # a coin a pirate of the team stands on
    held_step: float = 0.03  # ... less this much a step from its ship
    stack: float = 0.12  # ... plus this much for each further coin on the square
    at_risk: float = 0.25  # ... less this much with an enemy pirate next to it
    loose: float = 0.25  # a coin no pirate of the team stands on, over (1 + the nearest's steps)
    ashore: float = 0.05  # a pirate on land (not aboard, not swimming)


EASY = Weights()
ALLIED = True  # the search bots count a coin's way home to the nearest ship of its team
STRONG = Weights(pirate=0.15, pirate_share=1.2, trapped=0.5, sea_risk=0.7, swim=0.03)


def coins_by_square(a) -> tuple[dict[int, int], dict[int, int]]:
    """From a State's search arrays: the coins on each square (the galleon's chest counts 3, a
    coin being dragged counts where it is), and for a spinner's squares the furthest step its
    coins have reached (a coin at step s has s-1 fewer steps to cross)."""
    coin_cells: dict[int, int] = {}
    lead: dict[int, int] = {}
    for key, n in a.coins.items():
        cell = key >> 3
        coin_cells[cell] = coin_cells.get(cell, 0) + n
        if key & 7:
            lead[cell] = max(lead.get(cell, 0), key & 7)
    if a.chest >= 0:
        coin_cells[a.chest >> 3] = coin_cells.get(a.chest >> 3, 0) + 3
    if a.dragged:
        cell, n = a.dragged
        coin_cells[cell] = coin_cells.get(cell, 0) + n
    return coin_cells, lead


def team_values(s: State, w: Weights = EASY, carry=None) -> dict[int, float]:
    """A heuristic worth per team, in coins: banked coins count 1, a coin held by one of the
    team's pirates counts more the nearer its ship, loose coins draw the nearest pirate, live
    pirates (``w``) and pirates ashore count a little, and a held coin next to an enemy is at
    risk.

    A search calls this once an iteration (a quarter of its time, profiled), so the loops are
    written out: each team's pieces are gathered once, not once per crew and coin."""
    a = s.search_arrays()
    pc = a.pieces
    seat_team, owner, members = a.seat_team, a.owner, a.members
    coin_cells, lead = coins_by_square(a)
    ships, scores = a.ships, a.scores
    crews = []
    team_cells: dict[int, list[int]] = {}
    team_ships: dict[int, list[int]] = {}  # per team, its crews' ships (own and allied)
    for c in a.order:
        team = seat_team[owner[c]]
        mine = [pc[p] for p in members[c] if pc[p] >= 0]
        crews.append((c, team, mine))
        team_cells.setdefault(team, []).extend(mine)
        team_ships.setdefault(team, []).append(ships[c])
    coins = list(coin_cells.items())
    pirate = w.pirate + w.pirate_share * a.island / (a.total or 1)
    plain = w is EASY
    ashore, loose = w.ashore, w.loose
    values: dict[int, float] = {}
    for c, team, mine in crews:
        v = float(scores[c]) + pirate * len(mine)
        if not plain:
            trap = a.trap
            for p in members[c]:
                if pc[p] >= 0 and trap[p]:
                    v -= (1.0 - w.trapped) * pirate
            if w.sea_risk or w.swim:
                ship = ships[c]
                foes = [ships[d] for d in a.order if seat_team[owner[d]] != team]
                friends = team_ships[team]
                for cell in mine:
                    if not LAND[cell] and cell != ship:
                        row = DIST[cell]
                        if any(row[f] <= 1 for f in foes):
                            v -= w.sea_risk * pirate
                        # A swimmer fetches nothing until it is aboard again: without this pull
                        # a pirate that fled into the sea stayed there for 300 plies (measured,
                        # four players), every square of water looking alike to the search.
                        if SEA_WAY:
                            v -= w.swim * min(SEA[f][cell] for f in friends)
                        else:
                            v -= w.swim * min(row[f] for f in friends)
        for cell in mine:
            if LAND[cell]:
                v += ashore
        if coins:
            # Home: the crew's own ship, or for the search bots any ship of the team (a pirate
            # may bank a coin on an allied ship, ruling 2; in 1 v 1 each player has two crews).
            home_ships = [ships[c]] if plain or not ALLIED else team_ships[team]
            enemies = [x for t, cells in team_cells.items() if t != team for x in cells]
            for cell, n in coins:
                row = DIST[cell]
                near = 13
                for m in mine:
                    d = row[m]
                    if d < near:
                        near = d
                if near == 0:
                    # carry (carry.Carry, the search bots'): steps over squares a coin may
                    # cross; else the straight line.
                    if carry is None:
                        home = min(row[h] for h in home_ships)
                    else:
                        # A ship sails only with a pirate of the team aboard (ruling 1).
                        aboard = team_cells[team]
                        step = lead.get(cell, 0)
                        home = min(
                            carry.steps(cell, h, a.face_up, h in aboard, step) for h in home_ships
                        )
                    held = w.held - w.held_step * home + w.stack * (n - 1)
                    for e in enemies:
                        if row[e] <= 1:
                            held -= w.at_risk
                            break
                    v += held
                else:
                    v += (n if n < 3 else 3) * loose / (1 + near)
        values[team] = values.get(team, 0.0) + v
    return values


def rewards(s: State, w: Weights = EASY, carry=None) -> dict[int, float]:
    """Per team, in [0, 1]: the result if the game is over, else a squashed heuristic margin
    (``team_values`` with weights ``w`` and, if given, carry.Carry's steps home)."""
    if s.is_over():
        a = s.search_arrays()
        totals: dict[int, int] = {}
        for c in a.order:
            team = a.seat_team[a.owner[c]]
            totals[team] = totals.get(team, 0) + a.scores[c]
        best = max(totals.values())
        winners = [t for t, v in totals.items() if v == best]
        return {t: (1.0 / len(winners) if t in winners else 0.0) for t in totals}
    return squashed(team_values(s, w, carry))


def squashed(values: dict[int, float]) -> dict[int, float]:
    """Per team, its worth's margin over the best other team squashed into [0, 1]."""
    out = {}
    for t, v in values.items():
        other = max((w for u, w in values.items() if u != t), default=0.0)
        out[t] = 1.0 / (1.0 + math.exp(-(v - other) / 1.5))
    return out


def move_score(s: State, code: int) -> float:
    """How promising a move looks at a glance (playouts and expansion order): bring coins home,
    pick coins up, attack, explore; sailing the ship about is rarely useful."""
    o, t, coin, kind = decode(code)
    if t < 0:
        return 0.0
    a = s.search_arrays()
    c = a.crew_to_act
    ship = a.ships[c]
    score = 0.0
    if coin:
        score += 3.0 + 0.4 * (DIST[o][ship] - DIST[t][ship])
        if t == ship:
            score += 10.0
    if kind == "ship":
        return score - 0.5
    if a.occupied[t] & a.enemy[c]:
        score += 1.5
    if LAND[t]:
        if not a.face_up[t]:
            score += 0.8
        elif not coin and a.coins.get(t << 3):
            score += 1.2
        if o >= 0 and not LAND[o]:
            score += 0.3
    return score


def best_move(s: State, codes, rng) -> int:
    """The best-looking of ``codes`` by move_score, with a little seeded noise to vary
    playouts. move_score inlined: this loop is most of a playout's own cost (profiled)."""
    a = s.search_arrays()
    c = a.crew_to_act
    dship = DIST[a.ships[c]]
    ship = a.ships[c]
    occ = a.occupied
    enemy = a.enemy[c]
    up = a.face_up
    coins = a.coins
    noise = rng.random
    best, best_code = -1e9, codes[0]
    get = _DECODED.get
    for code in codes:
        d = get(code) or decode(code)
        o, t, coin, kind = d
        score = noise() * 0.5
        if t >= 0:
            if coin:
                score += 3.0 + 0.4 * (dship[o] - dship[t])
                if t == ship:
                    score += 10.0
            if kind == "ship":
                score -= 0.5
            else:
                if occ[t] & enemy:
                    score += 1.5
                if LAND[t]:
                    if not up[t]:
                        score += 0.8
                    elif not coin and coins.get(t << 3):
                        score += 1.2
                    if o >= 0 and not LAND[o]:
                        score += 0.3
        if score > best:
            best, best_code = score, code
    return best_code


def look_move(s: State, codes, rng) -> int:
    """The move the easy bot would most likely make here: one ply ahead, the one after which the
    acting team's worth with easy's weights is furthest above the best other team's (ties by
    the seeded rng). A search's opponent model (ismcts.OPPONENT_POLICY): it picks what `easy`
    picks about three times in four where best_move does not half the time
    (docs/bots.md), at some 14 times best_move's cost (each move applied and scored)."""
    team = acting_team(s)
    best, best_code = -1e9, codes[0]
    noise = rng.random
    for code in codes:
        after = s.copy()
        after.apply_code(code)
        values = team_values(after, EASY)
        mine = values.get(team, 0.0)
        other = max((v for t, v in values.items() if t != team), default=0.0)
        value = mine - other + noise() * 1e-6
        if value > best:
            best, best_code = value, code
    return best_code
