"""What the text records of every family share: the `[Name "value"]` tags and their order, the
error that names the line, reading the tags and the numbered move lines of a text record and the
envelope of a JSON one, the seed's hash and the result tag, and the replay to a ply. Each
family's own format (its move lines, its options, its tags for a seat) is in its `records`
module (games.families.jackal.records, games.families.jamaica.records,
games.families.archipelago.records)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Sequence

from django.utils.translation import gettext as _

from games.clock.standings import ENDING, skips_of
from games.models import Game, Seat
from jackal_site.request_input import BadNumber, parse_int
from rules.core import GameState

# The most plies a record (or a form, games.views.board) may name, far past the longest game;
# and how deep a record's JSON may nest: an object of tags and a list of moves (each a string or
# an object), three levels. json.loads recurses once a level: 10,000 raised RecursionError.
MAX_PLY = 10**6
MAX_JSON_DEPTH = 8
JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
JSON_BRACKET = re.compile(r"[\[\]{}]")
TAG = re.compile(r'^\[(?P<name>[A-Za-z][A-Za-z0-9]*) "(?P<value>(?:[^"\\]|\\.)*)"\]$')


def quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def tag_line(name: str, value: str) -> str:
    return f'[{name} "{quote(value)}"]'


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def result_text(game: Game) -> str:
    """The result tag: scores by seat ("12-8", "9-9-3"), or why there is none."""
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if game.status != Game.Status.FINISHED or not game.outcome:
        return "*"
    scores = game.outcome.get("scores", {})
    return "-".join(str(scores.get(str(i), 0)) for i in range(game.players))


def winner_text(game: Game) -> str:
    """The Winner tag: the seats placed first, by number ("1", "0 2" for partners), "draw" when
    every seat shares the first place; "" while the game is not finished. The Result's scores
    alone do not say it where the site ended the game (a resignation, a timeout: the seats that
    forfeited are placed last whatever their coins)."""
    if game.status != Game.Status.FINISHED or not game.outcome:
        return ""
    first = sorted((game.outcome.get("ranking") or [[]])[0])
    if not first:
        return ""
    return "draw" if len(first) >= game.players else " ".join(str(seat) for seat in first)


def game_tags(game: Game) -> list[tuple[str, str]]:
    """When the game was played, its result and how it ended: the tags every family's record
    has after its seats."""
    tags = []
    if game.started_at:
        tags.append(("Date", game.started_at.strftime("%Y-%m-%d")))
    if game.finished_at and game.is_over:
        tags.append(("EndDate", game.finished_at.strftime("%Y-%m-%d")))
    tags.append(("Result", result_text(game)))
    if winner := winner_text(game):
        tags.append(("Winner", winner))
    if game.outcome and game.outcome.get("reason"):
        tags.append(("Reason", game.outcome["reason"]))
    return tags


def export_tags(
    game: Game,
    seats: Iterable[Seat],
    record_format: str,
    version: int,
    *,
    options: Sequence[tuple[str, str]] = (),
    seat_tag: tuple[str, Sequence[str]],
) -> list[tuple[str, str]]:
    """Every family's tags, in order: the format and the game, the family's `options` (how it
    was dealt), each seat's name and its `seat_tag` (the tag's name and its value by seat: the
    crews, the colour), then the dates, the result, the clock's skips and the seed."""
    tags = [
        ("Format", f"{record_format} {version}"),
        ("Site", "Jackal Online"),
        ("Game", str(game.pk)),
        ("Ruleset", game.ruleset),
        ("Players", str(game.players)),
        *options,
    ]
    name, values = seat_tag
    for seat in sorted(seats, key=lambda s: s.index):
        tags.append((f"Seat{seat.index}", seat.occupant_name))
        tags.append((f"{name}{seat.index}", values[seat.index]))
    tags += game_tags(game)
    if skipped := skipped_tag(game):  # where the clock skipped a seat: a replay skips it there too
        tags.append(("Skipped", skipped))
    tags.append(("SeedHash", game.seed_hash))
    if game.revealed_seed:  # only once the game is over: the seed is the deal
        tags.append(("Seed", game.revealed_seed))
    return tags


def skipped_tag(game: Game) -> str:
    """The Skipped tag: each seat the clock skipped for a timeout, as seat@ply (after the moves of
    that ply), in the order it did; "" when none was."""
    return " ".join(f"{seat}@{ply}" for ply, seat in skips_of(game))


def parse_skips(text: str, players: int) -> dict[int, list[int]]:
    """ "1@12 2@40" (seat@ply): {12: [1], 40: [2]}; raises RecordError if malformed."""
    skips: dict[int, list[int]] = {}
    for pair in text.split():
        seat, _at, ply = pair.partition("@")  # without "@", ply is "": missing
        try:
            seat_index = parse_int(seat, minimum=0, maximum=players - 1)
            skips.setdefault(parse_int(ply, minimum=0, maximum=MAX_PLY), []).append(seat_index)
        except BadNumber:
            raise RecordError(0, _("the Skipped tag lists seat@ply pairs, such as 1@12")) from None
    return skips


def tag_number(tags: dict[str, str], name: str, default: int, maximum: int) -> int:
    """The whole number of the tag `name` (`default` without the tag), from 1 to `maximum`."""
    try:
        return parse_int(tags.get(name, str(default)), minimum=1, maximum=maximum)
    except BadNumber:
        raise RecordError(0, _("the %(tag)s tag is a whole number") % {"tag": name}) from None


class RecordError(ValueError):
    """A record that cannot be shown; `line` is where (1-based, 0 for the record as a whole)."""

    def __init__(self, line: int, reason: str):
        self.line, self.reason = line, reason
        where = _("line %(line)d") % {"line": line} if line else _("the record")
        super().__init__(f"{where}: {reason}")


# --- Reading -------------------------------------------------------------------------------------


def read_text(
    text: str, move_line: re.Pattern, how_written: str
) -> tuple[dict[str, str], list[tuple[int, re.Match]]]:
    """The tags of a text record and its move lines, each with its line number, numbered from 1
    without a gap. `move_line` matches a move line (its group "ply" the number); `how_written`
    is what a player is told when a line is neither a tag nor a move."""
    tags: dict[str, str] = {}
    moves: list[tuple[int, re.Match]] = []
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
            tags[match["name"]] = unquote(match["value"])
            continue
        match = move_line.match(line)
        if not match:
            raise RecordError(number, how_written)
        # Compared as text: int() of a 5,000-digit number raises ValueError.
        if match["ply"] != str(len(moves) + 1):
            raise RecordError(
                number,
                _("move %(got)s where move %(want)d was expected")
                % {"got": match["ply"], "want": len(moves) + 1},
            )
        moves.append((number, match))
    return tags, moves


def read_json(
    text: str, record_format: str, version: int, not_this: str
) -> tuple[dict[str, str], list]:
    """The tags and the list of moves of a JSON record of `record_format`, `version`; `not_this`
    is what a player is told when it is some other JSON."""
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != record_format:
        raise RecordError(0, not_this)
    if data.get("version") != version:
        raise RecordError(0, unknown_version(str(data.get("version")), version))
    tags, moves = data.get("tags"), data.get("moves")
    if not isinstance(tags, dict) or not isinstance(moves, list):
        raise RecordError(0, _("a record has its tags and its list of moves"))
    return {str(k): str(v) for k, v in tags.items()}, moves


def read_record(text: str, parse_text: Callable, parse_json: Callable) -> tuple:
    """What `parse_json` reads of a JSON record (one that starts with "{"), else `parse_text`."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return parse_json(stripped)
    return parse_text(text)


def load_json(text: str):
    """`text` read as JSON, unless it is not valid JSON or nests deeper than a record does:
    raises RecordError."""
    depth = deepest = 0
    for bracket in JSON_BRACKET.findall(JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_JSON_DEPTH:
        raise RecordError(0, _("not a game record: its JSON nests too deep"))
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        why = _("not valid JSON (%(why)s)") % {"why": error.msg}
        raise RecordError(error.lineno, why) from None


def unknown_version(found: str, version: int) -> str:
    """Why a record of another version of the format is refused (one made by a newer site)."""
    return _(
        "version %(found)s of this record format is not known here (this site reads version "
        "%(version)d)"
    ) % {"found": found, "version": version}


# --- Checking ------------------------------------------------------------------------------------


def require_tags(tags: dict[str, str], names: tuple[str, ...]) -> None:
    """Refuse a record without one of the tags `names` (the Seed with the reason it is missing:
    a running game's record has none)."""
    for name in names:
        if name not in tags:
            if name == "Seed":
                raise RecordError(
                    0, _("no Seed tag: a record can be replayed only once its game is over")
                )
            raise RecordError(0, _("the %(tag)s tag is missing") % {"tag": name})


def check_seed_hash(tags: dict[str, str]) -> None:
    """The seed must be the one whose hash was published when the game started."""
    if "SeedHash" in tags and seed_hash(tags["Seed"]) != tags["SeedHash"]:
        raise RecordError(0, _("the seed does not match the published seed hash"))


# The reasons of an end the site decided (games.clock.standings): the moves do not give it, so an
# import ends the replayed game after the last move, as the site did.
SITE_ENDINGS = frozenset(ENDING.values())


def site_ending(tags: dict[str, str]) -> str | None:
    """How the site ended the game as it stood after the last move (the Reason tag), if it did."""
    reason = tags.get("Reason")
    return reason if reason in SITE_ENDINGS else None


def illegal_move(index: int, text: str, error: Exception, line: int) -> RecordError:
    """The refusal of a record whose move `index` (0-based), on `line`, the rules refused."""
    reason = _("move %(ply)d (%(move)s) is not legal here: %(why)s") % {
        "ply": index + 1,
        "move": text,
        "why": error,
    }
    return RecordError(line, reason)


class TaggedRecord:
    """What every family's record (a dataclass with `tags`) reads from its tags alone."""

    tags: dict[str, str]

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
    def skips(self) -> dict[int, list[int]]:
        """The seats the clock skipped, by the ply after which it did (the Skipped tag)."""
        return parse_skips(self.tags.get("Skipped", ""), self.players)

    @property
    def site_ending(self) -> str | None:
        """How the site ended the game as it stood after the last move, if it did."""
        return site_ending(self.tags)

    def seat_names(self) -> list[str]:
        return [self.tags.get(f"Seat{i}", f"#{i + 1}") for i in range(self.players)]


def check_result(tags: dict[str, str], state: GameState, players: int) -> None:
    """The Result tag, if the record has one and its game is over, must be what the moves give."""
    result = tags.get("Result")
    if result and result not in ("*", "aborted") and state.is_over():
        scores = state.outcome().scores
        replayed = "-".join(str(scores[i]) for i in range(players))
        if replayed != result:
            raise RecordError(
                0,
                _("the Result tag says %(tag)s but the moves give %(got)s")
                % {"tag": result, "got": replayed},
            )


def play_to(
    state: GameState,
    steps: Sequence,
    skips: dict[int, list[int]],
    play: Callable[[GameState, object], None],
    site_ending: str | None,
    end: Callable[[GameState, str], None] | None = None,
) -> GameState:
    """`state` after `play` of each of `steps` (a record's moves), with the seats the clock
    skipped passed where it did, and ended as the site ended it (`site_ending`, by `end` or
    the protocol's `end_now`, if the game the moves give is not over): the position a replay
    shows."""
    for seat in skips.get(0, ()):
        state.skip_seat(seat)
    for index, step in enumerate(steps):
        play(state, step)
        for seat in skips.get(index + 1, ()):
            state.skip_seat(seat)
    if site_ending and not state.is_over():
        (end or type(state).end_now)(state, site_ending)
    return state
