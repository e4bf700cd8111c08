"""The rulings the engine adds where the books are silent: docs/rulings.md E1-E24."""

import random

import pytest
from jackal_testkit import at, coins, legal, pass_round, pirate, play, pos, tile_up

from rules.jackal import RULESETS, IllegalMove, State, new_game, player_view, replay


def test_engine_ruling_e01_a_players_two_crews_are_allies():
    """E1: in a 2-player game White+Black (seat 0) and Yellow+Red (seat 1) are allies."""
    s = new_game("classic", players=2, seed="e1")
    assert [s.crew_owner(c) for c in s.crews] == [0, 1, 0, 1]
    assert s.team_of(0) == 0 and s.team_of(1) == 1
    s = pos(pirates={"W1": "E5", "B1": "F5"})
    play(s, "W1 E5-F5")
    assert at(s, "B1") == "F5" and at(s, "W1") == "F5"
    s = pos(pirates={"W1": "G12"}, coins={"G12": 1})
    play(s, "W1 G12-G13$")
    assert s.scores()["white"] == 1


def test_engine_ruling_e02_coins_lie_on_tiles_and_any_pirate_there_may_drag_one():
    """E2: a pirate drags a coin only during its own action; any pirate on the tile may take it."""
    s = pos(pirates={"W1": "E5", "W2": "E5"}, coins={"E5": 2})
    play(s, "W1 E5-F5$")
    assert coins(s) == {"E5": 1, "F5": 1}
    view = player_view(s, 0)
    assert not any(p["carrying"] for p in view.pirates)
    pass_round(s)
    play(s, "W2 E5-E6$")
    assert coins(s) == {"E6": 1, "F5": 1}


def test_engine_ruling_e03_deadly_chain_choices_are_offered_plane_ones_are_not():
    """E3: a knight landing that kills is offered; forbidden plane landings are not."""
    s = pos(tiles={"F5": "horse", "G7": "?empty"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert "W1 F5>G7$" in legal(s)
    play(s, "W1 F5>G7$")
    assert at(s, "W1") is None and coins(s) == {"E5": 1}
    s = pos(tiles={"F5": "plane", "G7": "?empty"}, pirates={"W1": "F5"}, coins={"F5": 1})
    assert "W1 F5^G7$" not in legal(s) and "W1 F5^G7" in legal(s)


def test_engine_ruling_e04_a_choice_point_reached_again_offers_only_new_ways():
    """E4: back at the same choice in the same action, the ways taken are not offered again."""
    s = pos(tiles={"F5": "horse", "G7": "crocodile"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "W1 F5>G7")
    assert s.pending == "horse" and "W1 F5>G7" not in legal(s) and len(legal(s)) == 7


def test_engine_ruling_e04_no_way_left_is_a_cycle():
    """E4: when no way is left the pirate is caught in a cycle and dies."""
    s = pos(tiles={"E5": "arrow:N,E", "F5": "crocodile", "E6": "crocodile"}, pirates={"W1": "D5"})
    play(s, "W1 D5-E5", "W1 E5>F5")
    assert legal(s) == ["W1 E5>E6"]
    lines = play(s, "W1 E5>E6")
    assert at(s, "W1") is None and any("cycle" in line for line in lines)
    assert s.crew_to_act() == "yellow"


def test_engine_ruling_e05_coin_dragged_into_a_cycle_returns():
    """E5: a coin dragged into a cycle goes back to where the action began."""
    s = pos(tiles={"F5": "arrow:E", "G5": "arrow:W"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert at(s, "W1") is None and coins(s) == {"E5": 1}


def test_engine_ruling_e06_coin_sinks_before_the_swimmer_fights():
    """E6: in the sea the coin sinks first; then the swimmer kills enemy swimmers there."""
    s = pos(tiles={"B5": "arrow:W"}, pirates={"W1": "C5", "Y1": "A5"}, coins={"C5": 1})
    play(s, "W1 C5-B5$")
    assert s.coin_counts()["sunk"] == 1 and at(s, "Y1") is None and at(s, "W1") == "A5"
    s = pos(tiles={"B7": "arrow:W"}, pirates={"W1": "C7"}, coins={"C7": 1})
    play(s, "W1 C7-B7$")
    assert at(s, "W1") is None and s.coin_counts()["sunk"] == 1


def test_engine_ruling_e07_no_stepping_onto_an_enemy_ship_with_a_coin():
    """E7: only empty-handed may a pirate step from land onto an enemy ship."""
    s = pos(pirates={"W1": "B7"}, coins={"B7": 1})
    assert "W1 B7-A7" in legal(s) and "W1 B7-A7$" not in legal(s)


def test_engine_ruling_e08_a_friend_already_on_the_trap_keeps_you_free():
    """E8: a pirate entering a trap where a friend already stands is not caught."""
    s = pos(tiles={"F5": "trap"}, pirates={"W1": "F5", "W2": "E5"})
    play(s, "W2 E5-F5")
    assert not pirate(s, "W2")["trapped"] and not pirate(s, "W1")["trapped"]


def test_engine_ruling_e09_a_drunk_pirate_cannot_steer_or_revive():
    """E9: a drunk pirate neither moves, nor steers a ship, nor performs a revive."""
    s = pos(pirates={"W1": "G1", "W2": "E5", "W3": "E6"}, drunk=("W1",))
    assert not [m for m in legal(s) if m.startswith("WS") or m.startswith("W1")]
    s = pos(tiles={"F5": "native"}, pirates={"W1": "F5", "W2": None, "W3": "E5"}, drunk=("W1",))
    assert not [m for m in legal(s) if "revive" in m]


def test_engine_ruling_e10_who_may_sail_a_ship():
    """E10: own ship with own or allied sober pirate aboard; an allied ship with an own pirate
    aboard; allied swimmers are picked up."""
    s = pos(players=4, teams=True, pirates={"W1": "G13", "W2": "F5", "W3": "F5"})
    moves = set(legal(s))
    assert {"BS G13-F13", "BS G13-H13"} <= moves and not {"WS G1-F1", "WS G1-H1"} & moves
    s = pos(
        players=4,
        teams=True,
        pirates={"W1": "F5", "W2": "F5", "W3": "F5", "Y1": "G1"},
        turn="white",
    )
    assert not [m for m in legal(s) if m.startswith("WS")]
    s = pos(players=4, teams=True, pirates={"B1": "H1"})
    play(s, "WS G1-H1")
    assert at(s, "B1") == "H1" and pirate(s, "B1")["cell"] == "H1"


def test_engine_ruling_e11_the_plane_own_ship_never_its_own_tile():
    """E11: the flight goes to the pirate's own colour's ship, never to the plane's own tile;
    the spent plane is an ordinary tile."""
    s = pos(players=4, teams=True, tiles={"F5": "plane"}, pirates={"W1": "F5"})
    moves = legal(s)
    assert "W1 F5^G1" in moves and "W1 F5^G13" not in moves and "W1 F5^F5" not in moves
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "E5"}, plane_used=True)
    play(s, "W1 E5-F5")
    assert at(s, "W1") == "F5" and s.crew_to_act() == "yellow"


def test_engine_ruling_e11_several_pirates_may_wait_by_the_plane():
    """E11: several pirates of one crew may wait; the first to fly spends it."""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "F5", "W2": "E5"})
    play(s, "W2 E5-F5", "W2 F5 stay")
    pass_round(s)
    assert "W1 F5^K9" in legal(s) and "W2 F5^K9" in legal(s)
    play(s, "W2 F5^K9")
    pass_round(s)
    assert "W1 F5-E5" in legal(s)


def test_engine_ruling_e12_swimmers_round_the_corners_aboard_no_jumping():
    """E12: a swimmer moves to any neighbouring sea square; a pirate aboard never jumps in."""
    s = pos(pirates={"W1": "A2"})
    assert sorted(m for m in legal(s) if m.startswith("W1")) == [
        "W1 A2-A1",
        "W1 A2-A3",
        "W1 A2-B1",
        "W1 A2-B2",
    ]
    s = pos()
    assert [m for m in legal(s) if m.startswith("W1")] == ["W1 G1-G2"]


def test_engine_ruling_e13_revive_brings_back_the_lowest_number_sober_and_free():
    """E13: revive brings back the lowest-numbered dead pirate."""
    s = pos(tiles={"F5": "native"}, pirates={"W1": None, "W2": "F5", "W3": None})
    assert [m for m in legal(s) if "revive" in m] == ["W1 revive F5"]
    play(s, "W1 revive F5")
    p = pirate(s, "W1")
    assert p["cell"] == "F5" and not p["drunk"] and not p["trapped"]


def test_engine_ruling_e14_out_crews_count_towards_the_stalemate():
    """E14: crews that are out are passed over silently but count towards the 40 rounds."""
    s = pos(players=3, default="?empty", pirates={"Y1": None, "Y2": None, "Y3": None})
    play(s, "WS G1-H1")
    assert s.crew_to_act() == "black" and s.to_json()["quiet_turns"] == 2


def test_engine_ruling_e15_nobody_can_act_ends_the_game():
    """E15: if no crew can act for two whole rounds, the game ends at once as a stalemate."""
    s = pos(
        players=3,
        tiles={"E5": "trap", "F5": "trap", "G5": "trap"},
        pirates={
            "W1": "E4",
            "W2": None,
            "W3": None,
            "Y1": "F5",
            "Y2": None,
            "Y3": None,
            "B1": "G5",
            "B2": None,
            "B3": None,
        },
        trapped=("Y1", "B1"),
    )
    lines = play(s, "W1 E4-E5")
    assert s.is_over() and s.outcome().reason == "stalemate"
    assert "Yellow has no legal move and skips the turn" in lines


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("when", ["at the start", "after an offer"])
def test_engine_ruling_e16_one_player_cannot_end_the_game_alone(ruleset, when):
    """E16: the retired `end by agreement` is refused like any illegal move, and changes nothing."""
    s = new_game(ruleset, players=2, seed="e16")
    if when == "after an offer":
        play(s, "offer end")
    before = s.to_json()
    with pytest.raises(IllegalMove, match="one player cannot end the game"):
        s.apply("end by agreement")
    assert s.to_json() == before and not s.is_over()
    assert "end by agreement" not in legal(s)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_engine_ruling_e16_an_offer_accepted_by_the_other_player_ends_the_game(ruleset):
    """E16: `offer end` is a free action of the seat to act; the other seat accepts on its turn."""
    s = new_game(ruleset, players=2, seed="e16")
    assert "offer end" in legal(s) and "accept end" not in legal(s)
    lines = play(s, "offer end")
    assert lines == ["The White and Black player offers to end the game by agreement"]
    assert s.to_act() == 0 and s.crew_to_act() == "white"  # the turn goes on
    assert s.agreement == {"offered_by": 0, "accepted": [0]}
    assert "offer end" not in legal(s) and "accept end" not in legal(s)  # once per turn
    with pytest.raises(IllegalMove, match="already open"):
        s.apply("offer end")
    with pytest.raises(IllegalMove, match="already agreed"):
        s.apply("accept end")
    play(s, "W1 G1-G2")
    assert s.to_act() == 1 and "accept end" in legal(s) and "offer end" not in legal(s)
    lines = play(s, "accept end")
    assert lines[0] == "The Yellow and Red player accepts the offer to end the game by agreement"
    assert s.is_over() and s.outcome().reason == "agreement" and s.legal_moves() == []


def test_engine_ruling_e16_every_player_still_in_must_accept():
    """E16: with three players one acceptance is not enough; the game goes on until the last."""
    s = new_game("classic", players=3, seed="e16")
    play(s, "offer end", "WS G1-H1", "accept end")
    assert not s.is_over() and s.agreement == {"offered_by": 0, "accepted": [0, 1]}
    assert s.to_act() == 1  # accepting is free too: Yellow still plays its turn
    play(s, "YS A7-A8")
    assert s.to_act() == 2 and "accept end" in legal(s)
    play(s, "accept end")
    assert s.is_over() and s.outcome().reason == "agreement"


def test_engine_ruling_e16_in_teams_every_seat_accepts():
    """E16: in teams each seat still in decides for itself; a partner's word is not enough."""
    s = new_game("classic", players=4, teams=True, seed="e16")
    play(s, "offer end", "WS G1-H1", "accept end", "YS A7-A8")
    assert s.to_act() == 2 and "accept end" in legal(s)  # White's partner Black
    play(s, "accept end", "BS G13-F13")
    assert not s.is_over() and s.to_act() == 3
    play(s, "accept end")
    assert s.is_over() and s.outcome().reason == "agreement"


def test_engine_ruling_e16_playing_on_does_not_accept_and_the_offer_lapses():
    """E16: a player who plays on does not accept; the offer lapses when its maker is to act
    again, and may then be made anew."""
    s = new_game("classic", players=3, seed="e16")
    play(s, "offer end", "WS G1-H1", "accept end", "YS A7-A8")
    lines = play(s, "BS G13-F13")  # Black plays on: the turn comes back to White
    assert "The White player no longer offers to end the game: the offer lapsed" in lines
    assert s.to_act() == 0 and s.agreement is None and not s.is_over()
    assert "accept end" not in legal(s) and "offer end" in legal(s)
    with pytest.raises(IllegalMove, match="nobody has offered"):
        s.apply("accept end")


def test_engine_ruling_e16_players_out_are_not_asked():
    """E16: a player whose crews are out (every pirate dead) is not still in: the others agree."""
    s = pos(players=3, pirates={"Y1": None, "Y2": None, "Y3": None})
    play(s, "offer end", "WS G1-H1")
    assert s.crew_to_act() == "black"
    play(s, "accept end")
    assert s.is_over() and s.outcome().reason == "agreement"


def test_engine_ruling_e16_an_offer_lapses_when_its_maker_is_out():
    """E16: an offer whose maker lost its last pirate lapses at once: nobody is left to hold it."""
    s = pos(players=3, pirates={"W1": "B7", "W2": None, "W3": None})
    lines = play(s, "offer end", "W1 B7-A7")  # into the sea: the last pirate of White drowns
    assert "The White player no longer offers to end the game: the offer lapsed" in lines
    assert s.agreement is None and "accept end" not in legal(s)


def test_engine_ruling_e16_no_offer_in_the_middle_of_a_move():
    """E16: offering and accepting belong to the start of a turn, never to a chain choice."""
    s = pos(tiles={"F5": "horse"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert s.pending == "horse" and "offer end" not in legal(s)
    with pytest.raises(IllegalMove, match="finish the move first"):
        s.apply("offer end")


def test_engine_ruling_e16_an_open_offer_survives_json_and_copy():
    """E16: the open offer is part of the position (to_json/from_json, copy)."""
    s = new_game("classic", players=3, seed="e16")
    play(s, "offer end", "WS G1-H1", "accept end")
    stored = State.from_json(s.to_json())
    assert stored.to_json() == s.to_json() and stored.agreement == s.agreement
    for again in (stored, s.copy()):
        play(again, "YS A7-A8", "accept end")
        assert again.is_over() and again.outcome().reason == "agreement"
    assert "agreement" not in new_game("classic", players=3, seed="e16").to_json()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_engine_ruling_e16_apply_accepts_a_seat_move_only_when_it_is_listed(ruleset):
    """Issue 17: no move skips the legality check any more. The moves of the seat rather than of
    a piece are tried at every ply of random games: apply() takes them exactly when listed."""
    seat_moves = ("end by agreement", "offer end", "accept end", "end turn")
    for game in range(3):
        s = new_game(ruleset, players=3, seed=f"listed-{game}")
        rng = random.Random(game)
        while not s.is_over():
            listed = set(legal(s))
            for text in seat_moves:
                trial = s.copy()
                try:
                    trial.apply(text)
                except IllegalMove:
                    assert text not in listed
                else:
                    assert text in listed
            s.apply(rng.choice(s.legal_moves()))


def test_engine_ruling_e16_old_ledgers_with_end_by_agreement_still_replay():
    """E16: a ledger written when one player could end the game replays to the same end."""
    s = replay("classic", 2, "e16", ["W1 G1-G2", "end by agreement"])
    assert s.is_over() and s.outcome().reason == "agreement" and s.ply == 2
    with pytest.raises(IllegalMove, match="ply 3: .* the game is over"):
        replay("classic", 2, "e16", ["W1 G1-G2", "end by agreement", "YS A7-A8"])


def test_engine_ruling_e17_ice_after_a_crocodile():
    """E17: the crocodile's push back is the move the ice repeats."""
    s = pos(tiles={"F5": "ice", "G5": "crocodile"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert at(s, "W1") == "E5"
    s = pos(tiles={"F5": "ice", "G5": "crocodile", "E5": "arrow:E"}, pirates={"W1": "D5"})
    play(s, "W1 D5-E5")
    assert at(s, "W1") is None  # arrow -> ice -> crocodile -> ice -> arrow ... a cycle
    s = pos(tiles={"F5": "horse", "G7": "ice", "H9": "crocodile"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "W1 F5>G7", "W1 G7>H9")
    assert s.pending == "horse" and at(s, "W1") == "G7" and "W1 G7>H9" not in legal(s)


def test_engine_ruling_e18_the_three_headed_arrow_is_one_diagonal_and_two_straight_heads():
    """E18 (corrected): the printed three-headed arrow has one diagonal head and two straight heads
    at right angles pointing away from it (NW, E, S); deck 1, which dealt a T (E, S, W), is kept
    only for games dealt from it."""
    from rules.jackal.decks import THREE_HEADED_ARROW
    from rules.jackal.tiles import MASK_DIRS, parse_tile

    kind, mask = parse_tile(THREE_HEADED_ARROW[2])
    heads = MASK_DIRS[mask]
    diagonal = [d for d in heads if d % 2]
    straight = [d for d in heads if d % 2 == 0]
    assert len(diagonal) == 1 and len(straight) == 2
    assert (straight[1] - straight[0]) % 8 in (2, 6)  # at a right angle to each other
    assert all((d - diagonal[0]) % 8 in (3, 5) for d in straight)  # both away from the diagonal
    s = pos(tiles={"F5": "arrow:NW,E,S"}, pirates={"W1": "F6"})
    play(s, "W1 F6-F5")
    assert legal(s) == ["W1 F5>E6", "W1 F5>F4", "W1 F5>G5"]


def test_engine_ruling_e19_impossible_outcome_leaves_the_tile_face_down():
    """E19: the pirate never got onto the face-down tile, so it stays face down."""
    s = pos(tiles={"F5": "ice", "G5": "?ogre"}, pirates={"W1": "E5"}, coins={"E5": 1})
    lines = play(s, "W1 E5-F5$")
    assert not tile_up(s, "G5") and not any("ogre" in line for line in lines)


def test_engine_ruling_e20_spinner_coin_climbs_but_not_onto_an_enemy():
    """E20: a coin carrier climbs step by step; not onto a step held by an enemy."""
    s = pos(tiles={"F5": "desert"}, pirates={"W1": "F5.1"}, coins={"F5.1": 1})
    play(s, "W1 F5+$")
    assert coins(s) == {"F5.2": 1} and at(s, "W1") == "F5.2"
    s = pos(tiles={"F5": "desert"}, pirates={"W1": "F5.1", "Y1": "F5.2"}, coins={"F5.1": 1})
    assert "W1 F5+" in legal(s) and "W1 F5+$" not in legal(s)
    with pytest.raises(IllegalMove, match="enemy holds the next step"):
        s.apply("W1 F5+$")


def test_engine_ruling_e21_ranking_by_team_totals():
    """E21: seats ranked by their team's total; partners share a place."""
    s = pos(
        reserve=False,
        pirates={"W1": "G2"},
        coins={"G2": 1},
        scores={"black": 1, "yellow": 1, "red": 2},
    )
    play(s, "W1 G2-G1$")
    out = s.outcome()
    assert out.scores == {0: 2, 1: 3} and out.ranking == [[1], [0]]


def test_engine_ruling_e22_three_players_leave_the_east_empty():
    """E22: three players are White, Yellow, Black; the east side stays empty."""
    s = new_game("classic", players=3, seed="e22")
    assert s.crews == ("white", "yellow", "black")
    assert [s.crew_owner(c) for c in s.crews] == [0, 1, 2]
    view = player_view(s, None)
    assert view.cell("M7")["sea"] and "RS" not in [sh["id"] for sh in view.ships]


def test_engine_ruling_e23_the_deal_is_a_function_of_the_seed():
    """E23: the same seed deals the same island; another seed another one."""
    a = new_game("classic", players=2, seed="same").to_json()["tiles"]
    b = new_game("classic", players=4, seed="same").to_json()["tiles"]
    c = new_game("classic", players=2, seed="other").to_json()["tiles"]
    assert a == b and a != c


def test_engine_ruling_e24_crocodile_back_aboard_an_allied_ship():
    """E24: off an allied ship onto a crocodile: back aboard that ship."""
    s = pos(players=4, teams=True, tiles={"G12": "crocodile"}, pirates={"W1": "G13"})
    play(s, "W1 G13-G12")
    assert pirate(s, "W1")["cell"] == "G13"
