"""The position of an Archipelago game: every fact, its JSON form, and the questions the rules ask.

Pieces are ``W1..W3`` (white), ``Y1..`` (yellow), ``R1..`` (red), ``K1..`` (black) and ``M``, the
missionary. Seats play in the book's order: white first, then clockwise; a seat's crew letter is
``CREWS[seat]``. Each piece is a small dict:

- ``where``: ``"boat"`` (aboard the boat of seat ``boat``), ``"land"`` or ``"water"`` (on
  ``cell``), ``"dead"`` (waits for the shrine) or ``"gone"`` (out of the game);
- ``stage`` (turns spent in a labyrinth), ``trapped`` (in a pit), ``drunk`` (turns left to skip),
  ``convert`` (the missionary only: he took a bottle and fights as a pirate).

Coins lie on land squares (``coins``); a pirate drags one only during its own move. A coin ends
aboard a boat (``stowed`` for that boat's seat), in the sea (``sunk``), in the cannibal (``eaten``),
in a face-down chest, or in a chest removed with the 9 tiles (ruling A1): always 19 in all.
"""

from __future__ import annotations

from typing import Any

from .errors import SetupError
from .geometry import Cell, cell_name, chebyshev, neighbours, parse_cell
from .islands import SHAPES
from .tiles import FACES, TOTAL_BOTTLES, TOTAL_COINS

CREWS = "WYRK"
COLOURS = ("white", "yellow", "red", "black")
# Ruling A21: after this many rounds without a tile turned up or a coin leaving the island the site
# proposes the book's vote to end the game, and again after as many more if it is refused; after
# QUIET_LIMIT such rounds the game ends as it stands (a correspondence game must end some day).
QUIET_ROUNDS = 30
QUIET_LIMIT = 3 * QUIET_ROUNDS

# The rulings' version a game is played by. Version 2 (issue 41) follows the book where version 1
# did not: ice after a jump jumps again (A38), a jump's landing obeys the coin rules (A7, A35),
# coins enter labyrinths (A8), quiet rounds bring a vote (A21). A position without "rulings" was
# played by version 1: games started before keep their rules, so their ledgers replay exactly.
RULINGS = 2


class Position:
    """The facts; the rules live in the mixins that make :class:`~.game.Archipelago`."""

    def _init_position(self, seats: int, seed: str, options: dict[str, Any]) -> None:
        self.nseats = seats
        self.seed = seed
        self.options = dict(options)
        shape = SHAPES[options["island"]]
        self.width, self.height = shape.size
        self.teams = bool(options["teams"])
        self.tiles: dict[Cell, dict] = {}
        self.removed: list[str] = []
        self.boats: dict[int, Cell] = {}
        self.pieces: dict[str, dict] = {}
        for seat in range(seats):
            for n in (1, 2, 3):
                self.pieces[f"{CREWS[seat]}{n}"] = _piece(seat, "boat", None, seat)
        self.coins: dict[Cell, int] = {}
        self.stowed = [0] * seats
        self.sunk = 0
        self.eaten = 0
        self.bottles = [0] * seats
        self.bottle_supply = TOTAL_BOTTLES
        self.bottles_used = 0
        self.bear: Cell | None = None
        self.bear_waker: int | None = None
        self.bear_fresh = False
        self.known: list[set[Cell]] = [set() for _ in range(seats)]
        self.phase = "place"
        self.slot = 0
        self.smoke = 0
        self.smoke_pending = False
        self.pending: dict | None = None
        self.vote: dict | None = None
        self.offered = False
        self.quiet = 0
        self.refusals = 0  # the site's proposals to end refused since the last progress (A21)
        self.rulings = RULINGS
        self.noisy = False
        self._ply = 0
        self.reason: str | None = None

    # -- questions ---------------------------------------------------------------------------

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def is_land(self, cell: Cell) -> bool:
        return cell in self.tiles

    def is_water(self, cell: Cell) -> bool:
        return self.on_board(cell) and cell not in self.tiles

    def is_shore(self, cell: Cell) -> bool:
        """Water touching land (also diagonally): where swimmers may go."""
        return cell in self.shore()

    def shore(self) -> frozenset[Cell]:
        """Every shore square."""
        return self._land()[2]

    def _land(self) -> tuple:
        """What depends on the land's squares alone: ``(tiles, size, shore, distances)``, the
        shore squares and a memo of the bear's distances over land from a square (bear.py).
        The land's squares never change once the island is laid (an earthquake swaps tiles, not
        squares), so this is made once per island: it is kept with the tiles dict it was made
        from and its size, and ``copy`` hands it on."""
        tiles = self.tiles
        kept = self.__dict__.get("_shore")
        if kept is None or kept[0] is not tiles or kept[1] != len(tiles):
            cells = frozenset(
                n for c in tiles for n in neighbours(c) if self.on_board(n) and n not in tiles
            )
            kept = self._shore = (tiles, len(tiles), cells, {})
        return kept

    def _tile_to_change(self, cell: Cell) -> dict:
        """The tile at ``cell``, to be changed: copies share their tiles' dicts (``copy``), so
        a tile is replaced by its own copy before it is changed (copy-on-write). Every change
        of a tile goes through here."""
        tile = self.tiles[cell] = dict(self.tiles[cell])
        return tile

    def boat_at(self, cell: Cell) -> int | None:
        for seat, at in self.boats.items():
            if at == cell:
                return seat
        return None

    def team(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def friendly(self, a: int, b: int) -> bool:
        return self.team(a) == self.team(b)

    def up(self, cell: Cell) -> bool:
        return self.tiles[cell]["up"]

    def face_at(self, cell: Cell) -> str:
        """The face that acts now: a spent single-use tile acts as an empty one."""
        tile = self.tiles[cell]
        key = tile["face"]
        if tile["spent"] and FACES[key].single_use:
            return "empty"
        return key

    def book_rulings(self) -> bool:
        """Whether this game plays by the rulings of version 2 (see RULINGS)."""
        return self.rulings >= 2

    def refuses_coin(self, key: str) -> bool:
        """The face ``key`` takes no coin: the jungle, the shrine, the fortress; under rulings 1
        the labyrinths too (A8)."""
        face = FACES[key]
        return face.no_coin or (bool(face.maze) and not self.book_rulings())

    def pieces_at(self, cell: Cell, where: str = "land") -> list[str]:
        return [pid for pid, p in self.pieces.items() if p["where"] == where and p["cell"] == cell]

    def is_missionary(self, pid: str) -> bool:
        """The missionary before he takes a bottle: no coins, no fights, no boats."""
        return pid == "M" and not self.pieces[pid]["convert"]

    def fighters(self, seat: int) -> int:
        """Combat-capable characters of a crew in play (the shrine's limit)."""
        return sum(
            1
            for pid, p in self.pieces.items()
            if p["seat"] == seat
            and p["where"] in ("boat", "land", "water")
            and not self.is_missionary(pid)
        )

    def slot_crew(self) -> int:
        return self.slot % self.nseats

    def controller(self) -> int:
        """The seat that plays the current turn: under smoke, the crew's next neighbour."""
        crew = self.slot_crew()
        return (crew + 1) % self.nseats if self.smoke else crew

    def coins_on_island(self) -> int:
        return sum(self.coins.values())

    def hidden_coins(self) -> int:
        """Coins still in face-down chests on the island (secret: never shown per square)."""
        return sum(FACES[t["face"]].coins for t in self.tiles.values() if not t["up"])

    def expected_coins(self) -> int:
        """Every coin of the game, wherever it is (19: the box's chests)."""
        return TOTAL_COINS

    def coin_total(self) -> int:
        removed = sum(FACES[k].coins for k in self.removed)
        return (
            self.coins_on_island()
            + sum(self.stowed)
            + self.sunk
            + self.eaten
            + self.hidden_coins()
            + removed
            + (1 if self.pending and self.pending["coin"] else 0)  # dragged mid-chain
        )

    def all_explored(self) -> bool:
        return all(t["up"] for t in self.tiles.values())

    def land_pirates(self) -> list[tuple[str, Cell]]:
        return [
            (pid, p["cell"])
            for pid, p in self.pieces.items()
            if p["where"] == "land" and not self.is_missionary(pid)
        ]

    def near(self, a: Cell, b: Cell) -> bool:
        return chebyshev(a, b) <= 1

    # -- JSON ---------------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "format": 1,
            "seats": self.nseats,
            "seed": self.seed,
            "options": dict(self.options),
            "ply": self._ply,
            "tiles": {cell_name(c): dict(t) for c, t in sorted(self.tiles.items())},
            "removed": list(self.removed),
            "boats": {str(s): cell_name(c) for s, c in sorted(self.boats.items())},
            "pieces": {pid: _piece_json(p) for pid, p in self.pieces.items()},
            "coins": {cell_name(c): n for c, n in sorted(self.coins.items()) if n},
            "stowed": list(self.stowed),
            "sunk": self.sunk,
            "eaten": self.eaten,
            "bottles": list(self.bottles),
            "bottle_supply": self.bottle_supply,
            "bottles_used": self.bottles_used,
            "bear": cell_name(self.bear) if self.bear else None,
            "bear_waker": self.bear_waker,
            "bear_fresh": self.bear_fresh,
            "known": [sorted(cell_name(c) for c in k) for k in self.known],
            "phase": self.phase,
            "slot": self.slot,
            "smoke": self.smoke,
            "smoke_pending": self.smoke_pending,
            "pending": _pending_json(self.pending),
            # Its own list of the seats that said yes: the document must not change with the game.
            "vote": dict(self.vote, yes=list(self.vote["yes"])) if self.vote else None,
            "offered": self.offered,
            "quiet": self.quiet,
            "noisy": self.noisy,
            "reason": self.reason,
            # only when there are some, so that positions stored before ruling A21's vote (and
            # every position with none) stay as they were
            **({"refusals": self.refusals} if self.refusals else {}),
            **({"rulings": self.rulings} if self.rulings != 1 else {}),
        }

    def _load_position(self, d: dict) -> None:
        try:
            self._ply = int(d["ply"])
            self.tiles = {parse_cell(k): dict(v) for k, v in d["tiles"].items()}
            self.removed = list(d["removed"])
            self.boats = {int(s): parse_cell(c) for s, c in d["boats"].items()}
            self.pieces = {pid: _piece_load(p) for pid, p in d["pieces"].items()}
            self.coins = {parse_cell(k): int(n) for k, n in d["coins"].items()}
            self.stowed = [int(n) for n in d["stowed"]]
            self.sunk, self.eaten = int(d["sunk"]), int(d["eaten"])
            self.bottles = [int(n) for n in d["bottles"]]
            self.bottle_supply = int(d["bottle_supply"])
            self.bottles_used = int(d["bottles_used"])
            self.bear = parse_cell(d["bear"]) if d["bear"] else None
            self.bear_waker = d["bear_waker"]
            self.bear_fresh = bool(d["bear_fresh"])
            self.known = [{parse_cell(c) for c in k} for k in d["known"]]
            self.phase = d["phase"]
            self.slot = int(d["slot"])
            self.smoke = int(d["smoke"])
            self.smoke_pending = bool(d["smoke_pending"])
            self.pending = _pending_load(d["pending"])
            self.vote = dict(d["vote"], yes=list(d["vote"]["yes"])) if d["vote"] else None
            self.offered = bool(d["offered"])
            self.quiet = int(d["quiet"])
            self.refusals = int(d.get("refusals", 0))
            self.rulings = int(d.get("rulings", 1))
            self.noisy = bool(d["noisy"])
            self.reason = d["reason"]
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise SetupError(f"malformed archipelago position: {e!r}") from None
        if self.coin_total() != self.expected_coins():
            raise SetupError("malformed archipelago position: the coins do not add up")


def _piece(seat: int, where: str, cell: Cell | None, boat: int | None) -> dict:
    return {
        "seat": seat,
        "where": where,
        "cell": cell,
        "boat": boat,
        "stage": 0,
        "trapped": False,
        "drunk": 0,
        "convert": False,
    }


def _piece_json(p: dict) -> dict:
    out = dict(p)
    out["cell"] = cell_name(p["cell"]) if p["cell"] else None
    return out


def _piece_load(d: dict) -> dict:
    p = _piece(int(d["seat"]), d["where"], None, d["boat"])
    p.update({k: d[k] for k in ("stage", "trapped", "drunk", "convert")})
    p["cell"] = parse_cell(d["cell"]) if d["cell"] else None
    if p["where"] not in ("boat", "land", "water", "dead", "gone"):
        raise ValueError(f"piece place {p['where']!r}")
    return p


# A pending choice keeps cells in its options and context: stored as square names.
_CELL_KEYS = ("cell", "start", "prev")


def _pending_json(pending: dict | None) -> dict | None:
    if pending is None:
        return None
    out = dict(pending)
    for key in _CELL_KEYS:
        if out.get(key) is not None:
            out[key] = cell_name(out[key])
    out["seen"] = [[cell_name(c), list(d) if d else None, v] for c, d, v in pending["seen"]]
    return out


def _pending_load(d: dict | None) -> dict | None:
    if d is None:
        return None
    out = dict(d)
    for key in _CELL_KEYS:
        if out.get(key) is not None:
            out[key] = parse_cell(out[key])
    out["seen"] = [(parse_cell(c), tuple(dl) if dl else None, v) for c, dl, v in d["seen"]]
    out["options"] = list(d["options"])
    return out
