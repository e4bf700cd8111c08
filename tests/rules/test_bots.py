"""The bots (rules/bots): they never peek, they play only legal moves, they answer mid-turn
decisions, they honour their budgets, and their guesses at the hidden tiles are sound."""

import random
from collections import Counter

import pytest

from rules.jackal import Coord, Move, State, new_game, player_view
from rules.jackal.bots import LEVELS, Determiniser, choose, ismcts, probe, seat_knowledge
from rules.jackal.bots.carry import DETOUR, Carry
from rules.jackal.bots.knowledge import deck, shape
from rules.jackal.bots.probe import DIST, LAND, SEA, STRONG, distinct_codes, rewards, team_values

# Tiny budgets: the tests check behaviour, not strength.
FAST = {"normal": 12, "strong": 25}
SETUPS = [
    ("classic", 2, False),
    ("classic", 3, False),
    ("second-edition", 4, False),
    ("second-edition", 4, True),
    ("classic", 4, True),
    ("second-edition", 2, False),
]


def bot_move(level, state, seed):
    return choose(level, seat_knowledge(state, state.to_act()), seed, iterations=FAST.get(level))


def midgame(ruleset, players, teams, plies, seed="mid", stop=None):
    """A position after random plies (the same every run)."""
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_over() or (stop and stop(s)):
            break
        s.apply_code(rng.choice(s.legal_codes()))
    return s


def reshuffle_hidden(state, seat, seed):
    """The same position with the face-down tiles this seat has not seen dealt differently."""
    d = state.to_json()
    seen = set(d["face_up"]) | set(d.get("peeks", {}).get(str(seat), []))
    hidden = sorted(sq for sq in d["tiles"] if sq not in seen)
    texts = [d["tiles"][sq] for sq in hidden]
    random.Random(seed).shuffle(texts)
    d["tiles"].update(zip(hidden, texts, strict=True))
    d["seed"] = "another deal"
    return State.from_json(d)


@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_never_depends_on_the_hidden_deal(level, ruleset, players, teams):
    for plies in (6, 45):
        real = midgame(ruleset, players, teams, plies, seed=f"peek-{plies}")
        seat = real.to_act()
        other = reshuffle_hidden(real, seat, seed=plies)
        # The two deals really differ under the face-down tiles, and the seat cannot tell.
        assert real.to_json()["tiles"] != other.to_json()["tiles"]
        assert player_view(real, seat) == player_view(other, seat)
        assert seat_knowledge(real, seat) == seat_knowledge(other, seat)
        for seed in ("a", "b"):
            assert bot_move(level, real, seed) == bot_move(level, other, seed)


def test_the_knowledge_holds_no_face_down_tile_and_no_seed():
    s = midgame("second-edition", 2, False, 30)
    k = seat_knowledge(s, s.to_act())
    assert k.position["seed"] == ""
    assert set(k.position["tiles"]) == set(k.position["face_up"])


@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
def test_a_guess_keeps_what_the_seat_saw_and_deals_the_rest_of_the_deck(ruleset, players, teams):
    real = midgame(ruleset, players, teams, 60)
    seat = real.to_act()
    k = seat_knowledge(real, seat)
    det = Determiniser(k)
    for i in range(3):
        guess = det.sample(random.Random(i))
        g = guess.to_json()
        for sq in k.position["face_up"]:
            assert g["tiles"][sq] == k.position["tiles"][sq]
        for sq, text in (k.view.peeked or {}).items():
            assert g["tiles"][sq] == text
        assert sorted(shape(t) for t in g["tiles"].values()) == list(deck(ruleset, players, teams))
        assert player_view(guess, seat) == k.view


def test_guesses_differ_by_seed_and_repeat_for_the_same_seed():
    det = Determiniser(seat_knowledge(midgame("classic", 2, False, 10), 0))
    assert det.tiles(random.Random(1)) == det.tiles(random.Random(1))
    assert det.tiles(random.Random(1)) != det.tiles(random.Random(2))


def test_the_deck_by_shape_is_the_rulesets_whole_deck():
    classic = Counter(deck("classic", 2, False))
    assert sum(classic.values()) == 117
    assert classic["ogre"] == 1 and classic["crocodile"] == 4
    assert shape("arrow:E") == shape("arrow:S") == shape("arrow:N")
    assert shape("arrow:NE,SW") == shape("arrow:NW,SE") != shape("arrow:N,S")


def test_probe_reads_agree_with_the_position_json():
    s = midgame("second-edition", 4, False, 70)
    view = player_view(s, 0)
    assert [not c["sea"] for c in view.cells] == LAND
    assert DIST[0][168] == 12
    d = s.to_json()
    r = rewards(s)
    assert set(r) == {0, 1, 2, 3} and all(0 <= v <= 1 for v in r.values())
    a = s.search_arrays()  # what probe.py reads
    for name, info in d["pirates"].items():
        crew = "wybr".index(name[0].lower())
        p = 3 * crew + int(name[1]) - 1
        assert a.pieces[p] == (-1 if info is None else Coord.parse(info["cell"]).cell)
    assert [d["scores"][c] for c in s.crews] == [a.scores[c] for c in a.order]
    assert [str(Coord.of(a.ships[c])) for c in a.order] == [d["ships"][c] for c in s.crews]
    assert s.crews[a.order.index(a.crew_to_act)] == d["turn"] and a.over == d["over"]
    assert sum(a.coins.values()) == sum(d["coins"].values())
    assert [a.trap[3 * "wybr".index(n[0].lower()) + int(n[1]) - 1] == 1 for n in d["pirates"]] == [
        bool(info and info["trapped"]) for info in d["pirates"].values()
    ]
    on_island = d["total_coins"] - sum(d["scores"].values()) - d["sunk"] - d["eaten"]
    assert a.island == on_island and a.total == d["total_coins"]


def _with_pirate(state, name, info):
    d = state.to_json()
    d["pirates"][name] = info
    return State.from_json(d)


def test_the_search_bots_price_a_pirate_by_the_coins_left_and_fear_enemy_ships():
    s = midgame("classic", 2, False, 30)
    team = s.team_of(s.crew_owner("white"))
    alive = team_values(s, STRONG)[team]
    # A pirate lost early costs the search bots about a coin (the easy bot: 0.15, unchanged).
    dead = _with_pirate(s, "W3", None)
    assert alive - team_values(dead, STRONG)[team] > 1.0
    assert team_values(s)[team] - team_values(dead)[team] < 0.5
    # Caught in a trap: half a pirate.
    info = s.to_json()["pirates"]["W3"] or {"step": 0, "drunk": 0}
    trapped = _with_pirate(s, "W3", {**info, "trapped": True})
    lost = alive - team_values(trapped, STRONG)[team]
    assert 0.4 < lost < 1.0
    # Swimming next to an enemy ship is worth less than swimming away from it.
    a = s.search_arrays()
    enemy_ship = a.ships[s.crew_order[1]]
    free_sea = [c for c in range(169) if not LAND[c] and a.occupied[c] == 0]
    near = next(c for c in free_sea if DIST[c][enemy_ship] == 1)
    far = next(c for c in free_sea if min(DIST[c][a.ships[x]] for x in s.crew_order) > 3)
    at = {**info, "trapped": False, "step": 0}
    swim_near = _with_pirate(s, "W3", {**at, "cell": str(Coord.of(near))})
    swim_far = _with_pirate(s, "W3", {**at, "cell": str(Coord.of(far))})
    assert team_values(swim_far, STRONG)[team] - team_values(swim_near, STRONG)[team] > 0.5


def play(levels, ruleset, players, teams, seed, max_plies=None):
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    while not s.is_over() and (max_plies is None or s.ply < max_plies):
        move = bot_move(levels[s.to_act()], s, f"{seed}-{s.ply}")
        assert move in player_view(s, s.to_act()).legal_moves
        s.apply(move)  # validates: raises IllegalMove otherwise
    return s


@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
def test_every_level_plays_legal_moves(ruleset, players, teams):
    levels = (LEVELS * 2)[:players] if players < 4 else list(LEVELS)
    play(levels, ruleset, players, teams, seed=f"legal-{ruleset}-{players}", max_plies=40)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally(level, ruleset, players, teams):
    s = play([level] * players, ruleset, players, teams, seed=f"whole-{level}")
    assert s.is_over()


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_answers_a_mid_turn_decision(level, ruleset):
    s = midgame(ruleset, 2, False, 2000, seed="chain", stop=lambda s: s.pending)
    assert s.pending, "the random game reached a chain choice"
    view = player_view(s, s.to_act())
    assert bot_move(level, s, "x") in view.legal_moves


def test_easy_brings_a_held_coin_home():
    # Carry a coin towards the ship rather than wander off with it or drop it.
    for ruleset in ("classic", "second-edition"):
        s = midgame(ruleset, 2, False, 3000, seed="coin", stop=_coin_move_offered)
        assert _coin_move_offered(s)
        move = bot_move("easy", s, "c")
        assert move.endswith(("$", "*")), (move, player_view(s, s.to_act()).legal_moves)


def _coin_move_offered(s):
    # Under smoke (second edition) the next seat moves this crew, against its interest.
    own = s.to_act() == s.crew_owner(s.crew_to_act())
    return own and not s.pending and any(m.with_coin for m in s.legal_moves())


def test_same_seed_same_move_and_iteration_budget_is_exact():
    s = midgame("classic", 2, False, 40)
    k = seat_knowledge(s, s.to_act())
    a = ismcts.Search(k, random.Random(5), iterations=40, stop_early=False)
    b = ismcts.Search(k, random.Random(5), iterations=40, stop_early=False)
    assert a.run() == b.run()
    assert a.iterations == 40 and a.root.visits == 40
    assert sum(c.visits for c in a.root.children.values()) == 40


def test_stopping_early_never_changes_the_move():
    # The search stops once the most visited move cannot be overtaken by the iterations left;
    # the move must be the one the whole budget gives, and the budget is never exceeded.
    stopped = 0
    for ruleset, players, teams in SETUPS:
        for plies in (10, 30, 60, 90, 120):
            s = midgame(ruleset, players, teams, plies, seed=f"early-{plies}")
            if s.is_over():
                continue
            k = seat_knowledge(s, s.to_act())
            if len(k.view.legal_moves) < 2:
                continue
            full = ismcts.Search(k, random.Random(plies), iterations=300, stop_early=False)
            early = ismcts.Search(k, random.Random(plies), iterations=300)
            assert early.run() == full.run()
            assert full.iterations == 300 and early.iterations <= 300
            stopped += early.iterations < 300
    assert stopped, "no search stopped early: the test shows nothing"


def test_a_time_limit_cuts_the_search_short():
    s = midgame("second-edition", 4, False, 40)
    k = seat_knowledge(s, s.to_act())
    search = ismcts.Search(k, random.Random(5), iterations=10**9, seconds=0.2)
    assert search.run() in k.view.legal_moves
    assert search.elapsed < 0.6 and 0 < search.iterations < 10**9


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        choose("grandmaster", seat_knowledge(new_game(seed="x"), 0), 1)


def _twins_apart(state, code, other):
    """The positions after two moves, with the pirates' names taken out."""
    a, b = state.copy(), state.copy()
    a.apply_code(code)
    b.apply_code(other)
    cells = lambda s: sorted(s.search_arrays().pieces[:12])  # noqa: E731
    return cells(a), cells(b)


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_twin_pirates_moves_are_searched_once_and_nothing_else_is_dropped(ruleset):
    # At the start all three pirates are aboard: W1, W2 and W3 G1-G2 are one move.
    s = new_game(ruleset, players=2, seed="twins")
    codes = s.legal_codes()
    kept = distinct_codes(s, codes)
    assert set(kept) < set(codes)
    moves = [Move(c) for c in codes]
    by_square = {(str(m.target), m.kind) for m in moves}
    assert {(str(Move(c).target), Move(c).kind) for c in kept} == by_square
    assert sum(Move(c).kind == "ship" for c in kept) == sum(m.kind == "ship" for m in moves)
    dropped = next(c for c in codes if c not in kept)
    twin = next(c for c in kept if Move(c).target == Move(dropped).target)
    before, after = _twins_apart(s, dropped, twin)
    assert before == after  # the same position but for which twin stands where
    # Pirates on different squares (or one trapped) are not twins: nothing is dropped then.
    d = s.to_json()
    cells = ["D5", "E6", "F7"]
    for n, cell in enumerate(cells, 1):
        d["pirates"][f"W{n}"] = {**d["pirates"][f"W{n}"], "cell": cell, "step": 0}
    apart = State.from_json(d)
    assert distinct_codes(apart, apart.legal_codes()) == apart.legal_codes()
    d["pirates"]["W2"] = {**d["pirates"]["W2"], "cell": "D5", "trapped": True}
    one_trapped = State.from_json(d)
    moves = [Move(c) for c in distinct_codes(one_trapped, one_trapped.legal_codes())]
    assert {m.piece for m in moves if str(m.origin) == "D5"} >= {"W1"}
    assert distinct_codes(one_trapped, one_trapped.legal_codes()) == one_trapped.legal_codes()


def test_the_search_never_splits_its_budget_over_twins():
    s = new_game("classic", players=4, seed="twins")
    k = seat_knowledge(s, s.to_act())
    search = ismcts.Search(k, random.Random(1), iterations=200, stop_early=False)
    assert search.run() in k.view.legal_moves
    pieces_at_root = {Move(c).piece for c in search.root.children if Move(c).kind != "ship"}
    assert len(pieces_at_root) == 1


def _tree(node, depth=1):
    """(team, depth) of every node under ``node``."""
    for child in node.children.values():
        yield child.team, depth
        yield from _tree(child, depth + 1)


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_a_free_for_all_search_branches_on_its_own_turns_only(ruleset):
    # Four crews, four teams: the others play the glance policy inside the search, so every node
    # of the tree is one of the bot's own decisions and the tree reaches its later turns.
    s = midgame(ruleset, 4, False, 40)
    seat = s.to_act()
    k = seat_knowledge(s, seat)
    search = ismcts.Search(k, random.Random(3), iterations=400, stop_early=False)
    assert search.run() in k.view.legal_moves
    nodes = list(_tree(search.root))
    assert {team for team, _ in nodes} == {s.team_of(seat)}
    assert max(depth for _, depth in nodes) >= 3
    # Two teams (1 v 1, and 2 v 2 partners): the opponent's decisions are searched as before.
    for players, teams in ((2, False), (4, True)):
        s = midgame(ruleset, players, teams, 40)
        k = seat_knowledge(s, s.to_act())
        search = ismcts.Search(k, random.Random(3), iterations=400, stop_early=False)
        assert search.run() in k.view.legal_moves
        assert len({team for team, _ in _tree(search.root)}) == 2


def test_a_swimmer_is_worth_more_near_its_ship():
    s = midgame("classic", 4, False, 30)  # one crew a seat: its ship is the team's only one
    team = s.team_of(s.crew_owner("white"))
    a = s.search_arrays()
    ship = a.ships[s.crew_order[0]]
    foes = [a.ships[c] for c in s.crew_order[1:]]
    free_sea = [
        c
        for c in range(169)
        if not LAND[c] and a.occupied[c] == 0 and min(DIST[c][f] for f in foes) > 2
    ]
    near = min(free_sea, key=lambda c: SEA[ship][c])
    far = max(free_sea, key=lambda c: SEA[ship][c])
    info = {**(s.to_json()["pirates"]["W3"] or {}), "trapped": False, "step": 0, "drunk": 0}
    swim_near = _with_pirate(s, "W3", {**info, "cell": str(Coord.of(near))})
    swim_far = _with_pirate(s, "W3", {**info, "cell": str(Coord.of(far))})
    assert SEA[ship][far] - SEA[ship][near] >= 6
    # The search bots' pull home: a swim the farther from the ship, the worse; the easy bot's
    # evaluation (which reads only the loose coins' distance to the pirate) has no such pull.
    strong = team_values(swim_near, STRONG)[team] - team_values(swim_far, STRONG)[team]
    easy = team_values(swim_near)[team] - team_values(swim_far)[team]
    assert strong - easy == pytest.approx(STRONG.swim * (SEA[ship][far] - SEA[ship][near]))
    assert strong - easy > 0.15


def test_a_swimmer_counts_its_strokes_round_the_island():
    # The sea is a ring: along the side beside a corner every square is as far from a ship round
    # the corner by the straight line, but not by swimming (a logged swimmer went D13-C13-D13-E13
    # for 100 plies while the straight line saw no difference).
    ship = Coord.parse("A6").cell
    side = [Coord.parse(sq).cell for sq in ("E13", "D13", "C13")]
    assert len({DIST[c][ship] for c in side}) == 1
    # C13 cuts the corner through B12 (the corner square off the island is sea): 7 strokes.
    assert [SEA[ship][c] for c in side] == [9, 8, 7]
    assert SEA[ship][Coord.parse("A7").cell] == 1
    # Land has no strokes; the table is symmetric.
    assert SEA[ship][Coord.parse("F7").cell] == 99
    assert all(SEA[a][b] == SEA[b][a] for a in side for b in side)


def test_a_coin_is_carried_home_over_squares_it_may_cross():
    cell = lambda sq: Coord.parse(sq).cell  # noqa: E731
    ship = cell("G1")
    tiles = {sq: "empty" for sq in ("G2", "G3", "G4", "G5")}
    up = [0] * 169
    for sq in ("G2", "G3", "G4", "G5", "F3"):
        up[cell(sq)] = 1
    assert Carry(tiles).steps(cell("G5"), ship, up) == 4  # straight up the open column
    # A fortress on G3 (no coin may enter it): round it over F3, face up, still four steps.
    walled = {**tiles, "G3": "fortress", "F3": "empty"}
    assert Carry(walled).steps(cell("G5"), ship, up) == 4
    # F3 an ogre as well: no known way; the straight line plus a detour.
    shut = {**walled, "F3": "ogre"}
    assert Carry(shut).steps(cell("G5"), ship, up) == DIST[cell("G5")][ship] + DETOUR
    # A tile the search itself turned over counts as walkable.
    hidden = dict(tiles)
    del hidden["G3"]
    assert Carry(hidden).steps(cell("G5"), ship, up) == 4
    up[cell("G3")] = 0
    assert Carry(hidden).steps(cell("G5"), ship, up) == 4  # over F3, face up and unknown


def test_the_ship_sails_to_meet_a_coin_with_no_way_to_where_it_lies():
    cell = lambda sq: Coord.parse(sq).cell  # noqa: E731
    up = [0] * 169
    for sq in ("C2", "C3"):
        up[cell(sq)] = 1
    tiles = {"C2": "empty", "C3": "empty"}
    # The ship at G1, the coin on C3: no known way to G1, but two steps (C2, then aboard) to a
    # ship at D1, three berths of sailing from G1 (one a move, as the carrier's steps are).
    assert Carry(tiles).steps(cell("C3"), cell("G1"), up) == 3 + 2
    assert Carry(tiles).steps(cell("C3"), cell("C1"), up) == 2
    # Berths are along one side only: a ship on the west side does not sail round the corner.
    assert Carry(tiles).steps(cell("C3"), cell("A7"), up) == DIST[cell("C3")][cell("A7")] + DETOUR
    # A way known only to far berths (J1 and K1, beside K2): the sailing to J1 counts in full.
    far = [0] * 169
    far[cell("K2")] = 1
    assert Carry({"K2": "empty"}).steps(cell("K3"), cell("C1"), far) == 7 + 2


def test_a_spinner_costs_its_steps_to_cross_with_a_coin():
    cell = lambda sq: Coord.parse(sq).cell  # noqa: E731
    up = [0] * 169
    for sq in ("C2", "C3", "C4"):
        up[cell(sq)] = 1
    carry = Carry({"C2": "empty", "C3": "desert", "C4": "empty"})
    # C4 -> the desert at C3 (entered on step 1, two more steps) -> C2 -> aboard at C1: 5 moves,
    # not 3 (a logged game walked a coin into a desert and out again as if it were one step).
    assert carry.steps(cell("C4"), cell("C1"), up) == 5
    # A coin in the desert counts the steps still to cross: step 1 of 3 four moves, 3 of 3 two.
    assert [carry.steps(cell("C3"), cell("C1"), up, step=k) for k in (1, 2, 3)] == [4, 3, 2]
    assert (
        Carry({"C2": "empty", "C3": "empty", "C4": "empty"}).steps(cell("C4"), cell("C1"), up) == 3
    )


def test_a_ship_sails_to_meet_a_coin_only_with_a_pirate_of_its_team_aboard():
    cell = lambda sq: Coord.parse(sq).cell  # noqa: E731
    up = [0] * 169
    for sq in ("C2", "C3"):
        up[cell(sq)] = 1
    carry = Carry({"C2": "empty", "C3": "empty"})
    assert carry.steps(cell("C3"), cell("G1"), up, sails=True) == 3 + 2
    # Nobody aboard to sail it (ruling 1): the straight line to where it lies, plus the detour.
    assert carry.steps(cell("C3"), cell("G1"), up, sails=False) == 4 + DETOUR
    # In the evaluation: a white pirate holds a coin on C3 (four players: the white ship at G1 is
    # its only home). With its two mates aboard the ship sails to D1 to meet it; with both dead
    # nobody can sail it, and the coin is five steps further from home.
    s = new_game("classic", players=4, seed="aboard")
    team = s.team_of(s.crew_owner("white"))
    d = s.to_json()
    assert d["ships"]["white"] == "G1"
    d["pirates"]["W1"] = {**d["pirates"]["W1"], "cell": "C3", "step": 0, "trapped": False}
    d["coins"] = {**d["coins"], "C3": d["coins"].get("C3", 0) + 1}
    d["tiles"]["C2"], d["tiles"]["C3"] = "empty", "empty"
    d["face_up"] = sorted(set(d["face_up"]) | {"C2", "C3"})
    aboard = State.from_json(d)
    d["pirates"]["W2"] = d["pirates"]["W3"] = None
    nobody = State.from_json(d)
    tiles = {sq: d["tiles"][sq] for sq in d["face_up"]}
    a = aboard.search_arrays()
    pirate = STRONG.pirate + STRONG.pirate_share * a.island / a.total
    lost = (
        team_values(aboard, STRONG, Carry(tiles))[team]
        - team_values(nobody, STRONG, Carry(tiles))[team]
    )
    assert lost - 2 * pirate == pytest.approx(STRONG.held_step * ((4 + DETOUR) - 5))


def test_the_sailing_count_is_the_best_berth_of_the_side(monkeypatch):
    # One breadth-first pass from every berth of the side at once gives, for every square, the
    # least of (sailing to a berth + carrying the coin to a ship lying there) over the known ways;
    # with none, the straight line to where the ship lies plus the detour.
    from rules.jackal.bots import carry

    rng = random.Random(5)
    land = [c for c in range(169) if LAND[c]]
    for _ in range(20):
        up = [0] * 169
        tiles = {}
        for c in rng.sample(land, 70):
            up[c] = 1
            tiles[str(Coord.of(c))] = rng.choice(
                ["empty", "empty", "empty", "fortress", "ogre", "jungle", "swamp"]
            )
        ship = rng.choice(list(carry.SAILS))
        sailing = Carry(tiles)
        monkeypatch.setattr(carry, "SAIL", False)
        staying = Carry(tiles)
        berths = [(0, ship), *carry.SAILS[ship]]
        for cell in land:
            # A known way from any berth counts before the guess of the straight line.
            monkeypatch.setattr(carry, "DETOUR", 1000)
            best = min(sail + staying.steps(cell, berth, up) for sail, berth in berths)
            monkeypatch.setattr(carry, "DETOUR", DETOUR)
            if best >= 1000:
                best = DIST[cell][ship] + DETOUR
            monkeypatch.setattr(carry, "SAIL", True)
            assert sailing.steps(cell, ship, up) == best
            monkeypatch.setattr(carry, "SAIL", False)


def test_the_search_bots_bank_a_coin_on_the_allied_ship_in_one_v_one(monkeypatch):
    # In 1 v 1 each player commands two opposite crews, and a pirate may bank a coin on either
    # ship of its team (RULES.md, ruling 2): a white pirate holding a coin beside the black ship
    # is one step from home, not eleven.
    s = new_game("classic", players=2, seed="allied")
    team = s.team_of(s.crew_owner("white"))
    d = s.to_json()
    black = Coord.parse(d["ships"]["black"])
    beside = str(Coord(black.x, black.y - 1))
    d["pirates"]["W1"] = {**d["pirates"]["W1"], "cell": beside, "step": 0, "trapped": False}
    d["coins"] = {**d["coins"], beside: d["coins"].get(beside, 0) + 1}
    held = State.from_json(d)
    white = Coord.parse(d["ships"]["white"]).cell
    steps_to_white = DIST[Coord.parse(beside).cell][white]
    assert steps_to_white >= 10
    allied = team_values(held, STRONG)[team]
    monkeypatch.setattr(probe, "ALLIED", False)
    own_only = team_values(held, STRONG)[team]
    assert allied - own_only == pytest.approx(STRONG.held_step * (steps_to_white - 1))
    # The easy bot's evaluation (the arena's yardstick) is unchanged: its own ship only.
    monkeypatch.setattr(probe, "ALLIED", True)
    easy_value = team_values(held)[team]
    monkeypatch.setattr(probe, "ALLIED", False)
    assert team_values(held)[team] == easy_value


def test_the_search_bots_value_a_held_coin_by_its_way_home():
    s = midgame("classic", 4, False, 30)
    team = s.team_of(s.crew_owner("white"))
    d = s.to_json()
    ship = d["ships"]["white"]
    # A white pirate holding a coin three squares inland, the squares between it and the ship
    # face down: the way home is unknown, so the coin is worth less to the search than on the
    # straight line, and exactly as much once the way is face up.
    x, y = Coord.parse(ship).x, Coord.parse(ship).y
    inland = [str(Coord(x, y + k)) for k in (1, 2, 3)]
    d["pirates"]["W1"] = {**d["pirates"]["W1"], "cell": inland[2], "step": 0, "trapped": False}
    d["coins"] = {**d["coins"], inland[2]: d["coins"].get(inland[2], 0) + 1}
    for sq in inland:
        d["tiles"][sq] = "empty"
    d["face_up"] = sorted(set(d["face_up"]) - set(inland[:2]) | {inland[2]})
    closed = State.from_json(d)
    tiles = {sq: d["tiles"][sq] for sq in d["face_up"]}
    straight = team_values(closed, STRONG)[team]
    assert team_values(closed, STRONG, Carry(tiles))[team] < straight - 0.1
    d["face_up"] = sorted(set(d["face_up"]) | set(inland))
    opened = State.from_json(d)
    tiles = {sq: d["tiles"][sq] for sq in d["face_up"]}
    assert team_values(opened, STRONG, Carry(tiles))[team] == pytest.approx(
        team_values(opened, STRONG)[team]
    )
