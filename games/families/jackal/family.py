"""The site family "jackal" (classic, second edition): its presenter, board and words, as the
registry `games.families` serves them to the views, the live updates and the admin."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.families import SiteFamily, register_family
from games.families.island.words import CREWS, crew_name
from rules.core import GameState
from rules.jackal import seat_crews

from . import look_back, presenter
from . import records as record_format
from . import replay_board as replays
from .board_svg import tile_picture
from .howto import RULESETS as HOWTO_RULESETS
from .howto import tile_entries
from .refusal_words import refusal_text


class JackalFamily(SiteFamily):
    name = "jackal"
    page_template = "games/board.html"
    partial_template = presenter.BOARD_PARTIAL
    records = record_format
    replays = True
    rulesets = (
        ("classic", gettext_lazy("Classic (2012)")),
        (
            "second-edition",
            gettext_lazy("Second edition: Friday, the Missionary, Ben Gunn, bottles, caves…"),
        ),
    )
    short_names = {
        "classic": gettext_lazy("Jackal, classic"),
        "second-edition": gettext_lazy("Jackal, second edition"),
    }
    howto_rulesets = HOWTO_RULESETS
    title = gettext_lazy("Jackal")

    def setup_words(self, setup: str) -> str | None:
        return _("2 players, two crews each") if setup == "2" else None

    def look_back_values(self, state: GameState) -> dict[int, float] | None:
        return look_back.seat_values(state)

    def how_to_play(self, ruleset: str) -> tuple[str, dict] | None:
        if ruleset not in HOWTO_RULESETS:
            return None
        tiles = [
            {
                "entry": entry,
                # The art is drawn by the site from fixed data: nothing a user wrote is in it.
                "pictures": [mark_safe(tile_picture(text)) for text in entry.pictures],
            }
            for entry in tile_entries(ruleset)
        ]
        return "games/how_to_play.html", {
            "second_edition": ruleset == "second-edition",
            "tiles": tiles,
        }

    def colour_name(self, colour: str) -> str | None:
        return crew_name(colour) if colour in CREWS else None

    def move_colour(self, text: str, seat: int | None = None) -> str:
        return replays.move_colour(text)  # the piece's crew says it

    def record_board(self, record, ply, last_move):
        return replays.record_board(record, ply, last_move)

    def record_movers(self, record):
        return replays.record_movers(record)

    def replay_board(self, game, state, seat_index, *, names, last, last_move) -> dict:
        return replays.replay_board(
            game, state, seat_index, names=names, last=last, last_move=last_move
        )

    def board_context(self, game, seat_index, *, seats, state: GameState, query, notice, typed):
        return presenter.board_context(
            game,
            seat_index,
            seats=seats,
            state=state,
            select=query.get("select"),
            coin=query.get("coin") == "1",
            notice=notice,
            typed=typed,
        )

    def seat_crews(self, players: int, teams: bool) -> list[tuple[str, ...]]:
        return seat_crews(players, teams)

    def partial_for(self, query: dict[str, str]) -> str:
        # Selecting a piece or the coin changes only the island and the move panel.
        if query.get("part") == "main":
            return presenter.BOARD_MAIN_PARTIAL
        return presenter.BOARD_PARTIAL

    def move_in_words(self, move: str) -> str:
        return presenter.move_in_words(move)

    def refusal_text(self, error, typed: str, *, state=None, seat=None) -> str:
        return refusal_text(error, typed)

    def event_lines(
        self, events: Iterable[dict], *, ruleset: str, seat_names: dict[int, str]
    ) -> list[str]:
        from games.families.jackal.event_words import event_lines

        return event_lines(events, ruleset=ruleset, seat_names=seat_names)


JACKAL = register_family(JackalFamily())
