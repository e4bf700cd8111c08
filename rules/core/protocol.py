"""The game protocol: what the site, the bots and the generic tests may ask of any game.

Two abstract classes, after OpenSpiel's ``Game``/``State`` split:

- a :class:`Ruleset` is a game's rules as a value: its name, the seat counts and options it
  accepts, and the three ways to get a state (a new game from a seed, a stored position from JSON,
  a replay of seed + moves);
- a :class:`GameState` is one position. Seats are ints ``0..seats-1``; moves are the game's text
  notation; events are JSON-ready dicts with a ``kind`` and data, never sentences (words are made
  at the edge, in the site's language).

Two habits of other engines are kept on purpose. OpenSpiel's *simultaneous node*: ``to_act()`` is a
set, and a state may wait for several seats, each sending its own move in any order (the state
keeps the early ones hidden until the last arrives). boardgame.io's ``playerView``: ``view(seat)``
is the only thing a seat (or a spectator, ``seat=None``) is shown, with everything hidden removed.

OpenSpiel's explicit *chance node* is not kept: no seat ever acts for chance. A die, a deal or a
draw is taken inside ``apply`` (or ``new_game``) from :func:`rules.core.rng.chance_rng` with the
game's seed and ply, so the whole game stays a function of (ruleset, seats, options, seed, moves)
and a replay is exact.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import IllegalMove, SetupError

Event = dict[str, Any]  # {"kind": "reveal", "piece": "W2", "cell": "F7", "tile": "ice", ...}


@dataclass(frozen=True)
class Option:
    """One option a ruleset accepts at ``new_game``: its default and the values allowed."""

    default: Any
    choices: tuple = ()
    help: str = ""

    def check(self, name: str, value: Any) -> Any:
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise SetupError(f"option {name} cannot be {value!r}; allowed: {allowed}")
        return value


class Outcome:
    """How a finished game ended, ready for ratings.

    ``ranking`` lists the seats best first; seats in one inner list share the place. ``scores``
    maps every seat to its score. ``reason`` is a short key (``"all coins"``, ``"agreement"``...).
    Games add fields in subclasses (Jackal: team and crew scores).
    """

    __slots__ = ("scores", "ranking", "reason")

    def __init__(self, scores: Mapping[int, int], ranking, reason: str | None) -> None:
        self.scores = dict(scores)
        self.ranking = [list(place) for place in ranking]
        self.reason = reason

    def place_of(self, seat: int) -> int:
        """1 for the winners, 2 for the next place, ... (shared places count once)."""
        for place, seats in enumerate(self.ranking, start=1):
            if seat in seats:
                return place
        raise KeyError(seat)

    def to_json(self) -> dict:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "ranking": [list(place) for place in self.ranking],
            "reason": self.reason,
        }

    def __eq__(self, other) -> bool:
        return isinstance(other, Outcome) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_json()!r})"


class GameState(ABC):
    """One position of a game, hidden things included (server side only)."""

    @property
    @abstractmethod
    def ruleset(self) -> str:
        """The registered name of this state's ruleset."""

    @property
    @abstractmethod
    def seats(self) -> int:
        """How many seats play."""

    @property
    @abstractmethod
    def ply(self) -> int:
        """How many moves were applied since the start (each seat's move in a simultaneous choice
        counts)."""

    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """The seats that owe a decision now: empty once over, several for a simultaneous
        choice (each of them still owing its move)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[str]:
        """The moves ``seat`` may send now, in notation; empty when it owes nothing."""

    @abstractmethod
    def apply(self, seat: int, move: str) -> list[Event]:
        """Validate and play ``seat``'s move; return what every seat may now know happened.

        Raises :class:`IllegalMove` (state unchanged) when the seat may not act or the move is not
        legal, :class:`NotationError` when the text is not a move at all.
        """

    def play(self, seat: int, move: str) -> None:
        """``apply`` without its events, for searches and play-outs that never read them: the
        same checks, the same position after. By default it is ``apply``; a game whose events
        cost (Jackal's) plays its moves without making them."""
        self.apply(seat, move)

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once over, else None."""

    @abstractmethod
    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator), as JSON: hidden things removed."""

    @abstractmethod
    def to_json(self) -> dict:
        """The whole position, seed and hidden things included, as JSON (server side only)."""

    @abstractmethod
    def copy(self) -> GameState:
        """An independent copy (a bot tries moves on copies)."""

    def end_now(self, reason: str) -> None:
        """End the game as it stands, for a reason outside the rules (the site's ``"timeout"``,
        ``"resignation"``, ``"claim"``: decisions the site keeps in its own ledger, never typed
        moves). ``outcome()`` is then the position's, with ``reason``. A game that cannot be cut
        short says so."""
        raise IllegalMove(f"a game of {self.ruleset} cannot be ended before its end")

    def skip_seat(self, seat: int) -> list[Event]:
        """From now on ``seat``'s turns pass (the site's timeout policy "skipped"; a decision
        the site keeps in its own ledger): the events say what passed now. A game that cannot
        pass a seat says so."""
        raise IllegalMove(f"a game of {self.ruleset} cannot pass a seat's turns")

    def turns_begun(self) -> int | None:
        """How many turns have begun since this object was made or read from JSON (not part of
        the position). The site compares it before and after a move: when it has changed, the
        seat to act begins a new turn, even the seat that just moved (the others skipped, or a
        game of one); when not, the move was a decision within the turn (a chain's choice, a
        bottle, an offer to end). None: the game does not count its turns, and a seat still to
        act after its own move goes on with the same turn."""
        return None

    def check_seat(self, seat: int) -> None:
        """Refuse a move from a seat that owes none now."""
        if seat not in self.to_act():
            if self.is_over():
                raise IllegalMove("the game is over")
            raise IllegalMove(f"seat {seat} has no move to make now")


class Ruleset(ABC):
    """A game's rules as a registered value (``ruleset("classic")``)."""

    #: Registered name, unique across games ("classic", "second-edition", ...).
    name: str
    #: The family it belongs to, for the site's presenters ("jackal").
    game: str
    #: The seat counts it can be played with.
    seat_counts: tuple[int, ...]
    #: Options accepted by ``new_game``, with their defaults.
    options: Mapping[str, Option] = {}
    #: What the site may do to its games besides their moves (a timeout, a resignation, a claim):
    #: end one as it stands (``GameState.end_now``), pass a seat's turns from now on
    #: (``GameState.skip_seat``). The site offers only the answers to a timeout its games can
    #: honour; ``tests/rules/test_protocol.py`` holds every registered ruleset to its word.
    ends_early: bool = False
    skips_seats: bool = False
    #: The top-level keys of a stored position that ``end_stored`` reads or changes, when it
    #: reads no others (empty: it reads the whole position). Given a document of those keys
    #: alone, it ends it as it would end the whole, so a caller that keeps positions as JSON
    #: may fetch those keys and write back only what changed (the site's clock sweep ends
    #: thousands of games in a few statements so).
    stored_end_keys: tuple[str, ...] = ()

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; unknown names and values refused."""
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            raise SetupError(f"{self.name} has no option {', '.join(unknown)}")
        return {
            name: opt.check(name, given.get(name, opt.default))
            for name, opt in self.options.items()
        }

    def check_seats(self, seats: int) -> None:
        if seats not in self.seat_counts:
            counts = ", ".join(str(n) for n in self.seat_counts)
            raise SetupError(f"{self.name} is played by {counts} players, not {seats!r}")

    def canonical(self, move: str) -> str:
        """``move`` as the ledger keeps it, whatever spacing or case was typed (by default its
        words joined by one space). Raises :class:`NotationError` if it is not a move at all."""
        return " ".join(move.split())

    def options_of(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """The options the stored position ``doc`` was started with, as ``new_game`` takes them:
        what a replay of its ledger must pass again (by default none)."""
        return {}

    def end_stored(self, doc: Mapping[str, Any], reason: str) -> tuple[dict, Outcome]:
        """The stored position ``doc`` ended now as it stands (``GameState.end_now``): the new
        position as JSON, and its outcome. By default it is read, ended and written again; a
        game may do the same without reading the whole position (the site's clock sweep ends
        thousands of games at once)."""
        state = self.from_json(doc)
        state.end_now(reason)
        return state.to_json(), state.outcome()

    @abstractmethod
    def new_game(self, seats: int, seed: str, **options: Any) -> GameState:
        """A new game; every chance event of its start (a deal) comes from ``seed``."""

    @abstractmethod
    def from_json(self, doc: Mapping[str, Any]) -> GameState:
        """A state stored by ``GameState.to_json``; raises :class:`SetupError` if malformed."""

    def replay(
        self, seats: int, seed: str, moves: Iterable[tuple[int, str]], **options: Any
    ) -> GameState:
        """The state after ``moves`` (pairs of seat and notation) from a new game. The error of a
        refused move names its ply."""
        state = self.new_game(seats, seed, **options)
        for ply, (seat, move) in enumerate(moves, start=1):
            try:
                self.replay_move(state, seat, move)
            except IllegalMove as e:
                raise type(e)(f"ply {ply}: {e}") from None
        return state

    def replay_move(self, state: GameState, seat: int, move: str) -> list[Event]:
        """Play one entry of a stored ledger on ``state`` and return its events: ``apply``, except
        where a game's older ledgers hold moves it no longer accepts, which it plays here as
        they were played then."""
        return state.apply(seat, move)
