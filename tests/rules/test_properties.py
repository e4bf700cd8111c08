"""Property tests (hypothesis) and random playouts over many seeds and every player set-up.

Invariants: applying any legal move never raises; the 37 coins are conserved (on the island +
dragged + scored + sunk + eaten); never more than 3 pirates of a colour; replay reproduces the
state; the game ends.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.jackal import Move, State, new_game, player_view, replay
from rules.jackal.bots.random_bot import choose_move
from rules.jackal.geometry import BERTHS, LAND
from rules.jackal.position import CREW_MASK, P_NONE
from rules.jackal.tiles import CAVE, GALLEON, GOLD, OGRE, SPINNER, STOPPABLE, THICKET, TRAP

SETUPS = [(2, False), (3, False), (4, False), (4, True)]
RULESETS = ["classic", "second-edition"]
TOTAL = {"classic": 37, "second-edition": 40}  # second edition: 37 coins + the chest worth 3
MAX_PLIES = 50_000  # far above any game: the stalemate rule ends a game long before


def check_invariants(s: State) -> None:
    cc = s.coin_counts()
    assert (
        (cc["on_tiles"] + cc["hidden"] + cc["dragged"] + cc["scored"] + cc["sunk"] + cc["eaten"])
        == cc["total"]
        == TOTAL[s.ruleset]
    )
    assert cc["hidden"] == sum(
        s._arg[c] for c in range(169) if LAND[c] and s._kind[c] == GOLD and not s._up[c]
    ) + sum(3 for c in range(169) if LAND[c] and s._kind[c] == GALLEON and not s._up[c])
    occ = [0] * 169
    for p in range(15):
        if s._pc[p] >= 0:
            occ[s._pc[p]] |= 1 << p
    assert occ == s._occ
    view = player_view(s, None) if s.ply % 97 == 0 else None
    if view is not None:
        for crew in s.crews:
            assert sum(1 for p in view.pirates if p["crew"] == crew and p["alive"]) <= 3
    for c in range(4):
        if c in s._order:
            assert s._ship[c] in BERTHS[c] and s._shipc[s._ship[c]] == c
        else:
            assert all(s._pc[p] < 0 for p in range(3 * c, 3 * c + 3))
    for key, n in s._coins.items():
        cell, step = divmod(key, 8)
        assert n > 0 and s._up[cell] and s._kind[cell] in STOPPABLE
        assert step == 0 or (s._kind[cell] == SPINNER and step <= s._arg[cell])
    for p in range(15):
        cell = s._pc[p]
        if cell < 0:
            continue
        crew = s._pcrew[p]
        assert crew >= 0
        if LAND[cell]:
            assert s._up[cell]
            if s._pend == P_NONE or p != s._pp:
                assert s._kind[cell] in STOPPABLE or (p == 14 and s._kind[cell] == OGRE)
            if s._kind[cell] == SPINNER:
                assert 1 <= s._ps[p] <= s._arg[cell]
            else:
                assert s._ps[p] == 0
            if s._trap[p] == 1:
                assert s._kind[cell] == TRAP
            if s._trap[p] == 2:
                assert s._kind[cell] == CAVE
            enemies = s._occ[cell] & s._enemy[crew]
            for q in range(15):
                if enemies >> q & 1 and s._kind[cell] != THICKET:
                    assert s._kind[cell] == SPINNER and s._ps[q] != s._ps[p]
        else:
            ship = s._shipc[cell]
            if ship >= 0:
                assert s._friend[crew] & CREW_MASK[ship]
            elif s.ruleset == "classic":
                assert not s._occ[cell] & s._enemy[crew]
    if not s.is_over():
        assert s.legal_codes() and s.to_act() is not None
    else:
        assert s.legal_codes() == [] and s.to_act() is None and s.outcome() is not None


def playout(
    seed: str,
    players: int,
    teams: bool,
    rng: random.Random,
    check_every: int = 1,
    ruleset: str = "classic",
):
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    codes = []
    while not s.is_over():
        assert s.ply < MAX_PLIES
        code = rng.choice(s.legal_codes())
        codes.append(code)
        s.apply_code(code)
        if check_every and s.ply % check_every == 0:
            check_invariants(s)
    check_invariants(s)
    return s, codes


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(max_size=12),
    setup=st.sampled_from(SETUPS),
    rng=st.randoms(use_true_random=False),
    plies=st.integers(0, 400),
    ruleset=st.sampled_from(RULESETS),
)
def test_any_legal_move_applies_and_invariants_hold(seed, setup, rng, plies, ruleset):
    """Applying any legal move never raises (every one is tried on a copy), invariants hold after
    each ply, text moves round-trip, and replay reproduces the state."""
    players, teams = setup
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    texts = []
    for _ in range(plies):
        if s.is_over():
            break
        moves = s.legal_moves()
        if s.ply % 25 == 0:
            for m in moves:
                assert Move.parse(str(m)) == m
                s.copy().apply(m)
        move = rng.choice(moves)
        texts.append(str(move))
        s.apply(str(move))
        check_invariants(s)
    again = replay(ruleset, players, seed, texts, teams=teams)
    assert again.to_json() == s.to_json()


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players,teams", SETUPS)
def test_random_playouts_end_and_conserve_coins(players, teams, ruleset):
    """Whole random games for many seeds: every ply keeps the invariants and the game ends."""
    reasons = set()
    for i in range(12):
        s, _ = playout(
            f"playout-{players}-{teams}-{i}", players, teams, random.Random(i), ruleset=ruleset
        )
        reasons.add(s.outcome().reason)
        assert sum(s.outcome().scores.values()) == sum(s.scores().values())
    assert reasons <= {"all coins gone", "stalemate"}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players,teams", SETUPS)
def test_many_fast_playouts(players, teams, ruleset):
    """More whole games, invariants checked every 50 plies and at the end."""
    n = 100 if ruleset == "classic" else 40
    for i in range(n):
        playout(f"fast-{players}-{teams}-{i}", players, teams, random.Random(1000 + i), 50, ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_replay_reproduces_whole_games(ruleset):
    """replay(ruleset, players, seed, moves) gives the same state as playing them."""
    for i, (players, teams) in enumerate(SETUPS):
        s, codes = playout(
            f"replay-{i}", players, teams, random.Random(i), check_every=0, ruleset=ruleset
        )
        texts = [str(Move(c)) for c in codes]
        again = replay(ruleset, players, f"replay-{i}", texts, teams=teams)
        assert again.to_json() == s.to_json() and again.outcome() == s.outcome()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_bot_plays_whole_games_from_views_only(ruleset):
    """The random bot sees only the acting seat's view and plays through the public API."""
    for i, (players, teams) in enumerate(SETUPS):
        s = new_game(ruleset, players=players, seed=f"bot-{i}", teams=teams)
        rng = random.Random(i)
        while not s.is_over():
            view = player_view(s, s.to_act())
            s.apply(choose_move(view, rng))
        check_invariants(s)
        assert s.outcome().reason != "agreement"


def test_random_bot_never_offers_nor_accepts_to_end_the_game():
    """The bot plays on (ruling E16): a random offer would end games on a whim."""
    s = new_game("classic", players=2, seed="bot-agree")
    s.apply("offer end")
    s.apply(s.legal_moves()[0])
    view = player_view(s, s.to_act())
    assert "accept end" in view.legal_moves
    rng = random.Random(0)
    assert {choose_move(view, rng) for _ in range(200)} == set(view.legal_moves) - {"accept end"}
    s = new_game("classic", players=2, seed="bot-agree")
    view = player_view(s, 0)
    assert "offer end" in view.legal_moves
    assert "offer end" not in {choose_move(view, rng) for _ in range(200)}


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players,teams", SETUPS)
def test_slow_many_playouts(players, teams, ruleset):
    """Long run: 500 games per set-up with invariants every ply."""
    for i in range(500):
        playout(f"slow-{players}-{teams}-{i}", players, teams, random.Random(i), 1, ruleset)
