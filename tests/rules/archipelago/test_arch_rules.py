"""The rule paragraphs of the Archipelago book: landing, boats, swimming, fights, the bear, the end
of the game, two-on-two."""

import pytest
from archipelago_kit import at, coins, island, kinds, put, roundtrip, turn

from rules.archipelago import ARCHIPELAGO
from rules.archipelago.geometry import cell_name, chebyshev, parse_cell
from rules.core import IllegalMove, SetupError

# -- landing ---------------------------------------------------------------------------------


def test_boats_land_in_turn_order_beside_beaches_and_not_beside_each_other():
    g = ARCHIPELAGO.new_game(3, "landing")
    assert g.phase == "place" and g.to_act() == {0}
    spots = g.legal_moves(0)
    for move in spots:
        cell = parse_cell(move.split()[1])
        assert g.is_water(cell)
        assert any(
            g.tiles.get((cell[0] + dx, cell[1] + dy), {}).get("back") == "B"
            for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))
        )
    assert "boat F1" not in spots  # beside a forest, not a beach
    g.apply(0, "boat F11")
    assert g.to_act() == {1}
    taken = {"boat F11", "boat E11", "boat G11", "boat E10", "boat G10"}
    assert not taken & set(g.legal_moves(1))
    with pytest.raises(IllegalMove):
        g.apply(1, "boat G11")
    g.apply(1, "boat A5")
    g.apply(2, "boat E1")
    assert g.phase == "play" and g.to_act() == {0}  # white goes first
    assert g.legal_moves(0)[0].startswith("W")


def test_the_recommended_landing_places_the_boats_at_once():
    g = ARCHIPELAGO.new_game(4, "landing", landing="recommended")
    assert g.phase == "play"
    assert {s: cell_name(c) for s, c in g.boats.items()} == {0: "F11", 1: "A5", 2: "E1", 3: "K7"}


# -- boats -----------------------------------------------------------------------------------


def test_a_boat_sails_as_far_as_its_own_pirates_aboard():
    g = island()
    three = {m for m in g.legal_moves(0) if m.startswith("boat")}
    assert "boat F11-I11" in three and "boat F11-J11" not in three
    put(g, "W1", "F10")
    put(g, "W2", "G10")
    one = {m for m in g.legal_moves(0) if m.startswith("boat")}
    assert one == {"boat F11-E11", "boat F11-G11"}
    put(g, "W3", "E10")
    assert not [m for m in g.legal_moves(0) if m.startswith("boat")]


def test_the_boat_carries_its_pirates_and_goes_anywhere_in_the_water():
    g = island()
    g.apply(0, "boat F11-I11")
    turn(g, 0)
    assert "W1 I11-H10" not in g.legal_moves(0)  # H10 is water
    assert "boat I11-K10" in g.legal_moves(0) and "boat I11-K9" not in g.legal_moves(0)
    g.apply(0, "boat I11-K10")
    turn(g, 0)
    g.apply(0, "boat K10-K8")
    turn(g, 0)
    assert "W1 K8-J8" in g.legal_moves(0)


def test_a_boat_jumps_over_a_row_of_boats_as_one_step():
    g = island()
    g.boats[1] = parse_cell("G11")
    g.boats[2] = parse_cell("H11") if 2 in g.boats else None
    g.boats = {0: parse_cell("F11"), 1: parse_cell("G11")}
    put(g, "W2", "F10")
    put(g, "W3", "F10")
    moves = {m for m in g.legal_moves(0) if m.startswith("boat")}
    assert moves == {"boat F11-E11", "boat F11-H11"}


def test_a_pirate_cannot_jump_into_the_sea_nor_board_an_enemy_boat():
    g = island()
    put(g, "W1", "E10")
    moves = [m for m in g.legal_moves(0) if m.startswith("W1")]
    assert "W1 E10-F11" in moves and "W1 E10-E11" not in moves and "W1 E10-D11" not in moves
    put(g, "W1", "B5")
    assert "W1 B5-A5" not in g.legal_moves(0)


def test_a_swimmer_follows_the_shore_round_corners_and_boards_its_boat():
    g = island()
    put(g, "W1", "E11", where="water")
    moves = {m for m in g.legal_moves(0) if m.startswith("W1")}
    assert moves == {"W1 E11-D10", "W1 E11-D11", "W1 E11-F11"}
    g.apply(0, "W1 E11-D10")  # a diagonal step round the corner of the island
    turn(g, 0)
    assert not any(
        parse_cell(m.split()[1].split("-")[1]) in g.tiles
        for m in g.legal_moves(0)
        if m.startswith("W1")
    )
    put(g, "W1", "E11", where="water")
    g.apply(0, "W1 E11-F11")
    assert at(g, "W1") == "boat"


def test_swimmers_fight_swimmers_and_a_boat_runs_them_down():
    g = island()
    put(g, "W1", "E11", where="water")
    put(g, "Y1", "D11", where="water")
    g.apply(0, "W1 E11-D11")
    assert at(g, "Y1") == "boat"
    g = island()
    put(g, "Y1", "G11", where="water")
    put(g, "W1", "F10")
    put(g, "W2", "F10")
    g.apply(0, "boat F11-G11")
    assert at(g, "Y1") == "boat" and g.pieces["Y1"]["boat"] == 1


# -- fights ----------------------------------------------------------------------------------


def test_an_attack_sends_every_enemy_on_the_square_back_to_its_boat():
    g = island()
    put(g, "W1", "F9")
    put(g, "Y1", "F8")
    put(g, "Y2", "F8")
    coins(g, "F9", 1)
    assert "W1 F9-F8 $" not in g.legal_moves(0)  # no attacking while dragging a coin
    ev = g.apply(0, "W1 F9-F8")
    assert kinds(ev).count("hit") == 2 and at(g, "Y1") == "boat" == at(g, "Y2")
    assert g.pieces["Y1"]["boat"] == 1 and g.coins[parse_cell("F9")] == 1


def test_two_on_two_allies_share_squares_and_boats_but_go_home_to_their_own():
    g = island(seats=4, teams=True)
    assert g.friendly(0, 2) and g.friendly(1, 3) and not g.friendly(0, 1)
    put(g, "W1", "F9")
    put(g, "R1", "F10")
    turn(g, 2)
    assert "R1 F10-F9" in g.legal_moves(2) and "R1 F10-F11" in g.legal_moves(2)
    g.apply(2, "R1 F10-F11")
    assert g.pieces["R1"]["boat"] == 0  # aboard white's boat
    assert g.boat_speed(0) == 2  # W2 and W3: an ally aboard does not row (ruling A31)
    put(g, "Y1", "F8")
    turn(g, 1)
    put(g, "R2", "F9")
    g.apply(1, "Y1 F8-F9")
    assert g.pieces["W1"]["boat"] == 0 and g.pieces["R2"]["boat"] == 2


def test_two_on_two_allies_score_together_and_play_in_the_books_order():
    with pytest.raises(SetupError):
        ARCHIPELAGO.new_game(3, "t", teams=True)
    g = island(seats=4, teams=True)
    g.stowed = [3, 2, 1, 5]
    g.removed = ["chest-1"] * 8
    g._finish("agreement", [])
    out = g.outcome()
    assert out.scores == {0: 4, 1: 7, 2: 4, 3: 7} and out.ranking == [[1, 3], [0, 2]]
    order = ARCHIPELAGO.new_game(4, "t", teams=True, landing="recommended")
    seen = []
    for _ in range(4):
        seat = min(order.to_act())
        seen.append(order.team(seat))
        order.apply(seat, order.legal_moves(seat)[0])
    assert seen == [0, 1, 0, 1]


# -- the bear --------------------------------------------------------------------------------


def test_the_bear_wakes_mauls_and_walks_after_its_wakers_turns():
    g = island({"F10": "?bear"})
    put(g, "Y1", "F6")
    ev = g.apply(0, "W1 F11-F10")
    assert "bear wakes" in kinds(ev) and at(g, "W1") == "boat"
    first = g.bear
    assert chebyshev(first, parse_cell("F10")) == 1 and first[0] != 5  # a diagonal step
    g.apply(1, "Y2 A5-B5")
    assert g.bear == first  # yellow's turn: the bear waits
    g.apply(0, "W2 F11-G10")
    assert g.bear != first and g.to_act() == {1}


def test_the_bear_prefers_the_square_orthogonally_next_to_its_quarry():
    g = island()
    g.bear, g.bear_waker = parse_cell("D5"), 0
    put(g, "Y1", "F5")
    ev = []
    g._bear_step(ev)
    assert cell_name(g.bear) == "E5"
    g._bear_step(ev)
    assert g.bear == parse_cell("F5") and at(g, "Y1") == "boat"


def test_the_bear_goes_for_the_first_pirate_clockwise_from_the_north():
    g = island()
    g.bear = parse_cell("F5")
    put(g, "Y1", "F7")
    put(g, "W1", "F3")
    assert cell_name(g.bear_target()) == "F3"


def test_the_bear_ignores_boats_and_sits_when_no_one_is_ashore():
    g = island()
    g.bear, g.bear_waker = parse_cell("F5"), 0
    put(g, "W1", "E11", where="water")
    ev = []
    g._bear_step(ev)
    assert kinds(ev) == ["bear sits"] and g.bear == parse_cell("F5")


def test_a_pirate_entering_the_bears_square_is_mauled_without_exploring_it():
    g = island({"F10": "?chest-2"})
    g.bear, g.bear_waker = parse_cell("F10"), 1
    g.apply(0, "W1 F11-F10")
    assert at(g, "W1") == "boat" and not g.tiles[parse_cell("F10")]["up"]


def test_the_bear_kills_the_missionary():
    g = island()
    g.pieces["M"] = dict(g.pieces["W1"], where="land", cell=parse_cell("E5"), convert=False)
    g.bear = parse_cell("E6")
    put(g, "W2", "E4")
    g._bear_step([])
    assert g.pieces["M"]["where"] == "gone"


# -- the end ---------------------------------------------------------------------------------


def test_the_game_ends_when_all_is_explored_and_the_last_coin_is_aboard():
    g = island()
    g.tiles[parse_cell("I3")]["up"] = True
    put(g, "W1", "F10")
    coins(g, "F10", 1)
    ev = g.apply(0, "W1 F10-F11 $")
    assert g.is_over() and ev[-1] == {"kind": "over", "reason": "all coins"}
    assert g.outcome().scores == {0: 1, 1: 0} and g.outcome().ranking == [[0], [1]]
    assert g.legal_moves(0) == [] == g.legal_moves(1)


def test_a_unanimous_vote_ends_the_game_and_one_refusal_goes_on():
    g = island(seats=3)
    g.apply(0, "offer end")
    assert g.to_act() == {1, 2} and g.legal_moves(1) == ["accept end", "refuse end"]
    g.apply(1, "accept end")
    g.apply(2, "refuse end")
    assert g.to_act() == {0} and "offer end" not in g.legal_moves(0)
    g.apply(0, "W1 F11-F10")
    g.apply(1, "offer end")
    g.apply(0, "accept end")
    g.apply(2, "accept end")
    assert g.is_over() and g.outcome().reason == "agreement"


# Changed with ruling A21 (issue 41): 30 quiet rounds used to end the game by themselves; the book
# ends it "by a unanimous vote", so now the site proposes that vote and the players decide.


def test_A21_after_the_quiet_rounds_the_site_proposes_the_end_and_the_players_decide():
    from rules.archipelago.position import QUIET_ROUNDS

    g = island(seats=3)
    g.quiet = QUIET_ROUNDS * 3 - 1
    ev = g.apply(0, "W1 F11-F10")
    assert not g.is_over() and g.phase == "vote"
    assert {"kind": "propose end", "rounds": QUIET_ROUNDS} in ev
    assert g.to_act() == {0, 1, 2}  # the site offered: every seat answers, the mover too
    assert g.legal_moves(1) == ["accept end", "refuse end"] == g.legal_moves(0)
    g = roundtrip(g)
    for seat in (2, 0, 1):
        g.apply(seat, "accept end")
    assert g.is_over() and g.outcome().reason == "agreement"


def test_A21_a_refused_proposal_comes_back_after_as_many_quiet_rounds_then_the_game_ends():
    from rules.archipelago.position import QUIET_LIMIT, QUIET_ROUNDS

    g = island()
    g.quiet = QUIET_ROUNDS * 2 - 1
    g.apply(0, "W1 F11-F10")
    g.apply(0, "accept end")
    g.apply(1, "refuse end")
    assert g.phase == "play" and g.to_act() == {1} and g.refusals == 1
    assert "refuse" not in str(g.legal_moves(1)) and "Y1 A5-B5" in g.legal_moves(1)
    g.apply(1, "Y1 A5-B5")
    assert g.phase == "play"  # no new proposal before another QUIET_ROUNDS rounds
    g = roundtrip(g)
    g.quiet = QUIET_ROUNDS * 2 * 2 - 1
    g.apply(0, "W1 F10-F9")
    assert g.phase == "vote" and g.to_act() == {0, 1}
    g.apply(1, "refuse end")
    # the guard: after QUIET_LIMIT quiet rounds the game ends as it stands, with no vote
    g.quiet = QUIET_LIMIT * 2 - 1
    g.apply(1, "Y1 B5-C5")
    assert g.is_over() and g.outcome().reason == "stalemate"


def test_A21_progress_forgets_the_refusals():
    from rules.archipelago.position import QUIET_ROUNDS

    g = island({"F10": "?empty"})
    g.quiet, g.refusals = QUIET_ROUNDS * 4, 1
    g.apply(0, "W1 F11-F10")  # turns a tile up
    assert g.quiet == 0 and g.refusals == 0 and g.phase == "play"
    assert "refusals" not in g.to_json()  # positions without refusals are as they always were


def test_bad_input_is_refused_and_changes_nothing():
    g = island()
    before = g.to_json()
    for bad in ("", "W9 F11-F10", "fly away", "W1 F11-F5", "boat Z99"):
        with pytest.raises((IllegalMove, ValueError)):
            g.apply(0, bad)
    with pytest.raises(IllegalMove):
        g.apply(1, "Y1 A5-B5")
    assert g.to_json() == before
    assert g.apply(0, "w1 f11-f10")[0]["piece"] == "W1"  # case does not matter


def test_moves_are_read_in_any_case_and_spacing():
    g = island({"F10": "?musket"})
    g.apply(0, "  w1   f11-F10 ")
    assert g.apply(0, "Fire ne")[0] == {"kind": "fire", "piece": "W1", "cell": "F10", "dir": "NE"}


def test_a_pirate_lands_on_any_square_beside_its_boat_diagonals_included():
    g = island()
    assert {m for m in g.legal_moves(0) if m.startswith("W1")} == {
        "W1 F11-E10",
        "W1 F11-F10",
        "W1 F11-G10",
    }


def test_anyone_may_take_a_coin_from_an_empty_bank():
    g = island({"F9": "bank"})
    coins(g, "F9", 2)
    put(g, "Y1", "G9")
    turn(g, 1)
    g.apply(1, "Y1 G9-F9")
    turn(g, 1)
    g.apply(1, "Y1 F9-F8 $")
    assert g.coins[parse_cell("F8")] == 1 and g.coins[parse_cell("F9")] == 1


def test_two_on_two_allies_rescue_each_other_from_the_pit():
    g = island({"F10": "pit"}, seats=4, teams=True)
    put(g, "W1", "F10")
    g.pieces["W1"]["trapped"] = True
    put(g, "R1", "F9")
    turn(g, 2)
    g.apply(2, "R1 F9-F10")
    assert not g.pieces["W1"]["trapped"] and not g.pieces["R1"]["trapped"]


def test_no_bottles_under_smoke():
    g = island({"F10": "pit"})
    g.bottles[1], g.bottle_supply = 1, 4
    g.smoke = 2
    g.slot = 1  # yellow's turn, played by white's seat
    put(g, "Y1", "F9")
    g.apply(0, "Y1 F9-F10")
    assert g.pieces["Y1"]["trapped"] and g.phase == "play" and g.bottles[1] == 1
