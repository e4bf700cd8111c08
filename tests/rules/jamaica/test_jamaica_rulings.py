"""One test for each ruling of docs/jamaica-rulings.md (J1, J2, ...)."""

from collections import Counter

import pytest
from jamaica_kit import kinds, play_round, position, random_game, rig

from rules.jamaica import JAMAICA, track
from rules.jamaica.actions import DECK
from rules.jamaica.combat_die import FACES, STAR
from rules.jamaica.treasures import CARDS, CURSED, POWERS, VALUES

OTHERS = ["FG", "CF", "GA"]  # a quiet hand for the seats a test does not watch


def test_ruling_j01_one_loop_of_45_squares_nine_lairs_no_route_to_choose():
    assert track.LENGTH == 45 and track.SQUARES[0] == ("port", 0)
    counts = Counter(kind for kind, _ in track.SQUARES)
    assert counts == {"sea": 26, "port": 10, "lair": 9}
    assert all(1 <= cost <= 3 for kind, cost in track.SQUARES if kind == "sea")
    assert all(1 <= cost <= 5 for kind, cost in track.SQUARES[1:] if kind == "port")
    seen = set()
    random_game(4, "routes", hook=lambda g, s, m, e: seen.add(m.split()[0]))
    assert seen <= {"dice", "play", "hold", "attack", "cannons", "reroll", "keep", "take", "give"}


def test_ruling_j02_back_from_the_start_goes_behind_port_royal_and_pays_there():
    game = position(
        2,
        morning=3,
        evening=1,
        hands={0: ["BA", "FG", "CF"], 1: OTHERS},
        holds={0: [("food", 5), ("gold", 5)]},
    )
    events = play_round(game, {0: "BA", 1: "FG"})
    assert game.progress[0] == -2  # -3 then +1
    assert track.square_of(-3) == 42 and track.square_of(-2) == 43
    # -3 is square 42 (a lair: its treasure), -2 is square 43, the sea for 3 food
    assert {"kind": "pay", "seat": 0, "tokens": "food", "n": 3} in events
    assert game.treasures[0] and 42 not in game.lairs
    deep = position(
        2,
        morning=6,
        evening=6,
        hands={0: ["BA", "FG", "CF"], 1: OTHERS},
        progress={0: track.FLOOR + 2},
        holds={0: [("food", 20), ("gold", 20)]},
    )
    play_round(deep, {0: "BA", 1: "FG"})
    assert deep.progress[0] == track.FLOOR + 6  # stopped at the floor, then 6 on
    # at the floor and short of food: it pays what it can and stays there
    stuck = position(
        2,
        morning=1,
        evening=1,
        hands={0: ["BA", "FG", "CF"], 1: OTHERS},
        progress={0: track.FLOOR + 1},
        holds={0: [("gold", 5)]},
    )
    events = play_round(stuck, {0: "BA", 1: "FG"})
    shortages = [(e["from"], e["to"]) for e in events if e["kind"] == "shortage"]
    assert shortages[0] == (track.FLOOR, track.FLOOR)


def test_ruling_j03_white_numbers_by_progress_and_minus_five_behind():
    assert track.white_number(track.FINISH) == 15
    assert [track.white_number(track.FINISH - k) for k in range(1, 10)] == list(range(10, 1, -1))
    assert track.white_number(track.MINUS_FIVE_SQUARE) == -5 == track.white_number(3)
    assert track.white_number(-1) == -5  # on square 44, but one lap behind


def test_ruling_j04_every_pirate_has_the_same_eleven_cards():
    assert sorted(DECK) == sorted(
        ["AA", "AF", "FA", "AG", "GA", "AC", "CA", "AB", "BA", "FG", "CF"]
    )
    symbols = Counter("".join(DECK))
    assert symbols["A"] == 10 and symbols["B"] == 2
    game = JAMAICA.new_game(6, "decks")
    assert all(sorted(game.hands[s] + game.decks[s]) == sorted(DECK) for s in range(6))


def test_ruling_j05_combat_die_faces():
    assert FACES == (0, 2, 4, 6, 8, STAR)
    seen = Counter()
    for n in range(300):
        game = position(
            2,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: [("food", 3)]},
            seed=f"die {n}",
        )
        for e in play_round(game, {0: "AF", 1: "FG"}):
            if e["kind"] in ("roll", "reroll"):
                seen[e["face"]] += 1
    assert set(seen) == set(FACES)


def test_ruling_j06_treasure_deck_values_and_setup():
    assert set(POWERS) == {"map", "saber", "beth", "sixth"}
    assert sorted(VALUES.values()) == [-4, -3, -2, 3, 4, 5, 6, 7]
    assert set(CURSED) == {"C2", "C3", "C4"} and len(CARDS) == 12
    decks = {tuple(JAMAICA.new_game(2, f"t{n}").treasure_deck) for n in range(20)}
    assert len(decks) == 20 and all(len(d) == 9 for d in decks)


def test_ruling_j07_a_hold_of_the_loaded_kind_is_never_emptied_for_it():
    game = position(
        2,
        morning=2,
        evening=1,
        hands={0: ["GA", "FG", "CF"], 1: OTHERS},
        holds={0: [("gold", 1), ("gold", 1), ("gold", 1), ("gold", 1), ("food", 9)]},
    )
    play_round(game, {0: "GA", 1: "FG"})
    # the only other kind is the food hold: emptied without a question (J10), gold loaded
    assert game.holds[0][4] == ["gold", 2]


def test_ruling_j08_the_first_empty_hold_takes_the_load_the_sixth_last():
    game = position(
        2,
        morning=2,
        evening=3,
        hands={0: ["FG", "CF", "GA"], 1: OTHERS},
        holds={0: [("food", 1), (None, 0), ("cannons", 1)]},
        treasures={0: ["sixth"]},
    )
    play_round(game, {0: "FG", 1: "FG"})
    assert game.holds[0] == [
        ["food", 1],
        ["food", 2],
        ["cannons", 1],
        ["gold", 3],
        [None, 0],
        [None, 0],
    ]


def test_ruling_j09_costs_come_from_the_smallest_holds_first():
    game = position(
        2,
        morning=1,
        evening=1,
        hands={0: ["AG", "FG", "CF"], 1: OTHERS},
        holds={0: [("food", 5), ("food", 1), ("gold", 3)]},
    )
    play_round(game, {0: "AG", 1: "FG"})  # square 1: one food
    # the food hold of 1 was emptied, so the evening's gold went there
    assert game.holds[0][:3] == [["food", 5], ["gold", 1], ["gold", 3]]


def test_ruling_j10_single_answers_are_not_asked_but_cards_always_are():
    game = rig(
        position(
            2,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: [("food", 4)]},
        ),
        combat=[8, 0],
    )
    events = play_round(game, {0: "AF", 1: "FG"})
    # one rival, no cannons on either side, one spoil (the food hold): nothing asked
    assert {
        "kind": "spoils",
        "winner": 0,
        "loser": 1,
        "choice": "take hold 1",
        "tokens": "food",
        "n": 4,
    } in events
    assert game.pending is None or game.pending["kind"] == "order"
    # a winner with face-down cards is asked all the same: his curses are his secret
    secret = rig(
        position(
            2,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: [("food", 4)]},
            treasures={0: ["T5"]},
        ),
        combat=[8, 0],
    )
    play_round(secret, {0: "AF", 1: "FG"})
    assert secret.pending == {"kind": "spoils", "seat": 0, "loser": 1}
    assert secret.legal_moves(0) == ["take hold 1"]
    one_card = position(2, hands={0: ["FG"], 1: ["FG"]})
    assert one_card.to_act() == {0, 1} and one_card.legal_moves(0) == ["play FG"]


def test_ruling_j11_a_shortage_walk_back_onto_a_ship_fights_there_first():
    # 5 + 4 = 9 (sea, 1 food; none aboard) -> back to 8 (a lair) where seat 1 waits
    game = rig(
        position(
            2,
            captain=1,
            morning=4,
            evening=1,
            hands={0: ["AG", "FG", "CF"], 1: OTHERS},
            progress={0: 5, 1: 8},
            holds={0: [("gold", 1)], 1: [("gold", 2)]},
            treasure_deck=["T3"],
        ),
        combat=[6, 2],
    )
    events = play_round(game, {0: "AG", 1: "FG"})
    assert game.pending == {"kind": "spoils", "seat": 0, "loser": 1}
    events += game.apply(0, "take hold 1")
    order = kinds(events)
    assert order.index("shortage") < order.index("fight") < order.index("treasure")
    assert game.progress[0] == 8 and game.treasures[0] == ["T3"]


def test_ruling_j12_port_royal_is_free_and_stops_a_shortage():
    game = position(
        2,
        morning=2,
        evening=1,
        hands={0: ["AB", "FG", "CF"], 1: OTHERS},
        holds={0: []},
        progress={1: 0},
    )
    events = play_round(game, {0: "AB", 1: "FG"})
    # 0 -> 2 (sea, no food): back to 0, free; then back 1 to square 44 (port, 3 gold, none):
    # shortage behind the start walks back to the lair on 42
    assert [e["to"] for e in events if e["kind"] == "shortage"] == [0, -3]
    assert "fight" not in kinds(events)


def test_ruling_j13_a_blind_steal_is_the_dies_pick():
    picks = set()
    for n in range(30):
        game = rig(
            position(
                2,
                hands={0: ["AF", "FG", "CF"], 1: OTHERS},
                progress={0: 2, 1: 5},
                holds={0: [("food", 3), ("gold", 3)], 1: []},
                treasures={1: ["T3", "T5", "T7"]},
                seed=f"blind {n}",
            ),
            combat=[8, 0],
        )
        play_round(game, {0: "AF", 1: "FG"})
        if game.pending and game.pending["kind"] == "spoils":
            game.apply(0, "take treasure")
        picks.update(c for c in game.treasures[0] if c in VALUES)
    assert picks == {"T3", "T5", "T7"}


def test_ruling_j14_the_saber_rerolls_one_die_once_a_fight():
    game = rig(
        position(
            2,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: [("food", 4)]},
            treasures={1: ["saber"]},
        ),
        combat=["star", 2, 0],
    )
    play_round(game, {0: "AF", 1: "FG"})
    assert game.pending == {"kind": "saber", "seat": 1, "side": "att"}
    assert game.legal_moves(1) == ["reroll", "keep"]
    events = game.apply(1, "reroll")  # even a star
    assert {"kind": "reroll", "seat": 1, "die_of": 0, "face": 2} in events
    # the defender's roll (0) is not offered again: used once
    assert not any(e["kind"] == "reroll" and e["die_of"] == 1 for e in events)
    assert {"kind": "fight won", "winner": 0, "loser": 1} in events


def test_ruling_j15_lady_beth_adds_two():
    game = rig(
        position(
            2,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: [("food", 4)]},
            treasures={1: ["beth"]},
        ),
        combat=[4, 2],
    )
    events = play_round(game, {0: "AF", 1: "FG"})
    assert {"kind": "fight drawn", "attacker": 0, "defender": 1, "strength": 4} in events


def test_ruling_j16_a_lost_map_leaves_the_hand_as_it_is():
    game = rig(
        position(
            2,
            captain=1,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: ["FG", "CF", "GA", "AA"]},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: []},
            treasures={1: ["map"]},
        ),
        combat=[8, 0],
    )
    play_round(game, {0: "AF", 1: "FG"})
    game.apply(0, "take map")
    assert len(game.hands[1]) == 3 and len(game.hands[0]) == 4  # 1 kept 3, 0 refilled to 4


def test_ruling_j17_the_sixth_hold_leaves_with_its_contents():
    game = rig(
        position(
            2,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3)], 1: [(None, 0)] * 5 + [("gold", 7)]},
            treasures={1: ["sixth"]},
        ),
        combat=[8, 0],
    )
    play_round(game, {0: "AF", 1: "FG"})
    assert game.legal_moves(0) == ["take hold 6", "take sixth"]
    game.apply(0, "take sixth")
    assert len(game.holds[1]) == 5 and game.holds[0][5] == ["gold", 7]


def test_ruling_j18_loot_is_loaded_by_the_winners_rules():
    full = [("food", 1), ("gold", 1), ("cannons", 1), ("food", 1), ("gold", 2)]
    game = rig(
        position(
            2,
            captain=1,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: OTHERS},
            progress={0: 2, 1: 5},
            holds={0: full, 1: [("gold", 6)]},
        ),
        combat=[8, 0],
    )
    play_round(game, {0: "AF", 1: "FG"})
    game.apply(0, "cannons 0")
    game.apply(0, "take hold 1")
    assert game.pending == {
        "kind": "hold",
        "seat": 0,
        "tokens": "gold",
        "n": 6,
        "options": [1, 3, 4],
    }
    game.apply(0, "hold 3")
    # 6 gold into hold 3; the port of square 5 then took its 2 gold from the smaller gold holds
    assert game.holds[0][2] == ["gold", 6]
    assert game.holds[0][4] == ["gold", 1] and game.holds[0][3] == ["food", 1]


def test_ruling_j19_several_ships_may_finish_in_the_round():
    game = position(
        3,
        morning=6,
        evening=6,
        hands={s: ["AA", "FG", "CF"] for s in range(3)},
        progress={0: 40, 1: 44, 2: 10},
        holds={s: [("food", 9)] for s in range(3)},
    )
    events = play_round(game, {0: "AA", 1: "AA", 2: "AA"})
    assert [e["seat"] for e in events if e["kind"] == "finish"] == [0, 1]
    assert game.is_over() and game.outcome().ranking[0] == [0, 1]


def test_ruling_j20_two_players_sail_two_ships():
    game = JAMAICA.new_game(2, "two")
    assert len(game.progress) == 2 and game.view(None)["seats"] == 2


def test_ruling_j21_cards_are_revealed_one_by_one():
    game = rig(
        position(
            3,
            morning=3,
            evening=1,
            hands={0: ["AF", "FG", "CF"], 1: ["CF", "FG", "GA"], 2: ["CA", "FG", "GA"]},
            progress={0: 2, 1: 5},
            holds={0: [("food", 3), ("gold", 3), ("cannons", 2)], 1: [("food", 4)]},
        ),
        combat=[4, 2],
    )
    play_round(game, {0: "AF", 1: "CF", 2: "CA"})
    assert game.pending["kind"] == "cannons"  # seat 0 is mid-fight; 1 and 2 not yet revealed
    for viewer in (None, 0, 1):
        assert game.view(viewer)["revealed"] == {"0": "AF"}
    assert game.view(2)["my_card"] == "CA"


def test_ruling_j22_cards_are_chosen_after_the_dice_are_ordered():
    game = next(g for g in (JAMAICA.new_game(2, f"o{n}") for n in range(50)) if g.phase == "order")
    assert game.to_act() == {game.captain}
    other = 1 - game.captain
    assert game.legal_moves(other) == []
    game.apply(game.captain, game.legal_moves(game.captain)[0])
    assert game.to_act() == {0, 1}


def test_ruling_j23_the_luck_does_not_depend_on_the_order_of_the_card_choices():
    a = position(3, hands={s: ["AF", "FG", "CF"] for s in range(3)}, seed="luck")
    b = position(3, hands={s: ["AF", "FG", "CF"] for s in range(3)}, seed="luck")
    for seat in (0, 1, 2):
        a.apply(seat, "play AF")
    for seat in (2, 0, 1):
        b.apply(seat, "play AF")
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("number", range(1, 24))
def test_every_ruling_has_its_test(number):
    import pathlib

    doc = (pathlib.Path(__file__).parents[3] / "docs" / "jamaica-rulings.md").read_text()
    assert f"**J{number}." in doc
    assert f"test_ruling_j{number:02d}_" in pathlib.Path(__file__).read_text()


def test_ruling_j24_the_site_ends_a_race_early_and_every_ship_scores_where_it_stands():
    from rules.core import IllegalMove, load

    game = JAMAICA.new_game(3, "early end")
    while game.phase != "choose":
        seat = min(game.to_act())
        game.apply(seat, game.legal_moves(seat)[0])
    card = game.hands[1][0]
    game.apply(1, f"play {card}")  # chosen face down, never revealed
    before = {s: list(game.hands[s]) for s in range(3)}
    game.end_now("resignation")
    assert game.is_over() and game.to_act() == frozenset()
    assert sorted(game.hands[1]) == sorted(before[1] + [card])  # back in its owner's hand
    outcome = game.outcome()
    assert outcome.reason == "resignation" and outcome.scores == game.scores()
    # Each ship at the start: its 3 gold and the -5 of a ship behind the -5 square.
    assert outcome.scores == {0: -2, 1: -2, 2: -2} and outcome.ranking == [[0, 1, 2]]
    assert game.view(None)["scores"] == {"0": -2, "1": -2, "2": -2}
    assert load(game.to_json()).to_json() == game.to_json()
    assert game.to_json()["ended"] == "resignation"
    with pytest.raises(IllegalMove):
        game.end_now("timeout")
    with pytest.raises(IllegalMove):
        game.apply(0, "play AA")
    # A race that ended on the track keeps its own reason and its position has no "ended".
    done, _ledger = random_game(2, "whole race")
    assert done.outcome().reason == "race" and "ended" not in done.to_json()
