"""How a Jackal game's result is counted: which crews each seat commands, and the outcome
(seats' and teams' coins, the ranking) of crews' scores. Read by the position when a game ends
and by the site's sweep, which ends stored positions without reading them (stored.py)."""

from __future__ import annotations

from rules.core import protocol as core

from .errors import SetupError
from .moves import CREWS


class Outcome(core.Outcome):
    """The result of a finished game.

    ``scores`` maps seat -> coins (a seat playing two crews adds them), ``team_scores`` team ->
    coins, ``ranking`` lists seats best first, seats in one inner list share the place.
    """

    __slots__ = ("team_scores", "crew_scores")

    def __init__(self, scores, team_scores, crew_scores, ranking, reason) -> None:
        super().__init__(scores, ranking, reason)
        self.team_scores = team_scores
        self.crew_scores = crew_scores

    def to_json(self) -> dict:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "team_scores": {str(k): v for k, v in self.team_scores.items()},
            "crew_scores": dict(self.crew_scores),
            "ranking": [list(place) for place in self.ranking],
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, d: dict) -> Outcome:
        return cls(
            {int(k): v for k, v in d["scores"].items()},
            {int(k): v for k, v in d["team_scores"].items()},
            dict(d["crew_scores"]),
            [list(place) for place in d["ranking"]],
            d["reason"],
        )


def seating(players: int, teams: bool):
    if players not in (2, 3, 4):
        raise SetupError(f"Jackal is played by 2, 3 or 4 players, not {players!r}")
    if teams and players != 4:
        raise SetupError("teams (2 against 2) need exactly 4 players")
    if players == 2:
        return (0, 1, 2, 3), [0, 1, 0, 1]
    if players == 3:
        return (0, 1, 2), [0, 1, 2, -1]
    return (0, 1, 2, 3), [0, 1, 2, 3]


def outcome_of(players: int, teams: bool, crew_scores: dict[str, int], reason) -> Outcome:
    """The result of a game of `players` seats (two against two with `teams`) whose crews have
    scored `crew_scores` (crew name -> coins): a seat adds its crews' coins, a team its seats'."""
    order, owner = seating(players, bool(teams))
    seat_team = [seat % 2 if teams else seat for seat in range(players)]
    seat_scores = {seat: 0 for seat in range(players)}
    for c in order:
        seat_scores[owner[c]] += crew_scores[CREWS[c]]
    team_scores: dict[int, int] = {}
    for seat, n in seat_scores.items():
        team_scores[seat_team[seat]] = team_scores.get(seat_team[seat], 0) + n
    by_total: dict[int, list[int]] = {}
    for seat in range(players):
        by_total.setdefault(team_scores[seat_team[seat]], []).append(seat)
    ranking = [by_total[total] for total in sorted(by_total, reverse=True)]
    scores = {CREWS[c]: crew_scores[CREWS[c]] for c in order}
    return Outcome(seat_scores, team_scores, scores, ranking, reason)


def seat_crews(players: int, teams: bool = False) -> tuple[tuple[str, ...], ...]:
    """The crews each seat commands, in seat order (RULES.md, "Board").

    >>> seat_crews(2)
    (('white', 'black'), ('yellow', 'red'))
    >>> seat_crews(3)
    (('white',), ('yellow',), ('black',))
    """
    order, owner = seating(players, teams)
    return tuple(tuple(CREWS[c] for c in order if owner[c] == seat) for seat in range(players))
