"""Partners in a game of two against two: who plays with whom, for every list that names a
game's players (the board, my games, the lobby, the history, the turn e-mails).

Partners sit opposite (RULES.md, "Board"): seats 0 and 2 are one team, 1 and 3 the other, in
every family that plays teams. A game without teams has a team per seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.utils.translation import gettext as _

Item = TypeVar("Item")


def team_of(index: int, teams: bool) -> int:
    """The team of seat `index`: its own in a free-for-all, `index % 2` two against two."""
    return index % 2 if teams else index


def grouped(
    items: Iterable[Item], teams: bool, index: Callable[[Item], int] = lambda item: item.index
) -> list[list[Item]]:
    """`items` (seats, or lines naming a seat by `index`) in teams, in the order of each team's
    first seat: [[0, 2], [1, 3]] two against two, a list of one each in a free-for-all."""
    groups: dict[int, list[Item]] = {}
    for item in sorted(items, key=index):
        groups.setdefault(team_of(index(item), teams), []).append(item)
    return list(groups.values())


def names_in_words(names: Sequence[str]) -> str:
    """Names as a sentence says them: 'bob', 'bob and Easy bot', 'bob, carol and Easy bot'."""
    if len(names) < 2:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


@dataclass(frozen=True)
class Team:
    """Partners as a board lists them: their lines, and the coins they bank together."""

    number: int  # 1 for the team of the first seat, 2 for the other
    players: list[Any]
    coins: int
    mine: bool  # the viewer plays in it


def teams_of_lines(lines: Sequence[Any], teams: bool, *, index, coins, mine) -> list[Team]:
    """A board's player `lines` as teams two against two (none in a free-for-all); `index`,
    `coins` and `mine` read a line's seat, its coins and whether it is the viewer's."""
    if not teams:
        return []
    return [
        Team(
            number=number,
            players=group,
            coins=sum(coins(line) for line in group),
            mine=any(mine(line) for line in group),
        )
        for number, group in enumerate(grouped(lines, True, index), start=1)
    ]
