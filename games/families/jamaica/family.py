"""The site family "jamaica": its presenter, board and words, as `games.families` serves them
to the views, the live updates and the admin."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy

from games.families import SiteFamily, register_family
from rules.jamaica.moves import COLOURS, public_move

from . import howto, ledger, presenter, replay_board
from . import records as record_format
from .words import COLOUR_NAMES, event_lines, move_in_words, refusal_text


class JamaicaFamily(SiteFamily):
    name = "jamaica"
    page_template = presenter.PAGE_TEMPLATE
    partial_template = presenter.BOARD_PARTIAL
    # A card chosen face down is in the ledger as "play XX" (the replay needs it): until it is
    # revealed, others read only "play" (games.admin, the move log).
    secret_move_prefixes = ("play ",)
    replays = True
    # A record holds every card chosen face down: it is made only once the game is over.
    records = record_format
    records_while_running = False
    rulesets = (("jamaica", gettext_lazy("Jamaica: a race round the island for 2 to 6 pirates")),)
    short_names = {"jamaica": gettext_lazy("Jamaica")}
    howto_rulesets = ("jamaica",)
    # A round is a decision for every ship (its card), and the captain's and the fights' on
    # top: some 9-13 decisions for six ships. At the bots' own cap (1 s for normal) a table of
    # five normal bots made its players wait 7-13 s a round (docs/board-on-every-screen.md);
    # the search's rollouts stop at this cap instead, about 2-3 s a round.
    bot_seconds = {"normal": 0.2, "strong": 0.4}
    title = gettext_lazy("Jamaica")

    def how_to_play(self, ruleset: str) -> tuple[str, dict] | None:
        if ruleset != "jamaica":
            return None
        return "games/jamaica/how_to_play.html", howto.page_context()

    def colour_name(self, colour: str) -> str | None:
        name = COLOUR_NAMES.get(colour)
        return str(name).capitalize() if name is not None else None

    def move_colour(self, text: str, seat: int | None = None) -> str:
        return replay_board.move_colour(seat)

    def replay_board(self, game, state, seat_index, *, names, last, last_move) -> dict:
        return replay_board.replay_board(
            game, state, seat_index, names=names, last=last, last_move=last_move
        )

    def record_board(self, record, ply, last_move):
        return replay_board.record_board(record, ply, last_move)

    def record_movers(self, record):
        return replay_board.record_movers(record)

    def board_context(self, game, seat_index, *, seats, state, query, notice, typed):
        return presenter.board_context(
            game, seat_index, seats=seats, state=state, notice=notice, typed=typed
        )

    def seat_crews(self, players: int, teams: bool) -> list[tuple[str, ...]]:
        return [(COLOURS[seat],) for seat in range(players)]

    def move_in_words(self, move: str) -> str:
        return move_in_words(move)

    def refusal_text(self, error, typed: str, *, state=None, seat=None) -> str:
        return refusal_text(error, typed)

    def event_lines(
        self, events: Iterable[dict], *, ruleset: str, seat_names: dict[int, str]
    ) -> list[str]:
        return event_lines(events, seat_names)

    def public_move(self, text: str) -> str:
        return public_move(text)

    def secret_plies(self, game, state) -> set[int]:
        return ledger.secret_plies(game, state)


JAMAICA = register_family(JamaicaFamily())
