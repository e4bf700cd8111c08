"""RULES.md rulings 11-20 (crocodile to the end of the game), one or more named tests each, built
from hand-made positions; rulings 1-10 are in test_rulings.py.

Board reminders: White's ship starts at G1 (front tile G2), Yellow's at A7 (B7), Black's at G13
(G12), Red's at M7 (L7). Land is B..L x 2..12 without the corners B2, L2, B12, L12.
Unless a test says otherwise every land tile is a face-up empty tile.
"""

import pytest
from jackal_testkit import at, coins, legal, pirate, play, pos, tile_up

from rules.jackal import RULESETS, IllegalMove, new_game

# -- 11. Crocodile -----------------------------------------------------------------------------


def test_ruling_11_crocodile_sends_back_to_the_previous_cell():
    """Ruling 11: the crocodile sends the pirate back to the cell it came from."""
    s = pos(tiles={"F5": "crocodile"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") == "E5"


def test_ruling_11_crocodile_sends_back_aboard():
    """Ruling 11: ... back aboard if it came off the ship."""
    s = pos(tiles={"G2": "crocodile"})
    play(s, "W1 G1-G2")
    assert pirate(s, "W1")["cell"] == "G1"


def test_ruling_11_crocodile_back_onto_an_arrow_with_a_choice_left():
    """Ruling 11: the cell is entered again with its effect: back onto a two-headed arrow the
    pirate chooses again (the way it took is not offered again, see docs/rulings.md 4)."""
    s = pos(tiles={"E5": "arrow:N,E", "F5": "crocodile"}, pirates={"W1": "D5"})
    play(s, "W1 D5-E5", "W1 E5>F5")
    assert s.pending == "arrow" and legal(s) == ["W1 E5>E6"]
    play(s, "W1 E5>E6")
    assert at(s, "W1") == "E6"


def test_ruling_11_crocodile_back_onto_an_arrow_pointing_back_is_a_cycle():
    """Ruling 11: an arrow pointing back is a cycle (ruling 4)."""
    s = pos(tiles={"E5": "arrow:E", "F5": "crocodile"}, pirates={"W1": "D5"})
    play(s, "W1 D5-E5")
    assert at(s, "W1") is None


def test_ruling_11_crocodile_back_onto_a_spinner_starts_at_step_one():
    """Ruling 11: a spinner starts again at step 1 (EN FAQ: 'passed the rotator and met a
    crocodile: caught again')."""
    s = pos(tiles={"F5": "jungle", "G5": "crocodile"}, pirates={"W1": "F5.2"})
    play(s, "W1 F5-G5")
    assert at(s, "W1") == "F5.1"


# -- 12. Balloon -------------------------------------------------------------------------------


def test_ruling_12_balloon_carries_pirate_and_coin_to_its_own_ship():
    """Ruling 12: the balloon carries the pirate and its coin to its own ship at once."""
    s = pos(tiles={"F5": "balloon"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert pirate(s, "W1")["cell"] == "G1" and s.scores()["white"] == 1


def test_ruling_12_balloon_goes_to_own_ship_not_the_allys():
    """Ruling 12 / rulebook: in pairs the balloon takes the pirate to his own ship."""
    s = pos(players=4, teams=True, tiles={"G11": "balloon"}, pirates={"W1": "G10"})
    play(s, "W1 G10-G11")
    assert pirate(s, "W1")["cell"] == "G1"


# -- 13. Cannon --------------------------------------------------------------------------------


def test_ruling_13_cannon_into_own_ship_with_a_coin():
    """Ruling 13: own or allied ship there = aboard with the coin."""
    s = pos(tiles={"G5": "cannon:S"}, pirates={"W1": "F5"}, coins={"F5": 1})
    play(s, "W1 F5-G5$")
    assert pirate(s, "W1")["cell"] == "G1" and s.scores()["white"] == 1


def test_ruling_13_cannon_into_allied_ship():
    """Ruling 13: allied ship = aboard with the coin."""
    s = pos(players=4, teams=True, tiles={"G5": "cannon:N"}, pirates={"W1": "F5"}, coins={"F5": 1})
    play(s, "W1 F5-G5$")
    assert pirate(s, "W1")["cell"] == "G13" and s.scores()["white"] == 1


def test_ruling_13_cannon_into_enemy_ship_kills():
    """Ruling 13: enemy ship = death."""
    s = pos(tiles={"F7": "cannon:W"}, pirates={"W1": "G7"})
    play(s, "W1 G7-F7")
    assert at(s, "W1") is None


def test_ruling_13_cannon_kills_enemy_swimmer_and_sinks_coin():
    """Ruling 13: an enemy swimmer there is killed; else swimming, and the coin sinks."""
    s = pos(tiles={"F5": "cannon:W"}, pirates={"W1": "G5", "Y1": "A5"}, coins={"G5": 1})
    play(s, "W1 G5-F5$")
    assert at(s, "Y1") is None and at(s, "W1") == "A5" and s.coin_counts()["sunk"] == 1


def test_ruling_13_missing_corner_counts_as_sea():
    """Ruling 13: the first sea cell on the line (a missing corner counts as sea)."""
    s = pos(tiles={"B4": "cannon:S"}, pirates={"W1": "C4"})
    play(s, "W1 C4-B4")
    assert at(s, "W1") == "B2"


# -- 14. Plane ---------------------------------------------------------------------------------


def test_ruling_14_plane_fly_at_once_or_stay():
    """Ruling 14: the pirate may fly at once or stay."""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    moves = legal(s)
    assert "W1 F5 stay" in moves and "W1 F5^K11" in moves and "W1 F5^G1" in moves
    play(s, "W1 F5 stay")
    assert s.crew_to_act() == "yellow" and at(s, "W1") == "F5"


def test_ruling_14_waiting_pirates_next_move_is_the_flight():
    """Ruling 14: while it stays and the plane is unused, its next move from that tile is the
    flight."""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "F5"})
    w1 = [m for m in legal(s) if m.startswith("W1")]
    assert all("^" in m for m in w1) and "W1 F5^E5" in w1
    with pytest.raises(IllegalMove, match="means flying"):
        s.apply("W1 F5-E5")
    play(s, "W1 F5^E5")
    assert s.to_json()["plane_used"]


def test_ruling_14_flight_destinations():
    """Ruling 14: any island tile (a face-down one is revealed; never an occupied fortress; not
    face-down with a coin) or its own ship; one coin at most."""
    s = pos(
        tiles={"F5": "plane", "J9": "fortress", "K9": "?gold:2", "K10": "fortress"},
        pirates={"W1": "F5", "Y1": "J9"},
        coins={"F5": 5},
    )
    moves = legal(s)
    assert "W1 F5^J9" not in moves  # enemy fortress
    assert "W1 F5^K10" in moves and "W1 F5^K10$" not in moves  # no coin into a fortress
    assert "W1 F5^K9" in moves and "W1 F5^K9$" not in moves  # no coin onto face-down
    assert "W1 F5^G1$" in moves and "W1 F5^A7" not in moves  # own ship, not an enemy's
    play(s, "W1 F5^G1$")
    assert s.scores()["white"] == 1 and coins(s) == {"F5": 4}


def test_ruling_14_flight_reveals_a_face_down_tile():
    """Ruling 14: a face-down destination is revealed."""
    s = pos(tiles={"F5": "plane", "K9": "?rum"}, pirates={"W1": "F5"})
    play(s, "W1 F5^K9")
    assert tile_up(s, "K9") and pirate(s, "W1")["drunk"]


def test_ruling_14_the_plane_is_spent_after_one_flight():
    """Ruling 14: then the plane is spent."""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "F5", "W2": "F5"})
    play(s, "W1 F5^K9")
    s2 = pos(tiles={"F5": "plane"}, pirates={"W2": "F5"}, plane_used=True)
    assert "W2 F5-E5" in legal(s2) and not any("^" in m for m in legal(s2))
    assert s.to_json()["plane_used"]


def test_ruling_14_enemy_who_knocks_the_waiting_pirate_inherits_the_plane():
    """Ruling 14: an enemy who knocks the waiting pirate off inherits the chance (EN FAQ: 'I beat
    the enemy on the tile with the plane. Can I fly with it?')."""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "F5", "Y1": "E5"}, turn="yellow")
    play(s, "Y1 E5-F5")
    assert pirate(s, "W1")["cell"] == "G1"
    assert s.pending == "plane" and "Y1 F5^K9" in legal(s)


# -- 15. Trap ----------------------------------------------------------------------------------


def test_ruling_15_trap_holds_until_a_friend_comes_both_free():
    """Ruling 15: the pirate is stuck until a friendly pirate enters the tile (both are free, the
    rescuer does not fall in)."""
    s = pos(tiles={"F5": "trap"}, pirates={"W1": "E5", "W2": "E4"})
    play(s, "W1 E5-F5")
    assert pirate(s, "W1")["trapped"]
    s = pos(tiles={"F5": "trap"}, pirates={"W1": "F5", "W2": "E4"}, trapped=("W1",))
    assert not [m for m in legal(s) if m.startswith("W1")]
    lines = play(s, "W2 E4-F5")
    assert not pirate(s, "W1")["trapped"] and not pirate(s, "W2")["trapped"]
    assert "White 2 frees White 1 from the trap at F5" in lines


def test_ruling_15_allied_pirate_frees():
    """Ruling 15: a friendly or allied pirate frees (rulebook: in pairs an ally can rescue)."""
    s = pos(
        players=4,
        teams=True,
        tiles={"F5": "trap"},
        pirates={"W1": "F5", "B1": "E4"},
        trapped=("W1",),
        turn="black",
    )
    play(s, "B1 E4-F5")
    assert not pirate(s, "W1")["trapped"] and not pirate(s, "B1")["trapped"]


def test_ruling_15_enemy_entering_attacks_and_is_trapped_in_its_place():
    """Ruling 15: an enemy entering attacks the trapped pirate (sent to its ship) and is trapped
    in its place."""
    s = pos(tiles={"F5": "trap"}, pirates={"W1": "F5", "Y1": "E5"}, trapped=("W1",), turn="yellow")
    play(s, "Y1 E5-F5")
    assert pirate(s, "W1")["cell"] == "G1" and not pirate(s, "W1")["trapped"]
    assert pirate(s, "Y1")["trapped"]


# -- 16. Rum -----------------------------------------------------------------------------------


def test_ruling_16_rum_costs_the_pirate_its_crews_next_turn():
    """Ruling 16: that pirate may not act on its crew's next turn; the crew moves another piece."""
    s = pos(tiles={"F5": "rum"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "YS A7-A8", "BS G13-H13", "RS M7-M8")
    assert s.crew_to_act() == "white"
    assert not [m for m in legal(s) if m.startswith("W1")] and legal(s)
    with pytest.raises(IllegalMove, match="drunk"):
        s.apply("W1 F5-F6")
    play(s, "WS G1-H1", "YS A8-A7", "BS H13-G13", "RS M8-M7")
    assert "W1 F5-F6" in legal(s)


# -- 17. Ogre ----------------------------------------------------------------------------------


def test_ruling_17_ogre_kills_and_eats_the_coin():
    """Ruling 17: the ogre kills the pirate; a coin it dragged is eaten (EN FAQ: 'Does an ogre eat
    a pirate together with a coin? Yes')."""
    s = pos(tiles={"F5": "ogre"}, pirates={"W1": "E5"}, coins={"E5": 1})
    lines = play(s, "W1 E5-F5$")
    assert at(s, "W1") is None and s.coin_counts()["eaten"] == 1 and coins(s) == {}
    assert "White 1 is eaten by the ogre together with the coin" in lines


# -- 18. Fortress and the native girl ----------------------------------------------------------


def test_ruling_18_fortress_holds_any_number_of_friends():
    """Ruling 18: any number of friends in a fortress."""
    s = pos(tiles={"F5": "fortress"}, pirates={"W1": "F5", "W2": "F5", "W3": "E5"})
    play(s, "W3 E5-F5")
    assert at(s, "W3") == "F5"


def test_ruling_18_no_entry_with_a_coin_or_while_enemies_are_inside():
    """Ruling 18: no entry with a coin or while enemies are inside."""
    s = pos(
        tiles={"F5": "native", "F4": "fortress"}, pirates={"W1": "E5", "Y1": "F5"}, coins={"E5": 1}
    )
    moves = legal(s)
    assert "W1 E5-F5" not in moves and "W1 E5-F4" in moves and "W1 E5-F4$" not in moves


def test_ruling_18_revive_in_the_native_girls_fortress():
    """Ruling 18: if the crew's own colour has fewer than 3 living pirates and one of them stands
    here, one dead pirate returns here."""
    s = pos(tiles={"F5": "native"}, pirates={"W1": "F5", "W2": None, "W3": None})
    assert "W2 revive F5" in legal(s) and "W3 revive F5" not in legal(s)
    lines = play(s, "W2 revive F5")
    assert at(s, "W2") == "F5" and s.crew_to_act() == "yellow"
    assert "White 2 is revived in the native girl's fortress at F5" in lines


def test_ruling_18_no_revive_with_three_living():
    """Ruling 18: never more than 3 pirates of a colour."""
    s = pos(tiles={"F5": "native"}, pirates={"W1": "F5"})
    assert not [m for m in legal(s) if "revive" in m]


def test_ruling_18_revive_own_colour_only_in_teams():
    """Ruling 18: in teams only your own colour."""
    s = pos(
        players=4, teams=True, tiles={"F5": "native"}, pirates={"W1": "F5", "B1": None, "B2": "F5"}
    )
    assert not [m for m in legal(s) if "revive" in m]
    s = pos(
        players=4,
        teams=True,
        tiles={"F5": "native"},
        pirates={"W1": "F5", "B1": None, "B2": "F5"},
        turn="black",
    )
    assert [m for m in legal(s) if "revive" in m] == ["B1 revive F5"]


# -- 19. Dead crews ----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ruling_19_dead_crew_is_out_and_its_score_stands(ruleset):
    """Ruling 19: a crew with every pirate dead and no revive possible is out; its score stands.
    The same for the 2nd-edition FAQ: 'What happens if all my pirates are dead?'"""
    s = pos(
        ruleset=ruleset,
        players=3,
        pirates={"Y1": None, "Y2": None, "Y3": None},
        scores={"yellow": 2},
        coins={"E5": 1},
    )
    lines = play(s, "WS G1-H1")
    assert s.crew_to_act() == "black" and not any("Yellow" in line for line in lines)
    play(s, "B1 G13-G12", "W1 H1-H2")
    assert s.crew_to_act() == "black"
    # Yellow is out: Black and White alone end the game by agreement (E16).
    play(s, "offer end", "B1 G12-G11", "accept end")
    assert s.outcome().scores == {0: 0, 1: 2, 2: 0}


def test_ruling_19_last_pirate_killed_is_logged():
    """Ruling 19: the log says when a crew is out."""
    s = pos(players=3, pirates={"W1": "B7", "W2": None, "W3": None})
    lines = play(s, "W1 B7-A7")
    assert "White has no pirates left and is out of the game" in lines


# -- 20. End -----------------------------------------------------------------------------------


def test_ruling_20_game_ends_when_no_coin_is_left_on_the_island():
    """Ruling 20: the game ends when no coin is left on the island (all scored, sunk or eaten)."""
    s = pos(reserve=False, pirates={"W1": "G2"}, coins={"G2": 1}, scores={"yellow": 2})
    lines = play(s, "W1 G2-G1$")
    assert s.is_over() and s.to_act() is None and s.legal_moves() == []
    out = s.outcome()
    assert out.reason == "all coins gone" and out.scores == {0: 1, 1: 2}
    assert out.ranking == [[1], [0]]
    assert lines[-1].startswith("The game is over (all coins gone)")
    with pytest.raises(IllegalMove, match="over"):
        s.apply("YS A7-A8")


def test_ruling_20_coins_under_face_down_tiles_keep_the_game_going():
    """Ruling 20: the face-down tiles left can hold none - and while they hold some, it goes on."""
    s = pos(tiles={"K10": "?gold:1"}, pirates={"W1": "G2"}, coins={"G2": 1})
    play(s, "W1 G2-G1$")
    assert not s.is_over()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ruling_20_end_by_agreement(ruleset):
    """Ruling 20: it also ends by unanimous agreement of the players still in (E16: one offers,
    every other player still in accepts on their own turn)."""
    s = new_game(ruleset, players=3, seed="agree")
    play(s, "offer end", "WS G1-H1", "accept end")
    assert not s.is_over()
    play(s, "YS A7-A8", "accept end")
    assert s.is_over() and s.outcome().reason == "agreement"
    assert s.outcome().ranking == [[0, 1, 2]]


def test_ruling_20_stalemate_after_40_quiet_rounds():
    """Ruling 20: ... and by the stalemate rule: 40 full rounds in which no tile is revealed and
    no coin leaves the island."""
    s = pos(default="?empty", tiles={"K10": "?gold:1"})
    berths = {"W": ("G1", "H1"), "Y": ("A7", "A8"), "B": ("G13", "H13"), "R": ("M7", "M8")}
    for i in range(160):
        assert not s.is_over()
        crew = "WYBR"[i % 4]
        a, b = berths[crew]
        if i // 4 % 2:
            a, b = b, a
        play(s, f"{crew}S {a}-{b}")
    assert s.is_over() and s.outcome().reason == "stalemate"


def test_ruling_20_a_reveal_resets_the_stalemate_count():
    """Ruling 20: only rounds with no reveal and no coin leaving count."""
    s = pos(default="?empty")
    for _ in range(10):
        play(s, "WS G1-H1", "YS A7-A8", "BS G13-H13", "RS M7-M8")
        play(s, "WS H1-G1", "YS A8-A7", "BS H13-G13", "RS M8-M7")
    assert s.to_json()["quiet_turns"] == 80
    play(s, "W1 G1-G2")
    assert s.to_json()["quiet_turns"] == 0


def test_ruling_20_teams_add_their_ships_and_equal_totals_share_the_place():
    """Ruling 20: most coins wins (teams add their ships); equal totals share the place."""
    s = pos(
        players=4,
        teams=True,
        reserve=False,
        pirates={"W1": "G2"},
        coins={"G2": 1},
        scores={"black": 3, "yellow": 2, "red": 1},
    )
    play(s, "W1 G2-G1$")
    out = s.outcome()
    assert out.team_scores == {0: 4, 1: 3} and out.ranking == [[0, 2], [1, 3]]
    s = pos(
        players=4,
        reserve=False,
        pirates={"W1": "G2"},
        coins={"G2": 1},
        scores={"yellow": 1, "red": 1},
    )
    play(s, "W1 G2-G1$")
    assert s.outcome().ranking == [[0, 1, 3], [2]]


def test_ruling_07_going_ashore_onto_enemies_attacks_them():
    """Ruling 7: disembarking empty-handed onto enemies is an attack like any other move."""
    s = pos(pirates={"Y1": "G2", "Y2": "G2"})
    play(s, "W1 G1-G2")
    assert pirate(s, "Y1")["cell"] == "A7" and pirate(s, "Y2")["cell"] == "A7"
    assert at(s, "W1") == "G2"


def test_ruling_02_swimmer_boards_an_allied_ship():
    """Ruling 2: a swimmer that reaches its own or an allied ship boards it."""
    s = pos(players=4, teams=True, pirates={"W1": "H13"})
    play(s, "W1 H13-G13")
    assert pirate(s, "W1")["cell"] == "G13"
