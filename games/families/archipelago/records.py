"""An Archipelago game's record: the text / JSON export of a finished game and its import,
checked by replaying it (docs/archipelago.md, "Game records").

An Archipelago ledger entry needs its seat as well as its text: the answers to an offer to end
the game ("accept end") come from every other seat in any order, and under smoke a crew is
played by the next seat, so a move alone does not say who sent it. Each move line therefore
names the seat by its crew's colour: `12. yellow Y1 A5-B5`.

The deal is a function of the seed and the game's options (the island, the landing, two on two,
a series' abilities; a puzzle's name): the record carries them as tags, and the import deals
again with them. What the site did outside the moves is played again where it did it: the seats
the clock skipped (`Skipped`), and a game it ended as it stood (`Reason` timeout, resignation or
claim).

The seed is the whole deal, face-down tiles and removed tiles alike, so a record exists only once
the game is over (the family's `records_while_running` is False): the view refuses it before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.families import seat_records
from games.families.record_text import (
    RecordError,
    check_result,
    check_seed_hash,
    play_to,
    read_record,
    read_text,
    require_tags,
    unknown_version,
)
from games.families.seat_records import MOVE_LINE, NotOverYet, SeatRecord, Words
from games.models import Game, Seat
from rules.archipelago.position import COLOURS
from rules.core import GameError, GameState, ruleset

RECORD_FORMAT = "archipelago-record"
RECORD_VERSION = 1
RULESETS = ("archipelago", "archipelago-puzzle")

__all__ = ["NotOverYet", "Record", "claims", "export_json", "export_text", "parse_record"]


def claims(text: str) -> bool:
    """Whether `text` says it is an Archipelago record (the import reads it with this module)."""
    return seat_records.claims(text, RECORD_FORMAT)


def _words() -> Words:
    return Words(
        how_written=_("a move is written as its number, a dot, its crew's colour and the move"),
        wrong_colour=_("a move starts with its crew's colour (white, yellow, red or black)"),
        bad_json_move=_("every move has its crew's colour and its notation"),
        no_such_seat=_("no crew of that colour in this game"),
    )


# --- The options as tags -------------------------------------------------------------------------


def option_tags(ruleset_name: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """The tags of the options a game was dealt with (`Ruleset.options_of` its position)."""
    # A game begun before the rulings' version 2 (rules/archipelago/position.py, RULINGS) says so,
    # so that its record replays by the rules it was played by; newer records need no tag.
    old = [("Rulings", "1")] if options.get("rulings") == 1 else []
    if ruleset_name == "archipelago-puzzle":
        return [("Puzzle", options["puzzle"]), *old]
    tags = [
        ("Island", options.get("island", "first")),
        ("Landing", options.get("landing", "choose")),
        ("Teams", "yes" if options.get("teams") else "no"),
    ]
    if abilities := options.get("abilities"):  # a game of a series (S1)
        tags.append(("Abilities", " ".join(f"{p}:{a}" for p, a in sorted(abilities.items()))))
    return tags + old


def options_of_tags(tags: dict[str, str]) -> dict[str, Any]:
    """The options of `new_game` that the tags say (the rules check their values)."""
    old = {"rulings": 1} if tags.get("Rulings", "").strip() == "1" else {}
    if tags["Ruleset"] == "archipelago-puzzle":
        return {"puzzle": tags.get("Puzzle", ""), **old}
    options: dict[str, Any] = {
        "island": tags.get("Island", "first"),
        "landing": tags.get("Landing", "choose"),
        "teams": tags.get("Teams", "no") == "yes",
        **old,
    }
    if tags.get("Abilities", "").strip():
        abilities = {}
        for pair in tags["Abilities"].split():
            pirate, colon, ability = pair.partition(":")
            if not (colon and pirate and ability):
                raise RecordError(
                    0, _("the Abilities tag lists pirate:ability pairs, such as W2:climber")
                )
            abilities[pirate.upper()] = ability.lower()
        options["abilities"] = abilities
    return options


# --- Export --------------------------------------------------------------------------------------


def export_tags(game: Game, seats: list[Seat]) -> list[tuple[str, str]]:
    options = option_tags(game.ruleset, ruleset(game.ruleset).options_of(game.state or {}))
    hidden = "the face-down tiles"
    return seat_records.finished_tags(
        game, seats, RECORD_FORMAT, RECORD_VERSION, COLOURS, hidden, options=options
    )


export_text, export_json = seat_records.exporters(
    RECORD_FORMAT, RECORD_VERSION, COLOURS, export_tags
)


# --- Import --------------------------------------------------------------------------------------


@dataclass
class Record(SeatRecord):
    """An Archipelago record read from text or JSON, checked by replaying it."""

    colours = COLOURS

    def new_game(self) -> GameState:
        return ruleset(self.ruleset).new_game(self.players, self.seed, **options_of_tags(self.tags))

    def position_at(self, ply: int) -> GameState:
        """The position after `ply` moves, as the site had it (skips and its end included)."""
        rules = ruleset(self.ruleset)
        ending = self.site_ending if ply == len(self.entries) else None
        return play_to(
            self.new_game(),
            self.entries[:ply],
            self.skips,
            lambda state, entry: rules.replay_move(state, *entry),
            ending,
        )


def parse_record(text: str) -> Record:
    """Read and check a record (text or JSON): raises RecordError naming the line and why."""
    return _check(*read_record(text, _parse_text, _parse_json))


def _parse_text(text: str):
    words = _words()
    tags, lines = read_text(text, MOVE_LINE, words.how_written)
    name, _space, version = tags.get("Format", "").partition(" ")
    if name != RECORD_FORMAT:
        raise RecordError(0, _("not an Archipelago game record"))
    if version != str(RECORD_VERSION):
        raise RecordError(0, unknown_version(version, RECORD_VERSION))
    return (tags, *seat_records.entries_of_lines(lines, COLOURS, words))


def _parse_json(text: str):
    not_this = _("not an Archipelago game record")
    return seat_records.read_json_entries(
        text, RECORD_FORMAT, RECORD_VERSION, not_this, COLOURS, _words()
    )


def _check(tags: dict[str, str], entries: list[tuple[int, str]], lines: list[int]) -> Record:
    require_tags(tags, ("Ruleset", "Players", "Seed"))
    if tags["Ruleset"] not in RULESETS:
        raise RecordError(0, _("unknown ruleset %(r)s") % {"r": tags["Ruleset"]})
    rules = ruleset(tags["Ruleset"])
    if tags["Players"] not in {str(n) for n in rules.seat_counts}:
        if tags["Ruleset"] == "archipelago-puzzle":
            raise RecordError(0, _("a puzzle has one player"))
        raise RecordError(0, _("a game has 2, 3 or 4 players"))
    check_seed_hash(tags)
    record = Record(tags=tags, entries=entries, move_lines=lines)
    skips = record.skips
    try:
        state = record.new_game()
    except GameError as error:  # options the rules refuse (an unknown island, ability...)
        why = _("these options cannot start a game: %(why)s") % {"why": error}
        raise RecordError(0, why) from None
    _skip(state, skips.get(0, ()), 0)
    seat_records.replay_entries(
        state,
        record,
        rules.replay_move,
        _words(),
        after_move=lambda state, ply: _skip(state, skips.get(ply, ()), ply),
    )
    if record.site_ending and not state.is_over():
        state.end_now(record.site_ending)
    check_result(tags, state, record.players)
    result = tags.get("Result", "*")
    if result not in ("*", "aborted") and not state.is_over():
        # Only a finished game has a record: one whose moves stop short was cut (a download
        # broken off, lines lost in a copy).
        why = _("the Result tag says %(tag)s, but the game is not over after its last move")
        raise RecordError(0, why % {"tag": result})
    record.final = state
    return record


def _skip(state: GameState, seats, ply: int) -> None:
    """Pass the turns of `seats` after move `ply`, as the Skipped tag says the clock did."""
    for seat in seats:
        try:
            state.skip_seat(seat)
        except GameError as error:
            why = _("the Skipped tag cannot skip seat %(seat)d after move %(ply)d: %(why)s")
            raise RecordError(0, why % {"seat": seat, "ply": ply, "why": error}) from None
