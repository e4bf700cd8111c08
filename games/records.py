"""A game's record: the position at any ply (from the seed and the ledger), the deal revealed,
and the text / JSON export and import (format: docs/records.md).

The ledger is the truth: every position here is computed by replaying the seed and the moves.
Replaying a long game from scratch for each step of the replay viewer would cost O(ply) per
request, so positions every `CHECKPOINT` plies are kept in the cache. The ledger is append-only,
so a prefix never changes: a checkpoint never goes stale (its key still names the seed hash, so a
game whose seed were ever replaced could not pick up another game's positions).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field

from django.core.cache import cache
from django.utils.translation import gettext as _

from rules.jackal import RULESETS, JackalError, State, View, new_game, player_view, seat_crews

from .models import Game, Seat

CHECKPOINT = 50
CHECKPOINT_TTL = 7 * 24 * 3600


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


# --- Positions -----------------------------------------------------------------------------------


def game_deck(game: Game) -> int:
    """The deck version `game` was dealt from (a stored position without "deck" is deck 1)."""
    return (game.state or {}).get("deck", 1)


def _checkpoint_key(game: Game, ply: int) -> str:
    return f"replay:{game.pk}:{game.seed_hash[:16]}:{ply}"


def position_at(game: Game, ply: int, moves: list[str]) -> State:
    """The position after `ply` moves of `game`, whose ledger texts are `moves` (at least `ply`).

    Server side only: the state holds the whole deal. Callers show it through `replay_view`.
    """
    if not 0 <= ply <= len(moves):
        raise ValueError(f"ply {ply} is outside the game (0 to {len(moves)})")
    marks = list(range(CHECKPOINT, ply + 1, CHECKPOINT))
    found = cache.get_many([_checkpoint_key(game, mark) for mark in marks]) if marks else {}
    state, start = None, 0
    for mark in reversed(marks):
        stored = found.get(_checkpoint_key(game, mark))
        if stored is not None:
            state, start = State.from_json(stored), mark
            break
    if state is None:
        state = new_game(
            game.ruleset,
            players=game.players,
            seed=game.seed,
            teams=game.teams,
            deck=game_deck(game),
        )
    fresh = {}
    for index in range(start, ply):
        state.apply(moves[index])
        if (index + 1) % CHECKPOINT == 0:
            fresh[_checkpoint_key(game, index + 1)] = state.to_json()
    if fresh:
        cache.set_many(fresh, CHECKPOINT_TTL)
    return state


def revealed_view(state: State, *, whole_island: bool) -> View:
    """What anyone may see once the game is over: a spectator's view with nothing hidden.

    With `whole_island` (the last ply) every tile is turned face up: the deal revealed. At the
    plies before, tiles still face down at that ply stay face down (that is how the board was)
    but carry what lay under them, as a seat that looked through the lighthouse sees it.
    """
    position = state.to_json()
    if whole_island:
        position["face_up"] = list(position["tiles"])
        return player_view(State.from_json(position), None)
    view = player_view(state, None)
    for cell in view.cells:
        if cell.get("face_down"):
            cell["peeked"] = position["tiles"][cell["coord"]]
    return view


def viewer_view(game: Game, state: State, seat_index: int | None, *, last: bool) -> View:
    """The view of `state` the replay shows: while the game runs, only the viewer's own seat's
    (a spectator's if they have none); once it is over, everything."""
    if game.is_over and game.seed:
        return revealed_view(state, whole_island=last)
    return player_view(state, seat_index)


# --- Export ------------------------------------------------------------------------------------

RECORD_FORMAT = "jackal-record"
RECORD_VERSION = 1
TAG = re.compile(r'^\[(?P<name>[A-Za-z][A-Za-z0-9]*) "(?P<value>(?:[^"\\]|\\.)*)"\]$')
MOVE_LINE = re.compile(r"^(?P<ply>\d+)\.\s+(?P<move>\S.*?)\s*$")


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def result_text(game: Game) -> str:
    """The result tag: scores by seat ("12-8", "9-9-3"), or why there is none."""
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if game.status != Game.Status.FINISHED or not game.outcome:
        return "*"
    scores = game.outcome.get("scores", {})
    return "-".join(str(scores.get(str(i), 0)) for i in range(game.players))


def export_tags(game: Game, seats: list[Seat]) -> list[tuple[str, str]]:
    tags = [
        ("Format", f"{RECORD_FORMAT} {RECORD_VERSION}"),
        ("Site", "Jackal Online"),
        ("Game", str(game.pk)),
        ("Ruleset", game.ruleset),
        ("Players", str(game.players)),
        ("Teams", "yes" if game.teams else "no"),
        # The deal is a function of the seed and the deck the game was dealt from.
        ("Deck", str(game_deck(game))),
    ]
    crews = seat_crews(game.players, game.teams)
    for seat in sorted(seats, key=lambda s: s.index):
        tags.append((f"Seat{seat.index}", seat.occupant_name))
        tags.append((f"Crews{seat.index}", " ".join(crews[seat.index])))
    if game.started_at:
        tags.append(("Date", game.started_at.strftime("%Y-%m-%d")))
    if game.finished_at and game.is_over:
        tags.append(("EndDate", game.finished_at.strftime("%Y-%m-%d")))
    tags.append(("Result", result_text(game)))
    if game.outcome and game.outcome.get("reason"):
        tags.append(("Reason", game.outcome["reason"]))
    tags.append(("SeedHash", game.seed_hash))
    if game.revealed_seed:  # only once the game is over: the seed is the deal
        tags.append(("Seed", game.revealed_seed))
    return tags


def export_text(game: Game, seats: list[Seat], moves: list[str]) -> str:
    lines = [f'[{name} "{_quote(value)}"]' for name, value in export_tags(game, seats)]
    lines.append("")
    lines += [f"{ply}. {text}" for ply, text in enumerate(moves, start=1)]
    return "\n".join(lines) + "\n"


def export_json(game: Game, seats: list[Seat], moves: list[str]) -> dict:
    tags = dict(export_tags(game, seats))
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "tags": tags,
        "moves": list(moves),
    }


# --- Import ------------------------------------------------------------------------------------


class RecordError(ValueError):
    """A record that cannot be shown; `line` is where (1-based, 0 for the record as a whole)."""

    def __init__(self, line: int, reason: str):
        self.line, self.reason = line, reason
        where = _("line %(line)d") % {"line": line} if line else _("the record")
        super().__init__(f"{where}: {reason}")


@dataclass
class Record:
    """A game record read from text or JSON, checked by replaying it."""

    tags: dict[str, str]
    moves: list[str]
    move_lines: list[int] = field(default_factory=list)
    final: State | None = None

    @property
    def ruleset(self) -> str:
        return self.tags["Ruleset"]

    @property
    def players(self) -> int:
        return int(self.tags["Players"])

    @property
    def teams(self) -> bool:
        return self.tags.get("Teams", "no") == "yes"

    @property
    def seed(self) -> str:
        return self.tags["Seed"]

    @property
    def deck(self) -> int:
        """The deck the game was dealt from; a record without the tag is of deck 1, as a stored
        position without "deck" is."""
        return int(self.tags.get("Deck", "1"))

    def seat_names(self) -> list[str]:
        return [self.tags.get(f"Seat{i}", f"#{i + 1}") for i in range(self.players)]

    def to_text(self) -> str:
        lines = [f'[{name} "{_quote(value)}"]' for name, value in self.tags.items()]
        lines.append("")
        lines += [f"{ply}. {text}" for ply, text in enumerate(self.moves, start=1)]
        return "\n".join(lines) + "\n"

    def position_at(self, ply: int) -> State:
        state = new_game(
            self.ruleset, players=self.players, seed=self.seed, teams=self.teams, deck=self.deck
        )
        for text in self.moves[:ply]:
            state.apply(text)
        return state


def parse_record(text: str) -> Record:
    """Read and check a record (text or JSON): raises RecordError naming the line and why."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _check(*_parse_json(stripped))
    return _check(*_parse_text(text))


def _parse_text(text: str) -> tuple[dict[str, str], list[str], list[int]]:
    tags: dict[str, str] = {}
    moves: list[str] = []
    lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if moves:
                raise RecordError(number, _("a tag after the moves"))
            match = TAG.match(line)
            if not match:
                raise RecordError(number, _('a tag is written [Name "value"]'))
            tags[match["name"]] = _unquote(match["value"])
            continue
        match = MOVE_LINE.match(line)
        if not match:
            raise RecordError(number, _("a move is written as its number, a dot and the move"))
        if int(match["ply"]) != len(moves) + 1:
            raise RecordError(
                number,
                _("move %(got)s where move %(want)d was expected")
                % {"got": match["ply"], "want": len(moves) + 1},
            )
        moves.append(match["move"])
        lines.append(number)
    return tags, moves, lines


def _parse_json(text: str) -> tuple[dict[str, str], list[str], list[int]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        why = _("not valid JSON (%(why)s)") % {"why": error.msg}
        raise RecordError(error.lineno, why) from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(0, _("not a Jackal game record"))
    tags, moves = data.get("tags"), data.get("moves")
    if not isinstance(tags, dict) or not isinstance(moves, list):
        raise RecordError(0, _("a record has its tags and its list of moves"))
    if not all(isinstance(m, str) for m in moves):
        raise RecordError(0, _("every move is a string of notation"))
    # A JSON record has no line per move: errors name the move's number instead (line 0).
    return {str(k): str(v) for k, v in tags.items()}, moves, [0] * len(moves)


def _check(tags: dict[str, str], moves: list[str], lines: list[int]) -> Record:
    for name in ("Ruleset", "Players", "Seed"):
        if name not in tags:
            if name == "Seed":
                raise RecordError(
                    0, _("no Seed tag: a record can be replayed only once its game is over")
                )
            raise RecordError(0, _("the %(tag)s tag is missing") % {"tag": name})
    if tags["Ruleset"] not in RULESETS:
        raise RecordError(0, _("unknown ruleset %(r)s") % {"r": tags["Ruleset"]})
    if tags["Players"] not in ("2", "3", "4"):
        raise RecordError(0, _("a game has 2, 3 or 4 players"))
    if "SeedHash" in tags and seed_hash(tags["Seed"]) != tags["SeedHash"]:
        raise RecordError(0, _("the seed does not match the published seed hash"))
    if not tags.get("Deck", "1").isdigit():
        raise RecordError(0, _("the Deck tag is a whole number"))
    record = Record(tags=tags, moves=moves, move_lines=lines)
    try:
        state = new_game(
            record.ruleset, record.players, record.seed, teams=record.teams, deck=record.deck
        )
    except (JackalError, ValueError) as error:
        raise RecordError(0, str(error)) from None
    for index, text in enumerate(moves):
        try:
            state.apply(text)
        except JackalError as error:
            reason = _("move %(ply)d (%(move)s) is not legal here: %(why)s") % {
                "ply": index + 1,
                "move": text,
                "why": error,
            }
            raise RecordError(lines[index], reason) from None
    result = tags.get("Result")
    if result and result not in ("*", "aborted") and state.is_over():
        scores = state.outcome().scores
        replayed = "-".join(str(scores[i]) for i in range(record.players))
        if replayed != result:
            raise RecordError(
                0,
                _("the Result tag says %(tag)s but the moves give %(got)s")
                % {"tag": result, "got": replayed},
            )
    record.final = state
    return record
