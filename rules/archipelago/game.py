"""Archipelago behind the game protocol: applying moves, the turn order, the end of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import (
    GameState,
    IllegalMove,
    NotationError,
    Option,
    Outcome,
    Ruleset,
    SetupError,
)

from .abilities import check_abilities
from .bear import Bear
from .effects import Effects
from .ending import Ending
from .geometry import cell_name, parse_cell
from .islands import SHAPES, assemble, landing_cells
from .moves import Moves
from .position import QUIET_LIMIT, QUIET_ROUNDS, RULINGS, Position
from .tiles import FACES, TOTAL_COINS
from .view import View

MOVE_WORDS = (
    "boat",
    "revive",
    "to",
    "fire",
    "peek",
    "swap",
    "turn",
    "keep",
    "bottle",
    "end",
    "offer",
    "accept",
    "refuse",
)


class Archipelago(Ending, Position, Effects, Bear, Moves, View, GameState):
    """One position of a game of Jackal Archipelago (2-4 seats, or 2v2)."""

    @property
    def ruleset(self) -> str:
        return "archipelago"

    @property
    def seats(self) -> int:
        return self.nseats

    @property
    def ply(self) -> int:
        return self._ply

    def to_act(self) -> frozenset[int]:
        if self.phase == "over":
            return frozenset()
        if self.phase == "vote":
            return frozenset(
                s
                for s in range(self.nseats)
                if s not in self.vote["yes"] and s != self.vote["by"] and s not in self.skipped
            )
        if self.phase == "place":
            return frozenset({self.slot_crew()})
        return frozenset({self.controller()})

    def legal_moves(self, seat: int) -> list[str]:
        return list(self._actions(seat))

    def is_over(self) -> bool:
        return self.phase == "over"

    # Turns begun since this object was made or read (not part of the position: to_json leaves
    # it out); ``_end_turn`` counts them.
    _turns = 0

    def turns_begun(self) -> int:
        return self._turns

    def ability(self, pid: str) -> str | None:
        """The special ability of a pirate in a series game (S1), else None."""
        return (self.options.get("abilities") or {}).get(pid)

    def copy(self) -> Archipelago:
        """An independent copy, without a JSON round trip (bots and solvers copy a lot). What
        never changes once made is shared: the cached legal moves, the land's shore and the
        bear's distances, and the tiles' dicts until one changes (copy-on-write)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        # The legal moves of this position stay cached (the dict is never changed once made),
        # so a move tried on the copy is not generated again.
        other.options = dict(self.options)
        # The tiles' dicts are shared: a tile is copied when it changes (_tile_to_change).
        other.tiles = dict(self.tiles)
        land = self._land()
        other._shore = (other.tiles, *land[1:])  # the same land: its shore, its distances
        other.pieces = {pid: dict(p) for pid, p in self.pieces.items()}
        other.boats = dict(self.boats)
        other.coins = dict(self.coins)
        other.removed = list(self.removed)
        other.stowed, other.bottles = list(self.stowed), list(self.bottles)
        other.known = [set(k) for k in self.known]
        other.vote = {"by": self.vote["by"], "yes": list(self.vote["yes"])} if self.vote else None
        if self.pending is not None:
            other.pending = dict(
                self.pending, seen=list(self.pending["seen"]), options=list(self.pending["options"])
            )
        return other

    # -- applying a move ------------------------------------------------------------------------

    def apply(self, seat: int, move: str) -> list[dict]:
        # A move exactly as legal_moves() wrote it (what bots and the site send) is played
        # straight from the cached legal moves; any other text is read and checked first.
        action = self._actions(seat).get(move) if isinstance(move, str) else None
        if action is None:
            action = self._checked_action(seat, move)
        self._ply += 1
        ev: list[dict] = []
        kind = action[0]
        if kind == "place":
            self._place(action[1], ev)
        elif kind == "offer":
            self.vote = {"by": seat, "yes": []}
            self.phase = "vote"
            self.offered = True
            ev.append({"kind": "offer end", "seat": seat})
        elif kind in ("accept", "refuse"):
            self._answer(seat, kind, ev)
        elif kind == "bottle":
            self._use_bottle(action[1], ev)
        elif kind == "end":
            self._end_turn(ev)
        else:
            if kind == "step":
                self._step(*action[1:], ev=ev)
            elif kind == "sail":
                self._sail(action[1], ev)
            elif kind == "revive":
                self._revive(action[1], ev)
            elif kind == "choice":
                self._answer_choice(action[1], ev)
            self._after_action(ev)
        return ev

    def _checked_action(self, seat: int, move) -> tuple:
        """The action of ``move`` typed by hand (any spacing or case), or the error why not."""
        if not isinstance(move, str):
            raise NotationError("a move is text")
        text = " ".join(move.split())
        if not text or text.split()[0].lower() not in MOVE_WORDS and not _is_piece_move(text):
            raise NotationError(f"{move!r} is not an Archipelago move (see the notation)")
        self.check_seat(seat)
        acts = self._actions(seat)
        action = acts.get(text) or acts.get(_canonical(text))
        if action is None:
            raise IllegalMove(f"{text} is not a legal move now")
        return action

    def _place(self, cell, ev: list) -> None:
        crew = self.slot_crew()
        self.boats[crew] = cell
        ev.append({"kind": "boat placed", "seat": crew, "cell": cell_name(cell)})
        self.slot += 1
        if self.slot == self.nseats:
            self.slot = 0
            self.phase = "play"
            self._pass_skipped(ev)  # ruling F2: the first turn may be a skipped seat's

    def _step(self, pid: str, to, coin: bool, ev: list) -> None:
        p = self.pieces[pid]
        frm = self._square_of(pid)
        start = frm if p["where"] != "boat" else None
        ctx = {
            "start": start,
            "from_boat": p["boat"] if p["where"] == "boat" else None,
            "coin": coin,
            "stage": p["stage"],
            "seen": [],
        }
        ev.append(
            {
                "kind": "move",
                "piece": pid,
                "from": cell_name(frm),
                "to": cell_name(to),
                "coin": coin,
            }
        )
        if coin:
            self.coins[frm] -= 1
            if not self.coins[frm]:
                del self.coins[frm]
        if to == frm:  # a turn spent in a labyrinth
            p["stage"] += 1
            self._fight(pid, to, ev)
            return
        p.update(stage=0, boat=None)
        self._travel(pid, (to, (to[0] - frm[0], to[1] - frm[1]), "step"), ctx, ev)

    def _sail(self, to, ev: list) -> None:
        crew = self.slot_crew()
        frm = self.boats[crew]
        self.boats[crew] = to
        ev.append({"kind": "sail", "seat": crew, "from": cell_name(frm), "to": cell_name(to)})
        for pid in self.pieces_at(to, "water"):  # ruling A5: swimmers where a boat stops
            if self.friendly(self.pieces[pid]["seat"], crew):
                self._board(pid, crew, {"coin": False}, ev)
            else:
                self._send_home(pid, ev, "hit")

    def _revive(self, pid: str, ev: list) -> None:
        crew = self.slot_crew()
        shrine = next(
            p["cell"]
            for q, p in sorted(self.pieces.items())
            if p["seat"] == crew and p["where"] == "land" and self.face_at(p["cell"]) == "shrine"
        )
        self.pieces[pid].update(where="land", cell=shrine, boat=None)
        ev.append({"kind": "revive", "piece": pid, "cell": cell_name(shrine)})

    def _answer_choice(self, text: str, ev: list) -> None:
        pend = self.pending
        self.pending = None
        pid = pend["piece"]
        word, *args = text.split()
        if word == "to":
            to = parse_cell(args[0])
            at = pend["cell"]
            ctx = {k: pend[k] for k in ("start", "from_boat", "coin", "stage", "seen")}
            ctx["seen"] = list(ctx["seen"])
            via = "airplane" if pend["kind"] == "airplane" else pend["kind"]
            ev.append({"kind": "choose", "piece": pid, "to": args[0]})
            self._travel(pid, (to, (to[0] - at[0], to[1] - at[1]), via), ctx, ev)
        elif word == "fire":
            self._fire(pid, args[0], ev)
        elif word == "peek":
            cell = parse_cell(args[0])
            seat = self.pieces[pid]["seat"]
            self.known[seat].add(cell)
            ev.append({"kind": "peek", "seat": seat, "cell": args[0]})  # the face stays secret
            self._lighthouse(pid, pend["left"] - 1)
        elif word == "swap":
            a, b = parse_cell(args[0]), parse_cell(args[1])
            self.tiles[a], self.tiles[b] = self.tiles[b], self.tiles[a]
            for k in self.known:  # what a seat peeked at moves with the tile
                ka, kb = a in k, b in k
                k.discard(a), k.discard(b)
                if ka:
                    k.add(b)
                if kb:
                    k.add(a)
            ev.append({"kind": "earthquake", "swap": [args[0], args[1]]})
            self._offer_turns(pid, [a, b])  # the book: "you may change the direction of arrows"
        elif word == "turn":
            cell, quarters = parse_cell(args[0]), int(args[1])
            tile = self._tile_to_change(cell)
            tile["rot"] = (tile["rot"] + quarters) % 4
            ev.append({"kind": "turn", "cell": args[0], "quarters": quarters})
            self._offer_turns(pid, [parse_cell(c) for c in pend["cells"] if c != args[0]])

    def _after_action(self, ev: list) -> None:
        """An action (or a choice) is done: a pending choice keeps the turn; else bottles, then
        the end of the turn."""
        if self.pending is not None:
            return
        if self._finished(ev):
            return
        crew = self.slot_crew()
        if not self.smoke and self.bottle_uses(crew):
            self.phase = "bottle"
            return
        self._end_turn(ev)

    def _use_bottle(self, pid: str, ev: list) -> None:
        seat = self.slot_crew()
        self.bottles[seat] -= 1
        self.bottles_used += 1
        p = self.pieces[pid]
        if self.is_missionary(pid):
            self._convert(ev)
        else:
            p["trapped"] = False
            p["stage"] = max(p["stage"], FACES[self.face_at(p["cell"])].maze)
            ev.append({"kind": "bottle", "piece": pid, "seat": seat})
        if not self.bottle_uses(seat):
            self._end_turn(ev)

    def _answer(self, seat: int, kind: str, ev: list) -> None:
        ev.append({"kind": kind + " end", "seat": seat})
        if kind == "refuse":
            self._vote_refused()
            return
        self.vote["yes"].append(seat)
        if not self.to_act():
            self.vote = None
            self._finish("agreement", ev)

    def _vote_refused(self) -> None:
        """One refusal ends the vote; the turn it interrupted goes on. A refused proposal of the
        site's (A21) comes back after another QUIET_ROUNDS quiet rounds."""
        if self.vote["by"] is None:
            self.refusals += 1
        self.vote = None
        self.phase = "play"

    def _propose_end(self, ev: list) -> None:
        """Ruling A21: nothing has happened for a while, so the site asks every seat the book's
        question ("the game can be ended by a unanimous vote"): the vote of A22, offered by no
        seat (``by`` None), answered by all, before the turn that begins now."""
        self.vote = {"by": None, "yes": []}
        self.phase = "vote"
        self._cache = None  # the legal moves of this ply were the turn's, cached just now
        ev.append({"kind": "propose end", "rounds": QUIET_ROUNDS})

    # -- turns ------------------------------------------------------------------------------------

    def _end_turn(self, ev: list) -> None:
        self._turns += 1
        self.phase = "play"
        self.offered = False
        self._close_slot(ev)
        if self.smoke_pending:
            self.smoke_pending = False
            self.smoke = self.nseats
        if self.noisy:
            self.quiet, self.refusals, self.noisy = 0, 0, False
        else:
            self.quiet += 1
        if self._finished(ev):
            return
        skipped = 0
        while True:
            if self.quiet >= (QUIET_LIMIT if self.book_rulings() else QUIET_ROUNDS) * self.nseats:
                self._finish("stalemate", ev)  # A21's last resort: the proposals were refused
                return
            self.slot = (self.slot + 1) % self.nseats
            if self._has_actions(self.controller()) and not self.passed_over():
                if self.quiet >= QUIET_ROUNDS * self.nseats * (self.refusals + 1):
                    self._propose_end(ev)
                return
            # a crew with no legal move, or a skipped seat's (F2), skips its turn; the turn still
            # counts (barrel, bear)
            ev.append({"kind": "skip", "seat": self.slot_crew(), **self._skip_mark()})
            self._close_slot(ev)
            self.quiet += 1
            skipped += 1
            if skipped > 2 * self.nseats:
                self._finish("stalemate", ev)
                return

    def _close_slot(self, ev: list) -> None:
        """The end of the current crew's turn: a barrel wears off, the bear of the player who
        woke it walks (not on the turn it woke), a round of smoke burns down."""
        crew = self.slot_crew()
        for p in self.pieces.values():
            if p["seat"] == crew and p["drunk"]:
                p["drunk"] -= 1
        if self.bear is not None and self.bear_waker == crew and not self.bear_fresh:
            self._bear_step(ev)
        self.bear_fresh = False
        if self.smoke:
            self.smoke -= 1

    def _finished(self, ev: list) -> bool:
        if self.phase == "over":
            return True
        if not self.coins_on_island() and self.all_explored():
            self._finish("all coins", ev)
            return True
        return False

    def _finish(self, reason: str, ev: list) -> None:
        self.phase = "over"
        self.pending = None
        self.reason = reason
        ev.append({"kind": "over", "reason": reason})

    def scores(self) -> dict[int, int]:
        if not self.teams:
            return dict(enumerate(self.stowed))
        team = [0, 0]
        for s, n in enumerate(self.stowed):
            team[s % 2] += n
        return {s: team[s % 2] for s in range(self.nseats)}

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = self.scores()
        places: dict[int, list[int]] = {}
        for seat, score in scores.items():
            places.setdefault(score, []).append(seat)
        ranking = [places[s] for s in sorted(places, reverse=True)]
        return Outcome(scores, ranking, self.reason)


def _is_piece_move(text: str) -> bool:
    head = text.split()[0].upper()
    return len(head) in (1, 2) and head[0] in "WYRKM" and (len(head) == 1 or head[1] in "123")


def _canonical(text: str) -> str:
    """Squares, pieces and directions in capitals, words in lower case.

    ``w1 e2-e3`` -> ``W1 E2-E3``, ``Fire ne`` -> ``fire NE``."""
    words = text.split()
    if _is_piece_move(text):
        return " ".join(w.upper() for w in words)
    return " ".join([words[0].lower()] + [_token(w) for w in words[1:]])


def _token(word: str) -> str:
    square = word[0].isalpha() and word[-1].isdigit()  # C4, F11-H11
    short = word.isalpha() and len(word) <= 2  # NE, M
    return word.upper() if square or short else word.lower()


class ArchipelagoRuleset(Ruleset):
    name = "archipelago"
    # Its own family: the site's Jackal board draws the classic 13x13 position, not this one.
    game = "archipelago"
    seat_counts = (2, 3, 4)
    ends_early = skips_seats = True  # rulings F1 and F2 (ending.py)
    options = {
        "island": Option("first", tuple(SHAPES), "the island's shape"),
        "landing": Option(
            "choose",
            ("choose", "recommended"),
            "boats placed by the players, or on the book's recommended spots",
        ),
        "teams": Option(False, (False, True), "two on two (4 players)"),
        "abilities": Option(None, (), "pirate -> special ability, won in a series (S1)"),
        "rulings": Option(RULINGS, (1, 2), "the rulings' version (position.RULINGS)"),
    }

    def new_game(self, seats: int, seed: str, **options: Any) -> Archipelago:
        self.check_seats(seats)
        opts = self.resolve_options(options)
        if opts["teams"] and seats != 4:
            raise SetupError("two-on-two needs 4 players")
        opts["abilities"] = check_abilities(opts["abilities"], seats) or None
        rulings = opts.pop("rulings")  # kept in the position, beside the options (RULINGS)
        state = Archipelago()
        state._init_position(seats, seed, opts)
        state.rulings = rulings
        state.tiles, state.removed = assemble(SHAPES[opts["island"]], seed)
        if opts["landing"] == "recommended":
            for seat, cell in enumerate(landing_cells(SHAPES[opts["island"]])[:seats]):
                state.boats[seat] = cell
            state.phase = "play"
        assert state.coin_total() == TOTAL_COINS
        return state

    def options_of(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        # The island, the landing, the teams and a series' abilities all change the deal or the
        # legal moves: a replay of the ledger must start the game with them again.
        # A position without "rulings" was played by version 1 (position.RULINGS).
        stored = doc.get("options") or {}
        kept = {name: stored[name] for name in self.options if name in stored}
        return {**kept, "rulings": doc.get("rulings", 1)}

    def from_json(self, doc: Mapping[str, Any]) -> Archipelago:
        if not isinstance(doc, Mapping) or doc.get("ruleset") != "archipelago":
            raise SetupError("not an archipelago position")
        try:
            seats, seed = int(doc["seats"]), str(doc["seed"])
            opts = self.resolve_options(doc["options"])
            opts.pop("rulings")  # the position's own "rulings" says it (_load_position)
        except (KeyError, TypeError, ValueError) as e:
            raise SetupError(f"malformed archipelago position: {e!r}") from None
        self.check_seats(seats)
        state = Archipelago()
        state._init_position(seats, seed, opts)
        state._load_position(dict(doc))
        return state


ARCHIPELAGO = ArchipelagoRuleset()
