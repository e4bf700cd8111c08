"""What one seat may know: ``player_view(state, seat)``.

A view never holds the identity of a face-down tile, the seed, or anything derived from them; two
games whose deals differ only under face-down tiles give identical views. It holds everything a
board page needs, as plain JSON-ready data (dicts, lists, str, int, bool, None).
"""

from __future__ import annotations

import copy

from .errors import JackalError
from .geometry import DIR_NAMES, LAND, NAMES
from .moves import CREW_LETTERS, CREWS, any_piece_name, piece_name
from .state import State
from .tiles import (
    ARROW,
    BOTTLES,
    CANNON,
    EMPTY,
    GOLD,
    KIND_NAMES,
    MASK_DIRS,
    PLANE,
    SPINNER,
    SPINNER_NAMES,
    format_tile,
)

VIEW_FORMAT = "jackal-view"
VIEW_VERSION = 1

_FIELDS = (
    "ruleset",
    "players",
    "teams",
    "seat",
    "crews",
    "crew_owner",
    "seat_teams",
    "cells",
    "ships",
    "pirates",
    "scores",
    "seat_scores",
    "team_scores",
    "coins",
    "to_act",
    "crew_to_act",
    "pending",
    "ply",
    "quiet_turns",
    "over",
    "outcome",
    "legal_moves",
)
# Second edition only (absent from a classic view's JSON).
_SE_FIELDS = (
    "bottles",
    "team_bottles",
    "characters",
    "chest",
    "smoke",
    "peeked",
    "after_action",
)


class View:
    """A player's (or spectator's) view of a game. Attributes (all JSON-ready):

    - ``cells``: 169 dicts in cell order (A1, B1, .. M1, A2, ..): ``coord``, ``sea``; for land
      ``face_down``; for face-up tiles ``tile`` (empty, arrow, horse, jungle, desert, swamp,
      mountains, ice, trap, crocodile, ogre, fortress, native, gold, balloon, plane, cannon, rum),
      ``text`` (tile text form), ``dirs`` (arrow heads / cannon barrel), ``steps`` (spinners),
      ``value`` (chest), ``picture`` (empty), ``used`` (plane), ``coins`` (lying there), and
      ``step_coins`` (spinners: coins per step, index 0 = step 1).
    - ``ships``: [{id, crew, cell}]; ``pirates``: [{id, crew, alive, cell, step, aboard, swimming,
      trapped, drunk, carrying}].
    - ``scores`` (per crew), ``seat_scores``, ``team_scores`` (keys are str), ``coins`` summary.
    - ``to_act`` (seat), ``crew_to_act``, ``pending`` (chain choice or None), ``ply``,
      ``quiet_turns``, ``over``, ``outcome``; ``legal_moves`` (notation strings) when ``seat`` is
      the seat to act, else empty.

    Second edition adds: ``bottles`` (per crew), ``team_bottles`` (per team, str keys),
    ``characters`` (BG, MI, FR: None until found, else crew, cell, step, gone, ...), ``chest``
    (where the galleon's chest lies, or None), ``smoke`` (smoked crew turns left, 0 when clear),
    ``peeked`` (square -> tile text of the face-down tiles *this* seat saw through the
    lighthouse; face-down cells it saw also carry ``peeked``), ``after_action`` (True while the
    crew to act has made its action and may still use a bottle or ``end turn``). Pirates have
    ``lost`` (in a cave).
    In a classic view these are None and left out of the JSON.
    """

    __slots__ = _FIELDS + _SE_FIELDS

    def __init__(self, **fields) -> None:
        for name in _FIELDS:
            setattr(self, name, fields[name])
        for name in _SE_FIELDS:
            setattr(self, name, fields.get(name))

    def to_json(self) -> dict:
        d = {"format": VIEW_FORMAT, "version": VIEW_VERSION}
        for name in _FIELDS:
            d[name] = copy.deepcopy(getattr(self, name))
        if self.ruleset != "classic":
            for name in _SE_FIELDS:
                d[name] = copy.deepcopy(getattr(self, name))
        return d

    @classmethod
    def from_json(cls, d: dict) -> View:
        if not isinstance(d, dict) or d.get("format") != VIEW_FORMAT:
            raise JackalError("not a jackal-view document")
        if d.get("version") != VIEW_VERSION:
            raise JackalError(f"unsupported jackal-view version {d.get('version')!r}")
        try:
            fields = {name: copy.deepcopy(d[name]) for name in _FIELDS}
            if d["ruleset"] != "classic":
                fields.update({name: copy.deepcopy(d[name]) for name in _SE_FIELDS})
            return cls(**fields)
        except KeyError as e:
            raise JackalError(f"jackal-view lacks {e}") from None

    def __eq__(self, other) -> bool:
        return isinstance(other, View) and self.to_json() == other.to_json()

    def cell(self, coord) -> dict:
        """The cell dict for a Coord or a square name like 'F7'."""
        name = str(coord).upper()
        return self.cells[NAMES.index(name)]

    def pirate(self, pid: str) -> dict:
        for p in self.pirates:
            if p["id"] == pid.upper():
                return p
        raise KeyError(pid)


def player_view(state: State, seat: int | None) -> View:
    """What seat (or a spectator, seat None) may know about the state."""
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < state.players):
        raise JackalError(f"there is no seat {seat!r} in this game")
    s = state
    cells = []
    by_cell_steps: dict[int, dict[int, int]] = {}
    for key, n in s.coins_on_squares().items():
        by_cell_steps.setdefault(key >> 3, {})[key & 7] = n
    se = s.second_edition
    peeked = s.peeked(seat) if se and seat is not None else {}
    if se and s.chest_key >= 0:
        by_cell_steps.setdefault(s.chest_key >> 3, {})
    for cell in range(169):
        d: dict = {"coord": NAMES[cell], "sea": not LAND[cell]}
        if LAND[cell]:
            up = s.is_face_up(cell)
            d["face_down"] = not up
            if up:
                _describe_tile(d, s, cell, by_cell_steps.get(cell, {}))
            elif NAMES[cell] in peeked:
                d["peeked"] = peeked[NAMES[cell]]
        cells.append(d)
    order = s.crew_order
    ships = [
        {"id": CREW_LETTERS[c] + "S", "crew": CREWS[c], "cell": NAMES[s.ship_cell(c)]}
        for c in order
    ]
    pirates = []
    choice = s.chain_choice()
    carrying = choice["piece"] if choice and choice["dragging"] else -1
    for c in order:
        for p in range(3 * c, 3 * c + 3):
            cell = s.piece_cell(p)
            alive = cell >= 0
            at_sea = alive and not LAND[cell]
            aboard = at_sea and s.ship_crew_at(cell) >= 0
            held = s.piece_held(p)
            pirates.append(
                {
                    "id": piece_name(p),
                    "crew": CREWS[c],
                    "alive": alive,
                    "cell": NAMES[cell] if alive else None,
                    "step": s.piece_step(p),
                    "aboard": aboard,
                    "swimming": at_sea and not aboard,
                    "trapped": bool(held),
                    "drunk": bool(s.piece_drunk(p)),
                    "carrying": p == carrying,
                }
            )
            if se:
                pirates[-1]["trapped"] = held == 1
                pirates[-1]["lost"] = held == 2
    outcome = s.outcome()
    seat_scores = {str(seat_): 0 for seat_ in range(s.players)}
    for c in order:
        seat_scores[str(s.seat_of_crew(c))] += s.crew_score(c)
    team_scores: dict[str, int] = {}
    for seat_, n in seat_scores.items():
        team = str(s.team_of(int(seat_)))
        team_scores[team] = team_scores.get(team, 0) + n
    counts = s.coin_counts()
    on_island = counts["total"] - counts["scored"] - counts["sunk"] - counts["eaten"]
    pending = None
    if choice:
        pending = {
            "kind": choice["kind"],
            # Pieces 12..14 are characters: a character can be mid-chain too.
            "pirate": any_piece_name(choice["piece"]),
            "cell": NAMES[choice["cell"]],
            "options": [NAMES[t] for t in choice["options"]],
            "can_stay": choice["kind"] == "plane",
            "carrying": bool(choice["dragging"]),
        }
        if se:
            quake_first = choice["quake_first"]
            pending["chest"] = choice["dragging"] == 3
            pending["peeks_left"] = choice["peeks_left"]
            pending["quake_first"] = NAMES[quake_first] if quake_first >= 0 else None
    to_act = s.to_act()
    legal = [str(m) for m in s.legal_moves()] if seat is not None and seat == to_act else []
    extra = {}
    if se:
        extra = {
            "bottles": s.bottles(),
            "team_bottles": {str(team): n for team, n in s.team_bottles().items()},
            "characters": s.characters(),
            "chest": counts["chest"],
            "smoke": s.smoke_turns,
            "peeked": peeked,
            "after_action": s.after_action,
        }
    return View(
        **extra,
        ruleset=s.ruleset,
        players=s.players,
        teams=s.teams,
        seat=seat,
        crews=list(s.crews),
        crew_owner={CREWS[c]: s.seat_of_crew(c) for c in order},
        seat_teams=[s.team_of(i) for i in range(s.players)],
        cells=cells,
        ships=ships,
        pirates=pirates,
        scores=s.scores(),
        seat_scores=seat_scores,
        team_scores=team_scores,
        coins={
            "total": counts["total"],
            "on_island": on_island,
            "on_tiles": counts["on_tiles"],
            "dragged": counts["dragged"],
            "scored": counts["scored"],
            "sunk": counts["sunk"],
            "eaten": counts["eaten"],
        },
        to_act=to_act,
        crew_to_act=s.crew_to_act(),
        pending=pending,
        ply=s.ply,
        quiet_turns=s.quiet_turns,
        over=s.is_over(),
        outcome=outcome.to_json() if outcome else None,
        legal_moves=legal,
    )


def _describe_tile(d: dict, s: State, cell: int, step_coins: dict[int, int]) -> None:
    k, a = s.face_up_tile(cell)
    d["tile"] = SPINNER_NAMES[a] if k == SPINNER else KIND_NAMES[k]
    d["text"] = format_tile(k, a)
    if k == ARROW:
        d["dirs"] = [DIR_NAMES[x] for x in MASK_DIRS[a]]
    elif k == CANNON:
        d["dirs"] = [DIR_NAMES[a]]
    elif k == SPINNER:
        d["steps"] = a
        d["step_coins"] = [step_coins.get(i, 0) for i in range(1, a + 1)]
    elif k in (GOLD, BOTTLES):
        d["value"] = a
    elif k == EMPTY:
        d["picture"] = a
    elif k == PLANE:
        d["used"] = s.plane_used
    d["coins"] = sum(step_coins.values())
    if s.chest_key >= 0 and s.chest_key >> 3 == cell:
        d["chest"] = True
        if k == SPINNER:
            d["chest_step"] = s.chest_key & 7
