"""Second edition: the rulebook (FAQ included) and RULES.md rulings 21-27, plus where this edition
differs from the classic one (rulings 11, 14, 15). One named scenario test per rule.

Board reminders: White's ship at G1 (front G2), Yellow's at A7 (B7), Black's at G13, Red's at M7.
Unless a test says otherwise every land tile is a face-up empty tile.
"""

import json

import pytest
from jackal_testkit import at, coins, legal, play, pos

from rules.jackal import IllegalMove, Move, State, new_game, player_view
from rules.jackal.decks import deck
from rules.jackal.tiles import tile_name

SE = "second-edition"


def se(**kw):
    return pos(ruleset=SE, **kw)


def chars(s):
    return s.to_json()["characters"]


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


# -- hidden information: the lighthouse leak tests --------------------------------------------


def _lighthouse_game(c3: str):
    s = se(
        tiles={
            "G4": "?lighthouse",
            "C3": f"?{c3}",
            "D3": "?ogre",
            "E3": "?ice",
            "F3": "?horse",
            "H9": "?ice",
        },
        pirates={"W1": "G3"},
    )
    play(s, "W1 G3-G4", "W1 G4 peek C3", "W1 G4 peek D3", "W1 G4 peek E3", "W1 G4 peek F3")
    return s


def test_se_lighthouse_another_seat_never_sees_the_peeked_tiles():
    """Ruling 25: the peeked tiles show in the peeking seat's view only: two deals that differ
    under a tile seat 0 peeked give seat 1 (and spectators) identical views."""
    a, b = _lighthouse_game("trap"), _lighthouse_game("rum")
    assert player_view(a, 0) != player_view(b, 0)
    assert player_view(a, 1).to_json() == player_view(b, 1).to_json()
    assert player_view(a, None).to_json() == player_view(b, None).to_json()


@pytest.mark.parametrize("players,teams", [(2, False), (3, False), (4, True)])
def test_se_views_ignore_face_down_tiles_the_seat_has_not_peeked(players, teams):
    """Two deals differing only under face-down tiles a seat has not peeked give that seat
    identical views, at every ply of random games (lighthouse peeks included)."""
    import json
    import random

    from rules.jackal import State

    for g in range(3):
        s = new_game(SE, players=players, seed=f"leak-{players}-{g}", teams=teams)
        rng = random.Random(g)
        while not s.is_over() and s.ply < 700:
            s.apply(rng.choice(s.legal_moves()))
            if s.ply % 7:
                continue
            for seat in range(players):
                d = json.loads(json.dumps(s.to_json()))
                seen = set(d["peeks"].get(str(seat), []))
                hidden = [c for c in d["tiles"] if c not in d["face_up"] and c not in seen]
                texts = [d["tiles"][c] for c in hidden]
                rng2 = random.Random(s.ply)
                rng2.shuffle(texts)
                d["tiles"].update(dict(zip(hidden, texts, strict=True)))
                other = State.from_json(d)
                assert player_view(other, seat).to_json() == player_view(s, seat).to_json()


def test_se_ruling_s10_cave_finder_attacks_enemies_standing_at_the_entrance():
    """Ruling S10 (docs/rulings.md): when a new cave frees the lost, the finder is placed on the
    entrance like any forced arrival: an enemy standing there (not lost) is knocked home.
    Found by the long random playouts: red and white ended up sharing the cave square."""
    s = se(
        tiles={"K4": "cave", "H4": "?cave", "H3": "empty"},
        pirates={"W2": "K4", "W3": "K4", "R3": "H3"},
        lost=("W3",),
        turn="red",
    )
    lines = play(s, "R3 H3-H4")
    assert at(s, "W3") == "H4" and at(s, "R3") == "K4"
    assert at(s, "W2") == "G1"  # knocked back to the white ship
    assert any("knocks White 2 back" in line for line in lines), lines


def test_se_ruling_s10_cave_finder_who_may_not_attack_dies():
    """Ruling S10 with ruling 5: Friday finds the exit but may not attack the enemy standing at
    the entrance, so the forced arrival is impossible and he dies there."""
    s = se(
        tiles={"K4": "cave", "H4": "?cave", "H3": "empty"},
        pirates={"W2": "K4", "W3": "K4"},
        characters={"FR": ("red", "H3")},
        lost=("W3",),
        turn="red",
    )
    lines = play(s, "FR H3-H4")
    assert at(s, "W3") == "H4" and at(s, "W2") == "K4"
    assert chars(s)["FR"] is None or chars(s)["FR"].get("cell") is None
    assert any("cannot stand with the enemies at K4 and dies" in line for line in lines), lines


def test_se_ruling_s11_a_chain_ends_when_friday_and_the_missionary_leave():
    """Ruling S11 (docs/rulings.md): the Missionary follows an arrow into a cave where Friday
    stands; they leave together, and no cave choice is left open for a piece that is gone.
    Found by the long random playouts (a choice was offered for the departed Missionary)."""
    s = se(
        tiles={"C11": "arrow:E", "D11": "cave", "G5": "cave", "I10": "cave", "B11": "empty"},
        pirates={},
        characters={"MI": ("white", "B11"), "FR": ("yellow", "D11")},
    )
    lines = play(s, "MI B11-C11")
    assert "The Missionary leaves the island together with Friday" in lines
    assert s.pending is None
    assert chars(s)["MI"] is None or chars(s)["MI"].get("cell") is None
    assert s.crew_to_act() != "white" or all(not m.startswith("MI") for m in legal(s))


# -- S3-S9: the engine's own second-edition rulings (docs/rulings.md) -------------------------


def test_se_ruling_s3_the_smoke_controller_sees_through_the_lighthouse():
    """Ruling S3: the peeks belong to the seat that makes the peek decisions: on a smoked turn
    the controller (here Black's player deciding Yellow's turn), not the crew's own seat."""
    s = se(
        players=3,
        tiles={"G4": "?smoke", "H6": "?lighthouse", "C3": "?gold:5", "D3": "?ogre", "E3": "?ice"},
        pirates={"W1": "G3", "Y1": "H5"},
    )
    play(s, "W1 G3-G4")
    assert s.crew_to_act() == "yellow" and s.to_act() == 2
    play(s, "Y1 H5-H6")
    assert s.pending == "peek" and s.to_act() == 2
    play(s, "Y1 H6 peek C3", "Y1 H6 peek D3", "Y1 H6 peek C11")
    assert s.pending == "peek" and s.to_act() == 2  # a fourth peek is still owed
    play(s, "Y1 H6 peek E3")
    assert s.pending is None and s.crew_to_act() == "black"
    assert s.peeked(2) == {"C3": "gold:5", "D3": "ogre", "C11": "gold:1", "E3": "ice"}
    assert s.peeked(1) == {} and s.peeked(0) == {}
    assert player_view(s, 2).peeked == s.peeked(2) and player_view(s, 1).peeked == {}


def test_se_ruling_s3_peeked_knowledge_follows_a_tile_the_earthquake_moves():
    """Ruling S3: a peeked face-down tile moved by the earthquake is still known to the seat
    that peeked it, at its new square; its old square is not."""
    s = se(
        tiles={
            "G4": "?lighthouse",
            "C3": "?gold:5",
            "D3": "?ogre",
            "E3": "?ice",
            "F3": "?horse",
            "H9": "?earthquake",
        },
        pirates={"W1": "G3", "Y1": "H8"},
    )
    play(s, "W1 G3-G4", "W1 G4 peek C3", "W1 G4 peek D3", "W1 G4 peek E3", "W1 G4 peek F3")
    assert s.crew_to_act() == "yellow"
    play(s, "Y1 H8-H9", "Y1 H9 quake C3", "Y1 H9 quake K9")
    assert s.peeked(0) == {"K9": "gold:5", "D3": "ogre", "E3": "ice", "F3": "horse"}
    assert s.peeked(1) == {}
    assert player_view(s, 0).cell("K9")["peeked"] == "gold:5"
    assert "peeked" not in player_view(s, 0).cell("C3")


def _quake_position(free: tuple[str, ...]):
    """Every land square but G4 (the earthquake) and ``free`` holds a coin."""
    from rules.jackal.geometry import LAND_CELLS, NAMES

    coins = {NAMES[c]: 1 for c in LAND_CELLS if NAMES[c] not in free + ("G4",)}
    return se(reserve=False, tiles={"G4": "?earthquake"}, pirates={"W1": "G3"}, coins=coins)


def test_se_ruling_s4_earthquake_is_two_plies_one_tile_each():
    """Ruling S4: the earthquake is two plies of the revealer, each naming one tile, so the
    legal moves are the free tiles (not every pair of them)."""
    s = _quake_position(("C3", "K9", "E5"))
    play(s, "W1 G3-G4")
    assert s.pending == "quake" and s.crew_to_act() == "white"
    assert legal(s) == ["W1 G4 quake C3", "W1 G4 quake E5", "W1 G4 quake K9"]
    play(s, "W1 G4 quake C3")
    assert s.pending == "quake2" and s.crew_to_act() == "white"
    assert legal(s) == ["W1 G4 quake E5", "W1 G4 quake K9"]
    play(s, "W1 G4 quake K9")
    assert s.pending is None and s.crew_to_act() == "yellow"


@pytest.mark.parametrize("free", [(), ("K9",)])
def test_se_ruling_s4_earthquake_with_fewer_than_two_free_tiles_does_nothing(free):
    """Ruling S4: with fewer than two tiles free of pirates and coins nothing happens: no
    decision, the turn passes, no tile moves."""
    s = _quake_position(free)
    before = s.to_json()["tiles"]
    lines = play(s, "W1 G3-G4")
    assert s.pending is None and s.crew_to_act() == "yellow"
    assert s.to_json()["tiles"] == before
    assert not [line for line in lines if "shakes" in line]


def test_se_ruling_s5_one_way_out_goes_through_at_once_several_ask():
    """Ruling S5: with one way out the pirate goes through the cave at once, no decision; with
    several the same crew chooses."""
    s = se(tiles={"G4": "cave", "J8": "cave"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert at(s, "W1") == "J8" and s.pending is None and s.crew_to_act() == "yellow"
    s = se(tiles={"G4": "cave", "J8": "cave", "C9": "cave"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    assert s.pending == "cave" and s.crew_to_act() == "white"
    assert legal(s) == ["W1 G4>C9", "W1 G4>J8"]


def test_se_ruling_s5_a_lost_pirate_leaves_through_an_unblocked_cave_as_its_action():
    """Ruling S5: a lost pirate may go through the cave as its action (`W1 G4>J8`) as soon as
    an unblocked cave exists; while the enemy blocks it, the pirate cannot move."""
    s = se(
        tiles={"G4": "cave", "J8": "cave"},
        pirates={"W1": "G4", "W2": "B3", "Y1": "J8"},
        lost=("W1",),
    )
    assert not [m for m in legal(s) if m.startswith("W1")]
    play(s, "W2 B3-B4", "Y1 J8-J9", "BS G13-F13", "RS M7-M6")
    assert [m for m in legal(s) if m.startswith("W1")] == ["W1 G4>J8"]
    play(s, "W1 G4>J8")
    assert at(s, "W1") == "J8" and not s.to_json()["pirates"]["W1"]["lost"]
    assert s.crew_to_act() == "yellow"


def test_se_ruling_s5_a_new_exit_frees_only_the_pirates_lost_on_the_earliest_cave():
    """Ruling S5: pirates are lost on two caves; a new exit frees only those lost on the
    earliest-found cave (the rulebook's entrance), whoever they are; the others stay lost.
    Yellow 1 is lost on the first cave, White 1 (a lower number) on the second."""
    s = se(
        tiles={"C5": "cave", "K5": "cave", "G8": "?cave"},
        pirates={"Y1": "C5", "W1": "K5", "B1": "G7"},
        lost=("Y1", "W1"),
        turn="black",
    )
    play(s, "B1 G7-G8")
    assert at(s, "Y1") == "G8" and not s.to_json()["pirates"]["Y1"]["lost"]
    assert at(s, "W1") == "K5" and s.to_json()["pirates"]["W1"]["lost"]
    assert at(s, "B1") == "C5"


def test_se_ruling_s6_friday_surrenders_at_sea_too():
    """Ruling S6: Friday surrenders wherever he is attacked, at sea too: a swimmer reaching him
    does not kill him; he joins the attacker's crew and stays where he is."""
    s = se(pirates={"W1": "A4"}, characters={"FR": ("yellow", "A5")})
    lines = play(s, "W1 A4-A5")
    assert any("Friday surrenders to White 1" in line for line in lines), lines
    assert chars(s)["FR"]["crew"] == "white" and chars(s)["FR"]["cell"] == "A5"
    assert at(s, "W1") == "A5"


@pytest.mark.parametrize("who", ["FR", "MI", "BG"])
def test_se_ruling_s6_a_ship_running_down_a_character_kills_it(who):
    """Ruling S6: a ship sailing onto an enemy character in the water kills it like anyone
    (Friday does not surrender to a ship); a character who dies is gone for good."""
    s = se(characters={who: ("yellow", "F1")})
    lines = play(s, "WS G1-F1")
    assert any("runs down" in line for line in lines), lines
    assert chars(s)[who]["gone"] and chars(s)[who]["cell"] is None
    assert chars(s)[who]["crew"] is None


def test_se_ruling_s6_a_crew_is_out_when_its_own_pirates_are_dead_characters_stay():
    """Ruling S6: a crew whose own-colour pirates are all dead is out, even with a character
    left; its turns are passed over and its character stays where it is."""
    s = se(
        pirates={"W1": "A5", "W2": None, "W3": None, "Y1": "A6"},
        characters={"BG": ("white", "H5")},
        turn="yellow",
    )
    lines = play(s, "Y1 A6-A5")
    assert at(s, "W1") is None
    assert "White has no pirates left and is out of the game" in lines
    play(s, "BS G13-F13", "RS M7-M6")
    assert s.crew_to_act() == "yellow"  # White is passed over
    assert chars(s)["BG"]["crew"] == "white" and chars(s)["BG"]["cell"] == "H5"


def test_se_ruling_s6_a_bottle_is_handed_by_a_pirate_from_a_neighbouring_square():
    """Ruling S6: only a pirate (not a character) hands Friday a bottle, and only from a
    neighbouring square, never his own."""
    s = se(
        pirates={"W1": "F5", "W2": "F4"},
        characters={"FR": ("white", "F5"), "BG": ("white", "E5")},
        bottles={"white": 1},
    )
    bottles = [m for m in legal(s) if "bottle" in m]
    assert bottles == ["W2 F4 bottle F5"]


def test_se_ruling_s6_missionary_and_friday_may_meet_on_their_squares():
    """Ruling S6: the Missionary may enter a square held only by Friday (not if anyone else of
    the enemy stands there); Friday may enter the Missionary's square even with shielded
    enemies there. Either way the two leave together and the others stay."""
    s = se(characters={"MI": ("white", "F5"), "FR": ("yellow", "F6")})
    assert "MI F5-F6" in legal(s)
    play(s, "MI F5-F6")
    assert chars(s)["MI"]["gone"] and chars(s)["FR"]["gone"]
    s = se(characters={"MI": ("white", "F5"), "FR": ("yellow", "F6")}, pirates={"Y1": "F6"})
    assert "MI F5-F6" not in legal(s)
    s = se(characters={"FR": ("white", "F5"), "MI": ("yellow", "F6")}, pirates={"Y1": "F6"})
    assert "FR F5-F6" in legal(s)
    play(s, "FR F5-F6")
    assert chars(s)["MI"]["gone"] and chars(s)["FR"]["gone"] and at(s, "Y1") == "F6"


def test_se_ruling_s7_a_coin_friday_drags_onto_the_ogre_is_eaten_friday_stays():
    """Ruling S7: Friday is not afraid of the ogre, but the coin he drags there is eaten."""
    s = se(tiles={"F6": "ogre"}, characters={"FR": ("white", "F5")}, coins={"F5": 1})
    assert "FR F5-F6$" in legal(s)
    play(s, "FR F5-F6$")
    assert chars(s)["FR"]["cell"] == "F6" and not chars(s)["FR"]["gone"]
    cc = s.coin_counts()
    assert cc["eaten"] == 1 and cc["on_tiles"] == 0 and cc["dragged"] == 0


def test_se_ruling_s8_a_bottles_spinner_jump_leaves_the_coin_where_it_lies():
    """Ruling S8: the jump to the last step is the pirate's alone; a coin on its step stays."""
    s = se(
        tiles={"F5": "mountains"}, pirates={"W1": "F5.1"}, coins={"F5.1": 1}, bottles={"white": 1}
    )
    play(s, "W1 F5 bottle")
    assert at(s, "W1") == "F5.5" and coins(s) == {"F5.1": 1}


def test_se_ruling_s8_the_missionary_cannot_jump_onto_an_enemy():
    """Ruling S8: the jump attacks enemies on the last step, so the (unconverted) Missionary may
    not make it while an enemy stands there; with the last step free he may."""
    s = se(
        tiles={"F5": "mountains"},
        characters={"MI": ("white", "F5.1")},
        pirates={"Y1": "F5.5"},
        bottles={"white": 1},
    )
    assert not [m for m in legal(s) if "bottle" in m]
    s = se(tiles={"F5": "mountains"}, characters={"MI": ("white", "F5.1")}, bottles={"white": 1})
    assert "MI F5 bottle" in legal(s)
    play(s, "MI F5 bottle")
    assert chars(s)["MI"]["step"] == 5


def test_se_ruling_s9_stay_gives_the_plane_up():
    """Ruling S9: `stay` gives the plane up: the pirate may not fly on a later turn and the next
    pirate to arrive gets no flight."""
    s = se(tiles={"G4": "plane"}, pirates={"W1": "G3", "W2": "G3"})
    play(s, "W1 G3-G4", "W1 G4 stay")
    assert s.to_json()["plane_used"] and s.crew_to_act() == "yellow"
    play(s, "YS A7-A6", "BS G13-F13", "RS M7-M6")
    assert not [m for m in legal(s) if "^" in m]
    play(s, "W2 G3-H4")
    play(s, "YS A6-A7", "BS F13-G13", "RS M6-M7", "W2 H4-G4")
    assert s.pending is None and at(s, "W2") == "G4"


def test_se_ruling_s9_the_flight_goes_to_a_revealed_tile_the_pirate_could_enter():
    """Ruling S9: the flight goes to any revealed tile the pirate could enter: not a face-down
    tile, not a ship, not a fortress enemies hold, not beside an enemy Missionary; an enemy
    on an open tile may be attacked."""
    s = se(
        tiles={"G4": "plane", "K9": "?empty", "C3": "fortress"},
        pirates={"W1": "G3", "Y1": "C3", "Y2": "J3"},
        characters={"MI": ("yellow", "E9")},
    )
    play(s, "W1 G3-G4")
    moves = legal(s)
    assert "W1 G4^F7" in moves and "W1 G4^J3" in moves
    for bad in ("K9", "G1", "A7", "C3", "E9", "G4"):
        assert f"W1 G4^{bad}" not in moves, bad
    play(s, "W1 G4^J3")
    assert at(s, "W1") == "J3" and at(s, "Y2") == "A7"


def test_se_ruling_s9_ice_after_a_flight_flies_again_the_same_way():
    """Ruling S9: ice after a flight is another flight by the same rule: to a revealed tile the
    pirate could enter, never a face-down tile or a ship."""
    s = se(tiles={"G4": "plane", "K9": "ice", "C3": "?empty"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4", "W1 G4^K9")
    assert s.pending == "flight" and s.crew_to_act() == "white"
    moves = legal(s)
    assert "W1 K9^F7" in moves and "W1 K9^G4" in moves
    for bad in ("C3", "G1", "K9"):
        assert f"W1 K9^{bad}" not in moves, bad
    play(s, "W1 K9^F7")
    assert at(s, "W1") == "F7" and s.crew_to_act() == "yellow"


# -- smoke with 2 and 4 players; a lighthouse decision stored mid-way --------------------------


@pytest.mark.parametrize(
    "players,seats",
    [
        (2, [("yellow", 0), ("black", 1), ("red", 0), ("white", 1), ("yellow", 1)]),
        (4, [("yellow", 2), ("black", 3), ("red", 0), ("white", 1), ("yellow", 1)]),
    ],
)
def test_se_smoke_hands_each_turn_to_the_next_crews_seat(players, seats):
    """Ruling 26 with 2 players (seat 0 plays White and Black, seat 1 Yellow and Red) and with
    4: for one full round to_act() is the seat controlling the next crew, then each crew's own."""
    s = se(players=players, tiles={"G4": "?smoke"}, pirates={"W1": "G3"})
    play(s, "W1 G3-G4")
    for i, (crew, seat) in enumerate(seats):
        assert (s.crew_to_act(), s.to_act()) == (crew, seat), i
        assert player_view(s, seat).legal_moves
        assert all(not player_view(s, o).legal_moves for o in range(players) if o != seat)
        if i < len(seats) - 1:
            play(s, [m for m in legal(s) if m.startswith(crew[0].upper() + "S")][0])
    assert s.to_json()["smoke"]["turns"] == 0 and s.to_act() == s.crew_owner("yellow")


def test_se_lighthouse_stored_after_the_first_peek_goes_on_the_same():
    """The site stores every ply: a position stored after the first of four lighthouse peeks
    reloads with the same legal moves, and the three peeks left give the same events, views and
    positions as the game kept in memory."""
    s = se(
        tiles={"G4": "?lighthouse", "C3": "?gold:5", "D3": "?ogre", "E3": "?ice", "F3": "?horse"},
        pirates={"W1": "G3"},
    )
    play(s, "W1 G3-G4", "W1 G4 peek C3")
    d = json.loads(json.dumps(s.to_json()))
    assert d["pending"]["peeks_left"] == 3
    t = State.from_json(d)
    assert t.to_json() == d and t.legal_codes() == s.legal_codes()
    for move in ("W1 G4 peek D3", "W1 G4 peek E3", "W1 G4 peek F3"):
        assert [e.to_json() for e in t.apply(move)] == [e.to_json() for e in s.apply(move)]
        assert t.to_json() == s.to_json()
        for seat in (0, 1, None):
            assert player_view(t, seat).to_json() == player_view(s, seat).to_json()
    assert t.pending is None and t.crew_to_act() == "yellow"
    assert t.peeked(0) == {"C3": "gold:5", "D3": "ogre", "E3": "ice", "F3": "horse"}
    assert t.legal_codes() == s.legal_codes()


@pytest.mark.parametrize(
    ("position", "move", "message"),
    [
        (
            dict(pirates={"Y1": "F5"}, characters={"MI": ("white", "E5")}),
            "MI E5-F5",
            "the Missionary never shares a square with enemies. Legal for MI: MI E5-E6",
        ),
        (
            dict(tiles={"F5": "thicket"}, pirates={"W1": "E5"}, coins={"E5": 1}),
            "W1 E5-F5$",
            "no coin goes into the dense jungle",
        ),
        (dict(pirates={"W1": "F5"}), "W1 F5 bottle", "White has no message bottle"),
        (
            dict(pirates={"W1": "F5"}, characters={"MI": ("yellow", "E5")}),
            "W1 F5-E5",
            "nobody shares a square with an enemy Missionary (E5)",
        ),
        (
            dict(pirates={"Y1": "F5"}, characters={"FR": ("white", "E5")}),
            "FR E5-F5",
            "Friday never attacks",
        ),
        (
            dict(characters={"MI": ("white", "E5")}, coins={"E5": 1}),
            "MI E5-F5$",
            "the Missionary does not carry coins",
        ),
        (
            dict(characters={"BG": ("yellow", "E5")}),
            "BG E5-F5",
            "it is White's turn",
        ),
    ],
)
def test_se_refused_moves_say_which_second_edition_rule_forbids_them(position, move, message):
    """Every bad input gets a clear error: a refused character, bottle or dense-jungle move names
    the rule that forbids it (not a classic reason that does not apply), and changes nothing."""
    s = se(**position)
    before = s.to_json()
    with pytest.raises(IllegalMove) as refused:
        s.apply(move)
    assert message in str(refused.value)
    assert s.to_json() == before
