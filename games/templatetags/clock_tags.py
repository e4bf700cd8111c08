"""Clocks in pages: `{% time_control game %}` (the control in words) and `{% running_clock game %}`
(whose clock runs and how much is left, in words, with what static/js/clock.js needs to count it
down). Both are computed on the server: the page is true without JavaScript."""

import json
from functools import lru_cache

from django import template
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import ledger_tail
from games.clock import turns
from people import substitutes

register = template.Library()

# A number of each CLDR plural category (Intl.PluralRules' names) in English and Russian.
PLURAL_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 5}


@register.simple_tag
def time_control(game) -> str:
    return turns.control_of(game).describe()


def countdown_words() -> str:
    """The words clock.js puts together, in the page's language (the same as clocks.py's)."""
    # The same for every clock of a page: the lobby drew them 25 times a page (gettext and
    # JSON each time), so they are made once per language.
    return _countdown_words(get_language())


@lru_cache(maxsize=16)
def _countdown_words(language: str) -> str:
    return json.dumps(
        {
            # One form per plural category of the language (Russian has three): clock.js picks
            # the form with the browser's Intl.PluralRules, each filled from a sample number.
            "days": {
                category: ngettext("%(n)d day", "%(n)d days", sample)
                for category, sample in PLURAL_SAMPLES.items()
            },
            "h": _("%(n)d h"),
            "hm": _("%(h)d h %(m)d min"),
            "min": _("%(n)d min"),
            "up": _("time is up"),
        }
    )


@register.inclusion_tag("games/_clock.html")
def running_clock(game, seats=None):
    """The running clock of `game` (its seats are read if not given: prefetch them in lists)."""
    seats = list(seats if seats is not None else game.seats.all())
    line = next(
        (line for line in turns.clock_lines(game, seats) if line.to_act and line.left is not None),
        None,
    )
    return {"line": line, "words_json": countdown_words() if line else ""}


@register.inclusion_tag("games/_clocks.html", takes_context=True)
def seat_clocks(context, game, seats):
    """Every seat's clock, for the board; the game's log of seat actions; and each seat a bot
    took over after a timeout, with what its consent rules allow the viewer (`my_seat` of the
    board's context: the live frames render it once per seat's view)."""
    seats = list(seats)
    # One read for the log and the offers, or none: kept under the ledger's seal.
    actions = ledger_tail.seat_actions(game)
    my_seat = context.get("my_seat")
    return {
        "lines": turns.clock_lines(game, seats),
        "words_json": countdown_words(),
        "control": turns.control_of(game).describe(),
        "game": game,
        "events": clock_events(seats, actions),
        "offers": seat_offers(game, seats, actions, my_seat),
    }


def seat_offers(game, seats, actions, my_seat) -> list[dict]:
    """The seats a bot took over after a timeout (people.substitutes), as the viewer in
    `my_seat` (None: a spectator) may act on them."""
    return [
        {
            "index": index,
            "name": vacancy.seat.occupant_name,
            "opens_at": vacancy.opens_at,
            "objected": vacancy.objected,
            "may_object": my_seat is not None and my_seat != index and not vacancy.objected,
            "own": my_seat == index,
        }
        for index, vacancy in sorted(substitutes.vacancies(game, seats, actions).items())
    ]


CLOCK_EVENTS_SHOWN = 5


def clock_events(seats, actions) -> list[dict]:
    """The game's log of seats leaving play or coming back (`actions`, in order), latest first:
    timeouts, vacation days spent for a clock that ran out (games.clock.auto_vacation),
    resignations, reclaims, substitutes. Nothing in it is hidden: the same for every viewer."""
    names = {seat.index: seat.occupant_name for seat in seats}
    latest = actions[::-1][:CLOCK_EVENTS_SHOWN]
    # A seat a substitute took was its first player's before: each action under the name of
    # whoever held the seat then (read only when a game had a substitute).
    before = {}
    if any(action.kind == action.Kind.SUBSTITUTE for action in actions):
        before = substitutes.holders_before(actions)
    return [
        {
            "name": before.get(action.pk) or names.get(action.seat, ""),
            "words": action.get_kind_display(),
            "at": action.created_at,
            "vacation": action.kind == action.Kind.VACATION,
        }
        for action in latest
    ]
