"""The Jamaica board as the site shows it: the board page's context, built from one seat's view
(`state.view(seat)`) and that seat's legal moves only, never from the position or the seed.

A request flows one way: the view asks the services for the game, this
presenter turns the seat's view into template context, `board_svg` draws the race, and the
template (`games/jamaica/board.html`) lays it out. Every decision the seat owes is a button of one
form posting to the move URL (works without JavaScript; with htmx the board partial swaps); the
live updates (`games.live.boards`) use the same presenter, once per seat and once for spectators.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import ledger_tail
from games.families.ending_words import forfeit_words, stopped_words
from games.families.jamaica.words import (
    NOTATION_HELP,
    PENDING_WORDS,
    POWER_NAMES,
    card_words,
    colour_name,
    event_lines,
    hold_choice_words,
    hold_prompt,
    move_in_words,
    symbol_words,
    treasure_words,
)
from games.models import Game
from games.presenters.seat_actions import choices_for
from rules.core import GameState
from rules.jamaica import holds as H
from rules.jamaica.moves import COLOURS

from . import ledger
from .board_svg import SYMBOL_FILL, SYMBOL_GLYPH, hand_card_spot, render_board

LOG_LENGTH = 40
PAGE_TEMPLATE = "games/jamaica/board.html"
BOARD_PARTIAL = "games/jamaica/board.html#board"


@dataclass(frozen=True)
class Choice:
    """One legal move as a button."""

    move: str
    label: str
    symbols: tuple[tuple[str, str, str], ...] = ()  # a card's (glyph, colour, words), morning first
    spot: str = ""  # a pictured card's place over the board (CSS), for its button there


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    name: str
    colour: str
    colour_label: str
    square: int
    gold: int
    food: int
    cannons: int
    cards: int
    treasures: str
    to_act: bool
    ready: bool
    revealed: str
    captain: bool
    is_viewer: bool
    score: int | None


@dataclass(frozen=True)
class LogEntry:
    ply: int
    colour: str
    name: str
    text: str
    events: tuple[str, ...]


def board_context(game: Game, seat_index, *, seats, state: GameState, notice, typed) -> dict:
    seat = next((each for each in seats if each.index == seat_index), None)
    view = state.view(seat_index)
    names = {each.index: each.occupant_name for each in seats}
    legal = state.legal_moves(seat_index) if seat_index is not None and game.is_running else []
    cards = [_choice(move, view) for move in legal if move.startswith("play ")]
    # The cards of the hand as the board pictures them, each a button over its picture.
    playable = {card.move for card in cards}
    pictured = [
        _choice(f"play {card}", view, index)
        for index, card in enumerate(view.get("hand") or [])
        if f"play {card}" in playable
    ]
    others = [
        _other_choice(move, view, seat_index) for move in legal if not move.startswith("play ")
    ]
    return {
        "game": game,
        "view": view,
        "ply": state.ply,
        "svg": render_board(view, names),
        "my_seat": seat_index,
        "cards": cards,
        "pictured_cards": pictured,
        "other_moves": others,
        "legal_moves": legal,
        "players": _players(view, seats, seat_index),
        "status": _status(game, view, names, seat_index),
        "round_words": _round_words(view, names),
        "dice": _dice(view),
        "fight_words": _fight_words(view),
        "my_card": card_words(view["my_card"]) if view.get("my_card") else "",
        "my_treasures": [treasure_words(card) for card in view.get("my_treasures") or []],
        "log": _log(game, state, names, seat_index),
        "log_truncated": game.ply > LOG_LENGTH,
        "seats": seats,
        "seat_choices": choices_for(game, seats, seat),
        "notation_help": NOTATION_HELP,
        "notice": {"text": notice[0], "level": notice[1]} if notice else None,
        "typed": typed,
    }


def _other_choice(move: str, view: dict, seat_index) -> Choice:
    """A decision as a button; a hold for a load says what the load would throw overboard."""
    words = move.split()
    if words[0] == "hold" and len(words) == 2 and words[1].isdigit():
        number = int(words[1])
        holds = view["holds"][seat_index]
        return Choice(
            move, hold_choice_words(number, holds[number - 1] if number <= len(holds) else None)
        )
    return Choice(move, move_in_words(move))


def _choice(move: str, view: dict, index: int | None = None) -> Choice:
    """A card to play: each half's symbol with its word, and the die it goes with once the dice
    are ordered ("advance 6", "gold 3"): what the card would do this round, not glyphs alone."""
    card = move.split()[1]
    dice = (view["morning"], view["evening"])
    symbols = tuple(
        (SYMBOL_GLYPH[c], SYMBOL_FILL[c], symbol_words(c, dice[half]))
        for half, c in enumerate(card)
    )
    return Choice(
        move, card_words(card), symbols, spot=hand_card_spot(index) if index is not None else ""
    )


def _players(view: dict, seats, seat_index) -> list[PlayerLine]:
    scores = view.get("scores") or {}
    lines = []
    for each in sorted(seats, key=lambda s: s.index):
        s = each.index
        holds = view["holds"][s]
        treasures = [str(POWER_NAMES[p]) for p in view["powers"][s]]
        if view["face_down"][s]:
            treasures.append(_("%(n)d face down") % {"n": view["face_down"][s]})
        revealed = view["revealed"].get(str(s))
        lines.append(
            PlayerLine(
                seat=s,
                name=each.occupant_name,
                colour=COLOURS[s],
                colour_label=colour_name(s),
                square=view["ships"][s]["square"],
                gold=H.total(holds, "gold"),
                food=H.total(holds, "food"),
                cannons=H.total(holds, "cannons"),
                cards=view["hand_sizes"][s],
                treasures=", ".join(treasures),
                to_act=s in view["to_act"],
                ready=s in view["ready"],
                revealed=card_words(revealed) if revealed else "",
                captain=s == view["captain"],
                is_viewer=s == seat_index,
                score=scores.get(str(s)),
            )
        )
    return lines


def _status(game: Game, view: dict, names: dict[int, str], seat_index) -> str:
    if game.status == Game.Status.ABORTED:
        return stopped_words(game)
    if view["phase"] == "over" or game.status == Game.Status.FINISHED:
        outcome = game.outcome or {}
        ranking = outcome.get("ranking") or []
        winners = ", ".join(names.get(s, "?") for s in (ranking[0] if ranking else []))
        text = _("The race is over. Winner: %(winners)s.") % {"winners": winners or "—"}
        return text + forfeit_words(outcome, names)
    owing = view["to_act"]
    if seat_index is not None and seat_index in owing:
        if view["phase"] == "choose":
            return _("Your turn: choose a card, face down.")
        pending = view.get("pending") or {}
        if pending.get("kind") == "hold":
            return hold_prompt(pending)
        return str(PENDING_WORDS.get(pending.get("kind"), _("Your turn.")))
    if seat_index is not None and view["phase"] == "choose" and seat_index in view["ready"]:
        return _("Your card is chosen. Waiting for %(names)s.") % {
            "names": ", ".join(names.get(s, "?") for s in owing)
        }
    return _("Waiting for %(names)s.") % {"names": ", ".join(names.get(s, "?") for s in owing)}


def _round_words(view: dict, names: dict[int, str]) -> str:
    # The dice are drawn beside these words (_dice), each with its value for screen readers.
    return _("Round %(round)d. Captain: %(captain)s.") % {
        "round": view["round"],
        "captain": names.get(view["captain"], "?"),
    }


# The pips of a die's faces on a 3 × 3 grid (column, row), as real dice show them.
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


@dataclass(frozen=True)
class Die:
    """A die of the round drawn as a die (games/jamaica/_dice.html): its words and its pips."""

    label: str
    value: int
    pips: tuple[tuple[int, int], ...]


def _dice(view: dict) -> list[Die]:
    """The round's dice: the morning's and the evening's once the captain has ordered them,
    before that the two rolled."""
    if view["morning"] is not None and view["evening"] is not None:
        named = ((_("Morning die"), view["morning"]), (_("Evening die"), view["evening"]))
    elif view["dice"]:
        named = ((_("Die"), view["dice"][0]), (_("Die"), view["dice"][1]))
    else:
        return []
    return [
        Die(
            label=str(label),
            value=int(value),
            pips=tuple((8 + 8 * c, 8 + 8 * r) for c, r in PIPS.get(int(value), ())),
        )
        for label, value in named
    ]


def _fight_words(view: dict) -> str:
    fight = view.get("fight")
    if not fight:
        return ""
    return _("Fight: the %(attacker)s ship against the %(defender)s ship.") % {
        "attacker": colour_name(fight["att"]),
        "defender": colour_name(fight["def"]),
    }


def _log(game: Game, state: GameState, names: dict[int, str], seat_index) -> list[LogEntry]:
    rows = ledger_tail.recent_moves(game, LOG_LENGTH)
    secret = ledger.secret_plies(game, state, rows)
    return [
        LogEntry(
            ply=row["ply"],
            colour=COLOURS[row["seat"]] if row["seat"] is not None else "",
            name=names.get(row["seat"], ""),
            text=ledger.shown_text(row["text"], row["ply"], secret, seat_index, row["seat"]),
            events=tuple(event_lines(row["events"], names)),
        )
        for row in rows
    ]
