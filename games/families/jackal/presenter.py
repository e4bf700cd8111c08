"""The Jackal board as the site shows it: the view-model of the board page, built from one seat's
player view only (`player_view(state, seat)`), never from the position or the seed.

A request flows one way: the view asks the services for the game, this
presenter turns the seat's view into template context, `board_svg` draws the island, and the
template lays it out. The live updates (`games.live.boards`) use the same presenter. The page
works without JavaScript (links to select a piece, a form whose buttons are the legal targets);
with htmx, the same links and forms swap only the board partial (`games/board.html#board`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import ledger_tail
from games.families.ending_words import forfeit_words, stopped_words
from games.families.island import tile_art
from games.families.island.svg_kit import Spot
from games.families.island.words import crew_name
from games.models import Game
from games.presenters.seat_actions import choices_for, may_offer_end
from games.teams import teams_of_lines
from rules.core import GameState
from rules.jackal import JackalError, View, player_view
from rules.jackal import Move as RulesMove
from rules.jackal.moves import CHARACTERS, piece_crew

from .board_layout import Layout, board_pieces, side_for
from .board_svg import render_board
from .event_words import event_lines
from .text_board import text_board
from .words import piece_label

LOG_LENGTH = 40
BOARD_PARTIAL = "games/board.html#board"
# Only the island and the move panel: what selecting a piece or the coin changes.
BOARD_MAIN_PARTIAL = "games/board.html#board-main"
LOG_ENTRY_PARTIAL = "games/board.html#log-entry"


@dataclass(frozen=True)
class Link:
    """The page with some query (works without JavaScript) and its htmx partial."""

    href: str
    hx: str


@dataclass
class Target:
    """One legal move as a button: over its target cell (`spot`), or in the list below."""

    move: str
    label: str
    spot: Spot | None = None
    coin: bool = False
    dom_id: str = ""


@dataclass
class PieceChoice:
    """A piece of the crew to act that has legal moves; clicking it shows its targets."""

    id: str
    label: str
    spot: Spot | None
    selected: bool
    link: Link
    targets: list[Target] = field(default_factory=list)
    chip: str = ""  # the chip's colour: a crew letter, or "character" (BG is not Black's)
    on_top: bool = True  # of the pieces sharing its square, the one a click there selects


@dataclass
class Actions:
    """What the viewer may do now (empty for spectators and for players waiting)."""

    pieces: list[PieceChoice] = field(default_factory=list)
    selected: PieceChoice | None = None
    targets: set[str] = field(default_factory=set)
    other_moves: list[Target] = field(default_factory=list)
    coin_choice: bool = False
    coin: bool = False
    coin_link: Link | None = None
    forced: bool = False


def board_context(
    game: Game,
    seat_index: int | None,
    *,
    seats: list,
    state: GameState,
    select: str | None = None,
    coin: bool = False,
    notice: tuple[str, str] | None = None,
    typed: str = "",
) -> dict:
    """The board partial's context as the player of `seat_index` sees it (None: a spectator).

    Nothing in it depends on who looks beyond their seat: the live updates render it once per
    seat and once for all spectators (games.live.boards).
    """
    # The viewer's own seat: its buttons (resign, claim, take back) are computed for it alone.
    seat = next((each for each in seats if each.index == seat_index), None)
    view = player_view(state.state, seat_index)
    log = ledger_tail.recent_moves(game, LOG_LENGTH)
    last_move = _cells_of(log[0]["text"]) if log else None
    layout = Layout(view, side_for(view))
    urls = (game.get_absolute_url(), reverse("game_board_partial", args=[game.pk]))
    offer = may_offer_end(game, seats, seat_index)
    actions = _actions(game, view, layout, urls, (select or "").upper(), coin, offer)
    svg = render_board(
        view,
        side=layout.side,
        selected=actions.selected.id if actions.selected else None,
        targets=actions.targets,
        last_move=last_move,
    )
    entries = _log_entries(log, seats, game.ruleset)
    players = _players(view, seats, seat_index)
    # Two against two, the players by team with what each team banks together (RULES.md):
    # the list shows each team's head before its first player.
    teams = teams_of_lines(
        players,
        view.teams,
        index=attrgetter("index"),
        coins=attrgetter("coins"),
        mine=attrgetter("is_viewer"),
    )
    return {
        "game": game,
        "view": view,
        "svg": svg,
        "actions": actions,
        "my_seat": seat_index,
        "players": [line for team in teams for line in team.players] or players,
        "teams": teams,
        "status": _status(game, view, seats, seat_index),
        "log": entries,
        "log_html": _log_html(entries),
        "log_truncated": game.ply > len(log),
        "text_board": text_board(view),
        "tiles_seen": _tiles_seen(game, view),
        "seats": seats,
        "seat_choices": choices_for(game, seats, seat),
        "notice": {"text": notice[0], "level": notice[1]} if notice else None,
        "typed": typed,
    }


def _tiles_seen(game: Game, view: View) -> list[tuple[str, str]]:
    """The kinds of tile face up on the island, each with a link to its "How to play" entry."""
    kinds = {c["tile"] for c in view.cells if not c["sea"] and not c["face_down"] and "tile" in c}
    page = reverse("how_to_play_ruleset", args=[game.ruleset])
    named = [(str(tile_art.NAMES.get(kind, kind)), f"{page}#tile-{kind}") for kind in kinds]
    return sorted(named)


def _link(urls: tuple[str, str], **params: str) -> Link:
    page, partial = urls
    query = urlencode(params)
    return Link(
        href=f"{page}?{query}" if query else page,
        hx=f"{partial}?{urlencode({**params, 'part': 'main'})}",
    )


def _actions(
    game: Game,
    view: View,
    layout: Layout,
    urls: tuple[str, str],
    select: str,
    coin: bool,
    offer: bool = True,
) -> Actions:
    if not game.is_running or not view.legal_moves:
        return Actions()
    by_piece: dict[str, list[RulesMove]] = {}
    general: list[RulesMove] = []
    unknown: list[Target] = []
    for text in view.legal_moves:
        if text == "offer end" and not offer:
            continue  # at the first move, or with only bots to answer (may_offer_end)
        try:
            parsed = RulesMove.parse(text)
        except JackalError:
            # A kind of move newer than this page (e.g. a ledger's `offer end`): a button
            # with its notation still lets the player make it.
            unknown.append(Target(move=text, label=text))
            continue
        if parsed.piece is None or parsed.kind == "bottle" and parsed.target == parsed.origin:
            # Decisions of no square to click (end turn, use a bottle) are buttons at once,
            # without selecting a piece first.
            general.append(parsed)
        else:
            by_piece.setdefault(parsed.piece, []).append(parsed)
    actions = Actions(coin=coin)
    if view.pending and view.pending["pirate"] in by_piece:
        # A chain choice: the same pirate must decide, nothing else may move.
        select = view.pending["pirate"]
        actions.forced = True
    positions = {p["id"]: p["cell"] for p in board_pieces(view)}
    positions.update({s["id"]: s["cell"] for s in view.ships})
    # Every piece is clicked anywhere on its square: a piece's own disc (a pirate aboard is ~10
    # px on a phone) is too small for a finger. Where several that can move share a square, a
    # click there selects the one after the selected piece, in the order of the chips, so
    # repeated clicks go through them; the chips and the title say which is which.
    stacks: dict[str | None, list[str]] = {}
    for piece_id in by_piece:
        stacks.setdefault(positions.get(piece_id), []).append(piece_id)
    for piece_id in by_piece:
        selected = piece_id == select
        where = positions.get(piece_id)
        stack = stacks[where]
        next_up = stack[(stack.index(select) + 1) % len(stack)] if select in stack else stack[0]
        label = piece_label(piece_id)
        label = label[0].upper() + label[1:]
        described = _("%(piece)s at %(cell)s") % {"piece": label, "cell": where} if where else label
        actions.pieces.append(
            PieceChoice(
                id=piece_id,
                label=described if where else _("%(piece)s (dead)") % {"piece": label},
                spot=layout.cell_spot(where) if where else None,
                selected=selected,
                link=_link(urls) if selected else _link(urls, select=piece_id),
                chip="character" if piece_id in CHARACTERS else piece_id[:1],
                on_top=piece_id == next_up,
            )
        )
    actions.selected = next((p for p in actions.pieces if p.selected), None)
    if actions.selected is not None:
        _targets_of(actions, by_piece[actions.selected.id], layout, urls, coin)
    actions.other_moves += [Target(move=str(m), label=_describe_move(m)) for m in general]
    actions.other_moves += unknown
    return actions


def _targets_of(
    actions: Actions, moves: list[RulesMove], layout: Layout, urls: tuple[str, str], coin: bool
) -> None:
    piece = actions.selected
    by_cell: dict[str, list[RulesMove]] = {}
    for m in moves:
        # A decision about the piece itself (stay on the plane) is a button below; one about a
        # square (go there, look under it, swap it, hand a bottle there) a target on it.
        if m.kind == "stay" or m.target is None:
            actions.other_moves.append(Target(move=str(m), label=_describe_move(m)))
        else:
            by_cell.setdefault(str(m.target), []).append(m)
    actions.coin_choice = any(
        {m.with_coin for m in options} == {True, False} for options in by_cell.values()
    )
    if actions.coin_choice:
        toggled = {} if coin else {"coin": "1"}
        actions.coin_link = _link(urls, select=piece.id, **toggled)
    for cell, options in by_cell.items():
        preferred = [m for m in options if m.with_coin == coin] or options
        first, *others = preferred
        piece.targets.append(
            Target(
                move=str(first),
                label=_describe_move(first),
                spot=layout.cell_spot(cell),
                coin=first.with_coin,
                dom_id=f"target-{cell}",
            )
        )
        actions.targets.add(cell)
        actions.other_moves += [Target(move=str(m), label=_describe_move(m)) for m in others]


def _describe_move(m: RulesMove) -> str:
    """A move in words, for buttons, screen readers and confirmations."""
    if m.kind == "offer":
        return _("Offer to end the game by agreement")
    if m.kind == "accept":
        return _("Accept the offer to end the game by agreement")
    if m.kind == "agree":  # the retired one-player form, still in old ledgers (ruling E16)
        return _("End the game by agreement")
    if m.kind == "end":
        return _("End the turn (keep the bottles)")
    phrases = {
        "move": _("Move %(piece)s to %(cell)s"),
        "disembark": _("Land %(piece)s on %(cell)s"),
        "board": _("%(piece)s boards the ship at %(cell)s"),
        "swim": _("%(piece)s swims to %(cell)s"),
        "spin": _("%(piece)s climbs one step on %(cell)s"),
        "fly": _("Fly %(piece)s to %(cell)s"),
        "ship": _("Sail %(piece)s to %(cell)s"),
        "revive": _("Revive %(piece)s at %(cell)s"),
        "choose": _("%(piece)s goes on to %(cell)s"),
        "stay": _("%(piece)s stays on the plane at %(origin)s"),
        "peek": _("Lighthouse: look under the tile at %(cell)s"),
        "quake": _("Earthquake: swap the tile at %(cell)s"),
    }
    if m.kind == "bottle":
        if m.target is not None and m.target != m.origin:
            phrase = _(
                "%(piece)s at %(origin)s hands a message bottle to the character at %(cell)s"
            )
        else:
            phrase = _("%(piece)s at %(origin)s uses a message bottle")
    else:
        phrase = phrases.get(m.kind)
    if phrase is None:  # a kind of move this page has no words for yet: its notation
        return str(m)
    text = phrase % {
        "piece": piece_label(m.piece) if m.piece else "",
        "cell": str(m.target) if m.target else "",
        "origin": str(m.origin) if m.origin else "",
    }
    if m.with_chest:
        text += " " + _("with the galleon's chest")
    elif m.with_coin:
        text += " " + _("with a coin")
    return text[0].upper() + text[1:]


def _words_of(text: str) -> str:
    """A ledger move in words, or '' when it has none beyond its notation."""
    try:
        words = _describe_move(RulesMove.parse(text))
    except JackalError:
        return ""
    return "" if words == text else words


def move_in_words(text: str) -> str:
    """A move as the ledger writes it, with its words: 'W2 B7-B6 (Move White 2 to B6)'."""
    try:
        m = RulesMove.parse(text)
    except JackalError:
        return text
    words = _describe_move(m)
    return str(m) if words == str(m) else f"{m} ({words})"


def _cells_of(text: str) -> tuple[str | None, str | None] | None:
    try:
        m = RulesMove.parse(text)
    except JackalError:
        return None
    return (str(m.origin) if m.origin else None, str(m.target) if m.target else None)


@dataclass
class PlayerLine:
    index: int
    name: str
    crews: tuple[str, ...]
    coins: int
    to_act: bool
    is_viewer: bool
    bottles: int | None = None  # second edition: message bottles of the seat's crews


def _players(view: View, seats, seat_index: int | None) -> list[PlayerLine]:
    return [
        PlayerLine(
            index=seat.index,
            name=seat.occupant_name,
            crews=tuple(c for c in view.crews if view.crew_owner.get(c) == seat.index),
            coins=view.seat_scores.get(str(seat.index), 0),
            to_act=not view.over and view.to_act == seat.index,
            is_viewer=seat.index == seat_index,
            bottles=(
                sum(
                    view.bottles.get(c, 0)
                    for c in view.crews
                    if view.crew_owner.get(c) == seat.index
                )
                if view.bottles is not None
                else None
            ),
        )
        for seat in seats
    ]


def _status(game: Game, view: View, seats, seat_index: int | None) -> str:
    names = {seat.index: seat.occupant_name for seat in seats}
    if game.status == Game.Status.ABORTED:
        return stopped_words(game)
    if view.over or game.status == Game.Status.FINISHED:
        # The stored outcome places the seats that forfeited last (games.clock.standings).
        outcome = game.outcome or view.outcome or {}
        ranking = outcome.get("ranking") or []
        winners = ", ".join(names.get(seat, "?") for seat in (ranking[0] if ranking else []))
        text = _("Game over after %(ply)d moves. Winner: %(winners)s.") % {
            "ply": view.ply,
            "winners": winners or "—",
        }
        return text + forfeit_words(outcome, names)
    crew = crew_name(view.crew_to_act or "")
    # Under smoke (second edition) the player of the next crew moves this one.
    smoke = " " + _("Smoke: each crew is moved by the next crew's player.") if view.smoke else ""
    if seat_index is not None and view.to_act == seat_index:
        text = _("Your turn: move %(crew)s.") % {"crew": crew} + smoke
        if view.pending:
            text += " " + _pending_words(view.pending)
        elif view.after_action:
            text += " " + _("You may use a bottle, or end your turn.")
        return text
    if any(s.index == view.to_act and s.stand_in for s in seats):
        return _("%(crew)s to move: a bot plays for %(name)s.") % {
            "crew": crew,
            "name": names.get(view.to_act, "?"),
        }
    text = _("%(crew)s to move: waiting for %(name)s.") % {
        "crew": crew,
        "name": names.get(view.to_act, "?"),
    }
    return text + smoke


def _pending_words(pending: dict) -> str:
    """What the piece in the middle of its action must decide now, in words."""
    words = {
        "peek": _(
            "%(piece)s is at the lighthouse: click a face-down tile to look under it "
            "(%(left)s looks left)."
        ),
        "quake": _("Earthquake: click the first of two tiles to swap."),
        "quake2": _("Earthquake: click the tile to swap with %(first)s."),
    }.get(pending["kind"], _("%(piece)s must choose where to go on from %(cell)s."))
    return words % {
        "piece": piece_label(pending["pirate"]),
        "cell": pending["cell"],
        "left": pending.get("peeks_left", ""),
        "first": pending.get("quake_first") or "",
    }


@dataclass(frozen=True)
class LogEntry:
    ply: int
    crew: str
    name: str
    text: str
    events: tuple[str, ...]
    words: str = ""  # the move in words, where the engine told no events (a swap's first tile)


def _log_crew(text: str) -> str:
    """The colour of a log line: the crew of the piece that moved; 'character' for Ben Gunn,
    the Missionary and Friday (BG is not Black's); '' for moves of no piece (end turn)."""
    piece = text.split(" ", 1)[0].upper()
    if piece in CHARACTERS:
        return "character"
    return piece_crew(piece) or ""


def _seat_names(seats) -> dict[int, str]:
    return {seat.index: seat.occupant_name for seat in seats}


def _log_entries(moves: list[dict], seats, ruleset: str) -> list[LogEntry]:
    names = _seat_names(seats)
    return [
        LogEntry(
            ply=move["ply"],
            crew=_log_crew(move["text"]),
            name=names.get(move["seat"], ""),
            text=move["text"],
            events=tuple(event_lines(move["events"], ruleset=ruleset, seat_names=names)),
            words="" if move["events"] else _words_of(move["text"]),
        )
        for move in moves
    ]


def _log_html(entries: list[LogEntry]) -> SafeString:
    return mark_safe("\n".join(_log_item(entry, get_language()) for entry in entries))


@lru_cache(maxsize=4096)
def _log_item(entry: LogEntry, language: str | None) -> SafeString:
    """One entry of the move log as HTML (`language` is part of the key, not of the drawing).

    A ledger entry never changes, so each is drawn once, not once per request.
    """
    return render_to_string(LOG_ENTRY_PARTIAL, {"entry": entry})
