"""The site's game families: what is particular to a family of games on the site.

The services (`games.services`, the clocks, the sweeps, the bots' tasks) speak to every game
through the rules' protocol (`rules.core`) only. What the site must know of a family to *show*
its games — the board page's context and template (its presenter and renderer), the words of
its events in the log, its rulesets' names, its how-to pages, colour names, lobby links,
series and puzzles — sits behind this registry, keyed by the family name a ruleset declares
(`Ruleset.game`: "jackal"). A new family registers a `SiteFamily` and plugs in without touching
the services or the views: `tests/web/test_second_family.py` plays a test-only game so.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterable

from django.utils.translation import gettext, pgettext

from rules.core import GameState, NotationError, ruleset

# The packages whose import registers the site's families (as rules.core's FAMILIES).
SITE_FAMILIES = (
    "games.families.jackal.family",
    "games.families.jamaica.family",
    "games.families.archipelago.family",
)

_FAMILIES: dict[str, SiteFamily] = {}
_loaded = False
# Boards are rendered in several threads at once (the live updates): the first lookup imports
# the families while the others wait, never finding the registry half filled.
_loading = threading.Lock()


class SiteFamily:
    """How the site shows the games of one family. Subclasses fill in the board."""

    #: The family's name, as its rulesets declare it (`Ruleset.game`).
    name: str
    #: The board page's template; it has a partial "board" (games/board.html's inline partials
    #: are the pattern) that moves and live updates swap in.
    page_template: str = "games/board.html"
    partial_template: str = "games/board.html#board"
    #: The module of the family's game record format (export and import), if it has one.
    records = None
    #: Whether a running game's record may be downloaded (False when the record would show
    #: something still hidden, such as cards chosen face down: then only once it is over).
    records_while_running: bool = True
    #: Whether the family draws its games in the replay viewer (`replay_board`).
    replays: bool = False

    #: The rulesets of the family that the lobby offers, in order, with the words the new-table
    #: form and every list name them by (`ruleset_choices`). A ruleset played only another way
    #: (Archipelago's puzzles) is named in `ruleset_names` instead.
    rulesets: tuple[tuple[str, str], ...] = ()
    ruleset_names: tuple[tuple[str, str], ...] = ()
    #: The short name of each ruleset, for the lists, the pages' headings and the form's
    #: options ("Jackal, second edition"); the words above then describe it. A ruleset without
    #: one is named by its words.
    short_names: dict[str, str] = {}
    #: The family's name where the site speaks of its games ("Jackal Archipelago").
    title: str = ""
    #: The rulesets with a "How to play" page (`how_to_play`).
    howto_rulesets: tuple[str, ...] = ()
    #: The family's Archipelago-style series of games at one table, if it has them: an object
    #: with `start_series`, `check_draw_over`, `next_game`, `continue_series`, `series_panel`
    #: and `pick` (games.families.archipelago.series); `series_panel`'s dict names the
    #: `template` the after-the-game panel includes. None: tables play single games.
    series = None
    #: The family's one-player puzzles, if it has them: an object with `RULESET`, `puzzles()`,
    #: `puzzle_title(key)` and `LIST_TEMPLATE` (games.families.archipelago.puzzles).
    puzzles = None

    #: A bot's thinking time on this family's boards, by level, where the site wants it shorter
    #: than the bots' own cap (rules.bots.THINKING_SECONDS): none, the bots' cap.
    bot_seconds: dict[str, float] = {}

    def thinking_seconds(self, level: str, usual: float | None) -> float | None:
        """How long a bot of `level` may think a move here: the family's cap, if it is shorter
        than the `usual` one (the bots' own)."""
        cap = self.bot_seconds.get(level)
        if cap is None:
            return usual
        return cap if usual is None else min(cap, usual)

    #: The start of the ledger texts that hide a secret until later (a card chosen face down):
    #: staff searching the ledger of a running game do not match them (games.admin).
    secret_move_prefixes: tuple[str, ...] = ()

    def board_context(
        self,
        game,
        seat_index: int | None,
        *,
        seats: list,
        state: GameState,
        query: dict[str, str],
        notice: tuple[str, str] | None,
        typed: str,
    ) -> dict:
        """The template context of the board for the player of `seat_index` (None: a
        spectator), built from what that seat may see of `state` only. `query` holds the page's
        own query parameters (a selected piece...)."""
        raise NotImplementedError

    def look_back_values(self, state: GameState) -> dict[int, float] | None:
        """Each seat's worth of a finished game's position by the family's strongest bot's
        evaluation, in coins, for the replay's look back (games.look_back); None: the family
        has none. Called only on games that are over, when everything may be shown."""
        return None

    def seat_crews(self, players: int, teams: bool) -> list[tuple[str, ...]]:
        """Each seat's colours (Jackal's crews), which lists and tables show as dots; none by
        default."""
        return [() for _ in range(players)]

    def setup_words(self, setup: str) -> str | None:
        """The new-table form's words for a setup of seats ("2", "2v2"...) where this family
        says it its own way ("2 players, two crews each"); None: the site's words."""
        return None

    def lobby_links(self, user) -> list[tuple[str, str]]:
        """The lobby's links to what this family offers beyond its tables (its puzzles...): each
        an address and its words, for `user`."""
        return []

    def how_to_play(self, ruleset: str) -> tuple[str, dict] | None:
        """The template and context of the "How to play" page of `ruleset`; None: no page."""
        return None

    def colour_name(self, colour: str) -> str | None:
        """A seat's colour (a crew, a ship) in the active language, if it is this family's."""
        return None

    def move_colour(self, text: str, seat: int | None = None) -> str:
        """The colour dot of a ledger move (`text`, played by `seat`) in the replay's move list
        ('' for none)."""
        return ""

    def replay_board(
        self, game, state: GameState, seat_index: int | None, *, names, last, last_move
    ) -> dict:
        """The replay viewer's board at one ply of `game` (`state`: its position then): the
        drawing ("svg") and the players' panel ("players": name, crews, coins, is_viewer; or a
        family's own rows, drawn by its "players_template"), optionally a "stylesheet" and the
        "revealed_note" of a game that is over. While the game runs, only what `seat_index` may
        see; once it is over, everything. Only for a family that `replays`."""
        raise NotImplementedError

    def record_board(self, record, ply: int, last_move: str | None) -> dict:
        """The replay viewer's board at `ply` of an imported `record` (of `records`' format)."""
        raise NotImplementedError

    def record_movers(self, record) -> list[tuple[str, str]]:
        """Each move of an imported `record`: its colour dot and its player's name."""
        raise NotImplementedError

    def partial_for(self, query: dict[str, str]) -> str:
        """The template partial a board request with `query` answers with."""
        return self.partial_template

    def played_words(
        self, move: str, events: list[dict], *, ruleset: str, seat_names: dict[int, str]
    ) -> str:
        """What the mover is told after a move: "You played …." (`move_in_words`), then each
        of its events in words (`event_lines`), a sentence each."""
        played = gettext("You played %(move)s.") % {"move": self.move_in_words(move)}
        return played_and_told(
            played, self.event_lines(events, ruleset=ruleset, seat_names=seat_names)
        )

    def move_in_words(self, move: str) -> str:
        """A move of the ledger in words for its mover ("White 2 to F7"); its notation by
        default."""
        return move

    def refusal_text(
        self, error: Exception, typed: str, *, state: GameState | None = None, seat=None
    ) -> str:
        """Why the rules refused a move, for the player (the rules' own words by default);
        `state` and `seat`, the position it was refused in and the mover's seat, for a family
        that says what the seat may do instead (from its legal moves only)."""
        if isinstance(error, NotationError):
            return not_a_move(typed)
        return str(error)

    def event_lines(
        self, events: Iterable[dict], *, ruleset: str, seat_names: dict[int, str]
    ) -> list[str]:
        """The events of one ledger entry in words, in the active language."""
        return [str(event.get("kind", "")) for event in events]

    def public_move(self, text: str) -> str:
        """What anyone but its mover may read of a move while its secret lasts; every move of
        the ledger is public by default."""
        return text

    def secret_plies(self, game, state: GameState) -> set[int]:
        """The plies of the ledger whose text others may read only as `public_move` now, with
        `state` the game's head position; none by default."""
        return set()


def played_and_told(played: str, lines: Iterable[str]) -> str:
    """What the mover is told after a move: `played` ("You played …."), then each line of the
    move's events as a sentence of its own, a space between them, each closed by a period where
    it has no closing mark (the families' lines have none; an old row's English sentence may)."""
    sentences = [played, *(line.strip() for line in lines)]
    return " ".join(s if s.endswith((".", "!", "?", "…")) else f"{s}." for s in sentences if s)


def not_a_move(typed: str) -> str:
    """What a player is told when what they typed is no move at all, in any game."""
    return pgettext("refusal", "“%(typed)s” is not a move: see how moves are written.") % {
        "typed": typed
    }


def register_family(family: SiteFamily) -> SiteFamily:
    _FAMILIES[family.name] = family
    return family


def _load() -> None:
    global _loaded
    if not _loaded:
        with _loading:
            if not _loaded:
                for package in SITE_FAMILIES:
                    importlib.import_module(package)
                _loaded = True


def record_family(text: str) -> SiteFamily:
    """The family whose record format `text` is in: the one whose `records` claim it, else
    Jackal's (its records came first and name no family)."""
    _load()
    for family in _FAMILIES.values():
        claims = getattr(family.records, "claims", None)
        if claims is not None and claims(text):
            return family
    return _FAMILIES["jackal"]


def secret_families() -> list[SiteFamily]:
    """The families whose ledger keeps secrets for a while (`secret_move_prefixes`)."""
    _load()
    return [family for family in _FAMILIES.values() if family.secret_move_prefixes]


def families() -> list[SiteFamily]:
    """Every family of the site, in the order the lobby lists them."""
    _load()
    return list(_FAMILIES.values())


def ruleset_choices() -> list[tuple[str, str]]:
    """Every ruleset of the site with its short name, the lobby's first (the choices of
    `Game.ruleset` and of the forms that pick one)."""
    named = [
        (code, family.short_names.get(code, words))
        for family in families()
        for code, words in (*family.rulesets, *family.ruleset_names)
    ]
    offered = {code for family in families() for code, _words in family.rulesets}
    return [choice for choice in named if choice[0] in offered] + [
        choice for choice in named if choice[0] not in offered
    ]


def lobby_rulesets() -> list[tuple[str, str]]:
    """The rulesets a table may be opened with, with their short names."""
    return [
        (code, family.short_names.get(code, words))
        for family in families()
        for code, words in family.rulesets
    ]


def ruleset_descriptions() -> list[tuple[str, str]]:
    """What each ruleset a table may be opened with is, in a line (the table form says the
    chosen one's under its short name)."""
    return [(code, words) for family in families() for code, words in family.rulesets]


def ruleset_label(code: str) -> str:
    """The name of the ruleset `code`, or the code itself for one the site does not name."""
    return str(dict(ruleset_choices()).get(code, code))


def colour_name(colour: str) -> str:
    """A seat's colour in the active language, by the family it belongs to."""
    for family in families():
        name = family.colour_name(colour)
        if name is not None:
            return name
    return colour.capitalize()


def family_named(name: str) -> SiteFamily:
    _load()
    try:
        return _FAMILIES[name]
    except KeyError:
        raise LookupError(f"the site has no family of games named {name!r}") from None


def family_of(ruleset_name: str) -> SiteFamily:
    """The site family that shows games of the ruleset `ruleset_name`."""
    return family_named(ruleset(ruleset_name).game)
