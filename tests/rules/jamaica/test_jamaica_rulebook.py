"""Jamaica, paragraph by paragraph of the rulebook (shared/rulebooks/jamaica-en.txt): each test
plays the paragraph's rule on a position built for it."""

import pytest
from jamaica_kit import kinds, play_round, position, rig

from rules.core import IllegalMove, SetupError, ruleset
from rules.jamaica import JAMAICA, track
from rules.jamaica.actions import DECK
from rules.jamaica.holds import total
from rules.jamaica.treasures import CARDS

# -- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_setup_three_food_three_gold_three_cards_at_port_royal(seats):
    game = JAMAICA.new_game(seats, f"setup {seats}")
    for s in range(seats):
        assert game.holds[s][:2] == [["food", 3], ["gold", 3]]
        assert all(h == [None, 0] for h in game.holds[s][2:]) and len(game.holds[s]) == 5
        assert len(game.hands[s]) == 3 and len(game.decks[s]) == 8
        assert sorted(game.hands[s] + game.decks[s]) == sorted(DECK)
        assert game.progress[s] == 0
    assert sorted(game.lairs) == sorted(track.LAIRS) and len(game.lairs) == 9
    assert len(game.treasure_deck) == 9 and len(game.set_aside) == 3
    assert sorted(game.treasure_deck + game.set_aside) == sorted(CARDS)


def test_two_to_six_players_only():
    for bad in (1, 7):
        with pytest.raises(SetupError, match="2, 3, 4, 5, 6"):
            ruleset("jamaica").new_game(bad, "x")


def test_the_compass_picks_the_first_captain_from_the_seed():
    captains = {JAMAICA.new_game(4, f"compass {n}").captain for n in range(40)}
    assert captains == {0, 1, 2, 3}
    assert JAMAICA.new_game(4, "same").captain == JAMAICA.new_game(4, "same").captain


# -- the captain's dice ---------------------------------------------------------------------------


def test_the_captain_orders_the_dice_morning_and_evening():
    game = next(
        g for g in (JAMAICA.new_game(3, f"dice {n}") for n in range(50)) if g.dice[0] != g.dice[1]
    )
    a, b = game.dice
    assert game.phase == "order" and game.to_act() == {game.captain}
    assert game.legal_moves(game.captain) == [f"dice {a} {b}", f"dice {b} {a}"]
    other = (game.captain + 1) % 3
    with pytest.raises(IllegalMove):
        game.apply(other, f"dice {a} {b}")
    events = game.apply(game.captain, f"dice {b} {a}")
    assert events == [{"kind": "order", "seat": game.captain, "morning": b, "evening": a}]
    assert (game.morning, game.evening) == (b, a) and game.phase == "choose"


def test_a_double_needs_no_order():
    game = next(
        g
        for g in (JAMAICA.new_game(2, f"double {n}") for n in range(200))
        if g.dice[0] == g.dice[1]
    )
    assert game.phase == "choose" and game.morning == game.evening == game.dice[0]
    assert game.to_act() == {0, 1}


# -- everyone chooses a card face down, at once ----------------------------------------------------


def test_every_player_chooses_a_card_at_once_and_it_stays_hidden():
    game = position(3, hands={0: ["AG", "FA", "CF"], 1: ["AA", "AB", "BA"], 2: ["GA", "AC", "CA"]})
    assert game.to_act() == {0, 1, 2}
    events = game.apply(2, "play GA")
    assert events == [{"kind": "chosen", "seat": 2}]
    assert game.to_act() == {0, 1}
    assert game.view(2)["my_card"] == "GA" and game.view(0)["my_card"] is None
    assert game.view(0)["ready"] == [2] and "GA" not in str(game.view(0)["revealed"])
    with pytest.raises(IllegalMove):
        game.apply(2, "play AC")  # one card a round
    with pytest.raises(IllegalMove):
        game.apply(0, "play AA")  # not in the hand


def test_resolution_goes_in_order_from_the_captain_morning_then_evening():
    game = position(
        3,
        captain=1,
        morning=1,
        evening=2,
        hands={0: ["FG", "AA", "AB"], 1: ["CF", "AA", "AB"], 2: ["GA", "AA", "AB"]},
        holds={0: [], 1: [], 2: []},
    )
    events = play_round(game, {0: "FG", 1: "CF", 2: "GA"})
    reveals = [e["seat"] for e in events if e["kind"] == "reveal"]
    assert reveals == [1, 2, 0]
    loads = [(e["seat"], e["tokens"], e["n"]) for e in events if e["kind"] == "load"]
    assert loads[:3] == [(1, "cannons", 1), (1, "food", 2), (2, "gold", 1)]
    assert loads[3:] == [(0, "food", 1), (0, "gold", 2)]


def test_hands_are_refilled_and_the_compass_passes_left():
    game = position(
        3,
        captain=2,
        hands={s: ["FG", "CF", "GA"] for s in range(3)},
        holds={s: [] for s in range(3)},
    )
    events = play_round(game, {0: "FG", 1: "FG", 2: "FG"})
    assert [e for e in events if e["kind"] == "draw"] == [
        {"kind": "draw", "seat": s, "n": 1} for s in range(3)
    ]
    assert all(len(game.hands[s]) == 3 and game.discards[s] == ["FG"] for s in range(3))
    assert game.captain == 0 and game.round == 2
    assert events[-1]["kind"] == "dice" and events[-1]["captain"] == 0


def test_an_empty_draw_pile_is_made_again_from_the_discards():
    game = position(2, hands={0: ["FG", "CF", "GA"], 1: ["FG", "CF", "GA"]}, holds={0: [], 1: []})
    doc = game.to_json()
    doc["decks"][0], doc["discards"][0] = [], ["AA", "AB"]
    game = JAMAICA.from_json(doc)
    events = play_round(game, {0: "FG", 1: "FG"})
    assert {"kind": "reshuffle", "seat": 0} in events
    assert len(game.hands[0]) == 3 and sorted(game.hands[0] + game.decks[0]) == sorted(
        ["CF", "GA", "AA", "AB", "FG"]
    )


# -- the symbols ----------------------------------------------------------------------------------


def test_green_arrow_advances_red_arrow_goes_back():
    game = position(
        2,
        morning=4,
        evening=2,
        hands={0: ["AB", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        progress={0: 10},
        holds={0: [("food", 9), ("gold", 9)]},
    )
    events = play_round(game, {0: "AB", 1: "FG"})
    moves = [(e["from"], e["to"]) for e in events if e["kind"] == "move" and e["seat"] == 0]
    assert moves == [(10, 14), (14, 12)]
    assert game.progress[0] == 12


@pytest.mark.parametrize("card,tokens", [("GA", "gold"), ("FA", "food"), ("CA", "cannons")])
def test_loading_symbols_load_the_die_into_a_free_hold(card, tokens):
    game = position(
        2,
        morning=5,
        evening=1,
        hands={0: [card, "FG", "AB"], 1: ["FG", "CF", "GA"]},
        progress={0: 2},
        holds={0: [("food", 3), ("gold", 3)]},
    )
    play_round(game, {0: card, 1: "FG"})
    assert game.holds[0][2] == [tokens, 5]


# -- holds ----------------------------------------------------------------------------------------


def test_no_tokens_added_to_a_hold_that_holds_some():
    game = position(
        2,
        morning=2,
        evening=4,
        hands={0: ["GA", "FG", "AB"], 1: ["FG", "CF", "GA"]},
        holds={0: [("gold", 3)]},
        progress={0: 30},
    )
    play_round(game, {0: "GA", 1: "FG"})
    assert game.holds[0][0] == ["gold", 3] and game.holds[0][1] == ["gold", 2]


def test_full_holds_one_of_another_kind_is_emptied_by_choice():
    full = [("food", 2), ("gold", 4), ("cannons", 1), ("gold", 1), ("food", 5)]
    game = position(
        2,
        morning=3,
        evening=1,
        hands={0: ["GA", "FG", "AB"], 1: ["FG", "CF", "GA"]},
        holds={0: full},
        progress={0: 2},
    )
    play_round(game, {0: "GA", 1: "FG"})
    assert game.pending == {
        "kind": "hold",
        "seat": 0,
        "tokens": "gold",
        "n": 3,
        "options": [1, 3, 5],
    }
    assert game.to_act() == {0} and game.legal_moves(0) == ["hold 1", "hold 3", "hold 5"]
    with pytest.raises(IllegalMove):
        game.apply(0, "hold 2")  # a gold hold is not emptied for gold
    events = game.apply(0, "hold 3")
    assert {
        "kind": "load",
        "seat": 0,
        "tokens": "gold",
        "n": 3,
        "hold": 3,
        "thrown": 1,
        "thrown_tokens": "cannons",
    } in events
    assert game.holds[0][2] == ["gold", 3]


def test_holds_all_of_the_loaded_kind_lose_the_load():
    game = position(
        2,
        morning=3,
        evening=1,
        hands={0: ["FA", "FG", "AB"], 1: ["FG", "CF", "GA"]},
        holds={0: [("food", 1)] * 5},
        progress={0: 3},
    )
    events = play_round(game, {0: "FA", 1: "FG"})
    assert {"kind": "load lost", "seat": 0, "tokens": "food", "n": 3} in events
    # then the evening's 1 step to square 4 costs 2 food: two holds are freed
    assert game.holds[0] == [[None, 0]] * 2 + [["food", 1]] * 3


# -- costs ----------------------------------------------------------------------------------------


def test_sea_squares_cost_food_ports_cost_gold_lairs_are_free():
    game = position(
        2,
        morning=1,
        evening=1,
        hands={0: ["AA", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        holds={0: [("food", 3), ("gold", 3)]},
        progress={0: 3},
    )
    # 3 lair -> 4 (sea, 2 food) -> 5 (port, 2 gold)
    events = play_round(game, {0: "AA", 1: "FG"})
    pays = [(e["tokens"], e["n"]) for e in events if e["kind"] == "pay"]
    assert pays == [("food", 2), ("gold", 2)]
    assert game.holds[0][:2] == [["food", 1], ["gold", 1]]


def test_a_shortage_pays_what_it_can_and_goes_back_to_a_square_it_can_pay():
    # From 3 (lair), 4 squares on: 7 is a sea square costing 2 food, only 1 aboard.
    game = position(
        2,
        morning=4,
        evening=1,
        hands={0: ["AG", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        holds={0: [("food", 1), ("gold", 3)]},
        progress={0: 3},
        treasure_deck=[],
    )
    events = play_round(game, {0: "AG", 1: "FG"})
    shortage = next(e for e in events if e["kind"] == "shortage")
    # Food gone: 6 and 4 are sea squares; 5 is a port for 2 gold, payable.
    assert shortage == {"kind": "shortage", "seat": 0, "tokens": "food", "n": 1, "from": 7, "to": 5}
    assert game.progress[0] == 5 and game.holds[0][0] == ["gold", 1]


def test_a_shortage_back_to_a_lair_takes_its_treasure():
    game = position(
        2,
        morning=5,
        evening=1,
        hands={0: ["AG", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        holds={0: [("gold", 1)]},
        progress={0: 5},
        treasure_deck=["T5"],
    )
    # 5 + 5 = 10, a port for 3 gold: only 1. Back: 9 sea (no food), 8 is a lair.
    events = play_round(game, {0: "AG", 1: "FG"})
    assert game.progress[0] == 8 and game.treasures[0] == ["T5"] and 8 not in game.lairs
    assert {"kind": "treasure", "seat": 0} in events


# -- lairs and treasure cards ---------------------------------------------------------------------


def test_ending_on_a_lair_with_its_token_draws_a_treasure_once():
    game = position(
        2,
        morning=3,
        evening=1,
        hands={0: ["AG", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        treasure_deck=["saber", "T4"],
    )
    events = play_round(game, {0: "AG", 1: "FG"})
    assert game.treasures == [["saber"], []]
    assert {"kind": "treasure", "seat": 0, "card": "saber"} in events  # a power is face up
    assert game.lairs.count(3) == 0 and game.treasure_deck == ["T4"]


def test_morgans_map_gives_a_hand_of_four():
    game = position(
        2,
        hands={0: ["FG", "CF", "GA"], 1: ["FG", "CF", "GA"]},
        holds={0: [], 1: []},
        treasures={0: ["map"]},
    )
    play_round(game, {0: "FG", 1: "FG"})
    assert len(game.hands[0]) == 4 and len(game.hands[1]) == 3


def test_the_sixth_hold_is_a_sixth_hold():
    game = position(
        2,
        morning=2,
        evening=6,
        hands={0: ["FG", "CF", "GA"], 1: ["FG", "CF", "GA"]},
        holds={0: [("food", 1), ("gold", 1), ("cannons", 1), ("gold", 2)]},
        treasures={0: ["sixth"]},
    )
    play_round(game, {0: "FG", 1: "FG"})
    assert len(game.holds[0]) == 6 and game.holds[0][4:] == [["food", 2], ["gold", 6]]


# -- fights ---------------------------------------------------------------------------------------


def fight_position(**kw):
    # Seat 1, the captain, loads 3 food and 1 gold first; then seat 0 sails 2 -> 5 onto it.
    base = dict(
        captain=1,
        morning=3,
        evening=1,
        hands={0: ["AF", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        progress={0: 2, 1: 5},
        holds={0: [("food", 3), ("gold", 3), ("cannons", 2)], 1: [("food", 4), ("gold", 5)]},
    )
    base.update(kw)
    return position(2, **base)


def test_ending_on_a_ship_starts_a_fight_the_attacker_spends_cannons_first():
    game = rig(fight_position(), combat=[4, 2])
    events = play_round(game, {0: "AF", 1: "FG"})
    assert {"kind": "fight", "attacker": 0, "defender": 1} in events
    assert game.pending == {"kind": "cannons", "seat": 0, "side": "att", "max": 2}
    assert game.legal_moves(0) == ["cannons 0", "cannons 1", "cannons 2"]
    events = game.apply(0, "cannons 2")
    # 4 + 2 against 2 + 0 (the defender has no cannons: nothing to decide)
    assert [e["face"] for e in events if e["kind"] == "roll"] == [4, 2]
    assert {"kind": "fight won", "winner": 0, "loser": 1} in events
    assert game.pending == {"kind": "spoils", "seat": 0, "loser": 1}
    assert game.holds[1] == [["food", 4], ["gold", 5], ["food", 3], ["gold", 1], [None, 0]]
    assert game.legal_moves(0) == ["take hold 1", "take hold 2", "take hold 3", "take hold 4"]
    events = game.apply(0, "take hold 2")
    assert game.holds[1][1] == [None, 0]
    # the stolen 5 gold go to the first free hold (the spent cannons freed hold 3), then the
    # port of square 5 costs 2 gold from the smaller gold hold
    assert game.holds[0][:3] == [["food", 3], ["gold", 1], ["gold", 5]]
    assert kinds(events).index("spoils") < kinds(events).index("pay")


def test_the_defender_answers_with_cannons_and_the_higher_strength_wins():
    game = rig(
        fight_position(
            holds={
                0: [("food", 3), ("gold", 3), ("cannons", 1)],
                1: [("food", 4), ("gold", 5), ("cannons", 3)],
            }
        ),
        combat=[6, 4],
    )
    play_round(game, {0: "AF", 1: "FG"})
    game.apply(0, "cannons 1")
    assert game.pending == {"kind": "cannons", "seat": 1, "side": "def", "max": 3}
    events = game.apply(1, "cannons 3")  # 4 + 3 = 7 against 6 + 1 = 7: a draw
    assert {"kind": "fight drawn", "attacker": 0, "defender": 1, "strength": 7} in events
    # spent all the same
    assert total(game.holds[1], "cannons") == 0 and total(game.holds[0], "cannons") == 0


def test_an_attackers_star_wins_at_once_the_defender_cannot_defend():
    game = rig(
        fight_position(
            holds={0: [("food", 3), ("gold", 3), ("cannons", 2)], 1: [("food", 4), ("cannons", 5)]}
        ),
        combat=["star"],
    )
    play_round(game, {0: "AF", 1: "FG"})
    events = game.apply(0, "cannons 2")
    assert [e["face"] for e in events if e["kind"] == "roll"] == ["star"]
    assert not any(e["kind"] == "cannons" and e["seat"] == 1 for e in events)
    assert game.pending["kind"] == "spoils" and game.pending["seat"] == 0
    assert game.holds[0][2] == [None, 0]  # spent for nothing, discarded anyway


def test_a_defenders_star_wins_whatever_the_attackers_cannons():
    game = rig(
        fight_position(
            holds={0: [("food", 3), ("gold", 3), ("cannons", 9)], 1: [("food", 4), ("gold", 5)]}
        ),
        combat=[8, "star"],
    )
    play_round(game, {0: "AF", 1: "FG"})
    events = game.apply(0, "cannons 9")
    assert {"kind": "fight won", "winner": 1, "loser": 0} in events
    assert game.pending == {"kind": "spoils", "seat": 1, "loser": 0}
    assert game.to_act() == {1}


def test_no_fight_at_port_royal():
    game = position(
        2,
        morning=1,
        evening=1,
        hands={0: ["BA", "FG", "CF"], 1: ["FG", "CF", "GA"]},
        progress={0: 1},
    )
    events = play_round(game, {0: "BA", 1: "FG"})
    assert "fight" not in kinds(events)  # back to 0, both ships at Port Royal


def test_with_several_ships_there_the_attacker_chooses_the_opponent():
    game = position(
        3,
        morning=3,
        evening=1,
        hands={0: ["AF", "FG", "CF"], 1: ["FG", "CF", "GA"], 2: ["FG", "CF", "GA"]},
        progress={0: 2, 1: 5, 2: 5},
        holds={0: [("food", 3), ("gold", 3)]},
    )
    rig(game, combat=[2, 4])
    play_round(game, {0: "AF", 1: "FG", 2: "FG"})
    assert game.pending == {"kind": "attack", "seat": 0, "options": [1, 2]}
    assert game.legal_moves(0) == ["attack blue", "attack green"]
    events = game.apply(0, "attack green")
    assert {"kind": "fight", "attacker": 0, "defender": 2} in events


def test_spoils_a_treasure_taken_blind_a_power_by_name_a_curse_given():
    game = fight_position(
        captain=0,
        holds={0: [("food", 3), ("gold", 3)], 1: []},
        treasures={0: ["C2", "C4"], 1: ["T7", "T3", "beth"]},
    )
    rig(game, combat=[8, 0], steal=[1])
    play_round(game, {0: "AF", 1: "FG"})
    assert game.legal_moves(0) == ["take treasure", "take beth", "give cursed"]
    snapshot = game.to_json()
    game.apply(0, "take treasure")
    assert "T3" in game.treasures[0] and game.treasures[1] == ["T7", "beth"]
    other = rig(JAMAICA.from_json(snapshot))
    other.apply(0, "give cursed")  # the worst curse goes
    assert "C4" in other.treasures[1] and other.treasures[0] == ["C2"]
    third = JAMAICA.from_json(snapshot)
    third.apply(0, "take beth")
    assert "beth" in third.treasures[0] and "beth" not in third.treasures[1]


# -- the end of the race --------------------------------------------------------------------------


def test_reaching_port_royal_ends_the_turn_at_once_and_the_round_is_finished():
    game = position(
        3,
        captain=1,
        morning=6,
        evening=6,
        hands={0: ["AA", "FG", "CF"], 1: ["AG", "FG", "CF"], 2: ["FG", "CF", "GA"]},
        progress={0: 20, 1: 40, 2: 30},
        holds={s: [("food", 9), ("gold", 9)] for s in range(3)},
    )
    events = play_round(game, {0: "AA", 1: "AG", 2: "FG"})
    assert {"kind": "finish", "seat": 1} in events
    assert not any(e["kind"] == "load" and e["seat"] == 1 for e in events)  # evening ignored
    assert [e["seat"] for e in events if e["kind"] == "reveal"] == [1, 2, 0]  # round goes on
    assert game.progress == [32, track.FINISH, 30]
    assert game.is_over() and game.to_act() == frozenset() and game.legal_moves(0) == []


def test_scoring_gold_treasures_and_the_white_number():
    game = position(
        3,
        morning=6,
        evening=6,
        hands={0: ["AA", "FG", "CF"], 1: ["FG", "CF", "GA"], 2: ["FG", "CF", "GA"]},
        progress={0: 40, 1: 37, 2: 12},
        holds={0: [("gold", 2)], 1: [("gold", 4), ("gold", 1)], 2: [("gold", 9)]},
        treasures={1: ["T6", "C3", "map"], 2: ["T7"]},
    )
    play_round(game, {0: "AA", 1: "FG", 2: "CF"})
    assert game.is_over()
    # 0: 15 at the finish + 2 gold; 1: progress 37 is worth 3, + 5 gold, + 6 more gold loaded
    # by FG's evening, + 6 - 3 in treasures; 2: far behind the -5 square: -5 + 9 gold + 7
    scores = game.outcome().scores
    assert scores == {0: 15 + 2, 1: 3 + 5 + 6 + 6 - 3, 2: -5 + 9 + 7}
    # 0 and 1 tie on 17: the ship further on (0, at the finish) takes the place
    assert game.outcome().ranking == [[0], [1], [2]]


def test_equal_scores_the_ship_further_on_wins_else_the_place_is_shared():
    game = position(
        3,
        morning=6,
        evening=6,
        hands={0: ["AA", "FG", "CF"], 1: ["CF", "FG", "GA"], 2: ["CF", "FG", "GA"]},
        progress={0: 40, 1: 44, 2: 44},
        holds={0: [("gold", 0)], 1: [("gold", 7)], 2: [("gold", 7)]},
    )
    play_round(game, {0: "AA", 1: "CF", 2: "CF"})
    out = game.outcome()
    assert out.scores == {0: 15, 1: 17, 2: 17}
    assert out.ranking == [[1, 2], [0]]
