"""The worth of each seat in a finished Jackal game's position, for the replay's look back.

The search bots' evaluation (rules.jackal.bots.probe.team_values with the STRONG weights: coins
banked, coins carried and their steps home, loose coins by the nearest pirate, pirates alive,
trapped or swimming beside an enemy ship), in coins, per seat (partners in 2 v 2 share their
team's worth). Read from the whole position: only ever asked of games that are over.
"""

from __future__ import annotations

from rules.core import GameState
from rules.jackal.bots.probe import STRONG, team_values


def seat_values(state: GameState) -> dict[int, float]:
    s = state.state
    teams = team_values(s, STRONG)
    return {seat: round(teams.get(s.team_of(seat), 0.0), 2) for seat in range(s.players)}
