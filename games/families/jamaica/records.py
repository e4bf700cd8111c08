"""A Jamaica game's record: the text / JSON export of a finished game and its import, checked by
replaying it (docs/jamaica.md, "Game records").

A Jamaica ledger entry needs its seat as well as its text: the cards are chosen by every seat at
once, in any order, so "play AG" alone does not say whose card it was. Each move line therefore
names the seat by its ship's colour: `12. blue play AG`.

A record holds every card chosen face down, so it exists only once the game is over (the
family's `records_while_running` is False): the view refuses it before.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.families.record_text import (
    RecordError,
    check_result,
    check_seed_hash,
    read_json,
    read_text,
    require_tags,
    result_text,
    tag_line,
)
from games.models import Game, Seat
from rules.core import GameError, GameState
from rules.jamaica import JAMAICA
from rules.jamaica.moves import COLOURS

RECORD_FORMAT = "jamaica-record"
RECORD_VERSION = 1
RULESET = "jamaica"
MOVE_LINE = re.compile(r"^(?P<ply>\d+)\.\s+(?P<colour>[A-Za-z]+)\s+(?P<move>\S.*?)\s*$")
FORMAT_TAG = re.compile(r'^\s*\[Format "jamaica-record', re.M)


class NotOverYet(ValueError):
    """A running game has no record: it would show the cards still face down."""


def claims(text: str) -> bool:
    """Whether `text` says it is a Jamaica record (the import reads it with this module)."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            return False
        return isinstance(data, dict) and data.get("format") == RECORD_FORMAT
    return bool(FORMAT_TAG.search(text[:4000]))


# --- Export ------------------------------------------------------------------------------------


def export_tags(game: Game, seats: list[Seat]) -> list[tuple[str, str]]:
    if not game.is_over or not game.revealed_seed:
        raise NotOverYet(f"game {game.pk} is not over: its record would show hidden cards")
    tags = [
        ("Format", f"{RECORD_FORMAT} {RECORD_VERSION}"),
        ("Site", "Jackal Online"),
        ("Game", str(game.pk)),
        ("Ruleset", game.ruleset),
        ("Players", str(game.players)),
    ]
    for seat in sorted(seats, key=lambda s: s.index):
        tags.append((f"Seat{seat.index}", seat.occupant_name))
        tags.append((f"Colour{seat.index}", COLOURS[seat.index]))
    if game.started_at:
        tags.append(("Date", game.started_at.strftime("%Y-%m-%d")))
    if game.finished_at:
        tags.append(("EndDate", game.finished_at.strftime("%Y-%m-%d")))
    tags.append(("Result", result_text(game)))
    if game.outcome and game.outcome.get("reason"):
        tags.append(("Reason", game.outcome["reason"]))
    tags.append(("SeedHash", game.seed_hash))
    tags.append(("Seed", game.revealed_seed))
    return tags


def _ledger(game: Game, moves: list[str]) -> list[tuple[int, str]]:
    """The ledger's (seat, text) entries: `moves` are its texts, the seats are read here."""
    seats = list(game.moves.order_by("ply").values_list("seat", flat=True))
    return list(zip(seats, moves, strict=True))


def move_lines(entries: list[tuple[int, str]]) -> list[str]:
    return [f"{ply}. {COLOURS[seat]} {text}" for ply, (seat, text) in enumerate(entries, start=1)]


def export_text(game: Game, seats: list[Seat], moves: list[str]) -> str:
    lines = [tag_line(name, value) for name, value in export_tags(game, seats)]
    lines.append("")
    lines += move_lines(_ledger(game, moves))
    return "\n".join(lines) + "\n"


def export_json(game: Game, seats: list[Seat], moves: list[str]) -> dict:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "tags": dict(export_tags(game, seats)),
        "moves": [
            {"seat": seat, "colour": COLOURS[seat], "move": text}
            for seat, text in _ledger(game, moves)
        ],
    }


# --- Import ------------------------------------------------------------------------------------


@dataclass
class Record:
    """A Jamaica record read from text or JSON, checked by replaying it."""

    tags: dict[str, str]
    entries: list[tuple[int, str]]  # (seat, move), in ledger order
    move_lines: list[int] = field(default_factory=list)
    final: GameState | None = None

    ruleset = RULESET

    @property
    def players(self) -> int:
        return int(self.tags["Players"])

    @property
    def seed(self) -> str:
        return self.tags["Seed"]

    @property
    def moves(self) -> list[str]:
        return [text for _seat, text in self.entries]

    def seat_names(self) -> list[str]:
        return [self.tags.get(f"Seat{i}", f"#{i + 1}") for i in range(self.players)]

    def to_text(self) -> str:
        lines = [tag_line(name, value) for name, value in self.tags.items()]
        lines.append("")
        lines += move_lines(self.entries)
        return "\n".join(lines) + "\n"

    def position_at(self, ply: int) -> GameState:
        state = JAMAICA.new_game(self.players, self.seed)
        for seat, text in self.entries[:ply]:
            JAMAICA.replay_move(state, seat, text)
        return state


def parse_record(text: str) -> Record:
    """Read and check a record (text or JSON): raises RecordError naming the line and why."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _check(*_parse_json(stripped))
    return _check(*_parse_text(text))


def _seat_of(colour: str, line: int) -> int:
    try:
        return COLOURS.index(colour.lower())
    except ValueError:
        raise RecordError(
            line, _("a move starts with its ship's colour (red, blue, green, …)")
        ) from None


def _parse_text(text: str) -> tuple[dict[str, str], list[tuple[int, str]], list[int]]:
    how = _("a move is written as its number, a dot, its ship's colour and the move")
    tags, lines = read_text(text, MOVE_LINE, how)
    entries = [(_seat_of(match["colour"], number), match["move"]) for number, match in lines]
    return tags, entries, [number for number, _match in lines]


def _parse_json(text: str) -> tuple[dict[str, str], list[tuple[int, str]], list[int]]:
    tags, moves = read_json(text, RECORD_FORMAT, RECORD_VERSION, _("not a Jamaica game record"))
    entries = []
    for move in moves:
        if not (
            isinstance(move, dict)
            and isinstance(move.get("move"), str)
            and isinstance(move.get("colour"), str)
        ):
            raise RecordError(0, _("every move has its ship's colour and its notation"))
        entries.append((_seat_of(move["colour"], 0), move["move"]))
    return tags, entries, [0] * len(entries)


def _check(tags: dict[str, str], entries: list[tuple[int, str]], lines: list[int]) -> Record:
    require_tags(tags, ("Ruleset", "Players", "Seed"))
    if tags["Ruleset"] != RULESET:
        raise RecordError(0, _("unknown ruleset %(r)s") % {"r": tags["Ruleset"]})
    if tags["Players"] not in {str(n) for n in JAMAICA.seat_counts}:
        raise RecordError(0, _("a game of Jamaica has 2 to 6 players"))
    check_seed_hash(tags)
    record = Record(tags=tags, entries=entries, move_lines=lines)
    state = JAMAICA.new_game(record.players, record.seed)
    for index, (seat, text) in enumerate(entries):
        if seat >= record.players:
            raise RecordError(lines[index], _("no ship of that colour in this game"))
        try:
            JAMAICA.replay_move(state, seat, text)
        except GameError as error:
            reason = _("move %(ply)d (%(move)s) is not legal here: %(why)s") % {
                "ply": index + 1,
                "move": text,
                "why": error,
            }
            raise RecordError(lines[index], reason) from None
    check_result(tags, state, record.players)
    record.final = state
    return record
