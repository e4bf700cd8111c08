"""A Jackal game's record: the deal revealed, and the text / JSON export and import of the
record format (docs/records.md). The positions of the replay viewer are `games.positions`'."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.families.record_text import (
    RecordError,
    TaggedRecord,
    check_result,
    check_seed_hash,
    illegal_move,
    play_to,
    read_json,
    read_record,
    read_text,
    require_tags,
    tag_line,
    tag_number,
)
from games.families.record_text import export_tags as shared_export_tags
from games.models import Game, Seat
from rules.jackal import RULESETS, JackalError, State, View, new_game, player_view, seat_crews

# --- Positions -----------------------------------------------------------------------------------


def game_deck(game: Game) -> int:
    """The deck version `game` was dealt from (a stored position without "deck" is deck 1)."""
    return (game.state or {}).get("deck", 1)


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


# --- Export ------------------------------------------------------------------------------------

RECORD_FORMAT = "jackal-record"
RECORD_VERSION = 1
MOVE_LINE = re.compile(r"^(?P<ply>[0-9]+)\.\s+(?P<move>\S.*?)\s*$")


def export_tags(game: Game, seats: list[Seat]) -> list[tuple[str, str]]:
    options = [
        ("Teams", "yes" if game.teams else "no"),
        # The deal is a function of the seed and the deck the game was dealt from.
        ("Deck", str(game_deck(game))),
    ]
    crews = [" ".join(crews) for crews in seat_crews(game.players, game.teams)]
    return shared_export_tags(
        game, seats, RECORD_FORMAT, RECORD_VERSION, options=options, seat_tag=("Crews", crews)
    )


def record_text(tags, moves: list[str]) -> str:
    """The text record: the tags (name, value pairs), a blank line, a numbered line per move."""
    lines = [tag_line(name, value) for name, value in tags]
    lines.append("")
    lines += [f"{ply}. {text}" for ply, text in enumerate(moves, start=1)]
    return "\n".join(lines) + "\n"


def export_text(game: Game, seats: list[Seat], moves: list[str]) -> str:
    return record_text(export_tags(game, seats), moves)


def export_json(game: Game, seats: list[Seat], moves: list[str]) -> dict:
    tags = dict(export_tags(game, seats))
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "tags": tags,
        "moves": list(moves),
    }


# --- Import ------------------------------------------------------------------------------------


@dataclass
class Record(TaggedRecord):
    """A game record read from text or JSON, checked by replaying it."""

    tags: dict[str, str]
    moves: list[str]
    move_lines: list[int] = field(default_factory=list)
    final: State | None = None

    @property
    def teams(self) -> bool:
        return self.tags.get("Teams", "no") == "yes"

    @property
    def deck(self) -> int:
        """The deck the game was dealt from; a record without the tag is of deck 1, as a stored
        position without "deck" is."""
        return tag_number(self.tags, "Deck", 1, maximum=99)

    def to_text(self) -> str:
        return record_text(self.tags.items(), self.moves)

    def position_at(self, ply: int) -> State:
        state = new_game(
            self.ruleset, players=self.players, seed=self.seed, teams=self.teams, deck=self.deck
        )
        ending = self.site_ending if ply == len(self.moves) else None
        return play_to(
            state, self.moves[:ply], self.skips, State.apply, ending, end=State.end_by_forfeit
        )


def parse_record(text: str) -> Record:
    """Read and check a record (text or JSON): raises RecordError naming the line and why."""
    return _check(*read_record(text, _parse_text, _parse_json))


def _parse_text(text: str) -> tuple[dict[str, str], list[str], list[int]]:
    how = _("a move is written as its number, a dot and the move")
    tags, lines = read_text(text, MOVE_LINE, how)
    return tags, [match["move"] for _n, match in lines], [number for number, _m in lines]


def _parse_json(text: str) -> tuple[dict[str, str], list[str], list[int]]:
    tags, moves = read_json(text, RECORD_FORMAT, RECORD_VERSION, _("not a Jackal game record"))
    if not all(isinstance(m, str) for m in moves):
        raise RecordError(0, _("every move is a string of notation"))
    # A JSON record has no line per move: errors name the move's number instead (line 0).
    return tags, moves, [0] * len(moves)


def _check(tags: dict[str, str], moves: list[str], lines: list[int]) -> Record:
    require_tags(tags, ("Ruleset", "Players", "Seed"))
    if tags["Ruleset"] not in RULESETS:
        raise RecordError(0, _("unknown ruleset %(r)s") % {"r": tags["Ruleset"]})
    if tags["Players"] not in ("2", "3", "4"):
        raise RecordError(0, _("a game has 2, 3 or 4 players"))
    check_seed_hash(tags)
    tag_number(tags, "Deck", 1, maximum=99)
    record = Record(tags=tags, moves=moves, move_lines=lines)
    try:
        state = new_game(
            record.ruleset, record.players, record.seed, teams=record.teams, deck=record.deck
        )
    except (JackalError, ValueError) as error:
        raise RecordError(0, str(error)) from None
    skips = record.skips
    for index, text in enumerate(moves):
        try:
            for seat in skips.get(index, ()):  # the seats skipped before this move
                state.skip_seat(seat)
            state.apply(text)
        except JackalError as error:
            raise illegal_move(index, text, error, lines[index]) from None
    try:
        for seat in skips.get(len(moves), ()):
            state.skip_seat(seat)
    except JackalError as error:
        raise RecordError(0, str(error)) from None
    if record.site_ending and not state.is_over():  # a timeout, resignation or claim
        state.end_by_forfeit(record.site_ending)
    check_result(tags, state, record.players)
    record.final = state
    return record
