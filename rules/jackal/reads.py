"""The public reads of a position: what the player view (view.py) and the site may ask.

They read the packed arrays of position.py and hand out plain values (cells and pieces as the
ints of geometry.py and moves.py). A face-down tile is never handed out here except through
``peeked`` (what a seat saw through the lighthouse): the view cannot leak what it cannot read.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import JackalError
from .position import PENDING_NAMES
from .rulebook import JackalRules


class SearchArrays(NamedTuple):
    """The live arrays of a position for search bots (rules/bots/probe.py), handed out without a
    copy so that a search can read thousands of positions a second. Read-only by contract, and
    stale after the next move: ask again. Cells, pieces and crews are the ints of geometry.py and
    moves.py. It shows the whole position, face-down tiles aside: give it only states a bot built
    from its seat's knowledge, never the real game."""

    pieces: list[int]  # per piece: its cell (a ship's cell when aboard), -1 dead or not in play
    occupied: list[int]  # per cell: bit mask of the pieces on it
    face_up: list[int]  # per cell: 1 when its tile is face up
    coins: dict[int, int]  # coins lying on the island, key cell * 8 + step
    chest: int  # second edition: the galleon's chest's key, or -1
    dragged: tuple[int, int] | None  # mid-chain: (cell, 1 a coin or 3 the chest) being dragged
    ships: list[int]  # per crew: its ship's cell
    scores: list[int]  # per crew: coins banked
    order: tuple[int, ...]  # the crews in turn order
    owner: list[int]  # per crew: its seat
    seat_team: list[int]  # per seat: its team
    members: list[tuple[int, ...]]  # per crew: its pieces (second edition: characters joined)
    enemy: list[int]  # per crew: bit mask of the pieces of the other team
    crew_to_act: int  # the crew whose turn it is
    over: bool
    trap: list[int]  # per piece: 0 free, 1 caught in a trap, 2 lost in a cave
    island: int  # coins not yet banked, sunk or eaten (face-down ones too: a public count)
    total: int  # coins in the game
    step: list[int]  # per piece: its step on a spinner (0 elsewhere)
    drunk: list[int]  # per piece: turns it still sits out drunk (second edition's rum)


class PublicReads:
    """Read-only accessors of ``State`` (it inherits them; the arrays are in position.py)."""

    __slots__ = ()

    @property
    def rules(self) -> JackalRules:
        """The ruleset's data and hooks (rulebook.py), shared by every position of the ruleset."""
        return self._rules

    @property
    def second_edition(self) -> bool:
        return self.ruleset == "second-edition"

    @property
    def crew_order(self) -> tuple[int, ...]:
        """The crews in play as indices into ``moves.CREWS``, in turn order."""
        return tuple(self._order)

    def seat_of_crew(self, crew: int) -> int:
        return self._owner[crew]

    def crew_score(self, crew: int) -> int:
        return self._score[crew]

    def is_face_up(self, cell: int) -> bool:
        return bool(self._up[cell])

    def face_up_tile(self, cell: int) -> tuple[int, int]:
        """The (kind, arg) of a face-up tile; a face-down one is refused."""
        if not self._up[cell]:
            raise JackalError("that tile is face down")
        return self._kind[cell], self._arg[cell]

    @property
    def plane_used(self) -> bool:
        return self._plane_used

    def coins_on_squares(self) -> dict[int, int]:
        """Coins lying on the island: key ``cell * 8 + step`` (step 0 off spinners) -> coins."""
        return dict(self._coins)

    @property
    def chest_key(self) -> int:
        """Second edition: where the galleon's chest lies (``cell * 8 + step``), or -1."""
        return self._chest

    def ship_cell(self, crew: int) -> int:
        return self._ship[crew]

    def ship_crew_at(self, cell: int) -> int:
        """The crew whose ship is at ``cell``, or -1."""
        return self._shipc[cell]

    def piece_cell(self, piece: int) -> int:
        """The cell of a piece (a ship's cell when aboard), -1 when dead or not in play."""
        return self._pc[piece]

    def piece_step(self, piece: int) -> int:
        return self._ps[piece]

    def piece_held(self, piece: int) -> int:
        """0 free, 1 caught in a trap, 2 lost in a cave (second edition)."""
        return self._trap[piece]

    def piece_drunk(self, piece: int) -> int:
        return self._drunk[piece]

    def chain_choice(self) -> dict | None:
        """The chain choice the crew to act must make now, or None: its kind, the piece, the
        cell, the options (cells), what the piece drags (0, 1 a coin, 3 the chest), and for the
        second edition the lighthouse peeks left and the earthquake's first tile."""
        if not self._pend:
            return None
        return {
            "kind": PENDING_NAMES[self._pend],
            "piece": self._pp,
            "cell": self._pc[self._pp],
            "options": tuple(self._popts),
            "dragging": self._carry,
            "peeks_left": self._pcount,
            "quake_first": self._quake1,
        }

    @property
    def quiet_turns(self) -> int:
        return self._quiet

    @property
    def smoke_turns(self) -> int:
        return self._smoke

    @property
    def turns_begun(self) -> int:
        """Turns begun since the deal (a mid-turn decision begins none): the clocks count them."""
        return self._turns

    def search_arrays(self) -> SearchArrays:
        """The position's live arrays for search bots, in one call (see ``SearchArrays``)."""
        dragged = None
        if self._pend and self._carry:
            dragged = (self._pc[self._pp], 3 if self._carry == 3 else 1)
        return SearchArrays(
            self._pc,
            self._occ,
            self._up,
            self._coins,
            self._chest,
            dragged,
            self._ship,
            self._score,
            self._order,
            self._owner,
            self._seat_team,
            self._members,
            self._enemy,
            self._order[self._turn],
            self._over,
            self._trap,
            self._island,
            self._total,
            self._ps,
            self._drunk,
        )

    def team_bottles(self) -> dict[int, int]:
        """Second edition: the message bottles each team may use (its crews' together, ruling 22),
        teams in the order of their first crew to play."""
        out: dict[int, int] = {}
        for c in self._order:
            team = self._seat_team[self._owner[c]]
            if team not in out:
                out[team] = self._team_bottles(c)
        return out

    @property
    def after_action(self) -> bool:
        """Second edition: the action is done; bottles may still be used or the turn ended."""
        return self._after
