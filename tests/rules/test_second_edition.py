"""Second edition: the rulebook (FAQ included) and RULES.md rulings 21-27, plus where this edition
differs from the classic one (rulings 11, 14, 15). One named scenario test per rule. The
engine's own rulings S3-S11, the lighthouse's hidden information and the refused moves' errors
are in test_second_edition_engine.py.

Board reminders: White's ship at G1 (front G2), Yellow's at A7 (B7), Black's at G13, Red's at M7.
Unless a test says otherwise every land tile is a face-up empty tile.
"""

import json

import pytest
from jackal_testkit import at, chars, legal, play, se

from rules.jackal import IllegalMove, Move, State, new_game, player_view
from rules.jackal.decks import deck
from rules.jackal.tiles import tile_name

SE = "second-edition"


# -- the deck and the chest -------------------------------------------------------------------


def test_se_deck_is_the_rules_md_table():
    """RULES.md deck: 117 tiles; 18 empty, galleon, smoke x2, lighthouse, caves x4, earthquake,
    dense jungle x3, caramba, bottles 1/2/3 x3/2/1, Ben Gunn, Missionary, Friday."""
    tiles = deck("second-edition")
    names = [tile_name(k, a) for k, a in tiles]
    assert len(tiles) == 117
    assert sum(1 for n in names if n == "an empty tile") == 18
    for name, n in [
        ("the galleon's treasure chest", 1),
        ("a grass fire", 2),
        ("the lighthouse", 1),
        ("a cave", 4),
        ("the earthquake", 1),
        ("a dense jungle", 3),
        ("caramba", 1),
        ("1 message bottle", 3),
        ("2 message bottles", 2),
        ("3 message bottles", 1),
        ("Ben Gunn", 1),
        ("the Missionary", 1),
        ("Friday", 1),
    ]:
        assert names.count(name) == n, name


def test_se_coin_conservation_is_37_coins_plus_the_chest():
    """Rulebook 'Winning': the galleon's treasure counts as 3 coins: 37 + 3 = 40 on the island."""
    s = new_game(SE, players=4, seed="cc")
    cc = s.coin_counts()
    assert cc["hidden"] == cc["total"] == 40 and cc["chest"] is None
    assert new_game("classic", players=4, seed="cc").coin_counts()["total"] == 37


def test_se_galleon_chest_is_dragged_like_a_coin_and_scores_3():
    """Rulebook: the chest is dragged with the same rules as a coin, but is worth 3."""
    s = se(tiles={"G4": "?galleon"}, pirates={"W1": "G3"})
    lines = play(s, "W1 G3-G4")
    assert "White 1 reveals the galleon's treasure chest at G4" in " ".join(lines)
    assert s.coin_counts()["chest"] == "G4"
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6")
    assert "W1 G4-G3*" in legal(s) and "W1 G4-G3$" not in legal(s)
    play(s, "W1 G4-G3*", "YS A6-A7", "BS F13-G13", "RS M6-M7", "W1 G3-G2*")
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6", "W1 G2-G1*")
    assert s.scores()["white"] == 3
    cc = s.coin_counts()
    assert cc["scored"] == 3 and cc["chest"] is None


def test_se_chest_cannot_be_dragged_onto_a_face_down_tile():
    """Rulebook: with a coin (or the chest) only face-up tiles."""
    s = se(tiles={"G4": "?empty"}, pirates={"W1": "G3"}, chest="G3")
    assert "W1 G3-G4*" not in legal(s) and "W1 G3-G4" in legal(s)


# -- differences from the classic ruleset (rulings 11, 14, 15) --------------------------------


def test_se_ruling_14_plane_flies_at_once_to_a_revealed_tile_only():
    """Ruling 14 (second edition): only the first pirate to arrive may fly, immediately, to any
    revealed tile; never to a face-down tile or a ship."""
    s = se(tiles={"G4": "plane", "K9": "?empty", "C3": "fortress"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    moves = legal(s)
    assert "W1 G4^F7" in moves and "W1 G4^K9" not in moves and "W1 G4^G1" not in moves
    assert "W1 G4 stay" in moves
    play(s, "W1 G4^F7")
    assert at(s, "W1") == "F7"


def test_se_ruling_14_plane_not_used_at_once_is_lost():
    """Ruling 14 (second edition): otherwise the plane is lost."""
    s = se(tiles={"G4": "plane"}, pirates={"W1": "G3", "W2": "G3"})
    lines = play(s, "W1 G3-G4", "W1 G4 stay")
    assert "White 1 lets the plane go" in lines
    assert s.to_json()["plane_used"]
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6", "W2 G3-G4")
    assert s.pending is None and s.crew_to_act() == "yellow"


def test_se_ruling_15_bottle_frees_a_trapped_pirate():
    """Ruling 15 (second edition) / rulebook trap: a bottle lets a pirate climb out on its own."""
    s = se(tiles={"F5": "trap"}, pirates={"W1": "F5"}, trapped=("W1",), bottles={"white": 1})
    assert "W1 F5 bottle" in legal(s)
    lines = play(s, "W1 F5 bottle")
    assert "climbs out of the trap" in lines[0]
    assert s.crew_to_act() == "white"  # a free action: the turn goes on
    assert s.bottles()["white"] == 0 and "W1 F5-F6" in legal(s)


def test_se_ruling_15_enemy_falls_into_the_trap_and_beats_the_trapped_pirate():
    """Rulebook trap: an enemy moving on falls in, but attacks: the trapped pirate goes home."""
    s = se(tiles={"F5": "trap"}, pirates={"Y1": "F5", "W1": "F4"}, trapped=("Y1",))
    play(s, "W1 F4-F5")
    assert at(s, "Y1") == "A7" and s.to_json()["pirates"]["W1"]["trapped"]


def test_se_ruling_11_crocodile_sends_back_to_the_ship_after_disembarking():
    """Rulebook crocodile: after disembarking, back to the ship; otherwise back to the tile left."""
    s = se(tiles={"G2": "crocodile"})
    play(s, "W1 G1-G2")
    assert at(s, "W1") == "G1"
    s = se(tiles={"G4": "crocodile"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert at(s, "W1") == "G3"


def test_se_ruling_11_crocodile_and_an_arrow_back_kill():
    """Rulebook crocodile: if the tile left has an arrow sending you back, the pirate dies."""
    s = se(tiles={"G3": "arrow:N", "G4": "crocodile"}, pirates={"W1": "F2"})
    play(s, "W1 F2-G3")
    assert at(s, "W1") is None


# -- 21. characters ---------------------------------------------------------------------------


def test_se_ruling_21_ben_gunn_joins_the_revealing_crew_and_moves_as_its_action():
    """Ruling 21: a character joins the crew that reveals him and moves as that crew's action."""
    s = se(tiles={"G4": "?ben-gunn"}, pirates={"W1": "G3"})
    lines = play(s, "W1 G3-G4")
    assert "Ben Gunn joins the white crew" in " ".join(lines)
    assert chars(s)["BG"]["crew"] == "white" and chars(s)["BG"]["cell"] == "G4"
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6")
    assert "BG G4-G5" in legal(s)
    play(s, "BG G4-G5")
    assert chars(s)["BG"]["cell"] == "G5" and s.crew_to_act() == "yellow"


def test_se_ruling_21_ben_gunn_attacks_like_a_pirate():
    """Ruling 21: Ben Gunn keeps his sabre sharp: he attacks and is attacked like a pirate."""
    s = se(characters={"BG": ("white", "F5")}, pirates={"Y1": "F6"})
    play(s, "BG F5-F6")
    assert at(s, "Y1") == "A7"
    s = se(characters={"BG": ("yellow", "F5")}, pirates={"W1": "F4"})
    play(s, "W1 F4-F5")
    assert chars(s)["BG"]["cell"] == "A7"


def test_se_ruling_21_friday_is_harmless():
    """Rulebook Friday: he cannot attack anyone."""
    s = se(characters={"FR": ("white", "F5")}, pirates={"Y1": "F6"})
    assert "FR F5-F6" not in legal(s) and "FR F5-E6" in legal(s)


def test_se_ruling_21_friday_switches_to_the_crew_that_attacks_him():
    """Rulebook Friday: attacked, he surrenders and is controlled by the attacking player."""
    s = se(characters={"FR": ("yellow", "F5")}, pirates={"W1": "F4"})
    lines = play(s, "W1 F4-F5")
    assert any("Friday surrenders to White 1" in line for line in lines)
    assert chars(s)["FR"]["crew"] == "white" and chars(s)["FR"]["cell"] == "F5"


def test_se_ruling_21_friday_ignores_ogre_and_traps():
    """Rulebook Friday: not afraid of the ogre, does not fall into traps."""
    s = se(tiles={"F6": "ogre", "E6": "trap"}, characters={"FR": ("white", "F5")})
    play(s, "FR F5-F6")
    assert chars(s)["FR"]["cell"] == "F6"
    s = se(tiles={"E6": "trap"}, characters={"FR": ("white", "F5")})
    play(s, "FR F5-E6")
    assert not chars(s)["FR"]["trapped"]


def test_se_faq_friday_resting_with_the_ogre_eats_the_attacker_first():
    """FAQ: Friday rests with the ogre; an enemy trying to convert him is eaten first."""
    s = se(tiles={"F6": "ogre"}, characters={"FR": ("yellow", "F6")}, pirates={"W1": "F5"})
    play(s, "W1 F5-F6")
    assert at(s, "W1") is None and chars(s)["FR"]["crew"] == "yellow"


def test_se_ruling_21_friday_crosses_spinners_at_once():
    """Rulebook Friday: on a difficult terrain tile he stands on step I and may leave at once."""
    s = se(tiles={"F6": "mountains"}, characters={"FR": ("white", "F5")})
    play(s, "FR F5-F6")
    assert chars(s)["FR"]["step"] == 1
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6")
    assert "FR F6-F7" in legal(s) and "FR F6+" not in legal(s)


def test_se_ruling_21_missionary_cannot_attack_drag_or_share_with_enemies():
    """Rulebook Missionary: cannot attack, cannot drag coins, cannot stand with an enemy."""
    s = se(characters={"MI": ("white", "F5")}, pirates={"Y1": "F6"}, coins={"F5": 1})
    moves = legal(s)
    assert "MI F5-F6" not in moves and "MI F5-E6" in moves
    assert not [m for m in moves if m.startswith("MI") and m.endswith("$")]


def test_se_ruling_21_missionary_shields_his_tile():
    """Rulebook Missionary: he cannot be attacked, nor can a pirate on his tile."""
    s = se(characters={"MI": ("yellow", "F5")}, pirates={"Y1": "F5", "W1": "F4"})
    assert "W1 F4-F5" not in legal(s)


def test_se_ruling_21_missionary_shielded_pirate_cannot_attack():
    """Rulebook Missionary: a pirate on his tile cannot attack either."""
    s = se(characters={"MI": ("white", "F5")}, pirates={"W1": "F5", "Y1": "F6"})
    play(s, "W1 F5-F6")  # W1 leaves the Missionary's tile, then it may attack
    assert at(s, "Y1") == "A7"


def test_se_ruling_21_friday_and_the_missionary_leave_together():
    """Rulebook: if Friday meets the Missionary they both leave the game."""
    s = se(characters={"FR": ("white", "F5"), "MI": ("yellow", "F6")})
    lines = play(s, "FR F5-F6")
    assert any("meets the Missionary" in line for line in lines)
    assert chars(s)["FR"]["gone"] and chars(s)["MI"]["gone"]


def test_se_ruling_21_bottle_turns_the_missionary_into_a_pirate():
    """Rulebook Missionary: passed a bottle he becomes an ordinary pirate."""
    s = se(
        characters={"MI": ("white", "F5")}, pirates={"W1": "F4", "Y1": "F6"}, bottles={"white": 1}
    )
    play(s, "W1 F4 bottle F5")
    assert chars(s)["MI"]["converted"]
    assert "MI F5-F6" in legal(s)
    play(s, "MI F5-F6")
    assert at(s, "Y1") == "A7"


def test_se_ruling_21_bottle_sends_friday_away():
    """Rulebook Friday: passed a bottle he reads it and leaves the game."""
    s = se(characters={"FR": ("yellow", "F5")}, pirates={"W1": "F4"}, bottles={"white": 2})
    play(s, "W1 F4 bottle F5")
    assert chars(s)["FR"]["gone"] and s.bottles()["white"] == 1


def test_se_faq_q5_bottle_to_friday_on_the_ship_from_the_neighbouring_tile():
    """FAQ: can I give Friday a bottle when he is on the ship? Yes, from the neighbouring tile."""
    s = se(characters={"FR": ("white", "G1")}, pirates={"W1": "F2"}, bottles={"white": 1})
    assert "W1 F2 bottle G1" in legal(s)


def test_se_faq_missionary_in_a_fortress_gets_a_bottle_over_the_fence():
    """FAQ: the Missionary stands in the fortress; a bottle can be passed to him."""
    s = se(
        tiles={"F5": "fortress"},
        characters={"MI": ("white", "F5")},
        pirates={"W1": "F4"},
        bottles={"white": 1},
    )
    assert "W1 F4 bottle F5" in legal(s)


def test_se_faq_friday_finding_bottles_uses_one_and_leaves():
    """FAQ: if Friday finds bottles, one disappears and Friday leaves; the crew keeps the rest."""
    s = se(tiles={"F6": "?bottles:3"}, characters={"FR": ("white", "F5")})
    play(s, "FR F5-F6")
    assert chars(s)["FR"]["gone"] and s.bottles()["white"] == 2


def test_se_faq_missionary_finding_a_bottle_becomes_a_pirate():
    """FAQ: if the Missionary finds a bottle, one disappears and he becomes a pirate."""
    s = se(tiles={"F6": "?bottles:1"}, characters={"MI": ("white", "F5")})
    play(s, "MI F5-F6")
    assert chars(s)["MI"]["converted"] and s.bottles()["white"] == 0


def test_se_faq_q4_revive_with_the_missionary_aboard():
    """FAQ: three pirates and the Missionary, one pirate dead: revive? Yes (he is no pirate).
    Ruling 21: the 3-pirate limit counts the crew's own-colour pirates only."""
    s = se(
        tiles={"F5": "native"}, pirates={"W1": "F5", "W3": None}, characters={"MI": ("white", "F5")}
    )
    assert "W3 revive F5" in legal(s)


def test_se_faq_characters_cannot_revive_with_the_native_girl():
    """FAQ: can the Missionary, Ben Gunn or Friday revive a pirate with the native girl? No."""
    s = se(
        tiles={"F5": "native"}, pirates={"W1": "G3", "W3": None}, characters={"BG": ("white", "F5")}
    )
    assert "W3 revive F5" not in legal(s)


# -- 22. bottles ------------------------------------------------------------------------------


def test_se_ruling_22_bottles_are_the_teams_and_show_in_the_view():
    """Ruling 22: bottles belong to the team; finding n bottles gives n."""
    s = se(tiles={"G4": "?bottles:2"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert s.bottles()["white"] == 2
    v = player_view(s, 1).to_json()
    assert v["bottles"]["white"] == 2 and v["team_bottles"]["0"] == 2


def test_se_ruling_22_bottle_jumps_to_a_spinners_last_step():
    """Rulebook difficult terrain / ruling 22: a bottle moves the pirate to the last step,
    attacking an enemy there."""
    s = se(tiles={"F5": "mountains"}, pirates={"W1": "F5.1", "Y1": "F5.5"}, bottles={"white": 1})
    play(s, "W1 F5 bottle")
    assert at(s, "W1") == "F5.5" and at(s, "Y1") == "A7" and s.crew_to_act() == "white"


def test_se_ruling_22_no_bottle_no_use():
    """Ruling 22: without a bottle there is no bottle move."""
    s = se(tiles={"F5": "trap"}, pirates={"W1": "F5"}, trapped=("W1",))
    assert not [m for m in legal(s) if "bottle" in m]
    with pytest.raises(IllegalMove):
        s.apply("W1 F5 bottle")


# -- 22 / S1. bottles after the action --------------------------------------------------------


def test_se_ruling_s1_bottle_used_after_the_action_frees_a_trapped_pirate():
    """Ruling 22 / S1: a bottle is free before or after the action. W2 moves (the action); White
    still holds bottles and W1 sits in a trap, so White decides again before the turn passes.
    After a use the decision is offered again while bottles and uses remain."""
    s = se(
        tiles={"D5": "trap", "J5": "trap"},
        pirates={"W1": "D5", "W2": "F5", "W3": "J5"},
        trapped=("W1", "W3"),
        bottles={"white": 2},
    )
    play(s, "W2 F5-F6")
    assert s.crew_to_act() == "white" and s.to_act() == 0
    assert legal(s) == ["W1 D5 bottle", "W3 J5 bottle", "end turn"]
    assert player_view(s, 0).after_action and player_view(s, 1).legal_moves == []
    with pytest.raises(IllegalMove, match="has made its action"):
        s.apply("W2 F6-F7")
    lines = play(s, "W1 D5 bottle")
    assert lines == ["White 1 reads a message bottle and climbs out of the trap at D5"]
    assert not s.to_json()["pirates"]["W1"]["trapped"] and s.bottles()["white"] == 1
    assert s.crew_to_act() == "white" and legal(s) == ["W3 J5 bottle", "end turn"]
    play(s, "W3 J5 bottle")  # the last bottle: the turn passes at once
    assert s.bottles()["white"] == 0 and s.crew_to_act() == "yellow"
    assert not player_view(s, 1).after_action


def test_se_ruling_s1_the_team_may_decline_with_end_turn():
    """Ruling S1: after the action the crew may keep its bottles: ``end turn`` passes the turn.
    It is no move at any other time."""
    s = se(
        tiles={"D5": "trap"},
        pirates={"W1": "D5", "W2": "F5"},
        trapped=("W1",),
        bottles={"white": 1},
    )
    with pytest.raises(IllegalMove, match="only after the action"):
        s.apply("end turn")
    play(s, "W2 F5-F6")
    m = Move.parse("END  turn")
    assert str(m) == "end turn" and m.kind == "end" and m.piece is None and m.target is None
    assert m in s.legal_moves()
    assert play(s, "end turn") == ["White ends the turn"]
    assert s.crew_to_act() == "yellow" and s.bottles()["white"] == 1
    assert s.to_json()["pirates"]["W1"]["trapped"]
    assert "end turn" not in legal(s)


def test_se_ruling_s1_no_after_decision_without_bottles_or_without_a_use():
    """Ruling S1: the turn passes as before when the team has no bottle, or has bottles but no
    use is legal (nobody trapped, on a spinner or next to Friday / the Missionary)."""
    s = se(tiles={"D5": "trap"}, pirates={"W1": "D5", "W2": "F5"}, trapped=("W1",))
    play(s, "W2 F5-F6")
    assert s.crew_to_act() == "yellow" and s.to_json()["after"] is None
    s = se(pirates={"W1": "D5", "W2": "F5"}, bottles={"white": 3})
    play(s, "W2 F5-F6")
    assert s.crew_to_act() == "yellow" and s.to_json()["after"] is None
    # an ally's bottle counts (the team's), and so does a use that only the action made possible
    s = se(tiles={"F6": "desert"}, pirates={"W2": "F5"}, bottles={"black": 1})
    play(s, "W2 F5-F6")
    assert legal(s) == ["W2 F6 bottle", "end turn"]
    play(s, "W2 F6 bottle")
    assert at(s, "W2") == "F6.3" and s.bottles()["black"] == 0 and s.crew_to_act() == "yellow"


def test_se_ruling_s1_no_after_decision_when_the_action_ends_the_game():
    """Ruling S1: an action that ends the game (the last coin leaves the island) ends it at once,
    bottles or not."""
    s = se(
        reserve=False,
        tiles={"D5": "trap"},
        pirates={"W1": "G2", "W2": "D5"},
        trapped=("W2",),
        coins={"G2": 1},
        bottles={"white": 1},
    )
    play(s, "W1 G2-G1$")
    assert s.is_over() and s.legal_moves() == [] and s.to_json()["after"] is None


def test_se_ruling_s2_after_decision_under_smoke():
    """Ruling S2: on a smoked turn no bottle is used, after the action either. The crew that
    finds the smoke is not smoked yet: it may still use a bottle after that action."""
    s = se(
        players=3,
        tiles={"G4": "?smoke", "D5": "trap", "J5": "trap"},
        pirates={"W1": "G3", "W2": "J5", "Y1": "D5"},
        trapped=("Y1", "W2"),
        bottles={"white": 1, "yellow": 1},
    )
    play(s, "W1 G3-G4")
    assert s.crew_to_act() == "white" and s.to_act() == 0
    assert legal(s) == ["W2 J5 bottle", "end turn"]
    play(s, "end turn")
    assert s.crew_to_act() == "yellow" and s.to_act() == 2  # smoked: Black's player decides
    assert not [m for m in legal(s) if "bottle" in m]
    play(s, "YS A7-A6")
    assert s.crew_to_act() == "black" and s.to_json()["after"] is None
    assert s.bottles()["yellow"] == 1


def test_se_ruling_s1_after_decision_stored_and_reloaded_goes_on_the_same():
    """The position stored in the middle of the after-decision (the site stores every ply)
    reloads with the same legal moves and goes on identically, the action's progress included
    (a tile revealed in the action resets the quiet-turn count when the turn passes)."""
    s = se(
        tiles={"D5": "trap", "J5": "trap", "F6": "?empty"},
        pirates={"W1": "D5", "W2": "F5", "W3": "J5"},
        trapped=("W1", "W3"),
        bottles={"white": 2},
    )
    s._quiet = 5
    play(s, "W2 F5-F6")
    for move in ("W1 D5 bottle", "end turn"):
        d = json.loads(json.dumps(s.to_json()))
        assert d["after"] == {"progress": True} and d["pending"] is None
        t = State.from_json(d)
        assert t.to_json() == d and t.legal_codes() == s.legal_codes()
        assert player_view(t, 0).to_json() == player_view(s, 0).to_json()
        assert [e.to_json() for e in t.apply(move)] == [e.to_json() for e in s.apply(move)]
        assert t.to_json() == s.to_json()
        c = s.copy()
        assert c.to_json() == s.to_json() and c.legal_codes() == s.legal_codes()
    assert s.crew_to_act() == "yellow" and s.to_json()["quiet_turns"] == 0
    assert s.to_json()["after"] is None


# -- 23. caves --------------------------------------------------------------------------------


def test_se_ruling_23_cave_first_one_found_loses_the_pirate():
    """Ruling 23: with no other revealed cave the pirate is lost there and cannot move."""
    s = se(tiles={"G4": "?cave"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert s.to_json()["pirates"]["W1"]["lost"]
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6")
    assert not [m for m in legal(s) if m.startswith("W1")]


def test_se_ruling_23_cave_exit_found_swaps_the_lost_and_the_finder():
    """Ruling 23 / rulebook example: the lost pirate comes out on the new cave, the finder is put
    on the entrance."""
    s = se(
        tiles={"G4": "cave", "J8": "?cave"},
        pirates={"W1": "G4", "Y1": "J7"},
        lost=("W1",),
        turn="yellow",
    )
    play(s, "Y1 J7-J8")
    assert at(s, "W1") == "J8" and at(s, "Y1") == "G4"
    assert not s.to_json()["pirates"]["W1"]["lost"]


def test_se_ruling_23_cave_enemy_entering_attacks_the_lost_then_is_lost():
    """Rulebook caves: another team entering the first cave attacks the lost pirate (home) and
    then gets lost itself."""
    s = se(tiles={"G4": "cave"}, pirates={"Y1": "G4", "W1": "G3"}, lost=("Y1",))
    play(s, "W1 G3-G4")
    assert at(s, "Y1") == "A7" and s.to_json()["pirates"]["W1"]["lost"]


def test_se_ruling_23_cave_network_takes_you_through():
    """Ruling 23: entering a cave tile moves the pirate on to another revealed cave (its choice
    when there are several)."""
    s = se(tiles={"G4": "cave", "J8": "cave", "C9": "cave"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert legal(s) == ["W1 G4>C9", "W1 G4>J8"]
    play(s, "W1 G4>J8")
    assert at(s, "W1") == "J8"


def test_se_ruling_23_cave_blocked_by_an_enemy_on_the_other_end():
    """Rulebook caves: a pirate standing on one cave blocks the way through for enemies."""
    s = se(tiles={"G4": "cave", "J8": "cave"}, pirates={"W1": "G3", "Y1": "J8"})
    play(s, "W1 G3-G4")
    assert at(s, "W1") == "G4" and s.to_json()["pirates"]["W1"]["lost"]


# -- 24. earthquake ---------------------------------------------------------------------------


def test_se_ruling_24_earthquake_swaps_two_free_tiles_face_down_stays_down():
    """Ruling 24: the revealer swaps any two tiles with no pirate and no coin; face-down tiles
    stay face down. Each tile is a ply of the revealing crew."""
    s = se(
        tiles={"G4": "?earthquake", "C3": "?gold:5", "K9": "ice"},
        pirates={"W1": "G3", "Y1": "H5"},
        coins={"E5": 1},
    )
    play(s, "W1 G3-G4")
    assert s.pending == "quake" and s.crew_to_act() == "white"
    moves = legal(s)
    assert "W1 G4 quake C3" in moves and "W1 G4 quake H5" not in moves
    assert "W1 G4 quake E5" not in moves and "W1 G4 quake G4" not in moves
    play(s, "W1 G4 quake C3")
    lines = play(s, "W1 G4 quake K9")
    assert "swap places" in " ".join(lines)
    d = s.to_json()
    assert d["tiles"]["K9"] == "gold:5" and "K9" not in d["face_up"]
    assert d["tiles"]["C3"] == "ice" and "C3" in d["face_up"]
    assert s.crew_to_act() == "yellow"


# -- 25. lighthouse ---------------------------------------------------------------------------


def test_se_ruling_25_lighthouse_four_peeks_seen_by_that_seat_only():
    """Ruling 25: the revealer secretly looks at 4 face-down tiles; that seat keeps seeing them,
    no one else does."""
    s = se(
        tiles={"G4": "?lighthouse", "C3": "?gold:5", "D3": "?ogre", "E3": "?ice", "F3": "?horse"},
        pirates={"W1": "G3"},
    )
    play(s, "W1 G3-G4")
    assert s.pending == "peek"
    lines = []
    for sq in ("C3", "D3", "E3", "F3"):
        lines += play(s, f"W1 G4 peek {sq}")
    assert s.crew_to_act() == "yellow"
    assert all("gold" not in line and "ogre" not in line for line in lines)
    mine = player_view(s, 0)
    assert mine.peeked == {"C3": "gold:5", "D3": "ogre", "E3": "ice", "F3": "horse"}
    assert mine.cell("C3")["peeked"] == "gold:5"
    theirs = player_view(s, 1).to_json()
    assert theirs["peeked"] == {} and "peeked" not in theirs["cells"][2 + 2 * 13]
    assert "gold:5" not in str(player_view(s, None).to_json())


# -- 26. smoke --------------------------------------------------------------------------------


def test_se_ruling_26_smoke_hands_decisions_to_the_next_crew_for_one_round():
    """Ruling 26 / rulebook example: for the next full round each crew's action is chosen by
    the controller of the next crew in seat order."""
    s = se(players=3, tiles={"G4": "?smoke"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert s.crew_to_act() == "yellow" and s.to_act() == 2  # Black's player decides
    play(s, "YS A7-A6")
    assert s.crew_to_act() == "black" and s.to_act() == 0  # White's player decides
    play(s, "BS G13-F13")
    assert s.crew_to_act() == "white" and s.to_act() == 1  # Yellow's player decides
    play(s, "WS G1-F1")
    assert s.crew_to_act() == "yellow" and s.to_act() == 1  # clear again
    assert player_view(s, 1).smoke == 0


def test_se_ruling_26_bottles_stay_with_their_owners_under_smoke():
    """Ruling 26: bottles stay with their owners: no bottle use on a smoked turn."""
    s = se(
        players=3,
        tiles={"G4": "?smoke", "D5": "trap"},
        pirates={"W1": "G3", "Y1": "D5"},
        trapped=("Y1",),
        bottles={"yellow": 1},
    )
    play(s, "W1 G3-G4")
    assert not [m for m in legal(s) if "bottle" in m]


# -- 27. dense jungle and caramba -------------------------------------------------------------


def test_se_ruling_27_dense_jungle_no_attacks_no_coins_enemies_share():
    """Ruling 27: no attacks, no coins; enemies may share it."""
    s = se(tiles={"F6": "thicket"}, pirates={"W1": "F5", "Y1": "F6"}, coins={"F5": 1})
    moves = legal(s)
    assert "W1 F5-F6" in moves and "W1 F5-F6$" not in moves
    play(s, "W1 F5-F6")
    assert at(s, "Y1") == "F6" and at(s, "W1") == "F6"


def test_se_ruling_27_caramba_only_curses():
    """Ruling 27: caramba: nothing happens but a pirate curse in the log."""
    s = se(tiles={"G4": "?caramba"}, pirates={"W1": "G3"})
    lines = play(s, "W1 G3-G4")
    assert "shouts" in " ".join(lines) and at(s, "W1") == "G4" and s.crew_to_act() == "yellow"
