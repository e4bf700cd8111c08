"""The site family "archipelago" (Jackal Archipelago and its one-player puzzles): its presenter,
board and words, as the registry `games.families` serves them to the views, the live updates
and the admin."""

from __future__ import annotations

from types import SimpleNamespace

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.families import SiteFamily, register_family

from . import howto, presenter, puzzles, series, series_view
from . import records as record_format
from . import replay_board as replays
from .refusal_words import refusal_text
from .words import event_lines, move_in_words

# The series with special abilities, as the tables, the lobby and the pages use them
# (`SiteFamily.series`).
SERIES = SimpleNamespace(
    start_series=series.start_series,
    check_draw_over=series.check_draw_over,
    next_game=series.next_game,
    continue_series=series.continue_series,
    pick=series.pick,
    series_panel=series_view.series_panel,
)

# Each seat's crew colour, as lists and tables show it (the crews of rules/archipelago).
CREWS = ("white", "yellow", "red", "black")


class ArchipelagoFamily(SiteFamily):
    name = "archipelago"
    page_template = "games/archipelago/board.html"
    partial_template = presenter.BOARD_PARTIAL
    replays = True
    # A record carries the seed, which is the whole deal (every face-down and removed tile): it
    # is made only once the game is over.
    records = record_format
    records_while_running = False
    rulesets = (
        ("archipelago", gettext_lazy("Archipelago: a variable island, boats, the bear, 19 coins")),
    )
    ruleset_names = ((puzzles.RULESET, gettext_lazy("Archipelago puzzle")),)
    short_names = {"archipelago": gettext_lazy("Archipelago")}
    howto_rulesets = ("archipelago",)
    title = gettext_lazy("Jackal Archipelago")

    def lobby_links(self, user) -> list[tuple[str, str]]:
        links = [(reverse("puzzles"), _("Archipelago puzzles for one player"))]
        if user.is_authenticated:
            opening = f"{reverse('new_table')}?ruleset=archipelago"
            links.append((opening, _("Open an Archipelago table")))
        return links

    series = SERIES
    puzzles = puzzles

    def setup_words(self, setup: str) -> str | None:
        return _("2 players, a crew each") if setup == "2" else None

    def how_to_play(self, ruleset: str) -> tuple[str, dict] | None:
        if ruleset != "archipelago":
            return None
        return "games/archipelago/how_to_play.html", howto.page_context()

    def move_colour(self, text: str, seat: int | None = None) -> str:
        return replays.move_colour(text)  # the boat or piece in the move says whose it is

    def replay_board(self, game, state, seat_index, *, names, last, last_move) -> dict:
        return replays.replay_board(
            game, state, seat_index, names=names, last=last, last_move=last_move
        )

    def record_board(self, record, ply, last_move):
        return replays.record_board(record, ply, last_move)

    def record_movers(self, record):
        return replays.record_movers(record)

    def board_context(self, game, seat_index, *, seats, state, query, notice, typed):
        return presenter.board_context(
            game, seat_index, seats=seats, state=state, query=query, notice=notice, typed=typed
        )

    def seat_crews(self, players: int, teams: bool) -> list[tuple[str, ...]]:
        return [(CREWS[index],) for index in range(players)]

    def move_in_words(self, move: str) -> str:
        return move_in_words(move)

    def refusal_text(self, error, typed: str, *, state=None, seat=None) -> str:
        return refusal_text(error, typed, state, seat)

    def event_lines(self, events, *, ruleset, seat_names):
        return event_lines(events, seat_names=seat_names)


ARCHIPELAGO = register_family(ArchipelagoFamily())
