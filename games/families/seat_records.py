"""Records whose move lines name the seat that sent each move by its colour, `12. blue play AG`:
Jamaica's (cards are chosen by every seat at once, in any order) and Archipelago's (answers to an
offer to end come from every other seat in any order; under smoke the next seat plays a crew). A
move alone does not say whose it was, so the ledger's seat goes with it.

What the two formats share is here: writing and reading those lines (text and JSON), the record
read back, and its replay; each family's records module keeps its tags, its options and its
words (a ship's colour or a crew's)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from games.families.record_text import (
    RecordError,
    TaggedRecord,
    export_tags,
    illegal_move,
    load_json,
    read_json,
    read_text,
    tag_line,
)
from games.models import Game, Seat
from rules.core import GameError, GameState

MOVE_LINE = re.compile(r"^(?P<ply>[0-9]+)\.\s+(?P<colour>[A-Za-z]+)\s+(?P<move>\S.*?)\s*$")


class NotOverYet(ValueError):
    """A running game has no record of these formats: it would show what is still hidden."""


def claims(text: str, record_format: str) -> bool:
    """Whether `text` says it is a record of `record_format` (text: its Format tag near the top)."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            data = load_json(stripped)
        except RecordError:
            return False
        return isinstance(data, dict) and data.get("format") == record_format
    return bool(re.search(rf'^\s*\[Format "{re.escape(record_format)}', text[:4000], re.M))


# --- Export --------------------------------------------------------------------------------------


def finished_tags(
    game: Game, seats: list[Seat], record_format: str, version: int, colours, hidden: str, **how
) -> list[tuple[str, str]]:
    """The tags of a finished game's record, each seat with its colour (`how`: as
    record_text.export_tags); a running game's is refused, as it would show `hidden`."""
    if not game.is_over or not game.revealed_seed:
        raise NotOverYet(f"game {game.pk} is not over: its record would show {hidden}")
    return export_tags(game, seats, record_format, version, seat_tag=("Colour", colours), **how)


def exporters(
    record_format: str, version: int, colours, tags_of: Callable[[Game, list[Seat]], list]
) -> tuple[Callable[..., str], Callable[..., dict]]:
    """A family's `export_text(game, seats, moves)` and `export_json(game, seats, moves)`: the
    record with `tags_of(game, seats)` and the moves with the ledger's seats."""

    def export_text(game: Game, seats: list[Seat], moves: list[str]) -> str:
        return record_text(tags_of(game, seats), ledger_entries(game, moves), colours)

    def export_json(game: Game, seats: list[Seat], moves: list[str]) -> dict:
        tags, entries = tags_of(game, seats), ledger_entries(game, moves)
        return record_json(record_format, version, tags, entries, colours)

    return export_text, export_json


def ledger_entries(game: Game, moves: list[str]) -> list[tuple[int, str]]:
    """The ledger's (seat, text) entries: `moves` are its texts, the seats are read here."""
    seats = list(game.moves.order_by("ply").values_list("seat", flat=True))
    return list(zip(seats, moves, strict=True))


def move_lines(entries: list[tuple[int, str]], colours) -> list[str]:
    return [f"{ply}. {colours[seat]} {text}" for ply, (seat, text) in enumerate(entries, start=1)]


def record_text(tags, entries: list[tuple[int, str]], colours) -> str:
    """The text record: the tags (name, value pairs), a blank line, a line per move."""
    lines = [tag_line(name, value) for name, value in tags]
    lines.append("")
    lines += move_lines(entries, colours)
    return "\n".join(lines) + "\n"


def record_json(
    record_format: str, version: int, tags, entries: list[tuple[int, str]], colours
) -> dict:
    return {
        "format": record_format,
        "version": version,
        "tags": dict(tags),
        "moves": [{"seat": seat, "colour": colours[seat], "move": text} for seat, text in entries],
    }


# --- Import --------------------------------------------------------------------------------------


@dataclass
class SeatRecord(TaggedRecord):
    """A record read from text or JSON, checked by replaying it; `colours` is the family's."""

    tags: dict[str, str]
    entries: list[tuple[int, str]]  # (seat, move), in ledger order
    move_lines: list[int] = field(default_factory=list)
    final: GameState | None = None

    colours: ClassVar[tuple[str, ...]] = ()

    @property
    def moves(self) -> list[str]:
        return [text for _seat, text in self.entries]

    def to_text(self) -> str:
        return record_text(self.tags.items(), self.entries, self.colours)


@dataclass
class Words:
    """What a player is told about a family's move lines (its colours are ships' or crews')."""

    how_written: str  # a line that is neither a tag nor a move
    wrong_colour: str  # a move line whose colour is none of the family's
    bad_json_move: str  # a JSON move without its colour and notation
    no_such_seat: str  # a colour of a seat the game does not have


def _seat_of(colour: str, line: int, colours, words: Words) -> int:
    try:
        return colours.index(colour.lower())
    except ValueError:
        raise RecordError(line, words.wrong_colour) from None


def read_text_entries(text: str, colours, words: Words):
    """The tags, the (seat, move) entries and each move's line number of a text record."""
    tags, lines = read_text(text, MOVE_LINE, words.how_written)
    return (tags, *entries_of_lines(lines, colours, words))


def entries_of_lines(lines, colours, words: Words):
    """The (seat, move) entries and line numbers of read_text's (line number, match) pairs."""
    entries = [(_seat_of(m["colour"], number, colours, words), m["move"]) for number, m in lines]
    return entries, [number for number, _match in lines]


def read_json_entries(
    text: str, record_format: str, version: int, not_this: str, colours, words: Words
):
    """The same of a JSON record; its moves have no lines (errors name line 0, the record)."""
    tags, moves = read_json(text, record_format, version, not_this)
    entries = []
    for move in moves:
        if not (
            isinstance(move, dict)
            and isinstance(move.get("move"), str)
            and isinstance(move.get("colour"), str)
        ):
            raise RecordError(0, words.bad_json_move)
        entries.append((_seat_of(move["colour"], 0, colours, words), move["move"]))
    return tags, entries, [0] * len(entries)


def replay_entries(
    state: GameState,
    record: SeatRecord,
    replay_move: Callable[[GameState, int, str], None],
    words: Words,
    after_move: Callable[[GameState, int], None] | None = None,
) -> None:
    """Play the record's moves on `state`, refusing the first that is not legal with its line;
    `after_move(state, ply)` runs after each (the seats the clock skipped there)."""
    lines = record.move_lines
    for index, (seat, text) in enumerate(record.entries):
        if seat >= record.players:
            raise RecordError(lines[index], words.no_such_seat)
        try:
            replay_move(state, seat, text)
        except GameError as error:
            raise illegal_move(index, text, error, lines[index]) from None
        if after_move is not None:
            after_move(state, index + 1)
