"""A Jamaica game's record: the text / JSON export of a finished game and its import, checked by
replaying it (docs/jamaica.md, "Game records").

A Jamaica ledger entry needs its seat as well as its text: the cards are chosen by every seat at
once, in any order, so "play AG" alone does not say whose card it was. Each move line therefore
names the seat by its ship's colour: `12. blue play AG`.

A record holds every card chosen face down, so it exists only once the game is over (the
family's `records_while_running` is False): the view refuses it before.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.families import seat_records
from games.families.record_text import (
    RecordError,
    check_result,
    check_seed_hash,
    read_record,
    require_tags,
)
from games.families.seat_records import NotOverYet, SeatRecord, Words
from games.models import Game, Seat
from rules.jamaica import JAMAICA
from rules.jamaica.game import JamaicaGame
from rules.jamaica.moves import COLOURS

RECORD_FORMAT = "jamaica-record"
RECORD_VERSION = 1
RULESET = "jamaica"

__all__ = ["NotOverYet", "Record", "claims", "export_json", "export_text", "parse_record"]


def claims(text: str) -> bool:
    """Whether `text` says it is a Jamaica record (the import reads it with this module)."""
    return seat_records.claims(text, RECORD_FORMAT)


def _words() -> Words:
    return Words(
        how_written=_("a move is written as its number, a dot, its ship's colour and the move"),
        wrong_colour=_("a move starts with its ship's colour (red, blue, green, …)"),
        bad_json_move=_("every move has its ship's colour and its notation"),
        no_such_seat=_("no ship of that colour in this game"),
    )


# --- Export ------------------------------------------------------------------------------------


def export_tags(game: Game, seats: list[Seat]) -> list[tuple[str, str]]:
    return seat_records.finished_tags(
        game, seats, RECORD_FORMAT, RECORD_VERSION, COLOURS, hidden="hidden cards"
    )


export_text, export_json = seat_records.exporters(
    RECORD_FORMAT, RECORD_VERSION, COLOURS, export_tags
)


# --- Import ------------------------------------------------------------------------------------


@dataclass
class Record(SeatRecord):
    """A Jamaica record read from text or JSON, checked by replaying it."""

    colours = COLOURS

    def position_at(self, ply: int) -> JamaicaGame:
        state = JAMAICA.new_game(self.players, self.seed)
        for seat, text in self.entries[:ply]:
            JAMAICA.replay_move(state, seat, text)
        return state


def parse_record(text: str) -> Record:
    """Read and check a record (text or JSON): raises RecordError naming the line and why."""
    return _check(*read_record(text, _parse_text, _parse_json))


def _parse_text(text: str):
    return seat_records.read_text_entries(text, COLOURS, _words())


def _parse_json(text: str):
    not_this = _("not a Jamaica game record")
    return seat_records.read_json_entries(
        text, RECORD_FORMAT, RECORD_VERSION, not_this, COLOURS, _words()
    )


def _check(tags: dict[str, str], entries: list[tuple[int, str]], lines: list[int]) -> Record:
    require_tags(tags, ("Ruleset", "Players", "Seed"))
    if tags["Ruleset"] != RULESET:
        raise RecordError(0, _("unknown ruleset %(r)s") % {"r": tags["Ruleset"]})
    if tags["Players"] not in {str(n) for n in JAMAICA.seat_counts}:
        raise RecordError(0, _("a game of Jamaica has 2 to 6 players"))
    check_seed_hash(tags)
    record = Record(tags=tags, entries=entries, move_lines=lines)
    state = JAMAICA.new_game(record.players, record.seed)
    seat_records.replay_entries(state, record, JAMAICA.replay_move, _words())
    check_result(tags, state, record.players)
    record.final = state
    return record
