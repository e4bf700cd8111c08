"""The evaluation's features per team, and an evaluation that is a weighted sum of them.

probe.team_values is the hand-set evaluation; this module reads the same things (and two more)
as separate numbers, so bench/fit_eval.py can fit their weights to how games end and
bench/eval_screen.py --fitted can try a one-ply player scoring by them (``linear_rewards``); the
bots do not use it (docs/bots.md: the fitted weights played worse). Only face-up things are
read, as in probe.py: the position may be a determinisation, and the guess must not leak into
the score.
"""

from __future__ import annotations

from rules.jackal import State

from . import probe
from .carry import NEIGHBOURS
from .probe import DIST, LAND, rewards, squashed

# One number each per team, in this order (banked coins are not among them: they count 1).
NAMES = (
    "pirates",  # live pirates
    "pirate_share",  # live pirates x the share of all coins still on the island
    "trapped",  # pirates held by a trap, cave or the like
    "sea_risk",  # swimmers next to an enemy ship
    "swim",  # steps of the swimmers from their team's nearest ship
    "ashore",  # pirates on land
    "held",  # squares of coins a pirate of the team stands on
    "held_steps",  # ... their steps home (carry.Carry's, else the straight line)
    "stack",  # ... further coins on those squares
    "at_risk",  # ... those with an enemy pirate next to them
    "loose",  # other coins: up to 3 a square over (1 + the nearest pirate's steps)
    "frontier",  # face-down squares next to a pirate of the team
    "threatened",  # pirates on land with an enemy pirate next to them
)


def team_features(s: State, carry=None) -> dict[int, list[float]]:
    """Per team, the numbers of NAMES (summed over the team's crews)."""
    a = s.search_arrays()
    pc, trap, up = a.pieces, a.trap, a.face_up
    seat_team, owner, members, ships = a.seat_team, a.owner, a.members, a.ships
    coin_cells, lead = probe.coins_by_square(a)
    share = a.island / (a.total or 1)
    crews = []
    team_cells: dict[int, list[int]] = {}
    for c in a.order:
        team = seat_team[owner[c]]
        mine = [p for p in members[c] if pc[p] >= 0]
        crews.append((c, team, mine))
        team_cells.setdefault(team, []).extend(pc[p] for p in mine)
    out: dict[int, list[float]] = {}
    for c, team, mine in crews:
        f = out.setdefault(team, [0.0] * len(NAMES))
        cells = [pc[p] for p in mine]
        enemies = [x for t, xs in team_cells.items() if t != team for x in xs]
        foes = [ships[d] for d in a.order if seat_team[owner[d]] != team]
        friends = [ships[d] for d in a.order if seat_team[owner[d]] == team]
        ship = ships[c]
        f[0] += len(mine)
        f[1] += len(mine) * share
        frontier = set()
        for p in mine:
            cell = pc[p]
            row = DIST[cell]
            if trap[p]:
                f[2] += 1
            if LAND[cell]:
                f[5] += 1
                if any(row[e] == 1 and LAND[e] for e in enemies):
                    f[12] += 1
            elif cell != ship:
                if any(row[x] <= 1 for x in foes):
                    f[3] += 1
                f[4] += min((probe.SEA[x][cell] if probe.SEA_WAY else row[x]) for x in friends)
            for t in NEIGHBOURS[cell]:
                if LAND[t] and not up[t]:
                    frontier.add(t)
        f[11] += len(frontier)
        for cell, n in coin_cells.items():
            row = DIST[cell]
            near = min((row[m] for m in cells), default=13)
            if near == 0:
                f[6] += 1
                # Home as the search's evaluation counts it (probe.ALLIED): any ship of the team.
                homes = friends if probe.ALLIED else [ship]
                if carry is None:
                    f[7] += min(row[h] for h in homes)
                else:
                    aboard = team_cells[team]
                    step = lead.get(cell, 0)
                    f[7] += min(carry.steps(cell, h, up, h in aboard, step) for h in homes)
                f[8] += n - 1
                if any(row[e] <= 1 for e in enemies):
                    f[9] += 1
            else:
                f[10] += min(n, 3) / (1 + near)
    return out


def linear_values(s: State, weights: list[float], carry=None) -> dict[int, float]:
    """Per team, banked coins plus the weighted features: an evaluation in coins like
    probe.team_values."""
    a = s.search_arrays()
    banked: dict[int, float] = {}
    for c in a.order:
        team = a.seat_team[a.owner[c]]
        banked[team] = banked.get(team, 0.0) + a.scores[c]
    return {
        team: banked.get(team, 0.0) + sum(w * x for w, x in zip(weights, f, strict=True))
        for team, f in team_features(s, carry).items()
    }


def linear_rewards(s: State, weights: list[float], carry=None) -> dict[int, float]:
    """probe.rewards with ``linear_values`` for the heuristic: per team in [0, 1]."""
    if s.is_over():
        return rewards(s)
    return squashed(linear_values(s, weights, carry))
