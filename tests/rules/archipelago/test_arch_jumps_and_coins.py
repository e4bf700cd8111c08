"""Issue 41: ice after a jump, and the coin rules of the book on the jumps, the labyrinths and the
face-down tiles (rulings A7, A8, A12, A13, A35 of docs/archipelago-rulings.md).

The book's words each test holds to:
- ice: "you must repeat your previous move [...] if you came in on a "horse", make another "horse"
  move";
- the sea: "a pirate cannot jump into the sea from land" (ruling A13);
- "When dragging a coin, you can only move to face-up tiles";
- "You cannot attack an enemy (see below) while dragging a coin";
- the tiles that refuse a coin are the jungle, the shrine and the fortress; the labyrinth's text
  says nothing of coins.
"""

from archipelago_kit import at, coins, island, kinds, put

from rules.archipelago.geometry import parse_cell


def test_ice_after_a_horse_is_another_horse_move_of_the_players_choice():
    # The position: horse E6, ice F4, W1 at E7 with a coin.
    g = island({"E6": "horse", "F4": "ice"})
    put(g, "W1", "E7")
    coins(g, "E7", 1)
    g.apply(0, "W1 E7-E6 $")
    ev = g.apply(0, "to F4")
    assert "coin sunk" not in kinds(ev) and g.to_act() == {0}
    # every knight move from F4 onto land is offered again
    assert {"to D3", "to D5", "to E6", "to G6", "to H3", "to H5"} <= set(g.legal_moves(0))
    g.apply(0, "to H5")
    assert at(g, "W1") == "H5" and g.coins[parse_cell("H5")] == 1 and g.coin_total() == 19


def test_ice_after_a_horse_by_the_sea_does_not_repeat_the_jump_into_the_sea():
    # Repeating E5 -> F3 from F3 would land in the sea at G1; the book gives another horse move.
    g = island({"E5": "horse", "F3": "ice"})
    put(g, "W1", "E6")
    coins(g, "E6", 1)
    g.apply(0, "W1 E6-E5 $")
    ev = g.apply(0, "to F3")
    assert "coin sunk" not in kinds(ev) and "swim" not in kinds(ev)
    moves = set(g.legal_moves(0))
    assert {"to H4", "to G5", "to D4"} <= moves and "to G1" not in moves and "to E1" not in moves
    g.apply(0, "to H4")
    assert at(g, "W1") == "H4" and g.coins[parse_cell("H4")] == 1


def test_ice_after_a_trampoline_is_another_throw_of_the_players_choice():
    # The issue's position: trampoline F5, ice F3, W1 at F6 with a coin (the repeat: into F1's sea).
    g = island({"F5": "trampoline", "F3": "ice"})
    put(g, "W1", "F6")
    coins(g, "F6", 1)
    g.apply(0, "W1 F6-F5 $")
    ev = g.apply(0, "to F3")
    assert "coin sunk" not in kinds(ev) and "swim" not in kinds(ev)
    moves = set(g.legal_moves(0))
    assert {"to D3", "to H3", "to D5", "to H5"} <= moves and "to F1" not in moves
    g.apply(0, "to H3")
    assert at(g, "W1") == "H3" and g.coins[parse_cell("H3")] == 1 and g.sunk == 0


def test_ice_at_the_edge_after_a_trampoline_throws_again_instead_of_off_the_map():
    # Changed with the ice ruling (issue 41): this position was A12's test, where the repeated
    # throw west from B5 left the map and killed the pirate. Another throw is offered instead.
    g = island({"D5": "trampoline", "B5": "ice"})
    put(g, "W1", "E5")
    g.apply(0, "W1 E5-D5")
    ev = g.apply(0, "to B5")
    assert "death" not in kinds(ev) and g.pieces["W1"]["where"] == "land"
    assert {"to D3", "to D7", "to B7"} <= set(g.legal_moves(0))


def test_A35_a_jump_dragging_a_coin_cannot_land_on_an_enemy():
    g = island({"F9": "horse"})
    put(g, "W1", "F8")
    put(g, "Y1", "G7")
    coins(g, "F8", 1)
    g.apply(0, "W1 F8-F9 $")
    assert "to G7" not in g.legal_moves(0) and "to E7" in g.legal_moves(0)
    # without a coin the jump may attack
    g = island({"F9": "horse"})
    put(g, "W1", "F8")
    put(g, "Y1", "G7")
    g.apply(0, "W1 F8-F9")
    g.apply(0, "to G7")
    assert at(g, "Y1") == "boat" and at(g, "W1") == "G7"


def test_A35_a_trampoline_throw_dragging_a_coin_cannot_land_on_an_enemy():
    g = island({"F9": "trampoline"})
    put(g, "W1", "F8")
    put(g, "Y1", "H9")
    coins(g, "F8", 1)
    g.apply(0, "W1 F8-F9 $")
    assert "to H9" not in g.legal_moves(0) and "to D9" in g.legal_moves(0)


def test_A7_a_horse_dragging_a_coin_lands_on_face_up_tiles_only():
    g = island({"F9": "horse", "G7": "?empty", "E7": "?chest-1"})
    put(g, "W1", "F8")
    coins(g, "F8", 1)
    g.apply(0, "W1 F8-F9 $")
    moves = set(g.legal_moves(0))
    assert "to G7" not in moves and "to E7" not in moves and "to H8" in moves
    # without the coin the face-down squares are open
    g = island({"F9": "horse", "G7": "?empty"})
    put(g, "W1", "F8")
    g.apply(0, "W1 F8-F9")
    assert "to G7" in g.legal_moves(0)


def test_A7_a_jump_dragging_a_coin_does_not_land_on_a_tile_that_refuses_coins():
    g = island({"F9": "horse", "G7": "jungle", "E7": "fortress", "H8": "shrine"})
    put(g, "W1", "F8")
    coins(g, "F8", 1)
    g.apply(0, "W1 F8-F9 $")
    # D8 is the one landing left, so the horse takes the pirate and its coin there at once
    assert at(g, "W1") == "D8" and g.coins[parse_cell("D8")] == 1


def test_A8_a_coin_goes_into_a_labyrinth_and_out_after_its_turns():
    g = island({"F9": "maze-2"})
    put(g, "W1", "F8")
    coins(g, "F8", 1)
    assert "W1 F8-F9 $" in g.legal_moves(0)
    g.apply(0, "W1 F8-F9 $")
    assert g.coins[parse_cell("F9")] == 1 and g.pieces["W1"]["stage"] == 1
    g.slot, g._cache = 0, None
    g.apply(0, "W1 F9-F9")
    g.slot, g._cache = 0, None
    assert "W1 F9-G9 $" in g.legal_moves(0)
    g.apply(0, "W1 F9-G9 $")
    assert g.coins[parse_cell("G9")] == 1 and parse_cell("F9") not in g.coins


def test_A8_a_forced_move_carries_the_coin_into_a_labyrinth():
    g = island({"F9": ("arrow-1", 1), "G9": "maze-3"})  # F9 points east, into the labyrinth
    put(g, "W1", "E9")
    coins(g, "E9", 1)
    g.apply(0, "W1 E9-F9 $")
    assert at(g, "W1") == "G9" and g.coins[parse_cell("G9")] == 1


def test_a_game_begun_under_rulings_1_keeps_them_so_its_ledger_replays():
    # Games started before issue 41 have no "rulings" in their position: they play on, and
    # replay, by the rules they were begun with (rules/archipelago/position.py, RULINGS).
    from rules.archipelago import ARCHIPELAGO
    from rules.archipelago.position import QUIET_ROUNDS

    new = island()
    assert new.to_json()["rulings"] == 2 and ARCHIPELAGO.options_of(new.to_json())["rulings"] == 2
    g = island({"F5": "trampoline", "F3": "ice", "G9": "maze-2"})
    g.rulings = 1
    doc = g.to_json()
    assert "rulings" not in doc and ARCHIPELAGO.options_of(doc)["rulings"] == 1
    g = ARCHIPELAGO.from_json(doc)
    assert g.rulings == 1 and "rulings" not in g.to_json()
    put(g, "W1", "F6")
    coins(g, "F6", 1)
    g.apply(0, "W1 F6-F5 $")
    ev = g.apply(0, "to F3")  # the old ice: the same throw again, into the sea
    assert "coin sunk" in kinds(ev) and at(g, "W1") == "F1"
    put(g, "W2", "F9")
    coins(g, "F9", 1)
    g.slot, g._cache = 0, None
    assert "W2 F9-G9 $" not in g.legal_moves(0)  # the old A8: no coin into a labyrinth
    g.quiet = QUIET_ROUNDS * 2 - 1
    g.apply(0, "W2 F9-F8")
    assert g.is_over() and g.outcome().reason == "stalemate"  # the old A21
