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

import json
import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.families.record_text import (
    RecordError,
    check_result,
    check_seed_hash,
    parse_skips,
    read_json,
    read_text,
    require_tags,
    result_text,
    site_ending,
    skipped_tag,
    tag_line,
    unknown_version,
)
from games.models import Game, Seat
from rules.archipelago.position import COLOURS
from rules.core import GameError, GameState, ruleset

RECORD_FORMAT = "archipelago-record"
RECORD_VERSION = 1
RULESETS = ("archipelago", "archipelago-puzzle")
MOVE_LINE = re.compile(r"^(?P<ply>\d+)\.\s+(?P<colour>[A-Za-z]+)\s+(?P<move>\S.*?)\s*$")
FORMAT_TAG = re.compile(r'^\s*\[Format "archipelago-record', re.M)


class NotOverYet(ValueError):
    """A running game has no record: its seed would show the face-down tiles."""


def claims(text: str) -> bool:
    """Whether `text` says it is an Archipelago record (the import reads it with this module)."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            return False
        return isinstance(data, dict) and data.get("format") == RECORD_FORMAT
    return bool(FORMAT_TAG.search(text[:4000]))


# --- The options as tags -------------------------------------------------------------------------


def option_tags(ruleset_name: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """The tags of the options a game was dealt with (`Ruleset.options_of` its position)."""
    if ruleset_name == "archipelago-puzzle":
        return [("Puzzle", options["puzzle"])]
    tags = [
        ("Island", options.get("island", "first")),
        ("Landing", options.get("landing", "choose")),
        ("Teams", "yes" if options.get("teams") else "no"),
    ]
    if abilities := options.get("abilities"):  # a game of a series (S1)
        tags.append(("Abilities", " ".join(f"{p}:{a}" for p, a in sorted(abilities.items()))))
    return tags


def options_of_tags(tags: dict[str, str]) -> dict[str, Any]:
    """The options of `new_game` that the tags say (the rules check their values)."""
    if tags["Ruleset"] == "archipelago-puzzle":
        return {"puzzle": tags.get("Puzzle", "")}
    options: dict[str, Any] = {
        "island": tags.get("Island", "first"),
        "landing": tags.get("Landing", "choose"),
        "teams": tags.get("Teams", "no") == "yes",
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
    if not game.is_over or not game.revealed_seed:
        raise NotOverYet(f"game {game.pk} is not over: its record would show the face-down tiles")
    rules = ruleset(game.ruleset)
    tags = [
        ("Format", f"{RECORD_FORMAT} {RECORD_VERSION}"),
        ("Site", "Jackal Online"),
        ("Game", str(game.pk)),
        ("Ruleset", game.ruleset),
        ("Players", str(game.players)),
        *option_tags(game.ruleset, rules.options_of(game.state or {})),
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
    if skipped := skipped_tag(game):  # where the clock skipped a seat: a replay skips it there too
        tags.append(("Skipped", skipped))
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


# --- Import --------------------------------------------------------------------------------------


@dataclass
class Record:
    """An Archipelago record read from text or JSON, checked by replaying it."""

    tags: dict[str, str]
    entries: list[tuple[int, str]]  # (seat, move), in ledger order
    move_lines: list[int] = field(default_factory=list)
    final: GameState | None = None

    @property
    def ruleset(self) -> str:
        return self.tags["Ruleset"]

    @property
    def players(self) -> int:
        return int(self.tags["Players"])

    @property
    def seed(self) -> str:
        return self.tags["Seed"]

    @property
    def moves(self) -> list[str]:
        return [text for _seat, text in self.entries]

    @property
    def skips(self) -> dict[int, list[int]]:
        """The seats the clock skipped, by the ply after which it did (the Skipped tag)."""
        return parse_skips(self.tags.get("Skipped", ""), self.players)

    @property
    def site_ending(self) -> str | None:
        """How the site ended the game as it stood after the last move, if it did."""
        return site_ending(self.tags)

    def seat_names(self) -> list[str]:
        return [self.tags.get(f"Seat{i}", f"#{i + 1}") for i in range(self.players)]

    def to_text(self) -> str:
        lines = [tag_line(name, value) for name, value in self.tags.items()]
        lines.append("")
        lines += move_lines(self.entries)
        return "\n".join(lines) + "\n"

    def new_game(self) -> GameState:
        return ruleset(self.ruleset).new_game(self.players, self.seed, **options_of_tags(self.tags))

    def position_at(self, ply: int) -> GameState:
        """The position after `ply` moves, as the site had it (skips and its end included)."""
        rules, skips = ruleset(self.ruleset), self.skips
        state = self.new_game()
        for seat in skips.get(0, ()):
            state.skip_seat(seat)
        for index, (seat, text) in enumerate(self.entries[:ply]):
            rules.replay_move(state, seat, text)
            for skipped in skips.get(index + 1, ()):
                state.skip_seat(skipped)
        if ply == len(self.entries) and self.site_ending and not state.is_over():
            state.end_now(self.site_ending)
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
            line, _("a move starts with its crew's colour (white, yellow, red or black)")
        ) from None


def _parse_text(text: str) -> tuple[dict[str, str], list[tuple[int, str]], list[int]]:
    how = _("a move is written as its number, a dot, its crew's colour and the move")
    tags, lines = read_text(text, MOVE_LINE, how)
    name, _space, version = tags.get("Format", "").partition(" ")
    if name != RECORD_FORMAT:
        raise RecordError(0, _("not an Archipelago game record"))
    if version != str(RECORD_VERSION):
        raise RecordError(0, unknown_version(version, RECORD_VERSION))
    entries = [(_seat_of(match["colour"], number), match["move"]) for number, match in lines]
    return tags, entries, [number for number, _match in lines]


def _parse_json(text: str) -> tuple[dict[str, str], list[tuple[int, str]], list[int]]:
    why = _("not an Archipelago game record")
    tags, moves = read_json(text, RECORD_FORMAT, RECORD_VERSION, why)
    entries = []
    for move in moves:
        if not (
            isinstance(move, dict)
            and isinstance(move.get("move"), str)
            and isinstance(move.get("colour"), str)
        ):
            raise RecordError(0, _("every move has its crew's colour and its notation"))
        entries.append((_seat_of(move["colour"], 0), move["move"]))
    # A JSON record has no line per move: errors name the move's number instead (line 0).
    return tags, entries, [0] * len(entries)


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
    for index, (seat, text) in enumerate(entries):
        if seat >= record.players:
            raise RecordError(lines[index], _("no crew of that colour in this game"))
        try:
            rules.replay_move(state, seat, text)
        except GameError as error:
            reason = _("move %(ply)d (%(move)s) is not legal here: %(why)s") % {
                "ply": index + 1,
                "move": text,
                "why": error,
            }
            raise RecordError(lines[index], reason) from None
        _skip(state, skips.get(index + 1, ()), index + 1)
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
