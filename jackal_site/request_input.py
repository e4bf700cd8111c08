"""Whole numbers that come from a request: every query parameter and form field that holds one
(a page, a seat, a ply, a player's id, a number of days) is read by `parse_int`, and nothing else.

Why not `int()` after `str.isdigit()`: isdigit() takes "²" and "①", which int() then refuses (a
server error), and int() takes "٣" (an Arabic-Indic three), " 3", "1_000" and a number of
thirty digits, that no form of the site sends and that no database column holds. Only ASCII
digits are read, at most 18 of them (a 64-bit column holds every such number), within the range
the caller gives.
"""

from __future__ import annotations

import re

from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _

# A row id: the primary keys are 64-bit (DEFAULT_AUTO_FIELD is BigAutoField).
MAX_ID = 2**63 - 1
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")
_REQUIRED = object()


class BadInput(BadRequest):
    """Input the site refuses to read. Left to Django it is a 400 whose page says this message
    (jackal_site.views.bad_request); a view with a form may say it in the form instead."""


class BadNumber(BadInput):
    """A number the request got wrong."""


def refuse_nul(data) -> None:
    """Refuse a NUL character anywhere in a QueryDict's keys or values: PostgreSQL refuses it in
    a text column, where a lookup or a write would fail with a server error."""
    if any(
        "\x00" in key or any("\x00" in value for value in values) for key, values in data.lists()
    ):
        raise BadInput(_("The request has a NUL character in it."))


def parse_int(value, *, minimum: int, maximum: int, default=_REQUIRED) -> int:
    """`value` (a string from request.GET or request.POST, or None) as an int from `minimum` to
    `maximum`; `default` when it is missing or empty, if one is given. Raises BadNumber."""
    if value is None or value == "":
        if default is _REQUIRED:
            raise BadNumber(_("A number is missing from the request."))
        return default
    if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value):
        number = int(value)
        if minimum <= number <= maximum:
            return number
    raise BadNumber(
        _("The request asks for a whole number from %(minimum)d to %(maximum)d, not that.")
        % {"minimum": minimum, "maximum": maximum}
    )
