"""Rulings of docs/archipelago-rulings.md that no tile or rule scenario already proves."""

import pytest
from archipelago_kit import at, coins, island, put, roundtrip, turn

from rules.archipelago.geometry import parse_cell
from rules.core import IllegalMove


def test_A7_a_forced_move_into_a_coin_refusing_tile_leaves_the_coin_where_the_move_began():
    g = island({"F9": ("arrow-1", 1), "G9": "jungle"})  # F9 points east, into the jungle
    put(g, "W1", "E9")
    coins(g, "E9", 1)
    g.apply(0, "W1 E9-F9 $")
    assert at(g, "W1") == "G9" and g.coins[parse_cell("E9")] == 1 and g.coin_total() == 19


def test_A7_a_forced_move_onto_a_face_down_tile_leaves_the_coin_where_the_move_began():
    # Changed with ruling A7 (issue 41): the coin used to go on onto the face-down tile; the book
    # says "when dragging a coin, you can only move to face-up tiles".
    g = island({"F9": ("arrow-1", 1), "G9": "?empty"})
    put(g, "W1", "E9")
    coins(g, "E9", 1)
    g.apply(0, "W1 E9-F9 $")
    assert at(g, "W1") == "G9" and g.tiles[parse_cell("G9")]["up"]
    assert g.coins[parse_cell("E9")] == 1 and parse_cell("G9") not in g.coins


def test_A11_an_arrow_onto_an_enemy_boat_kills_and_sinks_the_coin():
    g = island({"B6": ("arrow-1", 3)})  # turned three times: points west, to A6
    g.boats[1] = parse_cell("A6")
    put(g, "W1", "C6")
    coins(g, "C6", 1)
    g.apply(0, "W1 C6-B6 $")
    assert g.pieces["W1"]["where"] == "dead" and g.sunk == 1


def test_A15_the_missionary_drowns_in_the_sea_and_stays_on_the_balloon():
    g = island({"E10": ("arrow-1", 2), "G10": "balloon"})
    g.pieces["M"] = dict(g.pieces["W1"], where="land", cell=parse_cell("F10"), convert=False)
    g.apply(0, "M F10-G10")
    assert at(g, "M") == "G10"
    turn(g, 0)
    g.apply(0, "M G10-F10")
    turn(g, 0)
    g.apply(0, "M F10-E10")
    assert g.pieces["M"]["where"] == "gone"


def test_A16_the_missionary_drinks_one_bottle_and_his_crew_keeps_the_rest():
    g = island({"E9": "?bottle-2"})
    g.pieces["M"] = dict(g.pieces["W1"], where="land", cell=parse_cell("F9"), convert=False)
    g.apply(0, "M F9-E9")
    assert g.pieces["M"]["convert"] and g.bottles[0] == 1 and g.bottles_used == 1


def test_A17_the_musket_hits_one_pirate_of_the_nearest_square_and_ignores_shelters():
    g = island({"F10": "?musket", "F8": "fortress"})
    put(g, "Y1", "F8")
    put(g, "Y2", "F8")
    put(g, "W2", "F6")
    g.apply(0, "W1 F11-F10")
    g.apply(0, "fire N")
    assert at(g, "Y1") == "boat" and at(g, "Y2") == "F8" and at(g, "W2") == "F6"


def test_A17_a_shot_into_the_empty_sea_misses():
    g = island({"F10": "?musket"})
    g.apply(0, "W1 F11-F10")
    ev = g.apply(0, "fire E")
    assert ev[-1]["kind"] != "shot" and any(e["kind"] == "miss" for e in ev)


def test_A24_a_peek_is_shown_to_the_peeking_seat_only_not_to_its_ally():
    g = island({"F10": "?lighthouse", "C4": "?cannibal"}, seats=4, teams=True)
    g.apply(0, "W1 F11-F10")
    g.apply(0, "peek C4")
    assert g.view(0)["peeked"] == {"C4": "cannibal"}
    assert g.view(2)["peeked"] == {}


def test_A23_what_was_peeked_moves_with_the_tile_in_an_earthquake():
    g = island({"F10": "?earthquake", "C4": "?cannibal"})
    g.known[0].add(parse_cell("C4"))
    g.apply(0, "W1 F11-F10")
    g.apply(0, "swap C4 H8")
    assert g.view(0)["peeked"] == {"H8": "cannibal"}


def test_A26_the_bear_walks_on_its_wakers_turn_even_when_that_turn_is_skipped():
    g = island()
    g.bear, g.bear_waker = parse_cell("D4"), 1
    put(g, "W1", "F8")
    for pid in ("Y1", "Y2", "Y3"):
        g.pieces[pid].update(where="dead", cell=None, boat=None)
    before = g.bear
    g.apply(0, "W2 F11-G10")
    assert g.to_act() == {0} and g.bear != before  # yellow skipped, the bear walked


def test_A34_a_converted_missionary_counts_for_the_shrine_limit():
    g = island({"F9": "shrine"})
    put(g, "W1", "F9")
    g.pieces["W3"].update(where="dead", cell=None, boat=None)
    g.pieces["M"] = dict(g.pieces["W1"], where="land", cell=parse_cell("E9"), convert=True)
    g._cache = None
    assert g.fighters(0) == 3 and "revive W3" not in g.legal_moves(0)


def test_A23_the_finder_may_turn_each_swapped_arrow_once_then_the_arrow_pushes_its_new_way():
    g = island({"F10": "?earthquake", "C4": "arrow-1", "H8": "arrow-2"})
    g.apply(0, "W1 F11-F10")
    g.apply(0, "swap C4 H8")
    # C4 now holds the two opposite arrows (a half turn changes nothing), H8 the single arrow.
    assert sorted(g.legal_moves(0)) == ["keep", "turn C4 1", "turn H8 1", "turn H8 2", "turn H8 3"]
    assert g.to_act() == {0}
    g = roundtrip(g)
    events = g.apply(0, "turn h8 1")
    assert {"kind": "turn", "cell": "H8", "quarters": 1} in events
    assert g.tiles[parse_cell("H8")]["rot"] == 1
    # Each swapped arrow once: H8 is no longer offered, C4 still is.
    assert sorted(g.legal_moves(0)) == ["keep", "turn C4 1"]
    with pytest.raises(IllegalMove):
        g.apply(0, "turn H8 2")
    g.apply(0, "keep")
    assert g.to_act() == {1} and g.tiles[parse_cell("C4")]["rot"] == 0
    # The arrow that pointed north now points east: it pushes yellow's pirate from H8 to I8.
    put(g, "Y1", "H9")
    g.apply(1, "Y1 H9-H8")
    assert at(g, "Y1") == "I8"


def test_A23_face_down_tiles_and_other_pointing_tiles_are_not_turned():
    g = island({"F10": "?earthquake", "C4": "?arrow-1", "H8": ("cannon", 1)})
    g.apply(0, "W1 F11-F10")
    g.apply(0, "swap C4 H8")
    assert g.pending is None and g.to_act() == {1}
    assert g.tiles[parse_cell("H8")]["face"] == "arrow-1" and not g.tiles[parse_cell("H8")]["up"]
