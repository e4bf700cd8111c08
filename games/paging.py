"""Pages of long lists that cost the same on the first page of 100 rows or of 100,000.

Lists are never counted whole: a page reads one row more than it shows, to know whether a next
page exists (`page_of`), and the admin's changelists count at most `CAPPED_COUNT` rows
(`CappedCountPaginator`). Deep pages are reached by filters and search, not by page number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Paginator
from django.utils.functional import cached_property

PER_PAGE = 25
# Beyond this many rows a changelist says "10,000+" rather than count them all.
CAPPED_COUNT = 10_000


@dataclass
class Page:
    """One page of a list: its rows, its number (from 1), and whether pages come before and
    after it."""

    rows: list[Any] = field(default_factory=list)
    number: int = 1
    has_next: bool = False

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def next_number(self) -> int:
        return self.number + 1

    @property
    def previous_number(self) -> int:
        return self.number - 1


def page_number(value: str | None) -> int:
    """The page asked for in a query string; anything but a positive number is the first."""
    return int(value) if value and value.isdigit() and 0 < int(value) < 10**6 else 1


def page_of(queryset, number: int, per_page: int | None = None) -> Page:
    """Page `number` of `queryset` (already ordered), without counting it."""
    per_page = per_page or PER_PAGE
    start = (number - 1) * per_page
    rows = list(queryset[start : start + per_page + 1])
    return Page(rows=rows[:per_page], number=number, has_next=len(rows) > per_page)


class CappedCountPaginator(Paginator):
    """The admin's paginator, counting at most CAPPED_COUNT + 1 rows (a subquery with a LIMIT),
    so that a changelist over 100,000 games or 10 million moves costs what a page costs."""

    @cached_property
    def count(self) -> int:
        # In the list's order: the rows counted are read from the index behind that order.
        return self.object_list[: CAPPED_COUNT + 1].count()
