"""The Archipelago board page's context, built from one seat's view (`state.view(seat)`) only.

The page works without JavaScript: every legal move of the seat is a submit button of one form
posting to the move URL (grouped by the pirate or boat it moves); choosing a pirate (a link with
`?select=W1`) puts its moves as buttons over their target squares too. With htmx the same form
and links swap the board partial only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from operator import itemgetter
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from games import ledger_tail
from games.families.ending_words import forfeit_words, stopped_words
from games.families.island.words import crew_name
from games.models import Game
from games.presenters.seat_actions import choices_for, may_offer_end
from games.teams import teams_of_lines
from rules.archipelago.position import QUIET_ROUNDS
from rules.archipelago.puzzles import PUZZLES
from rules.core import GameState

from .ability_words import ability_name, ability_rule
from .board_svg import Layout, layout_of, render_board
from .series_view import series_panel
from .words import event_lines, move_words, piece_label, puzzle_title, tile_name

BOARD_PARTIAL = "games/archipelago/board.html#board"
LOG_LENGTH = 40
PUZZLE_RULESET = "archipelago-puzzle"
CELL = re.compile(r"\b([A-Z]\d{1,2})\b")


@dataclass
class Target:
    move: str
    label: str
    style: str = ""
    dom_id: str = ""
    # A first click that is no move yet (the earthquake's first tile): a link, not a button.
    href: str = ""
    hx: str = ""


@dataclass
class Group:
    """The moves of one pirate (or the boat, or of nothing on the board: end turn, votes)."""

    key: str
    label: str
    moves: list[Target] = field(default_factory=list)
    selected: bool = False
    href: str = ""
    hx: str = ""
    # The earthquake's second click: a link back to choosing the first tile.
    reset: str = ""
    reset_hx: str = ""


def _group_key(move: str) -> str:
    first = move.split(" ", 1)[0]
    if first == "boat":
        return "boat"
    if re.fullmatch(r"[A-Z]\d|M", first):
        return first
    return ""


def _target_cell(move: str) -> str | None:
    """The square a move's button sits on (its last square), None for a move of no one square."""
    if move.startswith(("swap ", "turn ")):
        return None  # the earthquake's moves are two clicks (_swap_choice) or listed
    cells = CELL.findall(move.upper())
    return cells[-1] if cells else None


def board_context(game: Game, seat_index, *, seats, state: GameState, query, notice, typed):
    seat = next((each for each in seats if each.index == seat_index), None)
    view = state.view(seat_index)
    names = {each.index: each.occupant_name for each in seats}
    layout = layout_of(view)
    # Boats the players land come first (a ply each): the offer waits for a move of play.
    landings = view["seats"] if (game.options or {}).get("landing") != "recommended" else 0
    offer = may_offer_end(game, seats, seat_index, opening=landings)
    groups, targets = _groups(game, view, layout, (query.get("select") or "").strip(), offer)
    log = ledger_tail.recent_moves(game, LOG_LENGTH)
    last = _last_cells(log[0]["text"]) if log else None
    svg = render_board(view, targets={t for t in targets}, last=last)
    players = _players(view, seats, seat_index)
    # Two against two, the players by team with what each team banks together (RULES.md):
    # the list shows each team's head before its first player.
    teams = teams_of_lines(
        players,
        bool(game.teams),
        index=itemgetter("index"),
        coins=itemgetter("coins"),
        mine=itemgetter("is_viewer"),
    )
    return {
        "game": game,
        "view": view,
        "svg": svg,
        "groups": groups,
        "spots": list(targets.values()),
        "my_seat": seat_index,
        "players": [line for team in teams for line in team.players] or players,
        "teams": teams,
        "status": _status(game, view, names, seat_index),
        "log": [
            {
                "ply": row["ply"],
                "text": row["text"],
                "words": move_words(row["text"]),
                "name": names.get(row["seat"], ""),
                "events": event_lines(row["events"], seat_names=names),
            }
            for row in log
        ],
        "log_truncated": game.ply > len(log),
        "tiles_seen": sorted({tile_name(sq["face"]) for sq in view["squares"] if sq["up"]}),
        "seats": seats,
        "seat_choices": choices_for(game, seats, seat),
        "notice": {"text": notice[0], "level": notice[1]} if notice else None,
        "typed": typed,
        "series": series_panel(game, None),
        "puzzle": (
            puzzle_title(game.options.get("puzzle", "")) if game.ruleset == PUZZLE_RULESET else ""
        ),
        # A puzzle over offers another go at the same one (views.puzzles.puzzle_start).
        "puzzle_key": game.options.get("puzzle", "") if game.ruleset == PUZZLE_RULESET else "",
    }


def _groups(game: Game, view: dict, layout: Layout, select: str, offer: bool = True):
    """The seat's legal moves grouped by what they move, and the buttons over the squares of
    the selected group (by target square); `offer`: whether to show "offer end"."""
    if not game.is_running or not view.get("legal_moves"):
        return [], {}
    page, partial = game.get_absolute_url(), reverse("game_board_partial", args=[game.pk])
    if all(move.startswith("swap ") for move in view["legal_moves"]):
        return _swap_choice(view["legal_moves"], layout, select, page, partial)
    groups: dict[str, Group] = {}
    for move in view["legal_moves"]:
        if move == "offer end" and not offer:
            continue
        key = _group_key(move)
        if key not in groups:
            label = _("The boat") if key == "boat" else piece_label(key) if key else _("Other")
            query = urlencode({"select": key}) if key else ""
            groups[key] = Group(
                key=key,
                label=label[:1].upper() + label[1:],
                href=f"{page}?{query}" if query else page,
                hx=f"{partial}?{query}" if query else partial,
            )
        groups[key].moves.append(Target(move=move, label=move_words(move)))
    # A lone group (the landing, a pending choice) is selected at once: its squares are the
    # choices, nothing else could be clicked first.
    if select not in groups and len(groups) == 1:
        select = next(iter(groups))
    targets: dict[str, Target] = {}
    if select in groups:
        groups[select].selected = True
        for target in groups[select].moves:
            cell = _target_cell(target.move)
            if cell and cell not in targets:
                spot = layout.cell_spot(cell)
                targets[cell] = Target(
                    move=target.move,
                    label=target.label,
                    style=spot.style,
                    dom_id=f"target-{cell}",
                )
    return list(groups.values()), targets


def _swap_choice(moves: list[str], layout: Layout, first: str, page: str, partial: str):
    """The earthquake: click the first tile (a link, `?select=C4`), then the second (a move).
    Listing every pair would be hundreds of buttons; this is two clicks on the island."""
    pairs = [move.split()[1:] for move in moves]
    cells = sorted({cell for pair in pairs for cell in pair}, key=lambda c: (int(c[1:]), c[0]))
    targets: dict[str, Target] = {}
    if first not in cells:
        group = Group(key="", label=_("Earthquake: click the first tile to swap"))
        for cell in cells:
            query = urlencode({"select": cell})
            targets[cell] = Target(
                move="",
                label=_("Swap the tile at %(cell)s with…") % {"cell": cell},
                style=layout.cell_spot(cell).style,
                dom_id=f"target-{cell}",
                href=f"{page}?{query}",
                hx=f"{partial}?{query}",
            )
        return [group], targets
    group = Group(
        key="",
        label=_("Earthquake: now click the tile to swap with %(cell)s") % {"cell": first},
        reset=page,
        reset_hx=partial,
    )
    for move, pair in zip(moves, pairs, strict=True):
        if first in pair:
            other = pair[1] if pair[0] == first else pair[0]
            target = Target(
                move=move,
                label=move_words(move),
                style=layout.cell_spot(other).style,
                dom_id=f"target-{other}",
            )
            group.moves.append(target)
            targets[other] = target
    return [group], targets


def _last_cells(text: str):
    cells = CELL.findall(text.upper())
    if not cells:
        return None
    return (cells[0], cells[-1]) if len(cells) > 1 else (None, cells[0])


def _players(view: dict, seats, seat_index):
    to_act = set(view.get("to_act") or [])
    over = view.get("outcome") is not None
    lines = []
    for each in seats:
        colour = view["crews"][each.index]["colour"] if each.index < len(view["crews"]) else ""
        lines.append(
            {
                "index": each.index,
                "name": each.occupant_name,
                "colour": colour,
                "colour_name": crew_name(colour),
                "coins": view["stowed"][each.index] if each.index < len(view["stowed"]) else 0,
                "bottles": view["bottles"][each.index] if each.index < len(view["bottles"]) else 0,
                "to_act": not over and each.index in to_act,
                "is_viewer": each.index == seat_index,
                # A series' pirates with abilities: W2 and its ability's name and rule.
                "abilities": [
                    {"pirate": pid, "name": ability_name(key), "rule": ability_rule(key)}
                    for pid, key in sorted((view.get("abilities") or {}).items())
                    if colour and pid[0] == view["crews"][each.index]["letter"]
                ],
            }
        )
    return lines


def _status(game: Game, view: dict, names: dict, seat_index) -> str:
    if game.status == Game.Status.ABORTED:
        return stopped_words(game)
    if view.get("outcome") is not None or game.status == Game.Status.FINISHED:
        outcome = game.outcome or view.get("outcome") or {}
        if game.ruleset == PUZZLE_RULESET:
            turns = int((outcome.get("scores") or {}).get("0") or 0)
            if turns:
                return _("Puzzle solved in %(turns)d turns.") % {"turns": turns}
            return _("Puzzle failed.")
        ranking = outcome.get("ranking") or []
        winners = ", ".join(names.get(s, "?") for s in (ranking[0] if ranking else []))
        text = _("Game over after %(ply)d moves. Winner: %(winners)s.") % {
            "ply": view["ply"],
            "winners": winners or "—",
        }
        return text + forfeit_words(outcome, names)
    to_act = view.get("to_act") or []
    if seat_index is not None and seat_index in to_act:
        phase = view.get("phase")
        if phase == "place":
            return _("Your turn: choose where your boat lands.")
        if view.get("pending"):
            return _("Your turn: %(piece)s must choose.") % {
                "piece": piece_label(view["pending"].get("piece", ""))
            }
        if phase == "bottle":
            return _("You may use a bottle, or end your turn.")
        if phase == "vote":
            if (view.get("vote") or {}).get("by", 0) is None:  # the site's proposal (A21)
                return _(
                    "Nothing has happened for %(rounds)d rounds: the site proposes to end the "
                    "game as it stands. Accept or refuse."
                ) % {"rounds": QUIET_ROUNDS}
            return _("An end of the game by agreement is offered: accept or refuse.")
        if view.get("controller") != view.get("turn"):
            colour = view["crews"][view["turn"]]["colour"]
            return _("Smoke: your turn, move the %(crew)s crew.") % {"crew": crew_name(colour)}
        if game.ruleset == PUZZLE_RULESET:
            return _("Your turn: turn %(turn)d of %(limit)d.") % {
                "turn": view.get("quiet_turns", 0) + 1,
                "limit": PUZZLES[game.options.get("puzzle", "first-steps")].turns,
            }
        return _("Your turn.")
    waiting = ", ".join(names.get(s, "?") for s in to_act)
    return _("Waiting for %(names)s.") % {"names": waiting}
