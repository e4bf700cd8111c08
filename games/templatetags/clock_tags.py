"""Clocks in pages: `{% time_control game %}` (the control in words) and `{% running_clock game %}`
(whose clock runs and how much is left, in words, with what static/js/clock.js needs to count it
down). Both are computed on the server: the page is true without JavaScript."""

import json
from functools import lru_cache

from django import template
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.clock import turns

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


@register.inclusion_tag("games/_clocks.html")
def seat_clocks(game, seats):
    """Every seat's clock, for the board."""
    return {
        "lines": turns.clock_lines(game, list(seats)),
        "words_json": countdown_words(),
        "control": turns.control_of(game).describe(),
        "game": game,
        "events": clock_events(game, list(seats)),
    }


CLOCK_EVENTS_SHOWN = 5


def clock_events(game, seats) -> list[dict]:
    """The game's log of seats leaving play or coming back, latest first: timeouts, vacation
    days spent for a clock that ran out (games.clock.auto_vacation), resignations, reclaims.
    Nothing in it is hidden: the kinds and times are the same for every viewer."""
    names = {seat.index: seat.occupant_name for seat in seats}
    latest = game.seat_actions.order_by("-pk")[:CLOCK_EVENTS_SHOWN]
    return [
        {
            "name": names.get(action.seat, ""),
            "words": action.get_kind_display(),
            "at": action.created_at,
            "vacation": action.kind == action.Kind.VACATION,
        }
        for action in latest
    ]
