"""The ``easy`` bot: one ply of look-ahead with a heuristic.

Each legal move is tried on a few determinised positions (face-down tiles guessed from what is
left of the deck, knowledge.Determiniser) and the positions after it are scored with
probe.rewards: banked and held coins, distance home, live pirates, coins at risk next to an
enemy. Averaging over guesses is what keeps it out of known danger (a face-up ogre kills in every
guess) while still valuing an unknown tile at the deck's odds. If the move leaves the same seat a
further choice (a chain, a bottle, a peek), the best answer is assumed, so the move is judged by
where the whole decision sequence can end.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.jackal import Move

from .knowledge import Determiniser, Knowledge, moves_of_play
from .probe import move_score, rewards, team_of_seat

GUESSES = 2  # determinisations per decision
FOLLOW_UP = 2  # plies of the same seat's own follow-up decisions looked through
WIDE = 4  # follow-up answers tried per ply


def _best(state, seat: int, team: int, depth: int, evaluate: Callable) -> float:
    if depth == 0 or state.is_over() or state.to_act() != seat:
        return evaluate(state).get(team, 0.0)
    codes = state.legal_codes()
    if len(codes) > WIDE:
        # A wide follow-up (a lighthouse peek: any face-down square) is judged by the few
        # answers that look best at a glance, not all of them.
        codes = sorted(codes, key=lambda c: -move_score(state, c))[:WIDE]
    best = 0.0
    for code in codes:
        nxt = state.copy()
        nxt.apply_code(code)
        best = max(best, _best(nxt, seat, team, depth - 1, evaluate))
    return best


def choose_move(
    knowledge: Knowledge,
    rng: random.Random,
    guesses: int = GUESSES,
    evaluate: Callable = rewards,
) -> str:
    """The easy bot's move. ``evaluate`` (a state -> per-team rewards in [0, 1]) is the
    heuristic it looks one ply ahead with; bench/eval_screen.py hands it other evaluations to
    compare them cheaply."""
    view = knowledge.view
    playable = moves_of_play(view)
    if not playable:
        raise ValueError("this view has no legal moves: it is not this seat's turn")
    if len(playable) == 1:
        return playable[0]
    det = Determiniser(knowledge)
    seat = view.seat
    n = 1 if det.exact else guesses
    legal = {Move.parse(m).code: m for m in playable}
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(n):
        state = det.sample(rng)
        team = team_of_seat(state, seat)
        for code in legal:
            nxt = state.copy()
            nxt.apply_code(code)
            totals[code] += _best(nxt, seat, team, FOLLOW_UP, evaluate)
    # Ties (common: several equally harmless moves) are broken by the seeded rng.
    best = max(totals.values())
    choices = sorted(legal[c] for c, v in totals.items() if v >= best - 1e-9)
    return rng.choice(choices)
