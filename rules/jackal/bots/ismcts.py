"""The ``normal`` and ``strong`` bots: single-observer information-set Monte-Carlo tree search.

One tree over the bot's decisions and everybody else's. Every iteration picks a determinisation
(the face-down tiles guessed from what is left of the deck given the seat's knowledge), walks the
tree along moves legal in *that* guess (UCB1 with availability counts, so a move that is only
sometimes legal is not starved, plus a progressive bias towards moves that look good at a
glance), expands the best-looking untried move, scores the position there with the heuristic
evaluation (probe.team_values with the STRONG weights, as a margin over the best other team,
relative to the margin at the root) and backs up per-team rewards: each node scores the team
that chose its move. No random playout by default: measured against ``easy`` (1 v 1, 8 games
each, same deals), a 12-ply heuristic playout won 6 of 8 at 300 iterations, scoring the leaf
directly won 6 of 8 at 300 and 7 of 8 at 1500 iterations in about the time 1000 iterations with
playouts took; the tree spends its iterations on replies instead. A play-out by the rules bot's
priority list (rule.py, PLAYOUT_POLICY "rules", issue 44) can be asked for with a depth
(``playout_depth``; rules.jackal.bots.PLAYOUT_DEPTHS per level, 0 until an arena shows it wins:
docs/bots.md, "The sparring bot"). Chains,
bottles, peeks and earthquakes are plies like any other, so a multi-ply turn is searched as the
sequence of decisions the rules ask for; partners in a 2v2 share a team and so a reward. Twin
pirates' moves are one move (probe.distinct_codes) at every node, and a held coin is valued by
its steps home over squares a coin may cross (carry.py), not the straight line, to the nearest
ship of its team, the ship's sailing to meet it counted as moves too (when a pirate of the
team is aboard to sail it) and a spinner as the steps it takes to cross. In a free-for-all
of three or more teams the other teams are not searched: they play a policy inside the search
(OPPONENT_TEAMS; the glance, probe.best_move, or for `strong` one ply with easy's weights,
probe.look_move: OPPONENT_POLICY), so the tree holds the bot's own decisions only and reaches
its later turns; that walk steers by the best heuristic reward below a move as well as by its
mean (implicit minimax, MINIMAX).

Deterministic for a given seed and iteration budget; a time limit only ever cuts a search short
(then the result depends on the machine's speed, so tests and arenas use iteration budgets). The
search also stops as soon as the most visited move cannot be overtaken, which changes nothing
but the time. Tried and dropped (bench/arena-style runs of 8-12 games against ``easy`` on the same
deals, 300 iterations): a one-ply screen keeping only the 6 best root moves for the tree (1.5 of
8 against 3.5 of 8 without), and a UCB constant of 0.25 (3.5 of 12 against 6 of 12 at 0.7).
"""

from __future__ import annotations

import math
import random
import time
from math import log, sqrt

from rules.jackal import Move

from .carry import Carry
from .knowledge import Determiniser, Knowledge, moves_of_play
from .probe import (
    STRONG,
    acting_team,
    best_move,
    distinct_codes,
    look_move,
    move_score,
    rewards,
    team_values,
)
from .rule import rule_code

EXPLORE = 0.7  # UCB1 constant; rewards are in [0, 1]
SAMPLES = 24  # distinct determinisations per search (from_json costs ~1 ms; copies ~20 us)
PLAYOUT_DEPTH = 0  # plies of heuristic playout before the position is scored (see above)
GREEDY = 0.85  # playout: chance of the best-looking move (else a uniformly random one)
# The rules policy's randomness in a play-out: a uniformly random move this often, so that the
# play-outs of one leaf differ (the rules are deterministic but for ties).
RULES_NOISE = 0.1
PLAYOUT_POLICY = "rules"  # how play-outs choose: "rules" (rule.py) or "glance" (probe.best_move)
# Rewards are a sigmoid of the team's heuristic margin *relative to the margin at the root*, with
# this scale in coins: centred on the position searched, a coin gained or lost moves the reward
# by the same amount whether the bot leads by ten or trails by ten (an absolute margin saturates
# in a lopsided game and every move then looks alike).
SCALE = 1.0
CENTRED = True
# Progressive bias: a child's UCB value gets BIAS * prior / (visits + 1), the prior being
# probe.move_score squashed into [0, 1): the search tries bringing coins home and attacking
# first and spends few iterations on moves that look idle, until their results say otherwise.
BIAS = 0.3
WEIGHTS = STRONG  # the evaluation's weights (probe.Weights)
CARRY = True  # a held coin's distance home: steps over squares a coin may cross (carry.py)
# Opponent model: in a free-for-all of at least OPPONENT_TEAMS teams the other teams' decisions
# are not searched but played by the glance policy (probe.best_move, as an easy bot would), so the
# tree branches on the bot's own decisions only and looks several of its own turns ahead (with
# three searched opponents between two of its turns it hardly saw its second). Measured paired
# (four players, the same 12 deals and seat, 1000 iterations; docs/bots.md): first
# in 6.5 of 12 and 7.5 coins banked at ply 600, against 4 of 12 and 5.75 coins searching every
# seat, and 2 of 12 and 3.9 coins for `easy` in that seat; twice the CPU an iteration. 0: off
# (two teams, 1 v 1 and 2 v 2, always search the opponent).
OPPONENT_TEAMS = 3
# Tried and dropped (the same 12 deals): letting the others reply by the glance policy before a
# leaf is scored (4.5 of 12, 2.5 times the CPU: their blunders in every leaf), and scoring a
# team over the others' mean rather than the best other (4 of 12, a worse margin).
# How the modelled teams choose, unless a Search is told (rules.bots.FREE_FOR_ALL_OPPONENTS:
# normal glances, strong looks): "glance" (probe.best_move, a few microseconds) or "look"
# (probe.look_move: one ply ahead with easy's weights, as the easy bots that fill a table mostly
# choose; some 14 times the cost of a glance). With "look" each node keeps, per determinisation,
# the position after its move and the others' replies (Node.states, Node.ready), so a reply is
# chosen once per node and guess, not once per iteration. Measured at 400 iterations on 48
# four-player deals (q4; docs/bots.md, 2026-11-28 evening): first in 27 and sharing 2 against the
# glance's 17 and 7, margin +0.46 against -1.02 (paired +1.48 a deal, se 0.60), 7.06 coins
# against 6.17; about 1 s of CPU a decision against 0.15. On other bot dice (strong's, the night
# after) the same search was first in 19 and shared 3 (43 %), margin -0.40, 6.46 coins.
OPPONENT_POLICY = "glance"
# Implicit minimax, in the free-for-all's "look" walk (strong's) only: the walk steers by a
# child's mean reward blended with the best heuristic reward found anywhere below it, MINIMAX *
# best + (1 - MINIMAX) * mean (the most visited move is still the one played). Why: at 400
# iterations over 20-odd moves the means are too noisy to tell a coin's step home from a step
# away (a logged game: the visits of a midgame root spread 16-20 over 25 moves, and two seeds
# chose two moves), while the heuristic after each move is far less noisy. Measured on the 48
# q5 deals (docs/bots.md, 2026-12-01): first in 22 and sharing 2 (48 %), margin -0.09, 6.42
# coins, against 17 and 4 (40 %), -0.50, 6.29 without; about 1.0 s of CPU a decision against
# 0.6-0.75, the slowest 17.5 s (uncapped; the site caps strong at 2 s). 0: off.
MINIMAX = 0.5


def models_opponents(knowledge: Knowledge) -> bool:
    """Whether the search plays the other teams by a policy (OPPONENT_TEAMS): a
    free-for-all (no partners) of at least that many seats."""
    pos = knowledge.position
    return bool(OPPONENT_TEAMS) and not pos["teams"] and pos["players"] >= OPPONENT_TEAMS


class Node:
    __slots__ = (
        "children", "visits", "avail", "value", "team", "prior", "states", "ready", "h", "hn", "mm"
    )  # fmt: skip

    def __init__(self, team: int, prior: float = 0.0) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.team = team  # the team that chose the move leading here
        self.prior = prior  # how good the move looked before it was searched, in [0, 1)
        # OPPONENT_POLICY "look" only, per determinisation: the position after this node's move,
        # and the same after the modelled teams' replies (the next decision of the bot's own).
        self.states: dict[int, object] = {}
        self.ready: dict[int, object] = {}
        # MINIMAX only: the summed heuristic reward of the position after this node's move (one
        # per determinisation seen), and the best such mean in the subtree.
        self.h = 0.0
        self.hn = 0
        self.mm = 0.0


def _playout(state, rng: random.Random, depth: int, policy: str = "glance") -> None:
    """``depth`` plies from ``state`` by the play-out policy: "rules" (rule.rule_code, the
    priority list, a uniformly random move one time in RULES_NOISE) or "glance" (the best
    move at a glance GREEDY of the time, else a random one)."""
    for _ in range(depth):
        if state.is_over():
            return
        codes = state.legal_codes()
        if policy == "rules":
            code = rule_code(state, codes, rng, None, RULES_NOISE)
        elif rng.random() < GREEDY:
            code = best_move(state, codes, rng)
        else:
            code = codes[rng.randrange(len(codes))]
        state.apply_code(code)


def _margins(state, carry: Carry | None = None) -> dict[int, float]:
    """Per team: its heuristic worth minus the best other team's (the root's reference)."""
    values = team_values(state, WEIGHTS, carry)
    return {
        t: v - max((w for u, w in values.items() if u != t), default=0.0) for t, v in values.items()
    }


def _top_two(children: dict[int, Node]) -> tuple[int, int]:
    first = second = 0
    for child in children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first, second


class Search:
    """One decision's search. ``run`` returns the chosen move's notation and keeps statistics
    (``iterations``, ``seconds``) for budgets and benchmarks."""

    def __init__(
        self,
        knowledge: Knowledge,
        rng: random.Random,
        iterations: int,
        seconds: float | None = None,
        playout_depth: int = PLAYOUT_DEPTH,
        stop_early: bool = True,
        opponents: str | None = None,
        policy: str | None = None,
    ) -> None:
        self.knowledge = knowledge
        # The modelled teams' policy in a free-for-all: "glance" or "look" (OPPONENT_POLICY).
        self.opponents = opponents or OPPONENT_POLICY
        self.stop_early = stop_early
        self.rng = rng
        self.budget = iterations
        self.seconds = seconds
        self.depth = playout_depth
        self.policy = policy or PLAYOUT_POLICY
        self.iterations = 0
        self.elapsed = 0.0
        self.root = Node(-1)

    def run(self) -> str:
        playable = moves_of_play(self.knowledge.view)
        if not playable:
            raise ValueError("this view has no legal moves: it is not this seat's turn")
        legal = {Move.parse(m).code: m for m in playable}
        if len(legal) == 1:
            return playable[0]
        start = time.perf_counter()
        rng = self.rng
        det = Determiniser(self.knowledge)
        samples = [det.sample(rng) for _ in range(1 if det.exact else min(SAMPLES, self.budget))]
        # Twin pirates' moves are one move (probe.distinct_codes); the pieces are the same in
        # every sample, so the root's are read once.
        legal = {code: legal[code] for code in distinct_codes(samples[0], list(legal))}
        if len(legal) == 1:
            self.elapsed = time.perf_counter() - start
            return next(iter(legal.values()))
        # The heuristic reads only face-up things, so every sample has the same root margins.
        # Held coins are valued by the steps home over squares a coin may cross (carry.py).
        self.carry = Carry(self.knowledge.position["tiles"]) if CARRY else None
        self.base = _margins(samples[0], self.carry) if CENTRED else {}
        self.me = samples[0].team_of(self.knowledge.seat)
        self.model = models_opponents(self.knowledge)
        self.cached = self.model and self.opponents == "look"
        self.blend = MINIMAX if self.cached else 0.0
        root = Node(-1)
        deadline = None if self.seconds is None else start + self.seconds
        i = 0
        budget = self.budget
        children = root.children
        while i < budget:
            if i % 16 == 0 and i:
                if deadline is not None and time.perf_counter() > deadline:
                    break
                # Stop once the most visited move cannot be caught by the iterations left: the
                # answer is then the one the whole budget gives, so the saving costs nothing.
                if self.stop_early:
                    first, second = _top_two(children)
                    if first - second > budget - i:
                        break
            if self.cached:
                self._iterate_cached(root, samples, i % len(samples), legal)
            else:
                self._iterate(root, samples[i % len(samples)].copy(), legal)
            i += 1
        self.iterations = i
        self.elapsed = time.perf_counter() - start
        self.root = root
        # The most visited move: the robust choice; ties by notation, so it is seed-stable.
        ranked = sorted(
            ((child.visits, child.value, legal[code]) for code, child in root.children.items()),
            key=lambda x: (-x[0], -x[1], x[2]),
        )
        return ranked[0][2] if ranked else sorted(legal.values())[0]

    def _reward(self, state) -> dict[int, float]:
        if state.is_over() or not CENTRED:
            return rewards(state)
        base = self.base
        return {
            t: 1.0 / (1.0 + math.exp(-(m - base.get(t, 0.0)) / SCALE))
            for t, m in _margins(state, self.carry).items()
        }

    def _child(self, state, node: Node, codes: list[int]) -> tuple[int, Node, bool]:
        """The move to follow from ``node`` (UCB1 over the tried moves legal here, each counting
        one more availability) or, while a legal move is untried, the best-looking untried one,
        expanded: (its code, its child, whether it was expanded)."""
        children = node.children
        # One pass: the UCB values are computed only while no untried move has turned up.
        untried = []
        best, best_code = -1.0, -1
        bias = BIAS
        blend = self.blend
        for code in codes:
            child = children.get(code)
            if child is None:
                untried.append(code)
                continue
            avail = child.avail = child.avail + 1
            if untried:
                continue
            n = child.visits
            q = child.value / n
            if blend:
                q += blend * (child.mm - q)
            v = q + EXPLORE * sqrt(log(avail) / n) + bias * child.prior / (n + 1)
            if v > best:
                best, best_code = v, code
        if not untried:
            return best_code, children[best_code], False
        code = best_move(state, untried, self.rng)
        score = move_score(state, code)
        child = Node(acting_team(state), score / (score + 3.0) if score > 0 else 0.0)
        child.avail = 1
        children[code] = child
        return code, child, True

    def _back_up(self, root: Node, path: list[Node], state, reward=None) -> None:
        if reward is None:
            reward = self._reward(state)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.value += reward.get(n.team, 0.0)

    def _iterate(self, root: Node, state, root_legal: dict[int, str]) -> None:
        rng = self.rng
        node = root
        path = []
        first = True
        model = self.model
        me = self.me
        while not state.is_over():
            if model and not first and acting_team(state) != me:
                state.apply_code(best_move(state, state.legal_codes(), rng))
                continue
            codes = list(root_legal) if first else distinct_codes(state, state.legal_codes())
            first = False
            code, node, expanded = self._child(state, node, codes)
            state.apply_code(code)
            path.append(node)
            if expanded:
                break
        _playout(state, rng, self.depth, self.policy)
        self._back_up(root, path, state)

    def _iterate_cached(self, root: Node, samples: list, si: int, root_legal: dict[int, str]):
        """One iteration with the others modelled by look_move (OPPONENT_POLICY "look"): the
        walk reuses each node's positions for determinisation ``si`` and so never chooses a
        reply twice; positions are copied before a move, never changed once kept. As in
        ``_iterate``, a new leaf is scored right after the bot's move, before the replies."""
        rng = self.rng
        node = root
        state = samples[si]
        path = []
        codes = list(root_legal)
        me = self.me
        reward = None  # MINIMAX: the reward of a new leaf, computed once for both uses
        while not state.is_over():
            code, node, expanded = self._child(state, node, codes)
            path.append(node)
            after = node.states.get(si)
            if after is None:
                after = node.states[si] = state.copy()
                after.apply_code(code)
                if self.blend:
                    reward = self._reward(after)
                    node.h += reward.get(me, 0.0)
                    node.hn += 1
            if expanded:
                state = after
                break
            reward = None
            state = node.ready.get(si)
            if state is None:
                state = after
                if not after.is_over() and acting_team(after) != me:
                    state = after.copy()
                    while not state.is_over() and acting_team(state) != me:
                        state.apply_code(look_move(state, state.legal_codes(), rng))
                node.ready[si] = state
            codes = distinct_codes(state, state.legal_codes())
        self._back_up(root, path, state, reward)
        if self.blend:
            # The best heuristic reward below each node of the walk, from the leaf up.
            # Every child has met a guess: its position is made the iteration it is expanded.
            for n in reversed(path):
                n.mm = max((c.mm for c in n.children.values()), default=n.h / n.hn)


def choose_move(
    knowledge: Knowledge,
    rng: random.Random,
    iterations: int,
    seconds: float | None = None,
    opponents: str | None = None,
    playout_depth: int = PLAYOUT_DEPTH,
) -> str:
    search = Search(knowledge, rng, iterations, seconds, playout_depth, opponents=opponents)
    return search.run()
