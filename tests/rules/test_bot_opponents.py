"""The free-for-all search's opponent models (rules/bots/ismcts.py, OPPONENT_POLICY): the glance
(probe.best_move) and one ply ahead with easy's weights (probe.look_move), whose search keeps
each node's positions per guess at the hidden tiles."""

import random

import pytest
from test_bots import _coin_move_offered, midgame, reshuffle_hidden

from rules.jackal import Move, bots, new_game, player_view
from rules.jackal.bots import choose, ismcts, seat_knowledge
from rules.jackal.bots.probe import EASY, acting_team, look_move, team_values


def _margin_after(state, code, team):
    after = state.copy()
    after.apply_code(code)
    values = team_values(after, EASY)
    return values[team] - max(v for t, v in values.items() if t != team)


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_look_move_picks_the_move_easys_weights_value_most(ruleset):
    # Every decision of a random four-player game: no move leaves the acting team a better
    # margin over the best other team (easy's weights) than the one look_move picks.
    s = new_game(ruleset, players=4, seed="look")
    rng = random.Random(1)
    checked = 0
    while not s.is_over() and s.ply < 160:
        codes = s.legal_codes()
        if len(codes) > 1:
            team = acting_team(s)
            chosen = look_move(s, codes, random.Random(s.ply))
            best = max(_margin_after(s, c, team) for c in codes)
            assert _margin_after(s, chosen, team) >= best - 1e-5
            checked += 1
        s.apply_code(rng.choice(codes))
    assert checked > 100


def test_look_move_brings_a_held_coin_home():
    for ruleset in ("classic", "second-edition"):
        s = midgame(ruleset, 4, False, 3000, seed="coin", stop=_coin_move_offered)
        assert _coin_move_offered(s)
        a = s.search_arrays()
        codes = s.legal_codes()
        chosen = Move(look_move(s, codes, random.Random(0)))
        assert chosen.with_coin, (str(chosen), player_view(s, s.to_act()).legal_moves)
        landing = [
            c for c in codes if Move(c).with_coin and Move(c)._target == a.ships[a.crew_to_act]
        ]
        if landing:  # beside its ship the coin is landed
            assert chosen.code in landing


@pytest.fixture
def look(monkeypatch):
    # Every search level models the others by look_move (whatever the levels' defaults are).
    monkeypatch.setattr(ismcts, "OPPONENT_POLICY", "look")
    monkeypatch.setattr(bots, "FREE_FOR_ALL_OPPONENTS", {"normal": "look", "strong": "look"})


def _all_nodes(node):
    for child in node.children.values():
        yield child
        yield from _all_nodes(child)


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_the_look_search_keeps_its_own_turns_and_replies_chosen_once(look, ruleset):
    s = midgame(ruleset, 4, False, 40)
    seat = s.to_act()
    me = s.team_of(seat)
    k = seat_knowledge(s, seat)
    a = ismcts.Search(k, random.Random(3), iterations=150, stop_early=False)
    b = ismcts.Search(k, random.Random(3), iterations=150, stop_early=False)
    move = a.run()
    assert move == b.run() and move in k.view.legal_moves
    assert a.iterations == 150 and a.root.visits == 150
    nodes = list(_all_nodes(a.root))
    assert {n.team for n in nodes} == {me}
    assert any(n.children for n in a.root.children.values()), "the tree reached a later turn"
    for node in nodes:
        assert node.states, "a node holds the position after its move for a guess"
        assert set(node.ready) <= set(node.states)
        for state in node.ready.values():
            # After the replies it is the bot's own decision again (or the game is over).
            assert state.is_over() or acting_team(state) == me
    assert any(n.ready for n in nodes)


def test_the_look_search_never_depends_on_the_hidden_deal(look):
    for plies in (6, 45):
        real = midgame("second-edition", 4, False, plies, seed=f"peek-{plies}")
        seat = real.to_act()
        other = reshuffle_hidden(real, seat, seed=plies)
        assert real.to_json()["tiles"] != other.to_json()["tiles"]
        assert seat_knowledge(real, seat) == seat_knowledge(other, seat)
        for seed in ("a", "b"):
            moves = {
                choose("normal", seat_knowledge(state, seat), seed, iterations=30)
                for state in (real, other)
            }
            assert len(moves) == 1


def test_the_look_search_plays_a_whole_free_for_all_legally(look):
    s = new_game("classic", players=3, seed="look-whole")
    while not s.is_over() and s.ply < 150:
        seat = s.to_act()
        move = choose("normal", seat_knowledge(s, seat), f"w-{s.ply}", iterations=12)
        assert move in player_view(s, seat).legal_moves
        s.apply(move)
    assert s.ply >= 150 or s.is_over()


def test_strong_looks_and_normal_glances_in_a_free_for_all(monkeypatch):
    # The levels' opponent models (rules.bots.FREE_FOR_ALL_OPPONENTS): only strong calls
    # look_move for the others, and only in a free-for-all (1 v 1 searches the opponent).
    calls = []

    def counted(state, codes, rng):
        calls.append(len(codes))
        return look_move(state, codes, rng)

    monkeypatch.setattr(ismcts, "look_move", counted)
    four = midgame("classic", 4, False, 40)
    two = midgame("classic", 2, False, 40)
    for state, level, looks in (
        (four, "strong", True),
        (four, "normal", False),
        (two, "strong", False),
    ):
        calls.clear()
        move = choose(level, seat_knowledge(state, state.to_act()), "s", iterations=40)
        assert move in player_view(state, state.to_act()).legal_moves
        assert bool(calls) == looks, (level, looks)
    assert bots.FREE_FOR_ALL_BUDGETS["strong"] >= bots.FREE_FOR_ALL_BUDGETS["normal"]


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_the_look_search_backs_up_the_best_heuristic_reward_below(look, monkeypatch, ruleset):
    # Implicit minimax (ismcts.MINIMAX): every node keeps one heuristic reward per guess it has
    # a position for, and the best mean found below it; the blend steers the walk.
    s = midgame(ruleset, 4, False, 60)
    k = seat_knowledge(s, s.to_act())
    monkeypatch.setattr(ismcts, "MINIMAX", 0.5)
    search = ismcts.Search(k, random.Random(4), iterations=200, stop_early=False)
    move = search.run()
    assert move in k.view.legal_moves
    me = search.me
    nodes = list(_all_nodes(search.root))
    for node in nodes:
        assert node.hn == len(node.states)
        rewards = [search._reward(state)[me] for state in node.states.values()]
        assert node.h == pytest.approx(sum(rewards))
        below = [child.mm for child in node.children.values()]
        assert node.mm == pytest.approx(max(below) if below else node.h / node.hn)
    assert any(node.children for node in nodes), "the tree reached a later turn"
    monkeypatch.setattr(ismcts, "MINIMAX", 0.0)
    plain = ismcts.Search(k, random.Random(4), iterations=200, stop_early=False)
    plain.run()
    assert all(node.hn == 0 for node in _all_nodes(plain.root)), "off: nothing scored twice"
    visits = {code: child.visits for code, child in search.root.children.items()}
    assert visits != {code: child.visits for code, child in plain.root.children.items()}
