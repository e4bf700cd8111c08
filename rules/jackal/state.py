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
    CHAR,
    CHARACTER_NAMES,
    CHEST,
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
    X_BOTTLE,
    X_END,
    X_PEEK,
    X_QUAKE,
    X_SHIFT,
    Move,
    any_piece_name,
    format_code,
    piece_index,
    piece_name,
)
from .rng import DealRng
from .tiles import (
    ARROW,
    BALLOON,
    BEN_GUNN,
    BOTTLES,
    CANNON,
    CARAMBA,
    CAVE,
    CROCODILE,
    FORTRESS,
    FRIDAY,
    GALLEON,
    GOLD,
    HORSE,
    ICE,
    LIGHTHOUSE,
    MASK_DIRS,
    MISSIONARY,
    NATIVE,
    OGRE,
    PLANE,
    QUAKE,
    RUM,
    SEA,
    SMOKE,
    SPINNER,
    SPINNER_NAMES,
    STOPPABLE,
    THICKET,
    TRAP,
    classic_deck,
    format_tile,
    orient,
    parse_tile,
    second_edition_deck,
    tile_name,
)

RULESETS = ("classic", "second-edition")
AGREE_CODE = Move.parse("end by agreement").code
END_TURN_CODE = Move.parse("end turn").code
POSITION_FORMAT = "jackal-position"
POSITION_VERSION = 1
QUIET_ROUNDS = 40  # ruling 20: rounds without a reveal or a coin leaving the island

# Pending choices (cave, peek, quake1, quake2: second edition).
P_NONE, P_ARROW, P_KNIGHT, P_FLIGHT, P_PLANE, P_CAVE, P_PEEK, P_QUAKE1, P_QUAKE2 = range(9)
PENDING_NAMES = ("", "arrow", "horse", "flight", "plane", "cave", "peek", "quake", "quake2")
# How a pirate arrived on a cell (ice repeats it): 0..7 a one-cell vector, or these.
MV_KNIGHT, MV_FLIGHT, MV_CAVE = 8, 9, 10

CREW_MASK = (7, 7 << 3, 7 << 6, 7 << 9)
# Pieces: 0..11 pirates (crew * 3 + n); second edition: 12 Ben Gunn, 13 the Missionary, 14 Friday.
BG, MI, FR = 12, 13, 14
NPIECES = 15
BITS = tuple(tuple(i for i in range(NPIECES) if m >> i & 1) for m in range(1 << NPIECES))
_CURSES = (
    "Barnacles and bilge water!",
    "May a gull steal yer biscuit!",
    "Thunder and tar!",
    "Rot me rigging!",
    "Ten thousand soggy sea boots!",
    "Blast this root to the bottom of the sea!",
)
_FORT = (FORTRESS, NATIVE)
_WITH = ("", " with a coin", "", " with the galleon's chest")


def _dragv(code: int) -> int:
    """What a move drags: 0 nothing, 1 a coin, 3 the galleon's chest."""
    return 0 if not code & COIN else 3 if code & CHEST else 1


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


def seat_crews(players: int, teams: bool = False) -> tuple[tuple[str, ...], ...]:
    """The crews each seat commands, in seat order (RULES.md, "Board").

    >>> seat_crews(2)
    (('white', 'black'), ('yellow', 'red'))
    >>> seat_crews(3)
    (('white',), ('yellow',), ('black',))
    """
    order, owner = _seating(players, teams)
    return tuple(tuple(CREWS[c] for c in order if owner[c] == seat) for seat in range(players))


def _name(p: int) -> str:
    if p >= 12:
        return CHARACTER_NAMES[p - 12][0].upper() + CHARACTER_NAMES[p - 12][1:]
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
        # second edition (classic keeps the defaults)
        "_se",
        "_pcrew",
        "_members",
        "_chest",
        "_bottles",
        "_smoke",
        "_smoke_new",
        "_peeks",
        "_caves",
        "_cstat",
        "_converted",
        "_pcount",
        "_quake1",
        "_fresh",
        "_after",
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
        s._pc = [-1] * NPIECES
        s._ps = [0] * NPIECES
        s._trap = [0] * NPIECES  # 1 caught in a trap; 2 lost in a cave (second edition)
        s._drunk = [0] * NPIECES
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
        s._carry = 0  # what the pirate in a chain drags: 0, 1 (a coin) or 3 (the chest)
        s._from_key = -1
        s._taken = None
        s._noisy = False
        s._legal = None
        s._ev = None
        s._se = ruleset == "second-edition"
        s._pcrew = [p // 3 for p in range(12)] + [-1, -1, -1]
        s._members = [tuple(range(3 * c, 3 * c + 3)) for c in range(4)]
        s._chest = -1
        s._bottles = [0, 0, 0, 0]
        s._smoke = 0
        s._smoke_new = False
        s._peeks = {}
        s._caves = []
        s._cstat = [0, 0, 0]  # per character: 0 not found yet, 1 in play, 2 gone
        s._converted = False
        s._pcount = 0
        s._quake1 = -1
        s._fresh = 0
        s._after = False  # second edition: the action is done; bottles may still be used
        for c in order:
            s._ship[c] = SHIP_START[c]
            for p in range(3 * c, 3 * c + 3):
                s._pc[p] = SHIP_START[c]
        return s

    def _deal(self) -> None:
        rng = DealRng(self.seed)
        deck = second_edition_deck() if self._se else classic_deck()
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
            elif k == GALLEON and not self._up[cell]:
                hidden += 3
        self._hidden = hidden
        self._occ = [0] * 169
        for p in range(NPIECES):
            if self._pc[p] >= 0:
                self._occ[self._pc[p]] |= 1 << p
        self._shipc = [-1] * 169
        for c in self._order:
            self._shipc[self._ship[c]] = c
        self._island = hidden + sum(self._coins.values()) + self._carry
        if self._chest >= 0:
            self._island += 3
        if self._se:
            self._recrew()
        self._kind = list(self._kind)
        self._arg = list(self._arg)
        self._legal = None

    def _recrew(self) -> None:
        """Second edition: rebuild who belongs to which crew after a character joined, switched or
        left. New lists every time, so that copies may share the old ones."""
        friend = [0, 0, 0, 0]
        crew_team = [-1] * 4
        for c in self._order:
            crew_team[c] = self._seat_team[self._owner[c]]
        for c in self._order:
            for d in self._order:
                if crew_team[d] == crew_team[c]:
                    friend[c] |= CREW_MASK[d]
        members = [list(range(3 * c, 3 * c + 3)) for c in range(4)]
        pcrew = [p // 3 for p in range(12)] + [-1, -1, -1]
        for i in range(3):
            q = 12 + i
            owner = self._pcrew[q] if self._cstat[i] == 1 else -1
            pcrew[q] = owner
            if owner >= 0:
                members[owner].append(q)
                for c in self._order:
                    if crew_team[c] == crew_team[owner]:
                        friend[c] |= 1 << q
        present = 0
        for c in self._order:
            present |= CREW_MASK[c]
        for i in range(3):
            if pcrew[12 + i] >= 0:
                present |= 1 << (12 + i)
        self._friend = friend
        self._enemy = [present & ~friend[c] if c in self._order else 0 for c in range(4)]
        self._members = [tuple(m) for m in members]
        self._pcrew = pcrew

    def copy(self) -> State:
        """A fast independent copy (for bots). The deal is shared: it never changes (an earthquake
        replaces the lists instead of changing them)."""
        s = State.__new__(State)
        s._se = self._se
        s._pcrew = self._pcrew[:]
        s._members = self._members
        s._chest = self._chest
        s._bottles = self._bottles[:]
        s._smoke = self._smoke
        s._smoke_new = self._smoke_new
        s._peeks = self._peeks
        s._caves = self._caves
        s._cstat = self._cstat[:]
        s._converted = self._converted
        s._pcount = self._pcount
        s._quake1 = self._quake1
        s._fresh = 0
        s._after = self._after
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
        """The seat that decides now. Under smoke (second edition) that is the controller of the
        next crew in turn order, not the crew's own."""
        if self._over:
            return None
        if self._smoke:
            return self._owner[self._order[(self._turn + 1) % len(self._order)]]
        return self._owner[self._order[self._turn]]

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
        sunk, eaten. They always add up to ``total``. Second edition: the galleon's chest counts as
        3 coins wherever it is (37 coins + the chest = 40); ``chest`` says where it lies."""
        d = {
            "on_tiles": sum(self._coins.values()) + (3 if self._chest >= 0 else 0),
            "hidden": self._hidden,
            "dragged": self._carry,
            "scored": sum(self._score),
            "sunk": self._sunk,
            "eaten": self._eaten,
            "total": self._total,
        }
        if self._se:
            d["chest"] = _coin_key_name(self._chest) if self._chest >= 0 else None
        return d

    def bottles(self) -> dict[str, int]:
        """Second edition: message bottles per crew (a team uses its crews' bottles together)."""
        return {CREWS[c]: self._bottles[c] for c in self._order}

    def characters(self) -> dict[str, dict | None]:
        """Second edition: Ben Gunn (BG), the Missionary (MI), Friday (FR): None before they are
        found, else their crew (None once gone), square and state."""
        out = {}
        for i, name in enumerate(("BG", "MI", "FR")):
            q = 12 + i
            if self._cstat[i] == 0:
                out[name] = None
                continue
            cell = self._pc[q]
            out[name] = {
                "crew": CREWS[self._pcrew[q]] if self._cstat[i] == 1 else None,
                "gone": self._cstat[i] == 2,
                "cell": NAMES[cell] if cell >= 0 and self._cstat[i] == 1 else None,
                "step": self._ps[q],
                "trapped": self._trap[q] == 1,
                "lost": self._trap[q] == 2,
                "drunk": self._drunk[q],
            }
        if self._cstat[1]:
            out["MI"]["converted"] = self._converted
        return out

    def peeked(self, seat: int) -> dict[str, str]:
        """Second edition: face-down squares this seat saw through the lighthouse -> tile text."""
        return {
            NAMES[c]: format_tile(self._kind[c], self._arg[c])
            for c in sorted(self._peeks.get(seat, ()))
            if not self._up[c]
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
            elif self._after:
                legal = self._gen_after()
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
        if p >= 12 or self._carry == 3:
            base |= (CHAR if p >= 12 else 0) | (CHEST if self._carry == 3 else 0)
        if pend >= P_PEEK:
            x = (X_PEEK if pend == P_PEEK else X_QUAKE) << X_SHIFT
            return [K_AGREE | x | (base & ~(COIN | CHEST)) | t << 15 for t in self._popts]
        kind = K_FLY if pend in (P_FLIGHT, P_PLANE) else K_CHOOSE
        codes = [kind | base | t << 15 for t in self._popts]
        if pend == P_PLANE:
            codes.append(K_STAY | p << 3 | cell << 7 | cell << 15 | (CHAR if p >= 12 else 0))
        return codes

    def _gen(self, c: int) -> list[int]:
        if self._se:
            return self._gen_se(c)
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

    # ------------------------------------------------------------------ second edition: moves

    def _harmless(self, p: int) -> bool:
        """Friday and the unconverted Missionary never attack (ruling 21)."""
        return p == FR or (p == MI and not self._converted)

    def _entry(self, p: int, c: int, t: int) -> int:
        """Second edition: may piece p of crew c enter the land square t by its own move?
        0 no, 1 empty-handed, 3 also dragging a coin or the chest."""
        if not self._up[t]:
            return 1
        kt = self._kind[t]
        o = self._occ[t] & self._enemy[c]
        if o:
            preacher = o >> MI & 1 and not self._converted
            if p == FR and preacher:
                return 1  # Friday meets the Missionary: they leave together
            if preacher:
                return 0  # nobody shares a tile with an enemy Missionary
            if p == MI and not self._converted:
                return 1 if o == 1 << FR else 0
        if kt == THICKET:
            return 1  # dense jungle: no coins, no attacks, enemies may share it (ruling 27)
        if o and kt == SPINNER:
            o = self._on_step(o, 1)
        if kt in _FORT:
            return 0 if o else 1
        if o:
            return 0 if self._harmless(p) else 1
        return 3

    def _gen_se(self, c: int) -> list[int]:
        pc = self._pc
        ps = self._ps
        occ = self._occ
        kind = self._kind
        coins = self._coins
        shipc = self._shipc
        en = self._enemy[c]
        fr = self._friend[c]
        res: list[int] = []
        add = res.append
        drunk = self._drunk
        chest = self._chest
        for p in self._members[c]:
            cell = pc[p]
            if cell < 0 or drunk[p]:
                continue
            base = p << 3 | cell << 7 | (CHAR if p >= 12 else 0)
            if not LAND[cell]:
                if shipc[cell] >= 0:
                    t = FRONT[cell]
                    if self._entry(p, c, t):
                        add(base | t << 15)
                else:
                    harmless = self._harmless(p)
                    for t in SEA_NEIGHBOURS[cell]:
                        o = occ[t] & en
                        if o and shipc[t] < 0 and (harmless or o >> MI & 1):
                            continue
                        add(base | t << 15)
                continue
            if self._trap[p]:
                if self._trap[p] == 2:
                    for t in self._cave_exits(c, cell):
                        add(K_CHOOSE | base | t << 15)
                continue
            k = kind[cell]
            step = ps[p]
            key = cell << 3 | step
            drag = []
            if p != MI or self._converted:
                if coins.get(key, 0):
                    drag.append(COIN)
                if chest == key:
                    drag.append(COIN | CHEST)
            if k == SPINNER and step < self._arg[cell] and p != FR:
                code = K_SPIN | base | cell << 15
                hit = self._on_step(occ[cell] & en, step + 1)
                if hit and self._harmless(p):
                    continue
                add(code)
                if not hit:
                    for d in drag:
                        add(code | d)
                continue
            for t in NEIGHBOURS[cell]:
                if LAND[t]:
                    r = self._entry(p, c, t)
                    if r:
                        add(base | t << 15)
                        if r == 3:
                            for d in drag:
                                add(base | t << 15 | d)
                else:
                    sh = shipc[t]
                    if sh < 0:
                        continue
                    add(base | t << 15)
                    if fr >> (3 * sh) & 1:
                        for d in drag:
                            add(base | t << 15 | d)
        ship = self._ship
        for sh in self._order:
            if not fr >> (3 * sh) & 1:
                continue
            berth = ship[sh]
            steer = occ[berth] & (fr if sh == c else CREW_MASK[c])
            if steer and any(not drunk[q] for q in BITS[steer]):
                base = K_SHIP | (12 + sh) << 3 | berth << 7
                for t in BERTH_MOVES[berth]:
                    add(base | t << 15)
        girl = self._native
        if girl >= 0 and any(not drunk[q] for q in BITS[occ[girl] & CREW_MASK[c]]):
            for p in range(3 * c, 3 * c + 3):
                if pc[p] < 0:
                    add(K_REVIVE | p << 3 | NONE_CELL << 7 | girl << 15)
                    break
        if not self._smoke and self._team_bottles(c):
            self._gen_bottles(c, add)
        return res

    def _gen_after(self) -> list[int]:
        """After the action (ruling 22, S1): the bottle uses, and ending the turn."""
        res: list[int] = []
        self._gen_bottles(self._order[self._turn], res.append)
        res.append(END_TURN_CODE)
        return res

    def _team_bottles(self, c: int) -> int:
        fr = self._friend[c]
        return sum(self._bottles[d] for d in self._order if fr >> (3 * d) & 1)

    def _gen_bottles(self, c: int, add) -> None:
        """Free bottle uses (ruling 22): out of a trap, to a spinner's last step, or handed to
        Friday / the Missionary on a neighbouring square."""
        pc = self._pc
        targets = [q for q in (MI, FR) if pc[q] >= 0 and (q == FR or not self._converted)]
        for p in self._members[c]:
            cell = pc[p]
            if cell < 0 or self._drunk[p] or self._trap[p] == 2:
                continue
            base = K_AGREE | X_BOTTLE << X_SHIFT | p << 3 | cell << 7 | (CHAR if p >= 12 else 0)
            if LAND[cell]:
                if self._trap[p]:
                    add(base | cell << 15)
                elif self._kind[cell] == SPINNER and self._ps[p] < self._arg[cell] and p != FR:
                    last = self._arg[cell]
                    hit = self._on_step(self._occ[cell] & self._enemy[c], last)
                    if not (hit and self._harmless(p)):
                        add(base | cell << 15)
            if p < 12:
                for q in targets:
                    if pc[q] in NEIGHBOURS[cell]:
                        add(base | pc[q] << 15)

    def _cave_exits(self, c: int, cell: int) -> list[int]:
        """Revealed cave squares other than cell that no enemy blocks (ruling 23)."""
        en = self._enemy[c]
        return [t for t in self._caves if t != cell and not self._occ[t] & en]

    def _on_step(self, mask: int, step: int) -> int:
        """The pirates of mask standing on the given spinner step."""
        ps = self._ps
        out = 0
        for q in BITS[mask]:
            if ps[q] == step:
                out |= 1 << q
        return out

    def _flight_targets(self, c: int, carrying: bool, exclude: int, p: int = -1) -> list[int]:
        """Where the plane can take a pirate of crew c (ruling 14)."""
        up = self._up
        if self._se:  # only to a revealed tile, never a ship
            need = 3 if carrying else 1
            return [
                t
                for t in LAND_CELLS
                if t != exclude and up[t] and self._entry(p, c, t) & need == need
            ]
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
        if code != AGREE_CODE and code not in self.legal_codes():
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
            x = code >> X_SHIFT & 7
            if not x:
                self._finish("agreement")
                return
            if x == X_BOTTLE:
                self._use_bottle(piece, origin, target)
                if self._after:  # used after the action: offered again while uses remain
                    self._after = False
                    self._end_turn()
                elif not self.legal_codes():  # nothing left to do after it
                    self._end_turn()
                return  # a free action: the turn goes on
            if x == X_END:
                self._after = False
                if ev is not None:
                    c = self._order[self._turn]
                    self._log("end-turn", CREWS[c].capitalize(), "ends the turn", crew=CREWS[c])
                self._end_turn(False)
                return
            self._decide(x, piece, target)
        elif self._pend:
            self._resume(k, origin, target)
        elif k == K_CHOOSE:  # second edition: a lost pirate goes through the cave
            p = piece
            self._occ[origin] &= ~(1 << p)
            self._trap[p] = 0
            if code & COIN:
                self._take_coin(origin << 3, code & CHEST)
            if ev is not None:
                self._log(
                    "cave",
                    _name(p),
                    f"finds the way through the cave from {NAMES[origin]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[origin],
                    target=NAMES[target],
                    coin=bool(code & COIN),
                )
            self._go(p, target, MV_CAVE, origin)
        elif k == K_STEP:
            p = piece
            if LAND[origin]:
                self._occ[origin] &= ~(1 << p)
                if code & COIN:
                    self._take_coin(origin << 3 | self._ps[p], code & CHEST)
                if ev is not None:
                    verb = "moves" if LAND[target] else "steps"
                    self._log(
                        "move",
                        _name(p),
                        f"{verb} from {NAMES[origin]} to {NAMES[target]}" + (_WITH[_dragv(code)]),
                        piece=any_piece_name(p),
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
                        piece=any_piece_name(p),
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
                        piece=any_piece_name(p),
                        origin=NAMES[origin],
                        target=NAMES[target],
                    )
                self._enter_sea(p, target)
        elif k == K_SPIN:
            self._spin(piece, origin, _dragv(code))
        elif k == K_FLY:
            p = piece
            self._occ[origin] &= ~(1 << p)
            if code & COIN:
                self._take_coin(origin << 3, code & CHEST)
            self._plane_used = True
            if ev is not None:
                self._log(
                    "fly",
                    _name(p),
                    f"flies the plane from {NAMES[origin]} to {NAMES[target]}"
                    + (" with a coin" if code & COIN else ""),
                    piece=any_piece_name(p),
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
        if self._se:
            self._meet()
        if not self._pend and not self._over:
            self._end_turn()

    def _take_coin(self, key: int, chest: int = 0) -> None:
        if chest:
            self._chest = -1
            self._carry = 3
        else:
            coins = self._coins
            n = coins[key] - 1
            if n:
                coins[key] = n
            else:
                del coins[key]
            self._carry = 1
        self._from_key = key

    def _drop_coin(self, key: int) -> None:
        if self._carry == 3:
            self._chest = key
        else:
            self._coins[key] = self._coins.get(key, 0) + 1
        self._carry = 0

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
            if self._se:
                self._plane_used = True  # ruling 14, second edition: now or never
            if self._ev is not None:
                self._log(
                    "stay",
                    _name(p),
                    "lets the plane go" if self._se else f"waits by the plane at {NAMES[cell]}",
                    piece=any_piece_name(p),
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
                    piece=any_piece_name(p),
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
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, MV_KNIGHT, cell)
        elif pend == P_CAVE:
            if ev is not None:
                self._log(
                    "cave",
                    _name(p),
                    f"goes through the cave from {NAMES[cell]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, MV_CAVE, cell)
        else:
            if ev is not None:
                self._log(
                    "arrow",
                    _name(p),
                    f"follows the arrow from {NAMES[cell]} to {NAMES[target]}",
                    piece=any_piece_name(p),
                    origin=NAMES[cell],
                    target=NAMES[target],
                )
            self._go(p, target, DIR_TO[(cell, target)], cell)

    def _spin(self, p: int, cell: int, coin: int) -> None:
        step = self._ps[p] + 1
        if coin == 3:
            self._chest = cell << 3 | step
        elif coin:
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
                f"{SPINNER_NAMES[steps]} at {NAMES[cell]}" + _WITH[coin],
                piece=any_piece_name(p),
                cell=NAMES[cell],
                step=step,
                coin=bool(coin),
            )
        hit = self._on_step(self._occ[cell] & self._enemy[self._pcrew[p]] & ~(1 << p), step)
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
                    piece=any_piece_name(q),
                    cell=NAMES[target],
                )
            self._kill(q)
        if self._ev is not None:
            for q in BITS[occ[target]]:
                self._log(
                    "board",
                    _name(q),
                    f"is picked up by the {CREWS[s]} ship",
                    piece=any_piece_name(q),
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
                self._arrive(p, cell, k, mv)
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
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == ICE:
                if mv == MV_KNIGHT:
                    self._choose(p, cell, P_KNIGHT, KNIGHT[cell])
                    return
                if mv == MV_FLIGHT:
                    targets = self._flight_targets(self._pcrew[p], self._carry, cell, p)
                    self._choose(p, cell, P_FLIGHT, targets)
                    return
                nxt = STEP[cell << 3 | mv]
                if self._ev is not None:
                    self._log(
                        "ice",
                        _name(p),
                        f"slides on to {NAMES[nxt]}",
                        piece=any_piece_name(p),
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
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[nxt],
                    )
            elif k == OGRE:
                if p == FR:  # Friday is not afraid of the ogre
                    self._arrive(p, cell, k, mv)
                    return
                if self._ev is not None:
                    self._log(
                        "ogre",
                        _name(p),
                        "is eaten by the ogre" + (" together with the coin" if self._carry else ""),
                        short="is eaten" + (" together with the coin" if self._carry else ""),
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                        coin=self._carry,
                    )
                if self._carry:
                    self._eaten += self._carry
                    self._island -= self._carry
                    self._carry = 0
                    self._noisy = True
                self._kill(p)
                return
            elif k == BALLOON:
                dest = self._ship[self._pcrew[p]]
                if self._ev is not None:
                    self._log(
                        "balloon",
                        _name(p),
                        f"is carried by the balloon to the {CREWS[self._pcrew[p]]} ship",
                        piece=any_piece_name(p),
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
                        piece=any_piece_name(p),
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

    def _arrive(self, p: int, cell: int, k: int, mv: int = -1) -> None:
        """p ends forced movement on a tile where one can stop."""
        c = self._pcrew[p]
        occ = self._occ
        o = occ[cell] & self._enemy[c]
        step = 1 if k == SPINNER else 0
        if o and step:
            o = self._on_step(o, 1)
        if self._se and (o or p >= 12 or k in (THICKET, OGRE)):
            r = self._entry(p, c, cell)
            if not r or (self._carry and r != 3):
                self._impossible(p, cell, self._why_not(p, c, cell, r))
                return
            if k == THICKET or self._harmless(p):
                o = 0
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
        if self._se and self._arrive_se(p, c, cell, k, mv):
            return
        if k == PLANE and not self._plane_used:
            self._choose(p, cell, P_PLANE, self._flight_targets(c, self._carry, cell, p))
            if ev is not None:
                self._log(
                    "plane",
                    _name(p),
                    "may fly the plane now or wait by it",
                    piece=any_piece_name(p),
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
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    step=1,
                )
        elif k == TRAP and p != FR:  # Friday does not fall into traps
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
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                        freed=[any_piece_name(q) for q in freed],
                    )
            else:
                self._trap[p] = 1
                if ev is not None:
                    self._log(
                        "trap",
                        _name(p),
                        f"is caught in the trap at {NAMES[cell]}",
                        short="is caught in it",
                        piece=any_piece_name(p),
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
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )

    # ------------------------------------------------------------------ second edition: effects

    def _why_not(self, p: int, c: int, cell: int, r: int) -> str:
        k = self._kind[cell]
        if r:
            if k == THICKET:
                return f"cannot carry a coin into the dense jungle at {NAMES[cell]}"
            if k in _FORT:
                return f"cannot carry a coin into the fortress at {NAMES[cell]}"
            return f"cannot attack at {NAMES[cell]} while carrying a coin"
        o = self._occ[cell] & self._enemy[c]
        if o >> MI & 1 and not self._converted:
            return f"cannot enter {NAMES[cell]}: the Missionary keeps enemies away"
        if self._harmless(p):
            return f"cannot attack at {NAMES[cell]}"
        return f"cannot enter the fortress at {NAMES[cell]}: enemies hold it"

    def _arrive_se(self, p: int, c: int, cell: int, k: int, mv: int) -> bool:
        """Second-edition arrival effects; True when they took over (the pirate went on, or a
        decision is pending)."""
        fresh = self._fresh == k
        self._fresh = 0
        ev = self._ev
        if k == OGRE:  # only Friday stands here; a coin he brings is eaten
            if self._carry:
                self._eaten += self._carry
                self._island -= self._carry
                self._carry = 0
                self._noisy = True
            if ev is not None:
                self._log("ogre", _name(p), "is not afraid of the ogre", piece=any_piece_name(p))
            return True
        if k == CAVE and mv != MV_CAVE:
            lost = [q for q in range(NPIECES) if self._trap[q] == 2 and self._pc[q] != cell]
            if fresh and lost:
                self._cave_swap(p, cell, lost)
                return False
            exits = self._cave_exits(c, cell)
            if len(exits) == 1:
                self._occ[cell] &= ~(1 << p)
                if ev is not None:
                    self._log(
                        "cave",
                        _name(p),
                        f"goes through the cave to {NAMES[exits[0]]}",
                        piece=any_piece_name(p),
                        origin=NAMES[cell],
                        target=NAMES[exits[0]],
                    )
                self._go(p, exits[0], MV_CAVE, cell)
                return True
            if exits:
                self._choose(p, cell, P_CAVE, exits)
                return True
            self._trap[p] = 2
            if ev is not None:
                self._log(
                    "lost",
                    _name(p),
                    f"is lost in the cave at {NAMES[cell]}",
                    short="gets lost in it",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
            return False
        if k == CARAMBA and ev is not None:
            self._log(
                "caramba",
                _name(p),
                f"stumbles at {NAMES[cell]} and shouts: {_CURSES[self.ply % len(_CURSES)]}",
                short="stumbles and shouts: " + _CURSES[self.ply % len(_CURSES)],
                piece=any_piece_name(p),
                cell=NAMES[cell],
            )
        if not fresh:
            return False
        if k in (BEN_GUNN, MISSIONARY, FRIDAY):
            q = 12 + (k - BEN_GUNN)
            self._cstat[q - 12] = 1
            self._pcrew[q] = c
            self._recrew()
            self._place(q, cell, 0)
            if ev is not None:
                self._log(
                    "join",
                    _name(q),
                    f"joins the {CREWS[c]} crew at {NAMES[cell]}",
                    short=f"{_name(q)} joins the {CREWS[c]} crew",
                    piece=any_piece_name(q),
                    crew=CREWS[c],
                    cell=NAMES[cell],
                )
        elif k == BOTTLES:
            n = self._arg[cell]
            if ev is not None:
                self._log(
                    "bottles",
                    CREWS[c].capitalize(),
                    f"finds {n} message bottle" + ("s" if n > 1 else ""),
                    crew=CREWS[c],
                    count=n,
                )
            if self._harmless(p):
                n -= 1
                self._read_bottle(p)
            self._bottles[c] += n
        elif k == LIGHTHOUSE:
            opts = [t for t in LAND_CELLS if not self._up[t]]
            if opts:
                self._pcount = min(4, len(opts))
                self._choose(p, cell, P_PEEK, opts)
                return True
        elif k == QUAKE:
            opts = self._quake_tiles()
            if len(opts) >= 2:
                self._choose(p, cell, P_QUAKE1, opts)
                return True
        return False

    def _quake_tiles(self) -> list[int]:
        """Island tiles an earthquake may swap: nobody on them, no coin, no chest (ruling 24)."""
        occ = self._occ
        busy = {key >> 3 for key in self._coins}
        if self._chest >= 0:
            busy.add(self._chest >> 3)
        return [t for t in LAND_CELLS if not occ[t] and t not in busy]

    def _cave_swap(self, p: int, cell: int, lost: list[int]) -> None:
        """Ruling 23: a new cave is found while pirates are lost: they come out on it and the
        finder takes their place. Ruling S5: only those lost on the earliest-found cave."""
        held = {self._pc[q] for q in lost}
        where = next((t for t in self._caves if t in held), self._pc[lost[0]])
        out = [q for q in lost if self._pc[q] == where]
        occ = self._occ
        for q in out:
            occ[where] &= ~(1 << q)
            self._trap[q] = 0
            self._place(q, cell, 0)
        occ[cell] &= ~(1 << p)
        self._place(p, where, 0)
        if self._ev is not None:
            self._log(
                "cave",
                _name(p),
                f"finds the way out of the cave: {', '.join(_name(q) for q in out)} "
                f"come out at {NAMES[cell]} and {_name(p)} goes to {NAMES[where]}",
                short=f"finds the way out of the cave for {', '.join(_name(q) for q in out)}",
                piece=any_piece_name(p),
                cell=NAMES[cell],
                target=NAMES[where],
                freed=[any_piece_name(q) for q in out],
            )
        # Ruling S10: the finder arrives at the entrance like any forced arrival. Enemies who
        # stand there (not lost) are attacked; if it may not attack them, ruling 5: it dies.
        c = self._pcrew[p]
        enemies = occ[where] & self._enemy[c]
        if enemies:
            shielded = enemies >> MI & 1 and not self._converted
            if self._harmless(p) or self._carry or shielded:
                self._impossible(p, where, f"cannot stand with the enemies at {NAMES[where]}")
            else:
                self._attack(p, enemies)

    def _surrender(self, p: int) -> None:
        """Friday, attacked, joins the attacker's crew where he stands (ruling 21)."""
        c = self._pcrew[p]
        if self._pcrew[FR] == c:
            return
        self._pcrew[FR] = c
        self._recrew()
        if self._ev is not None:
            self._log(
                "surrender",
                "Friday",
                f"surrenders to {_name(p)} and joins the {CREWS[c]} crew",
                piece="FR",
                crew=CREWS[c],
            )

    def _leave(self, q: int, why: str) -> None:
        """A character leaves the game (a bottle for Friday; Friday and the Missionary meet)."""
        cell = self._pc[q]
        if cell >= 0:
            self._occ[cell] &= ~(1 << q)
        self._pc[q] = -1
        self._ps[q] = 0
        self._trap[q] = 0
        self._drunk[q] = 0
        self._cstat[q - 12] = 2
        self._recrew()
        if self._ev is not None:
            self._log("leave", _name(q), why, piece=any_piece_name(q))

    def _read_bottle(self, q: int) -> None:
        """Friday or the Missionary reads a message (ruling 21)."""
        if q == FR:
            self._leave(FR, "reads the message in the bottle and leaves the island")
        else:
            self._converted = True
            if self._ev is not None:
                self._log(
                    "convert",
                    "The Missionary",
                    "reads the message in the bottle, draws a cutlass and becomes a pirate",
                    piece="MI",
                )

    def _meet(self) -> None:
        """Friday and the Missionary on one square leave together (ruling 21)."""
        f = self._pc[FR]
        if f >= 0 and f == self._pc[MI] and not self._converted:
            self._leave(FR, "meets the Missionary")
            self._leave(MI, "leaves the island together with Friday")
            if self._pend and self._pp in (FR, MI):
                # Ruling S11: the one who was to choose (a cave exit, an arrow) has left: the
                # chain ends, and a coin in hand goes back to where the action began.
                if self._carry:
                    self._drop_coin(self._from_key)
                self._pend = P_NONE
                self._popts = ()

    def _use_bottle(self, p: int, cell: int, target: int) -> None:
        """A free bottle use (ruling 22); the turn goes on."""
        c = self._order[self._turn]
        fr = self._friend[c]
        for d in [c] + [d for d in self._order if d != c and fr >> (3 * d) & 1]:
            if self._bottles[d]:
                self._bottles[d] -= 1
                break
        ev = self._ev
        if target != cell:
            q = FR if self._pc[FR] == target else MI
            if ev is not None:
                self._log(
                    "bottle",
                    _name(p),
                    f"hands a message bottle to {CHARACTER_NAMES[q - 12]} at {NAMES[target]}",
                    piece=any_piece_name(p),
                    target=NAMES[target],
                )
            self._read_bottle(q)
        elif self._trap[p]:
            self._trap[p] = 0
            if ev is not None:
                self._log(
                    "bottle",
                    _name(p),
                    f"reads a message bottle and climbs out of the trap at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
        else:
            last = self._arg[cell]
            self._ps[p] = last
            if ev is not None:
                self._log(
                    "bottle",
                    _name(p),
                    f"reads a message bottle and crosses to step {last} of the "
                    f"{SPINNER_NAMES[last]} at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                    step=last,
                )
            hit = self._on_step(self._occ[cell] & self._enemy[c] & ~(1 << p), last)
            if hit:
                self._attack(p, hit)
        self._meet()

    def _decide(self, x: int, p: int, target: int) -> None:
        """A lighthouse peek or an earthquake tile (rulings 24, 25)."""
        cell = self._pc[p]
        pend = self._pend
        opts = self._popts
        self._pend = P_NONE
        self._popts = ()
        ev = self._ev
        if x == X_PEEK:
            seat = self.to_act()
            peeks = dict(self._peeks)
            peeks[seat] = set(peeks.get(seat, ())) | {target}
            self._peeks = peeks
            self._pcount -= 1
            if ev is not None:
                self._log(
                    "peek",
                    _name(p),
                    f"looks at the face-down tile at {NAMES[target]} from the lighthouse",
                    piece=any_piece_name(p),
                    cell=NAMES[target],
                    seat=seat,
                )
            rest = tuple(t for t in opts if t != target)
            if self._pcount and rest:
                self._pend, self._pp, self._popts = P_PEEK, p, rest
            else:
                self._pcount = 0
            return
        if pend == P_QUAKE1:
            self._quake1 = target
            self._pend, self._pp = P_QUAKE2, p
            self._popts = tuple(t for t in opts if t != target)
            return
        a, b = self._quake1, target
        self._quake1 = -1
        kind, arg, up = self._kind[:], self._arg[:], self._up
        kind[a], kind[b] = kind[b], kind[a]
        arg[a], arg[b] = arg[b], arg[a]
        up[a], up[b] = up[b], up[a]
        self._kind, self._arg = kind, arg
        swap = {a: b, b: a}
        self._caves = [swap.get(t, t) for t in self._caves]
        self._peeks = {seat: {swap.get(t, t) for t in cells} for seat, cells in self._peeks.items()}
        self._rebuild()
        if ev is not None:
            self._log(
                "quake",
                _name(p),
                f"shakes the island: the tiles at {NAMES[a]} and {NAMES[b]} swap places",
                piece=any_piece_name(p),
                cell=NAMES[cell],
                tiles=[NAMES[a], NAMES[b]],
            )

    def _attack(self, p: int, victims: int) -> None:
        pc = self._pc
        occ = self._occ
        ship = self._ship
        if victims >> FR & 1:
            victims &= ~(1 << FR)
            self._surrender(p)
            if not victims:
                return
        pcrew = self._pcrew
        for q in BITS[victims]:
            occ[pc[q]] &= ~(1 << q)
            self._trap[q] = 0
            self._place(q, ship[pcrew[q]], 0)
        if self._ev is not None:
            names = [_name(q) for q in BITS[victims]]
            crews = {pcrew[q] for q in BITS[victims]}
            self._log(
                "attack",
                _name(p),
                "knocks "
                + ", ".join(names)
                + " back to "
                + (f"the {CREWS[crews.pop()]} ship" if len(crews) == 1 else "their ships"),
                piece=any_piece_name(p),
                victims=[any_piece_name(q) for q in BITS[victims]],
            )

    def _enter_sea(self, p: int, cell: int) -> None:
        c = self._pcrew[p]
        s = self._shipc[cell]
        ev = self._ev
        if s >= 0 and self._friend[c] >> (3 * s) & 1:
            self._place(p, cell, 0)
            if self._carry:
                what = "the galleon's chest" if self._carry == 3 else "a coin"
                self._score[c] += self._carry
                self._island -= self._carry
                self._carry = 0
                self._noisy = True
                if ev is not None:
                    self._log(
                        "score",
                        _name(p),
                        f"brings {what} aboard the {CREWS[s]} ship: "
                        f"{CREWS[c].capitalize()} has {self._score[c]}",
                        piece=any_piece_name(p),
                        cell=NAMES[cell],
                        crew=CREWS[c],
                        score=self._score[c],
                    )
            elif ev is not None:
                self._log(
                    "board",
                    _name(p),
                    f"climbs aboard the {CREWS[s]} ship at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
            return
        if self._carry:
            self._sunk += self._carry
            self._island -= self._carry
            self._carry = 0
            self._noisy = True
            if ev is not None:
                self._log(
                    "sink",
                    _name(p),
                    f"drops the coin into the sea at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
        if s >= 0:
            if ev is not None:
                self._log(
                    "death",
                    _name(p),
                    f"runs into the {CREWS[s]} ship at {NAMES[cell]} and dies",
                    piece=any_piece_name(p),
                    cell=NAMES[cell],
                )
            self._kill(p)
            return
        victims = self._occ[cell] & self._enemy[c]
        if self._se and victims:
            if self._harmless(p):
                victims = 0
            else:
                if not self._converted:
                    victims &= ~(1 << MI)
                if victims >> FR & 1:
                    victims &= ~(1 << FR)
                    self._surrender(p)
        for q in BITS[victims]:
            if ev is not None:
                self._log(
                    "kill",
                    _name(p),
                    f"kills {_name(q)} in the water at {NAMES[cell]}",
                    piece=any_piece_name(p),
                    victim=any_piece_name(q),
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
        elif k == GALLEON:
            self._chest = cell << 3
            self._hidden -= 3
        elif k == SMOKE:
            self._smoke_new = True
        elif k == CAVE:
            self._caves = self._caves + [cell]
        if self._se:
            self._fresh = k
        if self._ev is not None:
            self._log(
                "reveal",
                _name(p),
                f"reveals {tile_name(k, self._arg[cell])} at {NAMES[cell]}",
                piece=any_piece_name(p),
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
                piece=any_piece_name(p),
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
        if p >= 12:  # a character who dies is gone for good
            self._cstat[p - 12] = 2
            self._recrew()
            return
        c = p // 3
        if self._ev is not None and all(self._pc[q] < 0 for q in range(3 * c, 3 * c + 3)):
            self._log(
                "out",
                CREWS[c].capitalize(),
                "has no pirates left and is out of the game",
                crew=CREWS[c],
            )

    # ------------------------------------------------------------------ turns and the end

    def _end_turn(self, offer: bool = True) -> None:
        """The action is done and the turn passes. Second edition: unless ``offer`` is false
        (``end turn``), a crew that still can use a bottle may do so first (ruling 22, S1)."""
        if self._se and offer and not self._smoke and self._offer_after():
            return
        self._taken = None
        c = self._order[self._turn]
        drunk = self._drunk
        for q in self._members[c]:
            if drunk[q]:
                drunk[q] -= 1
        if self._smoke:
            self._smoke -= 1
        if self._smoke_new:  # ruling 26: the next full round is smoked
            self._smoke = len(self._order)
            self._smoke_new = False
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
                for q in self._members[c]:
                    if drunk[q]:
                        drunk[q] -= 1
            if self._smoke:
                self._smoke -= 1
            self._quiet += 1
            skipped += 1
            if skipped >= 2 * n:
                self._finish("stalemate")
                return

    def _offer_after(self) -> bool:
        """Second edition, after the action of an unsmoked turn: if the crew's team holds a
        bottle and a use is legal, and the game goes on, hold the turn for that decision."""
        c = self._order[self._turn]
        if self._over or self._island == 0 or not self._team_bottles(c):
            return False
        quiet = 0 if self._noisy else self._quiet + 1
        if quiet >= QUIET_ROUNDS * len(self._order):
            return False  # the game ends with this turn (stalemate)
        res: list[int] = []
        self._gen_bottles(c, res.append)
        if not res:
            return False
        res.append(END_TURN_CODE)
        self._taken = None
        self._after = True
        self._legal = res
        return True

    def _finish(self, reason: str) -> None:
        self._over = True
        self._reason = reason
        self._after = False
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
        if self._after:
            opts = ", ".join(format_code(x) for x in legal)
            return (
                f"{text} is not possible: {CREWS[c].capitalize()} has made its action; "
                f"use a bottle or end the turn. Choose one of: {opts}"
            )
        if k == K_AGREE and code >> X_SHIFT & 7 == X_END:
            return (
                f"{text} is not possible: a turn is ended that way only after the action, "
                "while a bottle could still be used"
            )
        is_character = bool(code & CHAR)
        if k == K_AGREE and code >> X_SHIFT & 7 == X_BOTTLE and not self._team_bottles(c):
            return f"{text} is not possible: {CREWS[c].capitalize()} has no message bottle"
        if is_character:
            crew = self._pcrew[piece]
            if crew < 0:
                return f"{text} is not possible: {_name(piece)} is not in anyone's crew"
        else:
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
        if piece >= 12 and not is_character:
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
        mine = [
            format_code(x)
            for x in legal
            if (x >> 3 & 15) == piece and bool(x & CHAR) == is_character
        ]
        name = any_piece_name(piece) if is_character else piece_name(piece)
        hint = f" Legal for {name}: {', '.join(mine)}." if mine else ""
        return f"{text} is not possible: {reason}.{hint}"

    def _team_bottles(self, c: int) -> int:
        """Bottles crew c may use: its own and its allies' (ruling 22)."""
        friends = self._friend[c]
        return sum(self._bottles[d] for d in self._order if d == c or friends >> (3 * d) & 1)

    def _explain_entry(self, p: int, target: int, coin: bool) -> str | None:
        """Second edition: why piece p may not step onto the face-up square `target`, if a
        character's or the dense jungle's rule is the reason (ruling 21, 27)."""
        c = self._pcrew[p]
        enemies = self._occ[target] & self._enemy[c]
        preacher = enemies >> MI & 1 and not self._converted
        if p == MI and not self._converted and enemies and enemies != 1 << FR:
            return "the Missionary never shares a square with enemies"
        if preacher and p != FR:
            return f"nobody shares a square with an enemy Missionary ({NAMES[target]})"
        if coin and (p == MI and not self._converted):
            return "the Missionary does not carry coins"
        if coin and self._kind[target] == THICKET:
            return "no coin goes into the dense jungle"
        if enemies and self._harmless(p) and self._kind[target] != THICKET:
            return f"{_name(p)} never attacks"
        return None

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
                    f"step {step} of {self._arg[cell]} (write {any_piece_name(p)} "
                    f"{NAMES[cell]}+)"
                )
            return "an enemy holds the next step and a pirate with a coin cannot attack"
        if k == K_SPIN:
            return f"{_name(p)} is not crossing a spinner"
        if kind[cell] == PLANE and not self._plane_used:
            if k != K_FLY:
                return (
                    f"leaving the plane's tile means flying the plane: write "
                    f"{any_piece_name(p)} {NAMES[cell]}^{NAMES[target]}"
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
        if self._se and LAND[target] and self._up[target]:
            reason = self._explain_entry(p, target, coin)
            if reason:
                return reason
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
            pirates[any_piece_name(p)] = (
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
                "pirate": any_piece_name(self._pp),
                "options": [NAMES[t] for t in self._popts],
            }
        chain = None
        if self._pend:
            chain = {
                # Whether this action already revealed a tile or moved a coin off the island:
                # the stalemate count must not forget it when the position is stored mid-chain.
                "progress": self._noisy,
                "coin": bool(self._carry),
                "coin_from": _coin_key_name(self._from_key) if self._carry else None,
                "taken": {
                    f"{NAMES[key >> 3]}:{PENDING_NAMES[key & 7]}": sorted(NAMES[t] for t in v)
                    for key, v in sorted((self._taken or {}).items())
                },
            }
        d = {
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
        if self._se:
            self._se_json(d)
        return d

    def _se_json(self, d: dict) -> None:
        """Second-edition fields (a classic position has none of them)."""
        for p, info in d["pirates"].items():
            if info is not None:
                info["lost"] = self._trap[_pirate(p)] == 2
                info["trapped"] = self._trap[_pirate(p)] == 1
        d["chest"] = _coin_key_name(self._chest) if self._chest >= 0 else None
        d["bottles"] = self.bottles()
        d["characters"] = self.characters()
        d["smoke"] = {"turns": self._smoke, "new": self._smoke_new}
        # After the action, waiting for a bottle use or "end turn" (ruling 22, S1); progress is
        # whether the action revealed a tile or moved a coin off the island (for quiet_turns).
        d["after"] = {"progress": self._noisy} if self._after else None
        d["caves"] = [NAMES[c] for c in self._caves]
        d["peeks"] = {str(seat): sorted(NAMES[c] for c in v) for seat, v in self._peeks.items()}
        if self._pend:
            d["pending"]["peeks_left"] = self._pcount
            d["pending"]["quake_first"] = NAMES[self._quake1] if self._quake1 >= 0 else None
            d["chain"]["chest"] = self._carry == 3

    def _se_from_json(self, d: dict) -> None:
        for name, info in d["pirates"].items():
            if info is not None and info.get("lost"):
                self._trap[_pirate(name)] = 2
        self._chest = _coin_key_parse(d["chest"]) if d["chest"] else -1
        for crew, n in d["bottles"].items():
            self._bottles[_crew_index(crew)] = int(n)
        for i, name in enumerate(("BG", "MI", "FR")):
            info = d["characters"][name]
            q = 12 + i
            if info is None:
                continue
            self._cstat[i] = 2 if info["gone"] else 1
            if info["gone"]:
                continue
            self._pcrew[q] = _crew_index(info["crew"])
            self._pc[q] = _cell(info["cell"])
            self._ps[q] = int(info["step"])
            self._trap[q] = 2 if info["lost"] else 1 if info["trapped"] else 0
            self._drunk[q] = int(info["drunk"])
            if name == "MI":
                self._converted = bool(info["converted"])
        if d["characters"]["MI"] is not None:
            self._converted = bool(d["characters"]["MI"]["converted"])
        self._smoke = int(d["smoke"]["turns"])
        self._smoke_new = bool(d["smoke"]["new"])
        after = d.get("after")
        if after:
            self._after = True
            self._noisy = bool(after["progress"])
        self._caves = [_cell(c) for c in d["caves"]]
        self._peeks = {int(seat): {_cell(c) for c in v} for seat, v in d["peeks"].items()}
        if d.get("pending"):
            self._pcount = int(d["pending"]["peeks_left"])
            q1 = d["pending"]["quake_first"]
            self._quake1 = _cell(q1) if q1 else -1
            if d["chain"]["chest"]:
                self._carry = 3

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
            s._pc = [-1] * NPIECES
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
                s._pp = piece_index(pending["pirate"])
                s._popts = tuple(_cell(t) for t in pending["options"])
                chain = d["chain"]
                s._noisy = bool(chain["progress"])
                s._carry = 1 if chain["coin"] else 0
                s._from_key = _coin_key_parse(chain["coin_from"]) if s._carry else -1
                s._taken = {}
                for key, targets in chain["taken"].items():
                    name, _, kind = key.partition(":")
                    s._taken[_cell(name) << 3 | PENDING_NAMES.index(kind)] = {
                        _cell(t) for t in targets
                    }
            if s._se:
                s._se_from_json(d)
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
    s._total = 40 if s._se else 37  # second edition: 37 coins + the galleon's chest worth 3
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
