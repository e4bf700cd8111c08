"""The classic Jackal engine: a game state, its legal moves, and applying a move.

Design for speed (search bots run millions of plies): the board is flat lists indexed by cell
(0..168), tiles are small ints, pirates are indices 0..11 (crew * 3 + n), "who stands here" is a
bit mask per cell, and moves are packed ints (see moves.py). ``Move`` objects, events and text are
built only on the public, validating path; bots use ``legal_codes()`` / ``apply_code()`` and
``copy()``.

A turn is one action; forced movement (arrows, ice, crocodile, ...) runs as a chain inside it. When
the chain meets a choice (an arrow with several heads, a horse, the plane, ice after a horse or a
flight) the state holds a *pending choice* for the same crew; each decision is its own ply.
"""

from __future__ import annotations

from .errors import IllegalMove, JackalError
from .events import Event
from .geometry import (
    BERTH_MOVES,
    CANNON_DEST,
    CELL_BY_NAME,
    DIR_TO,
    FRONT,
    KNIGHT,
    LAND,
    LAND_CELLS,
    NAMES,
    NEIGHBOURS,
    SEA_NEIGHBOURS,
    SHIP_START,
    STEP,
)
from .moves import (
    COIN,
    CREW_LETTERS,
    CREWS,
    K_AGREE,
    K_CHOOSE,
    K_FLY,
    K_REVIVE,
    K_SHIP,
    K_SPIN,
    K_STAY,
    K_STEP,
    NONE_CELL,
    Move,
    format_code,
    piece_index,
    piece_name,
)
from .rng import DealRng
from .tiles import (
    ARROW,
    BALLOON,
    CANNON,
    CROCODILE,
    FORTRESS,
    GOLD,
    HORSE,
    ICE,
    MASK_DIRS,
    NATIVE,
    OGRE,
    PLANE,
    RUM,
    SEA,
    SPINNER,
    SPINNER_NAMES,
    STOPPABLE,
    TRAP,
    classic_deck,
    format_tile,
    orient,
    parse_tile,
    tile_name,
)

RULESETS = ("classic",)
POSITION_FORMAT = "jackal-position"
POSITION_VERSION = 1
QUIET_ROUNDS = 40  # ruling 20: rounds without a reveal or a coin leaving the island

# Pending choices.
P_NONE, P_ARROW, P_KNIGHT, P_FLIGHT, P_PLANE = range(5)
PENDING_NAMES = ("", "arrow", "horse", "flight", "plane")
# How a pirate arrived on a cell (ice repeats it): 0..7 a one-cell vector, or these.
MV_KNIGHT, MV_FLIGHT = 8, 9

CREW_MASK = (7, 7 << 3, 7 << 6, 7 << 9)
BITS = tuple(tuple(i for i in range(12) if m >> i & 1) for m in range(4096))
_FORT = (FORTRESS, NATIVE)


class SetupError(JackalError, ValueError):
    """A game cannot be set up like that (unknown ruleset, bad player count, bad position)."""


class Outcome:
    """The result of a finished game.

    ``scores`` maps seat -> coins (a seat playing two crews adds them), ``team_scores`` team ->
    coins, ``ranking`` lists seats best first, seats in one inner list share the place.
    """

    __slots__ = ("scores", "team_scores", "crew_scores", "ranking", "reason")

    def __init__(self, scores, team_scores, crew_scores, ranking, reason) -> None:
        self.scores = scores
        self.team_scores = team_scores
        self.crew_scores = crew_scores
        self.ranking = ranking
        self.reason = reason

    def to_json(self) -> dict:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "team_scores": {str(k): v for k, v in self.team_scores.items()},
            "crew_scores": dict(self.crew_scores),
            "ranking": [list(place) for place in self.ranking],
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, d: dict) -> Outcome:
        return cls(
            {int(k): v for k, v in d["scores"].items()},
            {int(k): v for k, v in d["team_scores"].items()},
            dict(d["crew_scores"]),
            [list(place) for place in d["ranking"]],
            d["reason"],
        )

    def __eq__(self, other) -> bool:
        return isinstance(other, Outcome) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Outcome({self.to_json()!r})"


def _seating(players: int, teams: bool):
    if players not in (2, 3, 4):
        raise SetupError(f"Jackal is played by 2, 3 or 4 players, not {players!r}")
    if teams and players != 4:
        raise SetupError("teams (2 against 2) need exactly 4 players")
    if players == 2:
        return (0, 1, 2, 3), [0, 1, 0, 1]
    if players == 3:
        return (0, 1, 2), [0, 1, 2, -1]
    return (0, 1, 2, 3), [0, 1, 2, 3]


def _name(p: int) -> str:
    return f"{CREWS[p // 3].capitalize()} {p % 3 + 1}"


def _coin_key_name(key: int) -> str:
    cell, step = divmod(key, 8)
    return NAMES[cell] + (f".{step}" if step else "")


def _coin_key_parse(text: str) -> int:
    name, _, step = text.partition(".")
    cell = CELL_BY_NAME.get(name.upper())
    if cell is None or (step and not step.isdigit()):
        raise SetupError(f"bad coin square {text!r}")
    return cell * 8 + (int(step) if step else 0)


class State:
    """A whole game position, hidden tiles included (server side only)."""

    __slots__ = (
        "ruleset",
        "players",
        "teams",
        "seed",
        "ply",
        "_order",
        "_owner",
        "_seat_team",
        "_friend",
        "_enemy",
        "_kind",
        "_arg",
        "_plane",
        "_native",
        "_up",
        "_plane_used",
        "_coins",
        "_pc",
        "_ps",
        "_trap",
        "_drunk",
        "_occ",
        "_ship",
        "_shipc",
        "_score",
        "_sunk",
        "_eaten",
        "_total",
        "_island",
        "_hidden",
        "_turn",
        "_quiet",
        "_over",
        "_reason",
        "_pend",
        "_pp",
        "_popts",
        "_carry",
        "_from_key",
        "_taken",
        "_noisy",
        "_legal",
        "_ev",
    )

    # ------------------------------------------------------------------ set-up

    @classmethod
    def _blank(cls, ruleset: str, players: int, teams: bool, seed: str) -> State:
        if ruleset not in RULESETS:
            raise SetupError(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESETS)}")
        order, owner = _seating(players, bool(teams))
        s = cls.__new__(cls)
        s.ruleset = ruleset
        s.players = players
        s.teams = bool(teams)
        s.seed = str(seed)
        s.ply = 0
        s._order = order
        s._owner = owner
        s._seat_team = [seat % 2 if teams else seat for seat in range(players)]
        crew_team = [s._seat_team[owner[c]] if owner[c] >= 0 else -1 for c in range(4)]
        present = 0
        for c in order:
            present |= CREW_MASK[c]
        s._friend = [0, 0, 0, 0]
        for c in order:
            for d in order:
                if crew_team[d] == crew_team[c]:
                    s._friend[c] |= CREW_MASK[d]
        s._enemy = [present & ~s._friend[c] if c in order else 0 for c in range(4)]
        s._kind = [SEA] * 169
        s._arg = [0] * 169
        s._plane = -1
        s._native = -1
        s._up = bytearray(0 if LAND[c] else 1 for c in range(169))
        s._plane_used = False
        s._coins = {}
        s._pc = [-1] * 12
        s._ps = [0] * 12
        s._trap = [0] * 12
        s._drunk = [0] * 12
        s._occ = [0] * 169
        s._ship = [-1, -1, -1, -1]
        s._shipc = [-1] * 169
        s._score = [0, 0, 0, 0]
        s._sunk = 0
        s._eaten = 0
        s._total = 0
        s._island = 0
        s._hidden = 0
        s._turn = 0
        s._quiet = 0
        s._over = False
        s._reason = None
        s._pend = P_NONE
        s._pp = -1
        s._popts = ()
        s._carry = False
        s._from_key = -1
        s._taken = None
        s._noisy = False
        s._legal = None
        s._ev = None
        for c in order:
            s._ship[c] = SHIP_START[c]
            for p in range(3 * c, 3 * c + 3):
                s._pc[p] = SHIP_START[c]
        return s

    def _deal(self) -> None:
        rng = DealRng(self.seed)
        deck = classic_deck()
        rng.shuffle(deck)
        for cell, (kind, arg) in zip(LAND_CELLS, deck, strict=True):
            self._kind[cell] = kind
            self._arg[cell] = orient(kind, arg, rng.below(4))

    def _rebuild(self) -> None:
        """Recompute the derived tables (occupancy, ship index, coin totals, special cells)."""
        self._plane = self._native = -1
        hidden = 0
        for cell in LAND_CELLS:
            k = self._kind[cell]
            if k == PLANE:
                if self._plane >= 0:
                    raise SetupError("only one plane per island")
                self._plane = cell
            elif k == NATIVE:
                if self._native >= 0:
                    raise SetupError("only one native girl per island")
                self._native = cell
            elif k == GOLD and not self._up[cell]:
                hidden += self._arg[cell]
        self._hidden = hidden
        self._occ = [0] * 169
        for p in range(12):
            if self._pc[p] >= 0:
                self._occ[self._pc[p]] |= 1 << p
        self._shipc = [-1] * 169
        for c in self._order:
            self._shipc[self._ship[c]] = c
        self._island = hidden + sum(self._coins.values()) + (1 if self._carry else 0)
        self._kind = list(self._kind)
        self._arg = list(self._arg)
        self._legal = None

    def copy(self) -> State:
        """A fast independent copy (for bots). The deal is shared: it never changes."""
        s = State.__new__(State)
        s.ruleset = self.ruleset
        s.players = self.players
        s.teams = self.teams
        s.seed = self.seed
        s.ply = self.ply
        s._order = self._order
        s._owner = self._owner
        s._seat_team = self._seat_team
        s._friend = self._friend
        s._enemy = self._enemy
        s._kind = self._kind
        s._arg = self._arg
        s._plane = self._plane
        s._native = self._native
        s._up = self._up[:]
        s._plane_used = self._plane_used
        s._coins = self._coins.copy()
        s._pc = self._pc[:]
        s._ps = self._ps[:]
        s._trap = self._trap[:]
        s._drunk = self._drunk[:]
        s._occ = self._occ[:]
        s._ship = self._ship[:]
        s._shipc = self._shipc[:]
        s._score = self._score[:]
        s._sunk = self._sunk
        s._eaten = self._eaten
        s._total = self._total
        s._island = self._island
        s._hidden = self._hidden
        s._turn = self._turn
        s._quiet = self._quiet
        s._over = self._over
        s._reason = self._reason
        s._pend = self._pend
        s._pp = self._pp
        s._popts = self._popts
        s._carry = self._carry
        s._from_key = self._from_key
        s._taken = None if self._taken is None else {k: set(v) for k, v in self._taken.items()}
        s._noisy = self._noisy
        s._legal = self._legal
        s._ev = None
        return s

    # ------------------------------------------------------------------ seats and crews

    @property
    def crews(self) -> tuple[str, ...]:
        return tuple(CREWS[c] for c in self._order)

    def crew_owner(self, crew: str) -> int:
        c = _crew_index(crew)
        if c not in self._order:
            raise SetupError(f"there is no {crew} crew in this game")
        return self._owner[c]

    def team_of(self, seat: int) -> int:
        if not 0 <= seat < self.players:
            raise SetupError(f"there is no seat {seat!r} in this game")
        return self._seat_team[seat]

    def to_act(self) -> int | None:
        return None if self._over else self._owner[self._order[self._turn]]

    def crew_to_act(self) -> str | None:
        return None if self._over else CREWS[self._order[self._turn]]

    def is_over(self) -> bool:
        return self._over

    def scores(self) -> dict[str, int]:
        return {CREWS[c]: self._score[c] for c in self._order}

    def outcome(self) -> Outcome | None:
        if not self._over:
            return None
        return self._outcome()

    def _outcome(self) -> Outcome:
        seat_scores = {seat: 0 for seat in range(self.players)}
        for c in self._order:
            seat_scores[self._owner[c]] += self._score[c]
        team_scores: dict[int, int] = {}
        for seat, n in seat_scores.items():
            team = self._seat_team[seat]
            team_scores[team] = team_scores.get(team, 0) + n
        by_total: dict[int, list[int]] = {}
        for seat in range(self.players):
            by_total.setdefault(team_scores[self._seat_team[seat]], []).append(seat)
        ranking = [by_total[total] for total in sorted(by_total, reverse=True)]
        return Outcome(seat_scores, team_scores, self.scores(), ranking, self._reason)

    @property
    def pending(self) -> str | None:
        """The kind of chain choice the crew to act must make now, or None."""
        return PENDING_NAMES[self._pend] or None

    def coin_counts(self) -> dict[str, int]:
        """Where the coins are: on the island (face-up tiles and still hidden), dragged, scored,
        sunk, eaten. They always add up to ``total``."""
        return {
            "on_tiles": sum(self._coins.values()),
            "hidden": self._hidden,
            "dragged": 1 if self._carry else 0,
            "scored": sum(self._score),
            "sunk": self._sunk,
            "eaten": self._eaten,
            "total": self._total,
        }

    # ------------------------------------------------------------------ legal moves

    def legal_codes(self) -> list[int]:
        """Legal moves as packed ints (see moves.py). Do not mutate the list."""
        legal = self._legal
        if legal is None:
            if self._over:
                legal = []
            elif self._pend:
                legal = self._gen_pending()
            else:
                legal = self._gen(self._order[self._turn])
            self._legal = legal
        return legal

    def legal_moves(self) -> list[Move]:
        return [Move(code) for code in self.legal_codes()]

    def _gen_pending(self) -> list[int]:
        p = self._pp
        cell = self._pc[p]
        base = p << 3 | cell << 7 | (COIN if self._carry else 0)
        pend = self._pend
        kind = K_FLY if pend >= P_FLIGHT else K_CHOOSE
        codes = [kind | base | t << 15 for t in self._popts]
        if pend == P_PLANE:
            codes.append(K_STAY | p << 3 | cell << 7 | cell << 15)
        return codes

    def _gen(self, c: int) -> list[int]:
        pc = self._pc
        ps = self._ps
        occ = self._occ
        up = self._up
        kind = self._kind
        coins = self._coins
        shipc = self._shipc
        en = self._enemy[c]
        fr = self._friend[c]
        res: list[int] = []
        add = res.append
        for p in range(3 * c, 3 * c + 3):
            cell = pc[p]
            if cell < 0 or self._drunk[p]:
                continue
            base = p << 3 | cell << 7
            if not LAND[cell]:
                if shipc[cell] >= 0:  # aboard: only the tile in front
                    t = FRONT[cell]
                    if not (up[t] and (kind[t] == FORTRESS or kind[t] == NATIVE) and occ[t] & en):
                        add(base | t << 15)
                else:  # swimming
                    for t in SEA_NEIGHBOURS[cell]:
                        add(base | t << 15)
                continue
            if self._trap[p]:
                continue
            k = kind[cell]
            step = ps[p]
            have = coins.get(cell << 3 | step, 0) if coins else 0
            if k == SPINNER and step < self._arg[cell]:
                code = K_SPIN | base | cell << 15
                add(code)
                if have and not self._on_step(occ[cell] & en, step + 1):
                    add(code | COIN)
                continue
            if k == PLANE and not self._plane_used:
                for t in self._flight_targets(c, False, cell):
                    add(K_FLY | base | t << 15)
                if have:
                    for t in self._flight_targets(c, True, cell):
                        add(K_FLY | base | t << 15 | COIN)
                continue
            for t in NEIGHBOURS[cell]:
                if LAND[t]:
                    if not up[t]:
                        add(base | t << 15)
                        continue
                    kt = kind[t]
                    o = occ[t] & en
                    if o and kt == SPINNER:
                        o = self._on_step(o, 1)
                    if kt in _FORT:
                        if not o:
                            add(base | t << 15)
                        continue
                    add(base | t << 15)
                    if have and not o:
                        add(base | t << 15 | COIN)
                else:
                    s = shipc[t]
                    if s < 0:
                        continue
                    add(base | t << 15)
                    if have and fr >> (3 * s) & 1:
                        add(base | t << 15 | COIN)
        drunk = self._drunk
        ship = self._ship
        for s in self._order:
            if not fr >> (3 * s) & 1:
                continue
            berth = ship[s]
            steer = occ[berth] & (fr if s == c else CREW_MASK[c])
            if steer and any(not drunk[q] for q in BITS[steer]):
                base = K_SHIP | (12 + s) << 3 | berth << 7
                for t in BERTH_MOVES[berth]:
                    add(base | t << 15)
        girl = self._native
        if girl >= 0 and any(not drunk[q] for q in BITS[occ[girl] & CREW_MASK[c]]):
            for p in range(3 * c, 3 * c + 3):
                if pc[p] < 0:
                    add(K_REVIVE | p << 3 | NONE_CELL << 7 | girl << 15)
                    break
        return res

    def _on_step(self, mask: int, step: int) -> int:
        """The pirates of mask standing on the given spinner step."""
        ps = self._ps
        out = 0
        for q in BITS[mask]:
            if ps[q] == step:
                out |= 1 << q
        return out

    def _flight_targets(self, c: int, carrying: bool, exclude: int) -> list[int]:
        """Where the plane can take a pirate of crew c (ruling 14)."""
        up = self._up
        kind = self._kind
        occ = self._occ
        en = self._enemy[c]
        out = []
        for t in LAND_CELLS:
            if t == exclude:
                continue
            if not up[t]:
                if not carrying:
                    out.append(t)
                continue
            kt = kind[t]
            o = occ[t] & en
            if o and kt == SPINNER:
                o = self._on_step(o, 1)
            if kt in _FORT:
                if o or carrying:
                    continue
            elif o and carrying:
                continue
            out.append(t)
        out.append(self._ship[c])
        return out

    # ------------------------------------------------------------------ applying moves

    def apply(self, move: Move | str) -> list[Event]:
        """Validate and play one move; returns what happened. Raises IllegalMove (state unchanged)
        or NotationError for unreadable text."""
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise TypeError(f"apply() takes a Move or its text, not {type(move).__name__}")
        code = move.code
        if self._over:
            raise IllegalMove(f"{move} cannot be played: the game is over")
        if (code & 7) != K_AGREE and code not in self.legal_codes():
            raise IllegalMove(self._explain(code))
        self._ev = []
        try:
            self._do(code)
        finally:
            events, self._ev = self._ev, None
        return events

    def apply_code(self, code: int) -> None:
        """Play a packed move from legal_codes() without validation or events (bots)."""
        self._do(code)

    def _log(self, kind: str, subject: str, phrase: str, short: str = "", **data) -> None:
        self._ev.append(Event(kind, subject, phrase, data, short))

    def _do(self, code: int) -> None:
        k = code & 7
        piece = code >> 3 & 15
        origin = code >> 7 & 255
        target = code >> 15 & 255
        self._legal = None
        self.ply += 1
        ev = self._ev
        if k == K_AGREE:
            self._finish("agreement")
            return
        if self._pend:
            self._resume(k, origin, target)
        elif k == K_STEP:
            p = piece
            if LAND[origin]:
                self._occ[origin] &= ~(1 << p)
                if code & COIN:
                    self._take_coin(origin << 3 | self._ps[p])
                if ev is not None:
                    verb = "moves" if LAND[target] else "steps"
                    self._log(
                        "move",
                        _name(p),
                        f"{verb} from {NAMES[origin]} to {NAMES[target]}"
                        + (" with a coin" if code & COIN else ""),
                        piece=piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                        coin=bool(code & COIN),
                    )
                self._ps[p] = 0
                self._trap[p] = 0
                self._go(p, target, DIR_TO[(origin, target)], origin)
            elif self._shipc[origin] >= 0:
                self._occ[origin] &= ~(1 << p)
                if ev is not None:
                    self._log(
                        "disembark",
                        _name(p),
                        f"lands from the {CREWS[self._shipc[origin]]} ship at {NAMES[target]}",
                        piece=piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                    )
                self._go(p, target, DIR_TO[(origin, target)], origin)
            else:
                self._occ[origin] &= ~(1 << p)
                if ev is not None:
                    self._log(
                        "swim",
                        _name(p),
                        f"swims from {NAMES[origin]} to {NAMES[target]}",
                        piece=piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                    )
                self._enter_sea(p, target)
        elif k == K_SPIN:
            self._spin(piece, origin, bool(code & COIN))
        elif k == K_FLY:
            p = piece
            self._occ[origin] &= ~(1 << p)
            if code & COIN:
                self._take_coin(origin << 3)
            self._plane_used = True
            if ev is not None:
                self._log(
                    "fly",
                    _name(p),
                    f"flies the plane from {NAMES[origin]} to {NAMES[target]}"
                    + (" with a coin" if code & COIN else ""),
                    piece=piece_name(p),
                    origin=NAMES[origin],
                    target=NAMES[target],
                    coin=bool(code & COIN),
                )
            self._go(p, target, MV_FLIGHT, origin)
        elif k == K_SHIP:
            self._sail(piece - 12, origin, target)
        elif k == K_REVIVE:
            self._place(piece, target, 0)
            if ev is not None:
                self._log(
                    "revive",
                    _name(piece),
                    f"is revived in the native girl's fortress at {NAMES[target]}",
                    piece=piece_name(piece),
                    target=NAMES[target],
                )
        if not self._pend and not self._over:
            self._end_turn()

    def _take_coin(self, key: int) -> None:
        coins = self._coins
        n = coins[key] - 1
        if n:
            coins[key] = n
        else:
            del coins[key]
        self._carry = True
        self._from_key = key

    def _drop_coin(self, key: int) -> None:
        self._coins[key] = self._coins.get(key, 0) + 1
        self._carry = False

    def _place(self, p: int, cell: int, step: int) -> None:
        self._pc[p] = cell
        self._ps[p] = step
        self._occ[cell] |= 1 << p

    def _resume(self, k: int, cell: int, target: int) -> None:
        p = self._pp
        pend = self._pend
        self._pend = P_NONE
        self._popts = ()
        if k == K_STAY:
            if self._carry:
                self._drop_coin(cell << 3)
            if self._ev is not None:
                self._log(
                    "stay",
                    _name(p),
                    f"waits by the plane at {NAMES[cell]}",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                )
            return
        taken = self._taken
        if taken is None:
            taken = self._taken = {}
        key = cell << 3 | pend
        if key in taken:
            taken[key].add(target)
        else:
            taken[key] = {target}
        self._occ[cell] &= ~(1 << p)
        ev = self._ev
        if k == K_FLY:
            if pend == P_PLANE:
                self._plane_used = True
            if ev is not None:
                how = "flies the plane" if pend == P_PLANE else "slides into another flight"
                self._log(
                    "fly",
                    _name(p),
                    f"{how} from {NAMES[cell]} to {NAMES[target]}",
                    piece=piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, MV_FLIGHT, cell)
        elif pend == P_KNIGHT:
            if ev is not None:
                self._log(
                    "horse",
                    _name(p),
                    f"jumps like a knight from {NAMES[cell]} to {NAMES[target]}",
                    piece=piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, MV_KNIGHT, cell)
        else:
            if ev is not None:
                self._log(
                    "arrow",
                    _name(p),
                    f"follows the arrow from {NAMES[cell]} to {NAMES[target]}",
                    piece=piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, DIR_TO[(cell, target)], cell)

    def _spin(self, p: int, cell: int, coin: bool) -> None:
        step = self._ps[p] + 1
        if coin:
            coins = self._coins
            key = cell << 3 | (step - 1)
            coins[key] -= 1
            if not coins[key]:
                del coins[key]
            coins[cell << 3 | step] = coins.get(cell << 3 | step, 0) + 1
        self._ps[p] = step
        if self._ev is not None:
            steps = self._arg[cell]
            self._log(
                "spin",
                _name(p),
                f"goes on to step {step} of {steps} in the "
                f"{SPINNER_NAMES[steps]} at {NAMES[cell]}" + (" with a coin" if coin else ""),
                piece=piece_name(p),
                cell=NAMES[cell],
                step=step,
                coin=coin,
            )
        hit = self._on_step(self._occ[cell] & self._enemy[p // 3] & ~(1 << p), step)
        if hit:
            self._attack(p, hit)

    def _sail(self, s: int, origin: int, target: int) -> None:
        occ = self._occ
        aboard = occ[origin]
        self._ship[s] = target
        self._shipc[origin] = -1
        self._shipc[target] = s
        if self._ev is not None:
            self._log(
                "ship",
                f"The {CREWS[s]} ship",
                f"sails from {NAMES[origin]} to {NAMES[target]}",
                piece=CREW_LETTERS[s] + "S",
                origin=NAMES[origin],
                target=NAMES[target],
            )
        victims = occ[target] & self._enemy[s]
        for q in BITS[victims]:
            if self._ev is not None:
                self._log(
                    "kill",
                    f"The {CREWS[s]} ship",
                    f"runs down {_name(q)} at {NAMES[target]}",
                    piece=piece_name(q),
                    cell=NAMES[target],
                )
            self._kill(q)
        if self._ev is not None:
            for q in BITS[occ[target]]:
                self._log(
                    "board",
                    _name(q),
                    f"is picked up by the {CREWS[s]} ship",
                    piece=piece_name(q),
                    cell=NAMES[target],
                )
        occ[origin] = 0
        occ[target] |= aboard
        pc = self._pc
        for q in BITS[aboard]:
            pc[q] = target

    # ------------------------------------------------------------------ the chain

    def _go(self, p: int, cell: int, mv: int, prev: int) -> None:
        """Pirate p (lifted off the board) enters cell, having arrived by mv from prev; resolve
        forced movement until it stops, dies, boards, swims or needs a choice."""
        kind = self._kind
        up = self._up
        seen = None
        while True:
            if not LAND[cell]:
                self._enter_sea(p, cell)
                return
            if not up[cell]:
                if self._carry:
                    self._impossible(
                        p, cell, f"cannot carry a coin onto the face-down tile at {NAMES[cell]}"
                    )
                    return
                self._reveal(p, cell)
            k = kind[cell]
            if k in STOPPABLE:
                self._arrive(p, cell, k)
                return
            if k == ARROW:
                dirs = MASK_DIRS[self._arg[cell]]
                if len(dirs) > 1:
                    self._choose(p, cell, P_ARROW, [STEP[cell << 3 | d] for d in dirs])
                    return
                mv = dirs[0]
                nxt = STEP[cell << 3 | mv]
                if self._ev is not None:
                    self._log(
                        "arrow",
                        _name(p),
                        f"follows the arrow to {NAMES[nxt]}",
                        piece=piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == ICE:
                if mv == MV_KNIGHT:
                    self._choose(p, cell, P_KNIGHT, KNIGHT[cell])
                    return
                if mv == MV_FLIGHT:
                    self._choose(p, cell, P_FLIGHT, self._flight_targets(p // 3, self._carry, cell))
                    return
                nxt = STEP[cell << 3 | mv]
                if self._ev is not None:
                    self._log(
                        "ice",
                        _name(p),
                        f"slides on to {NAMES[nxt]}",
                        piece=piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == HORSE:
                self._choose(p, cell, P_KNIGHT, KNIGHT[cell])
                return
            elif k == CROCODILE:
                nxt = prev
                if mv < 8:
                    mv = (mv + 4) & 7
                if self._ev is not None:
                    self._log(
                        "crocodile",
                        _name(p),
                        f"is chased back to {NAMES[nxt]} by the crocodile",
                        short=f"is chased back to {NAMES[nxt]}",
                        piece=piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == OGRE:
                if self._ev is not None:
                    self._log(
                        "ogre",
                        _name(p),
                        "is eaten by the ogre" + (" together with the coin" if self._carry else ""),
                        short="is eaten" + (" together with the coin" if self._carry else ""),
                        piece=piece_name(p),
                        cell=NAMES[cell],
                        coin=self._carry,
                    )
                if self._carry:
                    self._carry = False
                    self._eaten += 1
                    self._island -= 1
                    self._noisy = True
                self._kill(p)
                return
            elif k == BALLOON:
                dest = self._ship[p // 3]
                if self._ev is not None:
                    self._log(
                        "balloon",
                        _name(p),
                        f"is carried by the balloon to the {CREWS[p // 3]} ship",
                        piece=piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[dest],
                    )
                self._enter_sea(p, dest)
                return
            elif k == CANNON:
                dest = CANNON_DEST[cell << 3 | self._arg[cell]]
                if self._ev is not None:
                    self._log(
                        "cannon",
                        _name(p),
                        f"is fired by the cannon to {NAMES[dest]}",
                        piece=piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[dest],
                    )
                self._enter_sea(p, dest)
                return
            else:  # pragma: no cover - every kind is handled above
                raise AssertionError(f"unhandled tile kind {k}")
            prev, cell = cell, nxt
            state = (cell, mv, prev)
            if seen is None:
                seen = {state}
            elif state in seen:
                self._impossible(p, cell, "is caught in a cycle")
                return
            else:
                seen.add(state)

    def _choose(self, p: int, cell: int, pend: int, targets) -> None:
        """Stop the chain at a choice: the same crew decides next."""
        taken = self._taken.get(cell << 3 | pend) if self._taken else None
        opts = tuple(t for t in targets if t not in taken) if taken else tuple(targets)
        if not opts and pend != P_PLANE:
            self._impossible(
                p, cell, "has no way left that was not taken already: caught in a cycle"
            )
            return
        self._place(p, cell, 0)
        self._pend = pend
        self._pp = p
        self._popts = opts

    def _arrive(self, p: int, cell: int, k: int) -> None:
        """p ends forced movement on a tile where one can stop."""
        c = p // 3
        occ = self._occ
        o = occ[cell] & self._enemy[c]
        step = 1 if k == SPINNER else 0
        if o and step:
            o = self._on_step(o, 1)
        if o:
            if k in _FORT:
                self._impossible(
                    p, cell, f"cannot enter the fortress at {NAMES[cell]}: enemies hold it"
                )
                return
            if self._carry:
                self._impossible(p, cell, f"cannot attack at {NAMES[cell]} while carrying a coin")
                return
            self._attack(p, o)
        elif self._carry and (k in _FORT):
            self._impossible(p, cell, f"cannot carry a coin into the fortress at {NAMES[cell]}")
            return
        self._place(p, cell, step)
        ev = self._ev
        if k == PLANE and not self._plane_used:
            self._choose(p, cell, P_PLANE, self._flight_targets(c, self._carry, cell))
            if ev is not None:
                self._log(
                    "plane",
                    _name(p),
                    "may fly the plane now or wait by it",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                )
            return
        if self._carry:
            self._drop_coin(cell << 3 | step)
        if k == SPINNER:
            if ev is not None:
                steps = self._arg[cell]
                self._log(
                    "spin",
                    _name(p),
                    f"stops on step 1 of {steps} in the {SPINNER_NAMES[steps]} at {NAMES[cell]}",
                    short=f"stops on step 1 of {steps}",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                    step=1,
                )
        elif k == TRAP:
            friends = occ[cell] & self._friend[c] & ~(1 << p)
            if friends:
                trap = self._trap
                freed = [q for q in BITS[friends] if trap[q]]
                for q in freed:
                    trap[q] = 0
                if ev is not None and freed:
                    self._log(
                        "rescue",
                        _name(p),
                        "frees "
                        + ", ".join(_name(q) for q in freed)
                        + f" from the trap at {NAMES[cell]}",
                        piece=piece_name(p),
                        cell=NAMES[cell],
                        freed=[piece_name(q) for q in freed],
                    )
            else:
                self._trap[p] = 1
                if ev is not None:
                    self._log(
                        "trap",
                        _name(p),
                        f"is caught in the trap at {NAMES[cell]}",
                        short="is caught in it",
                        piece=piece_name(p),
                        cell=NAMES[cell],
                    )
        elif k == RUM:
            self._drunk[p] = 2
            if ev is not None:
                self._log(
                    "rum",
                    _name(p),
                    f"finds rum at {NAMES[cell]}: drunk, misses the crew's next turn",
                    short="gets drunk: misses the crew's next turn",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                )

    def _attack(self, p: int, victims: int) -> None:
        pc = self._pc
        occ = self._occ
        ship = self._ship
        for q in BITS[victims]:
            occ[pc[q]] &= ~(1 << q)
            self._trap[q] = 0
            self._place(q, ship[q // 3], 0)
        if self._ev is not None:
            names = [_name(q) for q in BITS[victims]]
            crews = {q // 3 for q in BITS[victims]}
            self._log(
                "attack",
                _name(p),
                "knocks "
                + ", ".join(names)
                + " back to "
                + (f"the {CREWS[crews.pop()]} ship" if len(crews) == 1 else "their ships"),
                piece=piece_name(p),
                victims=[piece_name(q) for q in BITS[victims]],
            )

    def _enter_sea(self, p: int, cell: int) -> None:
        c = p // 3
        s = self._shipc[cell]
        ev = self._ev
        if s >= 0 and self._friend[c] >> (3 * s) & 1:
            self._place(p, cell, 0)
            if self._carry:
                self._carry = False
                self._score[c] += 1
                self._island -= 1
                self._noisy = True
                if ev is not None:
                    self._log(
                        "score",
                        _name(p),
                        f"brings a coin aboard the {CREWS[s]} ship: "
                        f"{CREWS[c].capitalize()} has {self._score[c]}",
                        piece=piece_name(p),
                        cell=NAMES[cell],
                        crew=CREWS[c],
                        score=self._score[c],
                    )
            elif ev is not None:
                self._log(
                    "board",
                    _name(p),
                    f"climbs aboard the {CREWS[s]} ship at {NAMES[cell]}",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                )
            return
        if self._carry:
            self._carry = False
            self._sunk += 1
            self._island -= 1
            self._noisy = True
            if ev is not None:
                self._log(
                    "sink",
                    _name(p),
                    f"drops the coin into the sea at {NAMES[cell]}",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                )
        if s >= 0:
            if ev is not None:
                self._log(
                    "death",
                    _name(p),
                    f"runs into the {CREWS[s]} ship at {NAMES[cell]} and dies",
                    piece=piece_name(p),
                    cell=NAMES[cell],
                )
            self._kill(p)
            return
        for q in BITS[self._occ[cell] & self._enemy[c]]:
            if ev is not None:
                self._log(
                    "kill",
                    _name(p),
                    f"kills {_name(q)} in the water at {NAMES[cell]}",
                    piece=piece_name(p),
                    victim=piece_name(q),
                    cell=NAMES[cell],
                )
            self._kill(q)
        self._place(p, cell, 0)

    def _reveal(self, p: int, cell: int) -> None:
        self._up[cell] = 1
        self._noisy = True
        k = self._kind[cell]
        if k == GOLD:
            v = self._arg[cell]
            self._coins[cell << 3] = self._coins.get(cell << 3, 0) + v
            self._hidden -= v
        if self._ev is not None:
            self._log(
                "reveal",
                _name(p),
                f"reveals {tile_name(k, self._arg[cell])} at {NAMES[cell]}",
                piece=piece_name(p),
                cell=NAMES[cell],
                tile=format_tile(k, self._arg[cell]),
            )

    def _impossible(self, p: int, cell: int, why: str) -> None:
        """Ruling 5: forced movement ended where the pirate may not be. It dies; a dragged coin
        goes back to where the action began."""
        coin = self._carry
        if coin:
            self._drop_coin(self._from_key)
        if self._ev is not None:
            self._log(
                "death",
                _name(p),
                f"{why} and dies"
                + (
                    f"; the coin goes back to {_coin_key_name(self._from_key).split('.')[0]}"
                    if coin
                    else ""
                ),
                piece=piece_name(p),
                cell=NAMES[cell],
            )
        self._kill(p)

    def _kill(self, p: int) -> None:
        cell = self._pc[p]
        if cell >= 0:
            self._occ[cell] &= ~(1 << p)
        self._pc[p] = -1
        self._ps[p] = 0
        self._trap[p] = 0
        self._drunk[p] = 0
        c = p // 3
        if self._ev is not None and all(self._pc[q] < 0 for q in range(3 * c, 3 * c + 3)):
            self._log(
                "out",
                CREWS[c].capitalize(),
                "has no pirates left and is out of the game",
                crew=CREWS[c],
            )

    # ------------------------------------------------------------------ turns and the end

    def _end_turn(self) -> None:
        self._taken = None
        c = self._order[self._turn]
        drunk = self._drunk
        for q in range(3 * c, 3 * c + 3):
            if drunk[q]:
                drunk[q] -= 1
        if self._noisy:
            self._quiet = 0
            self._noisy = False
        else:
            self._quiet += 1
        if self._island == 0:
            self._finish("all coins gone")
            return
        n = len(self._order)
        limit = QUIET_ROUNDS * n
        skipped = 0
        pc = self._pc
        while True:
            if self._quiet >= limit:
                self._finish("stalemate")
                return
            self._turn = (self._turn + 1) % n
            c = self._order[self._turn]
            if pc[3 * c] >= 0 or pc[3 * c + 1] >= 0 or pc[3 * c + 2] >= 0:
                legal = self._gen(c)
                if legal:
                    self._legal = legal
                    return
                if self._ev is not None:
                    self._log(
                        "skip",
                        CREWS[c].capitalize(),
                        "has no legal move and skips the turn",
                        crew=CREWS[c],
                    )
                for q in range(3 * c, 3 * c + 3):
                    if drunk[q]:
                        drunk[q] -= 1
            self._quiet += 1
            skipped += 1
            if skipped >= 2 * n:
                self._finish("stalemate")
                return

    def _finish(self, reason: str) -> None:
        self._over = True
        self._reason = reason
        self._legal = []
        self._pend = P_NONE
        self._popts = ()
        if self._ev is not None:
            totals = ", ".join(f"{CREWS[c].capitalize()} {self._score[c]}" for c in self._order)
            self._log(
                "end",
                "The game",
                f"is over ({reason}): {totals}",
                reason=reason,
                outcome=self._outcome().to_json(),
            )

    # ------------------------------------------------------------------ explaining refusals

    def _explain(self, code: int) -> str:
        text = format_code(code)
        k = code & 7
        piece = code >> 3 & 15
        origin = code >> 7 & 255
        target = code >> 15 & 255
        c = self._order[self._turn]
        legal = self.legal_codes()
        if self._pend:
            opts = ", ".join(format_code(x) for x in legal)
            return (
                f"{text} is not possible: {_name(self._pp)} must first finish the move. "
                f"Choose one of: {opts}"
            )
        crew = piece - 12 if piece >= 12 else piece // 3
        if crew not in self._order:
            return f"{text} is not possible: there is no {CREWS[crew]} crew in this game"
        if k in (K_CHOOSE, K_STAY):
            return f"{text} is not possible: there is no choice to make now"
        if crew != c and not (piece >= 12 and self._friend[c] >> (3 * crew) & 1):
            return (
                f"{text} is not possible: it is {CREWS[c].capitalize()}'s turn "
                f"(seat {self._owner[c]})"
            )
        reason = None
        if piece >= 12:
            berth = self._ship[crew]
            if origin != berth:
                reason = f"the {CREWS[crew]} ship is at {NAMES[berth]}, not {NAMES[origin]}"
            elif target not in BERTH_MOVES[berth]:
                reason = (
                    "a ship moves one berth along its own side of the island and never "
                    "round a corner"
                )
            else:
                reason = (
                    "a ship needs one of its own crew's (or an ally's) pirates aboard, "
                    "sober, to sail"
                )
        elif k == K_REVIVE:
            if self._pc[piece] >= 0:
                reason = f"{_name(piece)} is alive"
            elif self._native < 0 or target != self._native:
                reason = f"there is no native girl's fortress at {NAMES[target]}"
            else:
                reason = (
                    "a pirate is revived only while one of its own crew stands in the "
                    "native girl's fortress, one at a time (the lowest number first)"
                )
        else:
            cell = self._pc[piece]
            if cell < 0:
                reason = f"{_name(piece)} is dead"
            elif cell != origin:
                reason = f"{_name(piece)} is at {NAMES[cell]}, not {NAMES[origin]}"
            elif self._trap[piece]:
                reason = f"{_name(piece)} is caught in a trap until a friend comes to the tile"
            elif self._drunk[piece]:
                reason = f"{_name(piece)} is drunk on rum and misses this turn"
            else:
                reason = self._explain_step(code, piece, cell, k, target)
        mine = [format_code(x) for x in legal if (x >> 3 & 15) == piece]
        hint = f" Legal for {piece_name(piece)}: {', '.join(mine)}." if mine else ""
        return f"{text} is not possible: {reason}.{hint}"

    def _explain_step(self, code: int, p: int, cell: int, k: int, target: int) -> str:
        kind = self._kind
        coin = bool(code & COIN)
        step = self._ps[p]
        if coin and not self._coins.get(cell << 3 | step):
            return f"there is no coin to drag at {NAMES[cell]}"
        if kind[cell] == SPINNER and step < self._arg[cell]:
            if k != K_SPIN:
                return (
                    f"{_name(p)} must first cross the {SPINNER_NAMES[self._arg[cell]]}: "
                    f"step {step} of {self._arg[cell]} (write {piece_name(p)} "
                    f"{NAMES[cell]}+)"
                )
            return "an enemy holds the next step and a pirate with a coin cannot attack"
        if k == K_SPIN:
            return f"{_name(p)} is not crossing a spinner"
        if kind[cell] == PLANE and not self._plane_used:
            if k != K_FLY:
                return (
                    f"leaving the plane's tile means flying the plane: write "
                    f"{piece_name(p)} {NAMES[cell]}^{NAMES[target]}"
                )
            return f"the plane cannot take {_name(p)} to {NAMES[target]}" + (
                " with a coin" if coin else ""
            )
        if k == K_FLY:
            return f"there is no plane ready to fly at {NAMES[cell]}"
        if not LAND[cell]:
            if self._shipc[cell] >= 0:
                if target != FRONT[cell]:
                    return (
                        "a pirate goes ashore only onto the tile straight in front of the "
                        f"ship ({NAMES[FRONT[cell]]})"
                    )
                return f"enemies hold the fortress at {NAMES[target]}"
            return (
                "a swimmer moves one sea square along the coast and cannot climb onto land "
                "except aboard a ship"
            )
        if target not in NEIGHBOURS[cell]:
            return f"{NAMES[target]} is not next to {NAMES[cell]}"
        if not LAND[target]:
            if self._shipc[target] < 0:
                return "a pirate cannot jump into the sea from land"
            return "a coin cannot be carried onto an enemy ship (it would sink)"
        if not self._up[target]:
            return "a pirate carrying a coin may only walk on face-up tiles"
        kt = kind[target]
        if kt in _FORT:
            if self._occ[target] & self._enemy[p // 3]:
                return f"enemies hold the fortress at {NAMES[target]}"
            return "a pirate cannot carry a coin into a fortress"
        return "a pirate carrying a coin cannot attack; leave the coin and attack empty-handed"

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict:
        """The whole position, hidden tiles and seed included. Server side only."""
        pirates = {}
        for p in range(12):
            if p // 3 not in self._order:
                continue
            cell = self._pc[p]
            pirates[piece_name(p)] = (
                None
                if cell < 0
                else {
                    "cell": NAMES[cell],
                    "step": self._ps[p],
                    "trapped": bool(self._trap[p]),
                    "drunk": self._drunk[p],
                }
            )
        pending = None
        if self._pend:
            pending = {
                "kind": PENDING_NAMES[self._pend],
                "pirate": piece_name(self._pp),
                "options": [NAMES[t] for t in self._popts],
            }
        chain = None
        if self._pend:
            chain = {
                # Whether this action already revealed a tile or moved a coin off the island:
                # the stalemate count must not forget it when the position is stored mid-chain.
                "progress": self._noisy,
                "coin": self._carry,
                "coin_from": _coin_key_name(self._from_key) if self._carry else None,
                "taken": {
                    f"{NAMES[key >> 3]}:{PENDING_NAMES[key & 7]}": sorted(NAMES[t] for t in v)
                    for key, v in sorted((self._taken or {}).items())
                },
            }
        return {
            "format": POSITION_FORMAT,
            "version": POSITION_VERSION,
            "ruleset": self.ruleset,
            "players": self.players,
            "teams": self.teams,
            "seed": self.seed,
            "tiles": {NAMES[c]: format_tile(self._kind[c], self._arg[c]) for c in LAND_CELLS},
            "face_up": [NAMES[c] for c in LAND_CELLS if self._up[c]],
            "plane_used": self._plane_used,
            "coins": {_coin_key_name(k): v for k, v in sorted(self._coins.items())},
            "pirates": pirates,
            "ships": {CREWS[c]: NAMES[self._ship[c]] for c in self._order},
            "scores": self.scores(),
            "sunk": self._sunk,
            "eaten": self._eaten,
            "total_coins": self._total,
            "turn": CREWS[self._order[self._turn]],
            "ply": self.ply,
            "quiet_turns": self._quiet,
            "over": self._over,
            "reason": self._reason,
            "pending": pending,
            "chain": chain,
        }

    @classmethod
    def from_json(cls, d: dict) -> State:
        if not isinstance(d, dict) or d.get("format") != POSITION_FORMAT:
            raise SetupError("not a jackal-position document")
        if d.get("version") != POSITION_VERSION:
            raise SetupError(f"unsupported jackal-position version {d.get('version')!r}")
        try:
            s = cls._blank(d["ruleset"], d["players"], d["teams"], d["seed"])
            for name, spec in d["tiles"].items():
                cell = _land_cell(name)
                s._kind[cell], s._arg[cell] = parse_tile(spec)
            for cell in LAND_CELLS:
                if s._kind[cell] == SEA:
                    raise SetupError(f"no tile given for {NAMES[cell]}")
            for name in d["face_up"]:
                s._up[_land_cell(name)] = 1
            s._plane_used = bool(d["plane_used"])
            s._coins = {_coin_key_parse(k): int(v) for k, v in d["coins"].items() if v}
            s._pc = [-1] * 12
            for name, info in d["pirates"].items():
                p = _pirate(name)
                if info is not None:
                    s._pc[p] = _cell(info["cell"])
                    s._ps[p] = int(info["step"])
                    s._trap[p] = 1 if info["trapped"] else 0
                    s._drunk[p] = int(info["drunk"])
            for crew, name in d["ships"].items():
                s._ship[_crew_index(crew)] = _cell(name)
            for crew, n in d["scores"].items():
                s._score[_crew_index(crew)] = int(n)
            s._sunk = int(d["sunk"])
            s._eaten = int(d["eaten"])
            s._total = int(d["total_coins"])
            s._turn = s._order.index(_crew_index(d["turn"]))
            s.ply = int(d["ply"])
            s._quiet = int(d["quiet_turns"])
            s._over = bool(d["over"])
            s._reason = d["reason"]
            pending = d.get("pending")
            if pending:
                s._pend = PENDING_NAMES.index(pending["kind"])
                s._pp = _pirate(pending["pirate"])
                s._popts = tuple(_cell(t) for t in pending["options"])
                chain = d["chain"]
                s._noisy = bool(chain["progress"])
                s._carry = bool(chain["coin"])
                s._from_key = _coin_key_parse(chain["coin_from"]) if s._carry else -1
                s._taken = {}
                for key, targets in chain["taken"].items():
                    name, _, kind = key.partition(":")
                    s._taken[_cell(name) << 3 | PENDING_NAMES.index(kind)] = {
                        _cell(t) for t in targets
                    }
        except (KeyError, TypeError, ValueError, IndexError) as e:
            if isinstance(e, JackalError):
                raise
            raise SetupError(f"malformed jackal-position: {e!r}") from None
        s._rebuild()
        s._island = s._total - sum(s._score) - s._sunk - s._eaten
        return s


def _crew_index(crew: str) -> int:
    try:
        return CREWS.index(str(crew).lower())
    except ValueError:
        raise SetupError(f"unknown crew {crew!r}; crews are {', '.join(CREWS)}") from None


def _cell(name: str) -> int:
    cell = CELL_BY_NAME.get(str(name).upper())
    if cell is None:
        raise SetupError(f"{name!r} is not a square")
    return cell


def _land_cell(name: str) -> int:
    cell = _cell(name)
    if not LAND[cell]:
        raise SetupError(f"{name} is sea, not island")
    return cell


def _pirate(name: str) -> int:
    p = piece_index(name)
    if p >= 12:
        raise SetupError(f"{name} is a ship, not a pirate")
    return p


def new_game(ruleset: str = "classic", players: int = 2, seed: str = "", teams: bool = False):
    """A new game: the island dealt face down from the seed, ships in the middle of their sides,
    three pirates aboard each, White to move."""
    s = State._blank(ruleset, players, teams, seed)
    s._deal()
    s._total = 37
    s._rebuild()
    return s


def replay(ruleset: str, players: int, seed: str, moves, teams: bool = False) -> State:
    """The state after playing the moves (texts or Moves) from a new game. Raises IllegalMove
    naming the first bad ply."""
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    for i, move in enumerate(moves):
        try:
            s.apply(move)
        except JackalError as e:
            raise type(e)(f"ply {i + 1}: {e}") from None
    return s
