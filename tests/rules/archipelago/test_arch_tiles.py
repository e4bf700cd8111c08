"""Every tile of the Archipelago rulebook, one scenario (or more) each (see archipelago_kit)."""

import pytest
from archipelago_kit import at, coins, island, kinds, put, roundtrip, turn

from rules.archipelago.geometry import parse_cell, step
from rules.core import IllegalMove


def test_an_empty_tile_just_ends_the_move():
    g = island({"F10": "?empty"})
    ev = g.apply(0, "W1 F11-F10")
    assert kinds(ev)[:2] == ["move", "reveal"] and at(g, "W1") == "F10"
    assert g.to_act() == {1}


def test_a_chest_lays_its_coins_when_turned_up():
    g = island({"F10": "?chest-3"})
    ev = g.apply(0, "W1 F11-F10")
    assert {"kind": "treasure", "cell": "F10", "coins": 3} in ev
    assert g.coins[parse_cell("F10")] == 3 and g.coin_total() == 19


def test_a_coin_is_dragged_only_onto_face_up_tiles_and_stowed_aboard():
    g = island({"F8": "?empty"})
    put(g, "W1", "F9")
    coins(g, "F9", 2)
    moves = g.legal_moves(0)
    assert "W1 F9-F8 $" not in moves and "W1 F9-F8" in moves and "W1 F9-E9 $" in moves
    g.apply(0, "W1 F9-F10 $")
    turn(g, 0)
    g.apply(0, "W1 F10-F11 $")
    assert g.stowed == [1, 0] and at(g, "W1") == "boat" and g.coin_total() == 19


def test_a_single_arrow_pushes_on_and_may_carry_a_pirate_home():
    g = island({"F10": ("?arrow-1", 1)})  # turned once: points east
    g.apply(0, "W1 F11-F10")
    assert at(g, "W1") == "G10"
    g = island({"F10": ("arrow-1", 2)})  # points south, at the boat
    put(g, "W1", "F9")
    coins(g, "F9", 1)
    g.apply(0, "W1 F9-F10 $")
    assert g.stowed[0] == 1 and at(g, "W1") == "boat"


def test_an_arrow_into_the_sea_makes_a_swimmer_and_sinks_the_coin():
    g = island({"E10": ("arrow-1", 2)})
    put(g, "W1", "E9")
    coins(g, "E9", 1)
    ev = g.apply(0, "W1 E9-E10 $")
    assert at(g, "W1") == "E11" and g.pieces["W1"]["where"] == "water"
    assert g.sunk == 1 and "coin sunk" in kinds(ev) and g.coin_total() == 19


def test_several_arrows_let_the_pirate_choose():
    g = island({"F10": ("?arrow-2d", 0)})
    g.apply(0, "W1 F11-F10")
    assert g.to_act() == {0} and sorted(g.legal_moves(0)) == ["to E11", "to G9"]
    roundtrip(g)
    g.apply(0, "to G9")
    assert at(g, "W1") == "G9" and g.to_act() == {1}


def test_arrows_pointing_at_each_other_kill_the_pirate():
    g = island({"F9": ("arrow-1", 2), "F10": ("arrow-1", 0)})
    put(g, "W1", "E9")
    ev = g.apply(0, "W1 E9-F9")
    assert g.pieces["W1"]["where"] == "dead"
    assert [e["cause"] for e in ev if e["kind"] == "death"] == ["cycle"]


def test_a_labyrinth_takes_its_number_of_turns():
    g = island({"F10": "maze-3"})
    g.apply(0, "W1 F11-F10")
    for stage in (1, 2):
        turn(g, 0)
        assert [m for m in g.legal_moves(0) if m.startswith("W1")] == ["W1 F10-F10"]
        g.apply(0, "W1 F10-F10")
        assert g.pieces["W1"]["stage"] == stage + 1
    turn(g, 0)
    assert "W1 F10-F9" in g.legal_moves(0)


def test_in_a_labyrinth_only_the_enemy_one_step_ahead_is_in_reach():
    g = island({"F10": "maze-3"})
    put(g, "Y1", "F10")
    put(g, "Y2", "F10")
    g.pieces["Y1"]["stage"] = 1
    g.pieces["Y2"]["stage"] = 2
    g.apply(0, "W1 F11-F10")  # enters at stage 1
    assert at(g, "Y1") == "boat" and at(g, "Y2") == "F10"
    turn(g, 0)
    g.apply(0, "W1 F10-F10")
    assert at(g, "Y2") == "boat"


def test_the_horse_jumps_like_a_knight():
    g = island({"F10": "?horse"})
    g.apply(0, "W1 F11-F10")
    options = g.legal_moves(0)
    assert "to G8" in options and "to E8" in options and "to H9" in options
    assert "to F9" not in options
    g.apply(0, "to G8")
    assert at(g, "W1") == "G8"


def test_ice_repeats_the_move_that_brought_the_pirate():
    g = island({"F8": "ice"})
    put(g, "W1", "E8")
    g.apply(0, "W1 E8-F8")
    assert at(g, "W1") == "G8"
    g = island({"F10": "horse", "G8": "ice"})
    g.apply(0, "W1 F11-F10")
    # Changed with the ice ruling (issue 41): the ice no longer repeats the same (+1, -2) jump;
    # the book: "if you came in on a horse, make another horse move", any of them.
    g.apply(0, "to G8")
    assert {"to H6", "to E7", "to I7", "to F10"} <= set(g.legal_moves(0))
    g.apply(0, "to H6")
    assert at(g, "W1") == "H6"


def test_a_pit_holds_a_pirate_until_a_comrade_comes():
    g = island({"F10": "pit"})
    g.apply(0, "W1 F11-F10")
    turn(g, 0)
    assert not [m for m in g.legal_moves(0) if m.startswith("W1")]
    g.apply(0, "W2 F11-F10")
    assert not g.pieces["W1"]["trapped"] and not g.pieces["W2"]["trapped"]
    turn(g, 1)
    put(g, "Y1", "F9")
    g.pieces["W1"]["trapped"] = True
    g.apply(1, "Y1 F9-F10")  # not a rescue: a fight, and the pit closes on the attacker
    assert at(g, "W1") == "boat" and at(g, "W2") == "boat" and g.pieces["Y1"]["trapped"]


def test_a_barrel_skips_the_pirates_next_turn():
    g = island({"F10": "barrel"})
    g.apply(0, "W1 F11-F10")
    turn(g, 1)
    g.apply(1, "Y1 A5-B5")
    assert g.to_act() == {0} and not [m for m in g.legal_moves(0) if m.startswith("W1")]
    g.apply(0, "W2 F11-G10")
    g.apply(1, "Y1 B5-C5")
    assert [m for m in g.legal_moves(0) if m.startswith("W1")]


def test_a_bottle_tile_gives_its_bottles():
    g = island({"F10": "?bottle-2"})
    g.apply(0, "W1 F11-F10")
    assert g.bottles == [2, 0] and g.bottle_supply == 3


def test_a_bottle_frees_from_a_pit_or_a_labyrinth_after_the_action():
    g = island({"F10": "pit", "G10": "maze-5"})
    g.bottles[0] = 2
    g.bottle_supply = 3
    g.apply(0, "W1 F11-F10")
    assert g.phase == "bottle" and g.legal_moves(0) == ["bottle W1", "end turn"]
    g.apply(0, "bottle W1")
    assert not g.pieces["W1"]["trapped"] and g.to_act() == {1}
    turn(g, 0)
    g.apply(0, "W2 F11-G10")
    g.apply(0, "bottle W2")
    turn(g, 0)
    assert "W2 G10-G9" in g.legal_moves(0) and g.bottles == [0, 0] and g.bottles_used == 2


def test_the_crocodile_sends_the_pirate_back():
    g = island({"G9": "crocodile"})
    put(g, "W1", "F9")
    g.apply(0, "W1 F9-G9")
    assert at(g, "W1") == "F9"
    g = island({"F10": "?crocodile"})
    g.apply(0, "W1 F11-F10")
    assert at(g, "W1") == "boat"


def test_the_bank_holds_one_pirate_and_a_coin_keeps_him_safe():
    g = island({"F9": "bank"})
    put(g, "W1", "F9")
    put(g, "W2", "F8")
    put(g, "Y1", "G9")
    assert "W2 F8-F9" not in g.legal_moves(0)
    turn(g, 1)
    assert "Y1 G9-F9" in g.legal_moves(1)
    coins(g, "F9", 1)
    assert "Y1 G9-F9" not in g.legal_moves(1)


def test_no_fight_and_no_coin_in_the_jungle():
    g = island({"F9": "jungle"})
    put(g, "W1", "F9")
    put(g, "Y1", "G9")
    coins(g, "G9", 1)
    turn(g, 1)
    assert "Y1 G9-F9 $" not in g.legal_moves(1)
    g.apply(1, "Y1 G9-F9")
    assert at(g, "W1") == "F9" and at(g, "Y1") == "F9"


def test_the_lighthouse_shows_four_tiles_to_its_finder_only():
    g = island(
        {
            "F10": "?lighthouse",
            "C4": "?cannibal",
            "D4": "?chest-2",
            "E4": "?pit",
            "F4": "?ice",
            "G4": "?horse",
        }
    )
    ev = g.apply(0, "W1 F11-F10")
    for square in ("C4", "D4", "E4", "F4"):
        assert f"peek {square}" in g.legal_moves(0)
        ev += g.apply(0, f"peek {square}")
    assert g.to_act() == {1}
    assert g.view(0)["peeked"] == {"C4": "cannibal", "D4": "chest-2", "E4": "pit", "F4": "ice"}
    assert g.view(1)["peeked"] == {} and g.view(None)["peeked"] == {}
    assert "cannibal" not in str(ev)


def test_caramba_sends_the_pirate_home_and_drops_the_coin():
    g = island({"G9": "caramba"})
    put(g, "W1", "F9")
    coins(g, "F9", 1)
    g.apply(0, "W1 F9-G9 $")
    assert at(g, "W1") == "boat" and g.coins[parse_cell("G9")] == 1


def test_the_balloon_lifts_pirate_and_coin_to_the_own_boat():
    g = island({"G9": "balloon"}, seats=4, teams=True)
    put(g, "R1", "F9")  # red is white's ally, but the balloon goes to red's own boat
    coins(g, "F9", 1)
    turn(g, 2)
    g.apply(2, "R1 F9-G9 $")
    assert g.pieces["R1"]["boat"] == 2 and g.stowed == [0, 0, 1, 0]


def test_the_musket_fires_once_at_the_nearest_pirate_in_line():
    g = island({"F10": "?musket"})
    put(g, "Y1", "F8")
    put(g, "Y2", "F6")
    g.apply(0, "W1 F11-F10")
    assert sorted(g.legal_moves(0)) == sorted(
        f"fire {d}" for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    )
    ev = g.apply(0, "fire N")
    assert at(g, "Y1") == "boat" and at(g, "Y2") == "F6" and "shot" in kinds(ev)
    assert g.face_at(parse_cell("F10")) == "empty"


def test_the_shrine_revives_and_keeps_enemies_and_coins_out():
    g = island({"F9": "shrine"})
    put(g, "W1", "F9")
    g.pieces["W2"].update(where="dead", cell=None, boat=None)
    assert "revive W2" in g.legal_moves(0)
    g.apply(0, "revive W2")
    assert at(g, "W2") == "F9"
    turn(g, 0)
    assert not [m for m in g.legal_moves(0) if m.startswith("revive")]  # three in play
    put(g, "Y1", "G9")
    coins(g, "F8", 1)
    put(g, "W3", "F8")
    assert "W3 F8-F9 $" not in g.legal_moves(0)
    turn(g, 1)
    assert "Y1 G9-F9" not in g.legal_moves(1)


def test_the_crossroads_die_picks_the_arrow():
    g = island({"F9": "die"})
    put(g, "W1", "E9")
    ev = g.apply(0, "W1 E9-F9")
    roll = next(e["roll"] for e in ev if e["kind"] == "die")
    direction = ("N", "NE", "SE", "S", "SW", "NW")[roll - 1]
    to = step(parse_cell("F9"), direction)
    assert g.pieces["W1"]["cell"] == to or at(g, "W1") == "boat"
    again = island({"F9": "die"})
    put(again, "W1", "E9")
    assert again.apply(0, "W1 E9-F9") == ev  # the same seed and ply roll the same


def test_the_trampoline_throws_two_squares_even_into_the_boat():
    g = island({"F9": "trampoline"})
    put(g, "W1", "F8")
    coins(g, "F8", 1)
    g.apply(0, "W1 F8-F9 $")
    assert "to F11" in g.legal_moves(0) and "to F7" in g.legal_moves(0)
    assert "to H11" not in g.legal_moves(0)  # no jumping into the open sea
    g.apply(0, "to F11")
    assert g.stowed[0] == 1


def test_the_airplane_flies_once_to_any_free_face_up_square():
    g = island({"F10": "?airplane", "C4": "?empty"})
    put(g, "Y1", "D4")
    g.apply(0, "W1 F11-F10")
    options = g.legal_moves(0)
    assert "to E4" in options and "to D4" not in options and "to C4" not in options
    g.apply(0, "to E4")
    assert at(g, "W1") == "E4" and g.face_at(parse_cell("F10")) == "empty"


def test_the_cannon_shoots_into_the_sea_home_or_to_death():
    g = island({"F9": ("cannon", 0)})
    put(g, "W1", "E9")
    g.apply(0, "W1 E9-F9")
    assert at(g, "W1") == "F1" and g.pieces["W1"]["where"] == "water"
    g = island({"F9": ("cannon", 2)})
    put(g, "W1", "E9")
    coins(g, "E9", 1)
    g.apply(0, "W1 E9-F9 $")
    assert g.stowed[0] == 1
    g = island({"C5": ("cannon", 3)})  # west, at yellow's boat on A5
    put(g, "W1", "C4")
    g.apply(0, "W1 C4-C5")
    assert g.pieces["W1"]["where"] == "dead"


def test_smoke_hands_each_crew_to_the_next_player_for_a_round():
    g = island({"F10": "?smoke"}, seats=3)
    g.apply(0, "W1 F11-F10")
    # yellow's turn, played by red's seat (2) with yellow's crew and boat
    assert g.to_act() == {2} and {m.split()[0][0] for m in g.legal_moves(2)} == {"Y", "b"}
    assert "boat A5-A4" in g.legal_moves(2)
    g.apply(2, "Y1 A5-B5")
    assert g.to_act() == {0} and {m.split()[0][0] for m in g.legal_moves(0)} == {"R", "b"}
    g.apply(0, "R1 E1-E2")
    assert g.to_act() == {1} and g.legal_moves(1)[0].startswith("W")
    g.apply(1, "W2 F11-G10")
    assert g.to_act() == {1} and g.legal_moves(1)[0].startswith("Y")


def test_the_missionary_joins_the_finder_and_keeps_enemies_away():
    g = island({"F10": "?missionary"})
    g.apply(0, "W1 F11-F10")
    assert g.pieces["M"]["seat"] == 0 and at(g, "M") == "F10"
    put(g, "Y1", "G9")
    turn(g, 1)
    assert "Y1 G9-F10" not in g.legal_moves(1)
    turn(g, 0)
    assert "M F10-F9" in g.legal_moves(0) and "M F10-F11" not in g.legal_moves(0)


def test_a_bottle_turns_the_missionary_into_a_pirate():
    g = island({"F10": "?missionary", "E9": "?bottle-1"})
    g.apply(0, "W1 F11-F10")
    turn(g, 0)
    g.apply(0, "M F10-E9")  # he explores the bottle and drinks it himself
    assert g.pieces["M"]["convert"] and g.bottles == [0, 0] and g.bottles_used == 1
    g = island({"F10": "?missionary"})
    g.bottles[0], g.bottle_supply = 1, 4
    g.apply(0, "W1 F11-F10")
    assert "bottle M" in g.legal_moves(0)
    g.apply(0, "bottle M")
    assert g.pieces["M"]["convert"] and g.fighters(0) == 4


def test_the_earthquake_swaps_two_free_tiles():
    g = island({"F10": "?earthquake", "C4": "?chest-2", "H8": "pit"})
    put(g, "Y1", "D4")
    g.apply(0, "W1 F11-F10")
    moves = g.legal_moves(0)
    assert "swap C4 H8" in moves and not any("D4" in m or "F10" in m for m in moves)
    g.apply(0, "swap C4 H8")
    assert g.tiles[parse_cell("H8")]["face"] == "chest-2"
    assert not g.tiles[parse_cell("H8")]["up"] and g.tiles[parse_cell("C4")]["face"] == "pit"


def test_the_spyglass_speeds_up_the_boat():
    g = island({"F9": "spyglass"})
    assert g.boat_speed(0) == 3
    put(g, "W1", "F9")
    put(g, "W2", "F8")
    assert g.boat_speed(0) == 2


def test_the_cannibal_eats_pirate_and_coin():
    g = island({"G9": "cannibal"})
    put(g, "W1", "F9")
    coins(g, "F9", 1)
    g.apply(0, "W1 F9-G9 $")
    assert g.pieces["W1"]["where"] == "dead" and g.eaten == 1 and g.coin_total() == 19


def test_the_fortress_shelters_its_crew_and_refuses_coins():
    g = island({"F9": "fortress"})
    put(g, "W1", "F9")
    put(g, "W2", "F8")
    coins(g, "F8", 1)
    put(g, "Y1", "G9")
    assert "W2 F8-F9" in g.legal_moves(0) and "W2 F8-F9 $" not in g.legal_moves(0)
    turn(g, 1)
    assert "Y1 G9-F9" not in g.legal_moves(1)


def test_a_pending_choice_is_refused_for_other_moves():
    g = island({"F10": "horse"})
    g.apply(0, "W1 F11-F10")
    with pytest.raises(IllegalMove):
        g.apply(0, "W2 F11-G10")
