"""Pages of long lists that cost the same on the first page of 100 rows or of 100,000.

Lists are never counted whole: a page reads one row more than it shows, to know whether a next
page exists (`page_of`), and the admin's changelists count only a few pages beyond the one shown
(`LookAheadPaginator`). Deep pages are reached by filters and search, not by page number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Paginator
from django.utils.functional import cached_property

from jackal_site.request_input import parse_int

PER_PAGE = 25
# The admin's changelists count this many pages beyond the one shown, no more: enough for the
# links to the next pages, and at least Django's "Show all" limit (200 rows) from the first page,
# so that a short list is counted whole and can be shown all at once.
PAGES_AHEAD = 5
MAX_PAGE = 10**6 - 1


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
    """The page asked for in a query string (none: the first); anything but a number from 1 to
    MAX_PAGE is refused (jackal_site.request_input)."""
    return parse_int(value, minimum=1, maximum=MAX_PAGE, default=1)


def page_of(queryset, number: int, per_page: int | None = None) -> Page:
    """Page `number` of `queryset` (already ordered), without counting it."""
    per_page = per_page or PER_PAGE
    start = (number - 1) * per_page
    rows = list(queryset[start : start + per_page + 1])
    return Page(rows=rows[:per_page], number=number, has_next=len(rows) > per_page)


class LookAheadPaginator(Paginator):
    """The admin's paginator: counts the rows up to PAGES_AHEAD pages beyond the page shown (a
    subquery with a LIMIT), never the whole list. On the first page of 100,000 games it reads
    301 rows of the index behind the list's order, not 100,000 (a whole count) nor 10,001 (the
    fixed cap it replaces, 8-10 ms at 100,000 games). `capped` says whether there are more rows
    than counted: the changelist then shows the count as "301+" (admin/games/pagination.html)
    and its last page link as the last page counted; walking on counts further."""

    def __init__(self, object_list, per_page, *args, page_number: int = 1, **kwargs):
        super().__init__(object_list, per_page, *args, **kwargs)
        self.counted = (page_number + PAGES_AHEAD) * self.per_page

    @cached_property
    def count(self) -> int:
        # In the list's order: the rows counted are read from the index behind that order.
        return self.object_list[: self.counted + 1].count()

    @cached_property
    def capped(self) -> bool:
        return self.count > self.counted


class LookAheadPaging:
    """For a ModelAdmin: its changelist counts with LookAheadPaginator from the page asked for."""

    paginator = LookAheadPaginator
    show_full_result_count = False

    def get_paginator(self, request, queryset, per_page, orphans=0, allow_empty_first_page=True):
        # The changelist's own page parameter ("p", counted from 1).
        number = page_number(request.GET.get("p"))
        return self.paginator(
            queryset, per_page, orphans, allow_empty_first_page, page_number=number
        )
