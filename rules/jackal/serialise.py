"""The position as JSON (server side only: the seed and every face-down tile are in it)."""

from __future__ import annotations

from typing import Self

from .errors import JackalError, SetupError
from .geometry import (
    LAND_CELLS,
    NAMES,
)
from .moves import (
    CREWS,
    FIRST_CHARACTER,
    NPIECES,
    any_piece_name,
    piece_index,
)
from .position import (
    PENDING_NAMES,
    POSITION_FORMAT,
    POSITION_VERSION,
    cell_index,
    coin_key_name,
    coin_key_parse,
    crew_index,
    land_cell,
    pirate_index,
)
from .tiles import (
    SEA,
    format_tile,
    parse_tile,
)


class Serialisation:
    """The serialise methods of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    def to_json(self) -> dict:
        """The whole position, hidden tiles and seed included. Server side only."""
        pirates = {}
        for p in range(FIRST_CHARACTER):
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
                "coin_from": coin_key_name(self._from_key) if self._carry else None,
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
            **({"deck": self.deck} if self.deck != 1 else {}),
            "tiles": {NAMES[c]: format_tile(self._kind[c], self._arg[c]) for c in LAND_CELLS},
            "face_up": [NAMES[c] for c in LAND_CELLS if self._up[c]],
            "plane_used": self._plane_used,
            "coins": {coin_key_name(k): v for k, v in sorted(self._coins.items())},
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
        self._agreement_json(d)
        self._skipping_json(d)
        extras = self._rules.json_extras
        if extras is not None:
            extras(self, d)
        return d

    def _se_json(self, d: dict) -> None:
        """The second edition's fields (its ``json_extras`` hook; a classic position has none)."""
        for p, info in d["pirates"].items():
            if info is not None:
                info["lost"] = self._trap[pirate_index(p)] == 2
                info["trapped"] = self._trap[pirate_index(p)] == 1
        d["chest"] = coin_key_name(self._chest) if self._chest >= 0 else None
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
        """The second edition's fields read back (its ``json_load`` hook)."""
        for name, info in d["pirates"].items():
            if info is not None and info.get("lost"):
                self._trap[pirate_index(name)] = 2
        self._chest = coin_key_parse(d["chest"]) if d["chest"] else -1
        for crew, n in d["bottles"].items():
            self._bottles[crew_index(crew)] = int(n)
        for i, name in enumerate(("BG", "MI", "FR")):
            info = d["characters"][name]
            q = FIRST_CHARACTER + i
            if info is None:
                continue
            self._cstat[i] = 2 if info["gone"] else 1
            if info["gone"]:
                continue
            self._pcrew[q] = crew_index(info["crew"])
            self._pc[q] = cell_index(info["cell"])
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
        self._caves = [cell_index(c) for c in d["caves"]]
        self._peeks = {int(seat): {cell_index(c) for c in v} for seat, v in d["peeks"].items()}
        if d.get("pending"):
            self._pcount = int(d["pending"]["peeks_left"])
            q1 = d["pending"]["quake_first"]
            self._quake1 = cell_index(q1) if q1 else -1
            if d["chain"]["chest"]:
                self._carry = 3

    @classmethod
    def from_json(cls, d: dict) -> Self:
        if not isinstance(d, dict) or d.get("format") != POSITION_FORMAT:
            raise SetupError("not a jackal-position document")
        if d.get("version") != POSITION_VERSION:
            raise SetupError(f"unsupported jackal-position version {d.get('version')!r}")
        try:
            # Positions stored before decks were versioned have no "deck": they were dealt from 1.
            s = cls._blank(d["ruleset"], d["players"], d["teams"], d["seed"], d.get("deck", 1))
            for name, spec in d["tiles"].items():
                cell = land_cell(name)
                s._kind[cell], s._arg[cell] = parse_tile(spec)
            for cell in LAND_CELLS:
                if s._kind[cell] == SEA:
                    raise SetupError(f"no tile given for {NAMES[cell]}")
            for name in d["face_up"]:
                s._up[land_cell(name)] = 1
            s._plane_used = bool(d["plane_used"])
            s._coins = {coin_key_parse(k): int(v) for k, v in d["coins"].items() if v}
            s._pc = [-1] * NPIECES
            for name, info in d["pirates"].items():
                p = pirate_index(name)
                if info is not None:
                    s._pc[p] = cell_index(info["cell"])
                    s._ps[p] = int(info["step"])
                    s._trap[p] = 1 if info["trapped"] else 0
                    s._drunk[p] = int(info["drunk"])
            for crew, name in d["ships"].items():
                s._ship[crew_index(crew)] = cell_index(name)
            for crew, n in d["scores"].items():
                s._score[crew_index(crew)] = int(n)
            s._sunk = int(d["sunk"])
            s._eaten = int(d["eaten"])
            s._total = int(d["total_coins"])
            s._turn = s._order.index(crew_index(d["turn"]))
            s.ply = int(d["ply"])
            s._quiet = int(d["quiet_turns"])
            s._over = bool(d["over"])
            s._reason = d["reason"]
            pending = d.get("pending")
            if pending:
                s._pend = PENDING_NAMES.index(pending["kind"])
                s._pp = piece_index(pending["pirate"])
                s._popts = tuple(cell_index(t) for t in pending["options"])
                chain = d["chain"]
                s._noisy = bool(chain["progress"])
                s._carry = 1 if chain["coin"] else 0
                s._from_key = coin_key_parse(chain["coin_from"]) if s._carry else -1
                s._taken = {}
                for key, targets in chain["taken"].items():
                    name, _, kind = key.partition(":")
                    s._taken[cell_index(name) << 3 | PENDING_NAMES.index(kind)] = {
                        cell_index(t) for t in targets
                    }
            s._agreement_from_json(d)
            s._skipping_from_json(d)
            load = s._rules.json_load
            if load is not None:
                load(s, d)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            if isinstance(e, JackalError):
                raise
            raise SetupError(f"malformed jackal-position: {e!r}") from None
        s._rebuild()
        s._island = s._total - sum(s._score) - s._sunk - s._eaten
        return s
