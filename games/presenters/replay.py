"""The replay viewer's context, for a game of this site and for an imported record: the family's
board at the ply asked for, the moves as a list of links, and the steps around it.

Each ply's position is computed from the seed and the ledger (`games.positions.position_at`,
any game) and drawn by the game's family (`SiteFamily.replay_board`): while a game runs, the
viewer's own seat's view at that ply (a spectator's if they have no seat), so nothing hidden
reaches the page (a card chosen face down reads "play" in the move list until its reveal);
once it is over, everything.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games import positions, services
from games.families import SiteFamily, family_of, ruleset_label
from games.models import Game, Seat
from games.presenters.after_game import records_ready
from games.presenters.look_back import look_back_context


@dataclass(frozen=True)
class ReplayMove:
    ply: int
    text: str
    crew: str
    name: str


@dataclass(frozen=True)
class GameReplay:
    """A game's ledger as one viewer may read it: `moves` for the list, `played` (seat, text)
    as the ledger holds them, for the positions."""

    game: Game
    seats: list[Seat]
    seat: Seat | None
    moves: list[ReplayMove]
    played: list[tuple[int, str]]


def game_replay(game: Game, seats: list[Seat], seat: Seat | None) -> GameReplay:
    """The game's moves as `seat` (None: a spectator) may read them: a move still secret (a card
    chosen face down, not yet revealed) reads as its public form to everyone but its mover."""
    family = family_of(game.ruleset)
    rows = list(game.moves.order_by("ply").values_list("ply", "text", "seat"))
    names = {s.index: s.occupant_name for s in seats}
    seat_index = seat.index if seat is not None else None
    secret = set()
    if family.secret_move_prefixes and game.is_running:
        secret = family.secret_plies(game, services.head_state(game))
    moves = [
        ReplayMove(
            ply,
            family.public_move(text) if ply in secret and seat_ != seat_index else text,
            family.move_colour(text, seat_),
            names.get(seat_, ""),
        )
        for ply, text, seat_ in rows
    ]
    return GameReplay(game, seats, seat, moves, [(seat_, text) for _ply, text, seat_ in rows])


def game_replay_context(replay: GameReplay, ply: int) -> dict:
    """The replay page of `replay.game` at `ply`, for the viewer `game_replay` was made for."""
    game, moves = replay.game, replay.moves
    family = family_of(game.ruleset)
    names = {s.index: s.occupant_name for s in replay.seats}
    seat_index = replay.seat.index if replay.seat is not None else None
    board = family.replay_board(
        game,
        positions.position_at(game, ply, replay.played),
        seat_index,
        names=[names.get(i, "") for i in range(game.players)],
        last=ply == len(moves),
        last_move=moves[ply - 1].text if ply else None,
    )
    context = replay_context(
        page_url=reverse("game_replay", args=[game.pk]), board=board, ply=ply, moves=moves
    )
    context.update(
        game=game,
        my_seat=seat_index,
        revealed=game.is_over and bool(game.seed),
        records_ready=records_ready(family, game),
        recorded=family.records is not None,
        look_back=look_back_context(
            game, [names.get(i, "") for i in range(game.players)], context["page_url"]
        ),
    )
    return context


def record_moves(family: SiteFamily, record) -> list[ReplayMove]:
    """An imported record's moves, each with its mover's colour and name."""
    return [
        ReplayMove(ply, text, crew, name)
        for ply, (text, (crew, name)) in enumerate(
            zip(record.moves, family.record_movers(record), strict=True), start=1
        )
    ]


def imported_replay_context(
    family: SiteFamily, record, key: str, moves: list[ReplayMove], ply: int
) -> dict:
    """The replay of an imported record (kept in the session under `key`) at `ply`."""
    context = replay_context(
        page_url=reverse("imported_replay", args=[key]),
        board=family.record_board(record, ply, moves[ply - 1].text if ply else None),
        ply=ply,
        moves=moves,
    )
    over = record.final is not None and record.final.is_over()
    # The rules by the name the site gives them (one it does not know: its tag).
    ruleset = ruleset_label(record.tags.get("Ruleset", ""))
    context.update(record=record, tags=record.tags, revealed=over, ruleset=ruleset)
    return context


def replay_context(*, page_url: str, board: dict, ply: int, moves: list[ReplayMove]) -> dict:
    """The viewer's context: the family's `board` at `ply` (svg, players, view), the moves."""
    total = len(moves)

    def at(n: int) -> str:
        return f"{page_url}?ply={n}"

    return {
        **board,
        "move_list": move_list(page_url, moves, ply),
        "ply": ply,
        "total": total,
        "page_url": page_url,
        "moves": moves,
        "current": moves[ply - 1] if ply else None,
        "nav": {
            "first": at(0) if ply > 0 else "",
            "prev": at(ply - 1) if ply > 0 else "",
            "next": at(ply + 1) if ply < total else "",
            "last": at(total) if ply < total else "",
        },
    }


def move_list(page_url: str, moves: list[ReplayMove], ply: int) -> SafeString:
    """The move list as HTML: one link per ply. Built here rather than in the template, where a
    1,000-move game cost most of the page's time (a template loop per entry)."""
    swap = 'hx-target="#replay" hx-swap="outerHTML" hx-push-url="true"'
    items = []
    for n, crew, text in [(0, "", gettext("start"))] + [(m.ply, m.crew, m.text) for m in moves]:
        href = escape(f"{page_url}?ply={n}")
        current = ' aria-current="step" class="current"' if n == ply else ""
        dot = f'<span class="crew-dot crew-{crew}"></span> ' if crew else ""
        items.append(
            f'<li value="{n}">{dot}<a href="{href}" hx-get="{href}" {swap}{current}>'
            f"{escape(text)}</a></li>"
        )
    return mark_safe("".join(items))
