"""RULES.md rulings 1-10, one or more named tests each, built from hand-made positions; rulings
11-20 are in test_rulings_11_20.py.

Board reminders: White's ship starts at G1 (front tile G2), Yellow's at A7 (B7), Black's at G13
(G12), Red's at M7 (L7). Land is B..L x 2..12 without the corners B2, L2, B12, L12.
Unless a test says otherwise every land tile is a face-up empty tile.
"""

import pytest
from jackal_testkit import at, coins, legal, pirate, play, pos, tile_up

from rules.jackal import IllegalMove, NotationError, new_game

# -- 1. One action per turn, no passing --------------------------------------------------------


def test_ruling_01_one_action_then_the_turn_passes():
    """Ruling 1: one action per turn: move the ship, disembark one pirate, move one pirate, swim
    one sea cell, or revive."""
    s = new_game("classic", players=4, seed="r1")
    # `offer end` is no action: a free offer to end the game (ruling 20, E16).
    assert legal(s) == ["W1 G1-G2", "W2 G1-G2", "W3 G1-G2", "WS G1-F1", "WS G1-H1", "offer end"]
    play(s, "WS G1-H1")
    assert s.crew_to_act() == "yellow" and s.to_act() == 1


def test_ruling_01_no_passing():
    """Ruling 1: no passing: there is no such move."""
    s = new_game("classic", players=2, seed="r1")
    with pytest.raises(NotationError):
        s.apply("pass")
    assert s.ply == 0


def test_ruling_01_ship_never_rounds_a_corner():
    """Ruling 1: the ship moves one berth along its own side, never round a corner."""
    s = pos(ships={"white": "C1"})
    assert [m for m in legal(s) if m.startswith("WS")] == ["WS C1-D1"]


def test_ruling_01_empty_ship_cannot_sail():
    """Ruling 1 / EN FAQ 'Can an empty ship move? No'."""
    s = pos(pirates={"W1": "F5", "W2": "G5", "W3": "H5"})
    assert not [m for m in legal(s) if m.startswith("WS")]


def test_ruling_01_crew_without_action_is_skipped_and_logged():
    """Ruling 1: if a crew has no legal action at all, its turn is skipped automatically and the
    log says so."""
    s = pos(
        players=3,
        tiles={"D5": "trap"},
        pirates={"Y1": "D5", "Y2": None, "Y3": None},
        trapped=("Y1",),
    )
    lines = play(s, "WS G1-H1")
    assert "Yellow has no legal move and skips the turn" in lines
    assert s.crew_to_act() == "black"


# -- 2. Boarding -------------------------------------------------------------------------------


def test_ruling_02_board_from_the_three_tiles_touching_the_berth():
    """Ruling 2: boarding own ship from the three tiles touching the berth."""
    for square in ("F2", "G2", "H2"):
        s = pos(pirates={"W1": square})
        assert f"W1 {square}-G1" in legal(s)
    s = pos(pirates={"W1": "E2"})
    assert not [m for m in legal(s) if m.endswith("-G1")]


def test_ruling_02_forced_movement_ending_on_own_ship_boards():
    """Ruling 2: any forced movement that ends on the own ship boards it."""
    s = pos(tiles={"G2": "arrow:S"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G2")
    assert at(s, "W1") == "G1"


def test_ruling_02_pirate_on_enemy_ship_dies_even_on_purpose():
    """Ruling 2: a pirate that ends on an enemy ship dies (doing it on purpose is allowed)."""
    s = pos(pirates={"W1": "B7"})
    assert "W1 B7-A7" in legal(s)
    lines = play(s, "W1 B7-A7")
    assert at(s, "W1") is None
    assert "White 1 runs into the yellow ship at A7 and dies" in lines


def test_ruling_02_ship_runs_down_enemy_swimmer_and_picks_up_own():
    """Ruling 2: a ship that moves onto an enemy swimmer kills it; onto its own swimmer picks it
    up."""
    s = pos(pirates={"Y1": "H1"})
    play(s, "WS G1-H1")
    assert at(s, "Y1") is None
    s = pos(pirates={"W1": "F1"})
    play(s, "WS G1-F1")
    assert pirate(s, "W1")["cell"] == "F1"
    assert "W1 F1-F2" in legal_after_round(s)


def legal_after_round(s):
    """Let the other three crews of a 2-player game sail back and forth, then list White's moves."""
    for crew in ("Y", "B", "R"):
        ship_moves = [m for m in legal(s) if m.startswith(crew + "S")]
        play(s, ship_moves[0])
    return legal(s)


def test_ruling_02_swimmer_reaching_own_ship_boards():
    """Ruling 2: a swimmer that reaches its own or an allied ship boards it."""
    s = pos(pirates={"W1": "H1"})
    play(s, "W1 H1-G1")
    assert pirate(s, "W1")["cell"] == "G1"
    assert "W1 G1-G2" in legal_after_round(s)


# -- 3. Chains ---------------------------------------------------------------------------------


def test_ruling_03_chain_choice_is_a_decision_of_the_same_crew():
    """Ruling 3: when a tile offers a choice the same crew decides before the turn passes; each
    decision is its own ledger entry."""
    s = pos(tiles={"F5": "arrow:N,S"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert s.ply == 1 and s.crew_to_act() == "white" and s.pending == "arrow"
    assert legal(s) == ["W1 F5>F4", "W1 F5>F6"]
    play(s, "W1 F5>F6")
    assert s.ply == 2 and s.crew_to_act() == "yellow" and at(s, "W1") == "F6"


def test_ruling_03_face_down_tile_entered_by_forced_movement_is_revealed():
    """Ruling 3: a face-down tile entered by forced movement is revealed and resolved."""
    s = pos(tiles={"F5": "arrow:E", "G5": "?gold:3"}, pirates={"W1": "E5"})
    lines = play(s, "W1 E5-F5")
    assert at(s, "W1") == "G5" and tile_up(s, "G5") and coins(s) == {"G5": 3}
    assert "White 1 reveals a chest of 3 coins at G5" in lines


# -- 4. Cycles kill ----------------------------------------------------------------------------


def test_ruling_04_two_arrows_facing_each_other_kill():
    """Ruling 4: if forced movement would repeat itself without end (two arrows facing each
    other) the pirate dies."""
    s = pos(tiles={"F5": "arrow:E", "G5": "arrow:W"}, pirates={"W1": "E5"})
    lines = play(s, "W1 E5-F5")
    assert at(s, "W1") is None
    assert any("caught in a cycle and dies" in line for line in lines)


def test_ruling_04_single_arrow_into_a_crocodile_kills():
    """Ruling 4: a single arrow pointing into a crocodile is a cycle."""
    s = pos(tiles={"F5": "arrow:E", "G5": "crocodile"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") is None


# -- 5. Impossible outcomes kill ---------------------------------------------------------------


def test_ruling_05_coin_carrier_forced_onto_face_down_tile_dies_coin_returns():
    """Ruling 5: forced movement ends a coin carrier on a face-down tile: the pirate dies and the
    coin goes back to the tile where the action began. The tile stays face down."""
    s = pos(tiles={"F5": "arrow:E", "G5": "?empty"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert at(s, "W1") is None and coins(s) == {"E5": 1} and not tile_up(s, "G5")


def test_ruling_05_coin_carrier_forced_into_a_fortress_dies():
    """Ruling 5: ... into a fortress."""
    s = pos(tiles={"F5": "arrow:E", "G5": "fortress"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert at(s, "W1") is None and coins(s) == {"E5": 1}


def test_ruling_05_forced_onto_an_enemy_it_may_not_attack():
    """Ruling 5: ... or onto an enemy it may not attack (with a coin; or in a fortress)."""
    s = pos(tiles={"F5": "arrow:E"}, pirates={"W1": "E5", "Y1": "G5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert at(s, "W1") is None and at(s, "Y1") == "G5" and coins(s) == {"E5": 1}
    s = pos(tiles={"F5": "arrow:E", "G5": "fortress"}, pirates={"W1": "E5", "Y1": "G5"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") is None and at(s, "Y1") == "G5"


# -- 6. Coins ----------------------------------------------------------------------------------


def test_ruling_06_a_coin_only_goes_onto_face_up_tiles():
    """Ruling 6: with a coin only face-up tiles."""
    s = pos(tiles={"F5": "?empty"}, pirates={"W1": "E5"}, coins={"E5": 1})
    assert "W1 E5-F5" in legal(s) and "W1 E5-F5$" not in legal(s)
    assert "W1 E5-E6$" in legal(s)


def test_ruling_06_a_coin_carrier_cannot_attack_nor_enter_a_fortress():
    """Ruling 6: with a coin no attacks and no fortress."""
    s = pos(tiles={"F6": "fortress"}, pirates={"W1": "E5", "Y1": "F5"}, coins={"E5": 1})
    moves = legal(s)
    assert "W1 E5-F5" in moves and "W1 E5-F5$" not in moves
    assert "W1 E5-F6" in moves and "W1 E5-F6$" not in moves


def test_ruling_06_one_coin_per_pirate_scores_on_own_ship():
    """Ruling 6: a pirate drags at most one coin; ending on the own ship scores it."""
    s = pos(pirates={"W1": "G2"}, coins={"G2": 3})
    assert "W1 G2-G1$" in legal(s)
    play(s, "W1 G2-G1$")
    assert s.scores()["white"] == 1 and coins(s) == {"G2": 2}


def test_ruling_06_coin_scores_on_allied_ship_for_the_crew_and_team():
    """Ruling 6: ending on an allied ship scores it for the crew (team)."""
    s = pos(players=4, teams=True, pirates={"W1": "G12"}, coins={"G12": 1})
    play(s, "W1 G12-G13$")
    assert s.scores() == {"white": 1, "yellow": 0, "black": 0, "red": 0}
    assert pirate(s, "W1")["cell"] == "G13"


def test_ruling_06_entering_the_sea_sinks_the_coin():
    """Ruling 6: entering the sea sinks the coin (it leaves the game)."""
    s = pos(tiles={"B5": "arrow:W"}, pirates={"W1": "C5"}, coins={"C5": 1})
    play(s, "W1 C5-B5$")
    assert at(s, "W1") == "A5" and s.coin_counts()["sunk"] == 1 and coins(s) == {}


def test_ruling_06_coins_rest_only_where_a_pirate_can_stop():
    """Ruling 6: coins may only rest on tiles where a pirate can stop (not on arrows...)."""
    s = pos(tiles={"F5": "arrow:E", "G5": "ice"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert coins(s) == {"H5": 1} and at(s, "W1") == "H5"


# -- 7. Attack ---------------------------------------------------------------------------------


def test_ruling_07_attack_sends_every_enemy_to_its_own_ship_coins_stay():
    """Ruling 7: moving empty-handed onto enemies sends all of them back to their own ships (not
    an ally's); coins stay on the tile."""
    s = pos(players=4, teams=True, pirates={"W1": "E5", "Y1": "F5", "R1": "F5"}, coins={"F5": 2})
    play(s, "W1 E5-F5")
    assert pirate(s, "Y1")["cell"] == "A7" and pirate(s, "R1")["cell"] == "M7"
    assert at(s, "W1") == "F5" and coins(s) == {"F5": 2}


def test_ruling_07_attacked_swimmer_dies():
    """Ruling 7: in the sea the attacked swimmer dies."""
    s = pos(pirates={"W1": "A5", "Y1": "A4"})
    play(s, "W1 A5-A4")
    assert at(s, "Y1") is None and at(s, "W1") == "A4"


def test_ruling_07_no_attack_into_a_fortress():
    """Ruling 7: no attacks into a fortress."""
    s = pos(tiles={"F5": "fortress"}, pirates={"W1": "E5", "Y1": "F5"})
    assert "W1 E5-F5" not in legal(s)
    with pytest.raises(IllegalMove, match="enemies hold the fortress"):
        s.apply("W1 E5-F5")


def test_ruling_07_spinner_attack_only_from_the_step_right_behind():
    """Ruling 7: on a spinner an enemy can be hit only from the step right behind it (entering
    at step 1 hits enemies on step 1)."""
    s = pos(tiles={"F5": "desert"}, pirates={"W1": "F5.1", "Y1": "F5.2"})
    play(s, "W1 F5+")
    assert pirate(s, "Y1")["cell"] == "A7" and at(s, "W1") == "F5.2"
    s = pos(tiles={"F5": "desert"}, pirates={"W1": "E5", "Y1": "F5.1"})
    play(s, "W1 E5-F5")
    assert pirate(s, "Y1")["cell"] == "A7"
    s = pos(tiles={"F5": "desert"}, pirates={"W1": "F5.1", "Y1": "F5.3"})
    play(s, "W1 F5+")
    assert at(s, "Y1") == "F5.3" and at(s, "W1") == "F5.2"


# -- 8. Spinners -------------------------------------------------------------------------------


def test_ruling_08_spinner_one_step_per_action_leave_only_from_the_last():
    """Ruling 8: entering puts the pirate on step 1; each later action moves it one step; only
    from the last step may it leave."""
    s = pos(tiles={"F5": "jungle"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") == "F5.1"
    s = pos(tiles={"F5": "jungle"}, pirates={"W1": "F5.1"})
    assert [m for m in legal(s) if m.startswith("W1")] == ["W1 F5+"]
    play(s, "W1 F5+")
    s = pos(tiles={"F5": "jungle"}, pirates={"W1": "F5.2"})
    w1 = [m for m in legal(s) if m.startswith("W1")]
    assert "W1 F5+" not in w1 and len(w1) == 8


def test_ruling_08_enemies_on_different_steps_coexist():
    """Ruling 8: enemies on different steps coexist."""
    s = pos(tiles={"F5": "mountains"}, pirates={"W1": "E5", "Y1": "F5.2"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") == "F5.1" and at(s, "Y1") == "F5.2"


# -- 9. Ice ------------------------------------------------------------------------------------


def test_ruling_09_ice_repeats_a_step():
    """Ruling 9: ice repeats the move that brought the pirate onto it: the same vector."""
    s = pos(tiles={"F6": "ice"}, pirates={"W1": "E5"})
    lines = play(s, "W1 E5-F6")
    assert at(s, "W1") == "G7" and "White 1 slides on to G7" in lines


def test_ruling_09_ice_after_an_arrow_and_after_ice():
    """Ruling 9: ... the same vector for an arrow; ice after ice keeps sliding."""
    s = pos(tiles={"F5": "arrow:N", "F6": "ice", "F7": "ice"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") == "F8"


def test_ruling_09_ice_after_a_horse_is_another_knight_move():
    """Ruling 9: another knight move (any of them) after a horse."""
    s = pos(tiles={"F5": "horse", "G7": "ice"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "W1 F5>G7")
    assert s.pending == "horse" and s.crew_to_act() == "white"
    assert legal(s) == sorted(
        f"W1 G7>{sq}" for sq in ("H9", "I8", "I6", "H5", "F5", "E6", "E8", "F9")
    )


def test_ruling_09_ice_after_the_plane_is_another_flight():
    """Ruling 9: another flight after the plane."""
    s = pos(tiles={"F5": "plane", "J9": "ice"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "W1 F5^J9")
    assert s.pending == "flight"
    moves = legal(s)
    assert "W1 J9^C3" in moves and "W1 J9^G1" in moves and not any("stay" in m for m in moves)
    play(s, "W1 J9^C3")
    assert at(s, "W1") == "C3"


# -- 10. Horse ---------------------------------------------------------------------------------


def test_ruling_10_horse_offers_all_eight_knight_targets():
    """Ruling 10: any of the 8 knight targets on the 13x13 grid."""
    s = pos(tiles={"F5": "horse"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert legal(s) == sorted(
        f"W1 F5>{sq}" for sq in ("G7", "H6", "H4", "G3", "E3", "D4", "D6", "E7")
    )


def test_ruling_10_horse_boards_own_ship_kills_on_enemy_ship():
    """Ruling 10: own ship boards; enemy ship kills."""
    s = pos(tiles={"F3": "horse"}, pirates={"W1": "E3"}, coins={"E3": 1})
    play(s, "W1 E3-F3$", "W1 F3>G1$")
    assert pirate(s, "W1")["cell"] == "G1" and s.scores()["white"] == 1
    s = pos(tiles={"B5": "horse"}, pirates={"W1": "C5"})
    play(s, "W1 C5-B5", "W1 B5>A7")
    assert at(s, "W1") is None


def test_ruling_10_horse_into_open_sea_swims_and_sinks_the_coin():
    """Ruling 10: open sea means swimming (coin sinks)."""
    s = pos(tiles={"B5": "horse"}, pirates={"W1": "C5"}, coins={"C5": 1})
    play(s, "W1 C5-B5$", "W1 B5>A3$")
    assert at(s, "W1") == "A3" and s.coin_counts()["sunk"] == 1


def test_ruling_10_only_the_landing_tile_is_revealed():
    """Ruling 10: only the landing tile is revealed."""
    s = pos(default="?empty", tiles={"F5": "horse", "E5": "empty"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "W1 F5>G7")
    up = set(s.to_json()["face_up"])
    assert up == {"E5", "F5", "G7"}
