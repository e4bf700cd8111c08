"""The position and its packed arrays: what stands where, whose turn it is, the score.

Design for speed (search bots run millions of plies): the board is flat lists indexed by cell
(0..168), tiles are small ints, pieces are indices (0..11 pirates, crew * 3 + n; 12..14 the
second edition's characters), "who stands here" is a bit mask per cell, and moves are packed ints
(see moves.py). Only the modules of the ``State`` class (movegen, actions, chains,
second_edition, second_edition_effects, refusals, serialise, reads, agreement) and the hooks that
rulesets.py names touch the private arrays; everyone else uses the public methods here and in
reads.py. What differs between rulesets is asked of ``self._rules`` (rulebook.py).
"""

from __future__ import annotations

from typing import Self

from rules.core.rng import DealRng

from .decks import DECK_VERSIONS, LATEST_DECK, coins_in_deck
from .decks import deck as deck_tiles
from .errors import SetupError
from .geometry import (
    CELL_BY_NAME,
    LAND,
    LAND_CELLS,
    NAMES,
    SHIP_START,
)
from .moves import (
    CHARACTER_NAMES,
    CHARACTERS,
    CHEST,
    COIN,
    CREWS,
    FIRST_CHARACTER,
    NPIECES,
    Move,
    piece_index,
)
from .outcome import Outcome, outcome_of, seating
from .rulebook import rules_for
from .tiles import (
    FORTRESS,
    GALLEON,
    GOLD,
    NATIVE,
    PLANE,
    SEA,
    format_tile,
    orient,
)

RULESETS = ("classic", "second-edition")  # the rulesets built in (state.py registers them)
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
BITS = tuple(tuple(i for i in range(NPIECES) if m >> i & 1) for m in range(1 << NPIECES))
CURSES = (
    "Barnacles and bilge water!",
    "May a gull steal yer biscuit!",
    "Thunder and tar!",
    "Rot me rigging!",
    "Ten thousand soggy sea boots!",
    "Blast this root to the bottom of the sea!",
)
FORTS = (FORTRESS, NATIVE)
CARRYING = ("", " with a coin", "", " with the galleon's chest")


def drag_of(code: int) -> int:
    """What a move drags: 0 nothing, 1 a coin, 3 the galleon's chest."""
    return 0 if not code & COIN else 3 if code & CHEST else 1


def name_of(p: int) -> str:
    if p >= FIRST_CHARACTER:
        name = CHARACTER_NAMES[p - FIRST_CHARACTER]
        return name[0].upper() + name[1:]
    return f"{CREWS[p // 3].capitalize()} {p % 3 + 1}"


def coin_key_name(key: int) -> str:
    cell, step = divmod(key, 8)
    return NAMES[cell] + (f".{step}" if step else "")


def coin_key_parse(text: str) -> int:
    name, _, step = text.partition(".")
    cell = CELL_BY_NAME.get(name.upper())
    if cell is None or (step and not step.isdigit()):
        raise SetupError(f"bad coin square {text!r}")
    return cell * 8 + (int(step) if step else 0)


def crew_index(crew: str) -> int:
    try:
        return CREWS.index(str(crew).lower())
    except ValueError:
        raise SetupError(f"unknown crew {crew!r}; crews are {', '.join(CREWS)}") from None


def cell_index(name: str) -> int:
    cell = CELL_BY_NAME.get(str(name).upper())
    if cell is None:
        raise SetupError(f"{name!r} is not a square")
    return cell


def land_cell(name: str) -> int:
    cell = cell_index(name)
    if not LAND[cell]:
        raise SetupError(f"{name} is sea, not island")
    return cell


def pirate_index(name: str) -> int:
    p = piece_index(name)
    if p >= FIRST_CHARACTER:
        raise SetupError(f"{name} is a character, not a pirate")
    return p


class Position:
    """A whole game position, hidden tiles included (server side only)."""

    __slots__ = (
        "ruleset",
        "players",
        "teams",
        "seed",
        "deck",
        "ply",
        "_order",
        "_owner",
        "_seat_team",
        "_friend",
        "_enemy",
        "_kind",
        "_arg",
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
        # the ruleset's data and hooks (rulebook.py)
        "_rules",
        # second edition (classic keeps the defaults)
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
        # ending by agreement (ruling E16, agreement.py): the seat that offered (-1: no offer
        # open), and the seats that agreed so far, as a bit mask (the one who offered included)
        "_offer",
        "_accepted",
        # the seats whose crews are passed over (skipping.py), as a bit mask
        "_skipped",
        # how many turns have begun since this object was made or read: not part of the
        # position (never in its JSON); compared before and after a move, it tells a new turn
        # from a decision within one (``turns_begun``)
        "_turns",
    )

    @classmethod
    def _blank(
        cls, ruleset: str, players: int, teams: bool, seed: str, deck: int = LATEST_DECK
    ) -> Self:
        rules = rules_for(ruleset)
        order, owner = seating(players, bool(teams))
        s = cls.__new__(cls)
        s.ruleset = ruleset
        s.players = players
        s.teams = bool(teams)
        s.seed = str(seed)
        if deck not in DECK_VERSIONS:
            raise SetupError(f"unknown deck version {deck!r}")
        s.deck = deck
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
        s._rules = rules
        s._pcrew = [p // 3 for p in range(FIRST_CHARACTER)] + [-1, -1, -1]
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
        s._offer = -1
        s._accepted = 0
        s._skipped = 0
        s._turns = 0
        for c in order:
            s._ship[c] = SHIP_START[c]
            for p in range(3 * c, 3 * c + 3):
                s._pc[p] = SHIP_START[c]
        return s

    def _deal(self) -> None:
        rng = DealRng(self.seed)
        deck = deck_tiles(self.ruleset, self.deck)
        rng.shuffle(deck)
        for cell, (kind, arg) in zip(LAND_CELLS, deck, strict=True):
            self._kind[cell] = kind
            self._arg[cell] = orient(kind, arg, rng.below(4))

    @classmethod
    def dealt(cls, ruleset: str, players: int, teams: bool, seed: str, deck: int) -> Self:
        """A new game's position: the island dealt face down from the seed and the deck."""
        s = cls._blank(ruleset, players, teams, seed, deck)
        s._deal()
        s._total = coins_in_deck(ruleset, deck)
        s._rebuild()
        return s

    def _rebuild(self) -> None:
        """Recompute the derived tables (occupancy, ship index, coin totals, special cells)."""
        self._native = -1
        plane = -1
        hidden = 0
        for cell in LAND_CELLS:
            k = self._kind[cell]
            if k == PLANE:
                if plane >= 0:
                    raise SetupError("only one plane per island")
                plane = cell
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
        if self._rules.characters:
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
        pcrew = [p // 3 for p in range(FIRST_CHARACTER)] + [-1, -1, -1]
        for i in range(3):
            q = FIRST_CHARACTER + i
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
            if pcrew[FIRST_CHARACTER + i] >= 0:
                present |= 1 << (FIRST_CHARACTER + i)
        self._friend = friend
        self._enemy = [present & ~friend[c] if c in self._order else 0 for c in range(4)]
        self._members = [tuple(m) for m in members]
        self._pcrew = pcrew

    def copy(self) -> Self:
        """A fast independent copy (for bots). The deal is shared: it never changes (an earthquake
        replaces the lists instead of changing them)."""
        s = object.__new__(type(self))
        s._rules = self._rules
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
        s._offer = self._offer
        s._accepted = self._accepted
        s._skipped = self._skipped
        s._turns = self._turns
        s.ruleset = self.ruleset
        s.players = self.players
        s.teams = self.teams
        s.seed = self.seed
        s.deck = self.deck
        s.ply = self.ply
        s._order = self._order
        s._owner = self._owner
        s._seat_team = self._seat_team
        s._friend = self._friend
        s._enemy = self._enemy
        s._kind = self._kind
        s._arg = self._arg
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

    @property
    def crews(self) -> tuple[str, ...]:
        return tuple(CREWS[c] for c in self._order)

    def crew_owner(self, crew: str) -> int:
        c = crew_index(crew)
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
        return outcome_of(self.players, self.teams, self.scores(), self._reason)

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
        if self._rules.chest:
            d["chest"] = coin_key_name(self._chest) if self._chest >= 0 else None
        return d

    def bottles(self) -> dict[str, int]:
        """Second edition: message bottles per crew (a team uses its crews' bottles together)."""
        return {CREWS[c]: self._bottles[c] for c in self._order}

    def characters(self) -> dict[str, dict | None]:
        """Second edition: Ben Gunn (BG), the Missionary (MI), Friday (FR): None before they are
        found, else their crew (None once gone), square and state."""
        out = {}
        for i, name in enumerate(CHARACTERS):
            q = FIRST_CHARACTER + i
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
