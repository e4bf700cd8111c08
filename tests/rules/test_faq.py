"""Every question of both rulebooks' FAQ as a named test.

``test_faq_en_qN`` numbers the questions of jackal-classic-2012-en.md in order (29);
``test_faq_ru_qN`` those of jackal-classic-ru.md (7).
"""

import pytest
from jackal_testkit import at, coins, legal, pass_round, pirate, play, pos, tile_up

from rules.jackal import RULESETS, IllegalMove, new_game


def test_faq_en_q1_ice_after_the_horse_is_a_free_knight_move():
    """EN FAQ: 'If I got on the ice from my horse, what should I do? You should take one more turn
    with the horse ... You are not obliged to repeat the same direction.'"""
    s = pos(tiles={"F5": "horse", "G7": "ice"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5", "W1 F5>G7")
    assert len(legal(s)) == 8 and "W1 G7>E6" in legal(s) and "W1 G7>H9" in legal(s)
    play(s, "W1 G7>E6")
    assert at(s, "W1") == "E6"


def test_faq_en_q2_ice_after_the_plane_flies_anywhere_again():
    """EN FAQ: 'If I fly on the ice on my plane, what's next? One again, any place of the
    island.'"""
    s = pos(tiles={"F5": "plane", "K11": "ice"}, pirates={"W1": "F5"})
    play(s, "W1 F5^K11")
    assert s.pending == "flight" and "W1 K11^C2" in legal(s)
    play(s, "W1 K11^C2")
    assert at(s, "W1") == "C2"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_faq_en_q3_last_pirate_in_a_trap_only_an_enemy_frees_it(ruleset):
    """EN FAQ: 'One last pirate is caught in a trap and all the others are dead ... Only the enemy
    can set your pirate free and at the same time kill [beat] him.'
    The same for the 2nd-edition FAQ: 'Two of my pirates are dead and the last one is stuck in
    the trap.'"""
    s = pos(
        ruleset=ruleset,
        players=3,
        tiles={"F5": "trap"},
        pirates={"W1": "F5", "W2": None, "W3": None, "Y1": "E5"},
        trapped=("W1",),
        turn="black",
    )
    lines = play(s, "BS G13-H13")
    assert s.crew_to_act() == "yellow"
    play(s, "Y1 E5-F5")
    assert pirate(s, "W1")["cell"] == "G1" and pirate(s, "Y1")["trapped"]
    assert s.crew_to_act() == "black"
    play(s, "BS H13-G13")
    assert legal(s) == ["W1 G1-G2", "WS G1-F1", "WS G1-H1", "offer end"]
    s = pos(
        ruleset=ruleset,
        players=3,
        tiles={"F5": "trap"},
        pirates={"W1": "F5", "W2": None, "W3": None},
        trapped=("W1",),
        turn="black",
    )
    lines = play(s, "BS G13-H13", "YS A7-A8")
    assert "White has no legal move and skips the turn" in lines


def test_faq_en_q4_attacking_a_tile_hits_every_enemy_on_it():
    """EN FAQ: 'All enemy pirates are on one tile. My brave pirate attacks them ... he attacks all
    enemies on the tile.'"""
    s = pos(pirates={"W1": "E5", "Y1": "F5", "Y2": "F5", "Y3": "F5"})
    play(s, "W1 E5-F5")
    assert all(pirate(s, p)["cell"] == "A7" for p in ("Y1", "Y2", "Y3"))


def test_faq_en_q5_an_empty_ship_cannot_move():
    """EN FAQ: 'Can an empty ship move? No, it is necessary to have your own pirate ... to steer
    it.'"""
    s = pos(pirates={"W1": "F5", "W2": "F6", "W3": None})
    assert not [m for m in legal(s) if m.startswith("WS")]
    with pytest.raises(IllegalMove, match="aboard"):
        s.apply("WS G1-H1")


def test_faq_en_q6_an_ally_aboard_can_steer_the_ship():
    """EN FAQ: 'A ship that holds pirates of two colours can sail for both, yes? Yes, a pirate of
    the ally team can steer the ship.'"""
    s = pos(
        players=4,
        teams=True,
        pirates={"B1": "G1", "W1": "F5", "W2": "F5", "W3": "F5"},
        turn="black",
    )
    assert "WS G1-H1" in legal(s)
    play(s, "WS G1-H1")
    assert s.to_json()["ships"]["white"] == "H1" and pirate(s, "B1")["cell"] == "H1"


def test_faq_en_q7_a_pirate_swims_to_the_ship_and_a_ship_sails_to_the_pirate():
    """EN FAQ: 'Can a pirate swim to a ship and can a ship sail to a pirate? Both are possible.'"""
    s = pos(pirates={"W1": "H1"})
    play(s, "W1 H1-G1")
    assert pirate(s, "W1")["cell"] == "G1"
    s = pos(pirates={"W1": "H1"})
    play(s, "WS G1-H1")
    assert pirate(s, "W1")["cell"] == "H1"
    pass_round(s)
    assert "W1 H1-H2" in legal(s)


def test_faq_en_q8_single_arrow_into_a_crocodile_is_the_end():
    """EN FAQ: 'A single arrow points to the crocodile, is this the end? Almost, this is a cycle,
    so the cycle is the end.'"""
    s = pos(tiles={"F6": "arrow:N", "F7": "crocodile"}, pirates={"W1": "F5"})
    play(s, "W1 F5-F6")
    assert at(s, "W1") is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_faq_en_q9_no_attack_backwards_on_a_spinner(ruleset):
    """EN FAQ: 'I am at the third step of the rotator, the enemy is at the second step, can I beat
    him? No, only forwards.'
    The same for the 2nd-edition FAQ: 'Can I attack an enemy who is one space behind me on a
    difficult terrain tile?'"""
    s = pos(ruleset=ruleset, tiles={"F5": "swamp"}, pirates={"W1": "F5.3", "Y1": "F5.2"})
    play(s, "W1 F5+")
    assert at(s, "Y1") == "F5.2" and at(s, "W1") == "F5.4"


def test_faq_en_q10_enemy_on_the_first_step_can_be_hit_from_next_door():
    """EN FAQ: 'The enemy is at the first tile of the rotator. Can I beat him from the
    neighbouring tile? Yes, of course!'"""
    s = pos(tiles={"F5": "jungle"}, pirates={"W1": "E5", "Y1": "F5.1"})
    play(s, "W1 E5-F5")
    assert pirate(s, "Y1")["cell"] == "A7" and at(s, "W1") == "F5.1"


def test_faq_en_q11_ally_frees_a_trapped_pirate_both_are_free():
    """EN FAQ: 'If the pirate from the friendly team sets free another pirate, are they both free?
    Yes.'"""
    s = pos(
        players=4,
        teams=True,
        tiles={"F5": "trap"},
        pirates={"W1": "F5", "B1": "E5"},
        trapped=("W1",),
        turn="black",
    )
    play(s, "B1 E5-F5")
    assert not pirate(s, "W1")["trapped"] and not pirate(s, "B1")["trapped"]


def test_faq_en_q12_the_trap_works_all_the_time():
    """EN FAQ: 'Does the trap function all of the time? Yes.'"""
    s = pos(tiles={"F5": "trap"}, pirates={"W1": "F5", "W2": "E5"})
    play(s, "W1 F5-G5")
    pass_round(s)
    play(s, "W1 G5-F5")
    assert pirate(s, "W1")["trapped"]


def test_faq_en_q13_a_revive_takes_the_whole_turn():
    """EN FAQ: 'Is it true that a new pirate is born in the she-aborigine's fortress during the
    whole turn? It is true.' The newborn moves on the crew's next turn."""
    s = pos(tiles={"F5": "native"}, pirates={"W1": "F5", "W2": None})
    play(s, "W2 revive F5")
    assert s.crew_to_act() == "yellow"
    pass_round(s)
    assert "W2 F5-F6" in legal(s)


def test_faq_en_q14_rum_again_after_returning():
    """EN FAQ: 'Is it possible to have a drinking bout again on the rum tile? Yes it is possible.
    The main thing is to return.'"""
    s = pos(tiles={"F5": "rum"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    pass_round(s)
    pass_round(s)
    play(s, "W1 F5-E5")
    pass_round(s)
    play(s, "W1 E5-F5")
    assert pirate(s, "W1")["drunk"]


def test_faq_en_q15_crocodile_after_the_spinner_sends_back_into_it():
    """EN FAQ: 'I have passed the rotator-labyrinth and met a crocodile. Have I got caught again?
    Yes.'"""
    s = pos(tiles={"F5": "desert", "F6": "crocodile"}, pirates={"W1": "F5.3"})
    play(s, "W1 F5-F6")
    assert at(s, "W1") == "F5.1"


def test_faq_en_q16_waiting_on_the_plane_and_flying_a_mates_coin():
    """EN FAQ: 'On the plane tile, is it possible to wait for a suitable moment? Yes ... pirate 1
    opens the plane and stays on it. Pirate 2 with a coin comes onto the tile. Pirate 1 can take
    the coin and fly with it.'"""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "E5", "W2": "E4"}, coins={"E4": 1})
    play(s, "W1 E5-F5", "W1 F5 stay")
    pass_round(s)
    play(s, "W2 E4-F5$")
    assert s.pending == "plane" and "W2 F5^G1$" in legal(s)
    play(s, "W2 F5 stay")
    assert coins(s) == {"F5": 1}
    pass_round(s)
    assert "W1 F5^G1$" in legal(s)
    play(s, "W1 F5^G1$")
    assert s.scores()["white"] == 1 and at(s, "W2") == "F5"


def test_faq_en_q17_the_ogre_eats_the_coin_too():
    """EN FAQ: 'Does an ogre eat a pirate together with a coin? Yes it does.'"""
    s = pos(tiles={"F5": "ogre"}, pirates={"W1": "E5"}, coins={"E5": 2})
    play(s, "W1 E5-F5$")
    assert s.coin_counts()["eaten"] == 1 and coins(s) == {"E5": 1}


def test_faq_en_q18_beating_the_enemy_on_the_unused_plane_lets_you_fly():
    """EN FAQ: 'I beat the enemy on the tile with the plane. Can I fly with it? If the enemy has
    just opened the tile and has not left it before he gets hit in the head, you can.'"""
    s = pos(tiles={"F5": "plane"}, pirates={"Y1": "F5", "W1": "E5"})
    play(s, "W1 E5-F5")
    assert s.pending == "plane"
    s = pos(tiles={"F5": "plane"}, pirates={"Y1": "F5", "W1": "E5"}, plane_used=True)
    play(s, "W1 E5-F5")
    assert s.pending is None and s.crew_to_act() == "yellow"


def test_faq_en_q19_the_plane_carries_one_coin():
    """EN FAQ: 'Can I carry five coins by plane? No, only one.'"""
    s = pos(tiles={"F5": "plane"}, pirates={"W1": "F5"}, coins={"F5": 5})
    play(s, "W1 F5^G1$")
    assert s.scores()["white"] == 1 and coins(s) == {"F5": 4}


def test_faq_en_q20_the_cannon_throws_a_pirate_with_a_coin_onto_the_ship():
    """EN FAQ: 'Can I get onto the ship with the help of the cannon? Yes, experienced pirates use
    this way to throw over coins onto the ship.'"""
    s = pos(tiles={"G4": "cannon:S"}, pirates={"W1": "G5"}, coins={"G5": 1})
    play(s, "W1 G5-G4$")
    assert s.scores()["white"] == 1 and pirate(s, "W1")["cell"] == "G1"


def test_faq_en_q21_enemy_stepping_on_the_trap_is_caught_mine_goes_home():
    """EN FAQ: 'What will happen if the enemy steps on the trap with my pirate? The enemy will get
    caught and your pirate will be beaten and find himself on the ship.'"""
    s = pos(tiles={"F5": "trap"}, pirates={"W1": "F5", "Y1": "E5"}, trapped=("W1",), turn="yellow")
    play(s, "Y1 E5-F5")
    assert pirate(s, "Y1")["trapped"] and pirate(s, "W1")["cell"] == "G1"


def test_faq_en_q22_killing_my_pirate_on_the_enemy_ship_on_purpose():
    """EN FAQ: 'Is it possible to kill my pirate with the enemy's ship especially? Yes, if you
    want.' Both ways: step onto it, or let it sail onto a swimmer."""
    s = pos(pirates={"W1": "B7"})
    play(s, "W1 B7-A7")
    assert at(s, "W1") is None
    s = pos(pirates={"W1": "A8"}, turn="yellow")
    play(s, "YS A7-A8")
    assert at(s, "W1") is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_faq_en_q23_no_coin_left_on_ice_arrow_horse_balloon(ruleset):
    """EN FAQ: 'Can I leave a coin on the ice, arrow, horse, balloon and other such tiles? No, you
    can only leave coins on the tiles where you can stop.'
    The same for the 2nd-edition FAQ: 'Can I leave the coin on ice, arrows, balloon and such
    other tiles?'"""
    for tile in ("ice", "arrow:N", "horse", "balloon", "crocodile", "cannon:N"):
        s = pos(ruleset=ruleset, tiles={"F5": tile}, pirates={"W1": "E5"}, coins={"E5": 1})
        for m in legal(s):
            if m == "W1 E5-F5$":
                play(s, m)
                while s.pending and s.crew_to_act() == "white":
                    play(s, legal(s)[0])
                assert "F5" not in coins(s), tile


@pytest.mark.parametrize("ruleset", RULESETS)
def test_faq_en_q24_coin_on_ice_into_an_enemy_held_fortress_dies_coin_returns(ruleset):
    """EN FAQ: 'I have a coin, go onto the ice and run to the harbour where the enemy sits ... Any
    impossible actions will lead to the death of the pirate. The coin stays in the same place
    where the pirate started a turn.'
    The same for the 2nd-edition FAQ: 'My pirate drags a coin through the ice tile right to an
    enemy occupied fortress.'"""
    s = pos(
        ruleset=ruleset,
        tiles={"F5": "ice", "G5": "fortress"},
        pirates={"W1": "E5", "Y1": "G5"},
        coins={"E5": 1},
    )
    play(s, "W1 E5-F5$")
    assert at(s, "W1") is None and coins(s) == {"E5": 1} and at(s, "Y1") == "G5"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_faq_en_q25_no_sinking_coins_from_land_but_over_an_arrow_yes(ruleset):
    """EN FAQ: 'Can a pirate jump into the sea at will and sink all the coins from the land or
    over an arrow? From the land - no. Over an arrow - yes.'
    The same for the 2nd-edition FAQ: 'Can a pirate voluntarily jump into the sea to drown a
    coin they are dragging?'"""
    s = pos(ruleset=ruleset, pirates={"W1": "B5"}, coins={"B5": 1})
    assert not [m for m in legal(s) if m.startswith("W1 B5-A")]
    with pytest.raises(IllegalMove, match="jump into the sea"):
        s.apply("W1 B5-A5$")
    s = pos(
        ruleset=ruleset,
        tiles={"C5": "arrow:W", "B5": "arrow:W"},
        pirates={"W1": "D5"},
        coins={"D5": 1},
    )
    play(s, "W1 D5-C5$")
    assert s.coin_counts()["sunk"] == 1 and at(s, "W1") == "A5"


def test_faq_en_q26_three_players_three_ships():
    """EN FAQ: 'How can three people play together? You should put three ships with three sailors
    of every colour and play with ordinary rules.'"""
    s = new_game("classic", players=3, seed="three")
    assert s.crews == ("white", "yellow", "black")
    assert set(s.to_json()["ships"]) == {"white", "yellow", "black"}
    assert len(s.to_json()["pirates"]) == 9


def test_faq_en_q27_the_plane_lands_on_an_enemy_but_not_an_occupied_fortress():
    """EN FAQ: 'Can a pirate using the plane, move to a tile where an enemy stands with a coin? It
    is possible to jump from the plane to any tile, with some exceptions. For example, it is
    prohibited to come down on an occupied fortress.'"""
    s = pos(
        tiles={"F5": "plane", "K5": "fortress"},
        pirates={"W1": "F5", "Y1": "J9", "Y2": "K5"},
        coins={"J9": 1},
    )
    assert "W1 F5^K5" not in legal(s)
    play(s, "W1 F5^J9")
    assert pirate(s, "Y1")["cell"] == "A7" and at(s, "W1") == "J9" and coins(s) == {"J9": 1}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_faq_en_q28_the_horse_jumps_any_way_a_chess_knight_does(ruleset):
    """EN FAQ: 'When one is on the knight's move tile, must he move only like L (with the right
    turn)? Moving is possible to any direction with the turn to any side.'
    The same for the 2nd-edition FAQ: 'How exactly should I perform a knight's move?'"""
    s = pos(ruleset=ruleset, tiles={"G6": "horse"}, pirates={"W1": "G5"})
    play(s, "W1 G5-G6")
    assert legal(s) == sorted(
        f"W1 G6>{sq}" for sq in ("H8", "I7", "I5", "H4", "F4", "E5", "E7", "F8")
    )


def test_faq_en_q29_a_pirate_revives_a_dead_crewmate():
    """EN FAQ: 'Can a pirate revive a friendly pirate if the second one died? Yes.' Friendly here
    is a crewmate of the same colour (in pairs only the own colour, ruling 18)."""
    s = pos(tiles={"F5": "native"}, pirates={"W1": "F5", "W3": None})
    play(s, "W3 revive F5")
    assert at(s, "W3") == "F5"


def test_faq_ru_q1_last_pirate_in_a_trap():
    """RU FAQ: 'Все пираты погибли, а последний - в капкане ... Теперь только враг сможет
    освободить вашего пирата, попутно побив его.'"""
    s = pos(
        players=3,
        tiles={"F5": "trap"},
        pirates={"W1": "F5", "W2": None, "W3": None, "B1": "F6"},
        trapped=("W1",),
        turn="black",
    )
    play(s, "B1 F6-F5")
    assert pirate(s, "W1")["cell"] == "G1" and not pirate(s, "W1")["trapped"]
    assert pirate(s, "B1")["trapped"]


def test_faq_ru_q2_step_three_cannot_hit_step_two():
    """RU FAQ: 'Я на шаге 3 вертушки, враг на 2 - можно его побить? Нет, двигайтесь только
    вперёд.' And the enemy behind can catch up and hit."""
    s = pos(tiles={"F5": "mountains"}, pirates={"W1": "F5.3", "Y1": "F5.2"}, turn="yellow")
    play(s, "Y1 F5+")
    assert pirate(s, "W1")["cell"] == "G1" and at(s, "Y1") == "F5.3"


def test_faq_ru_q3_deliberately_dying_on_the_enemy_ship():
    """RU FAQ: 'Можно ли специально убиться своим пиратом о чужой корабль? Да, если
    невтерпёж.'"""
    s = pos(players=4, pirates={"W1": "F12"})
    assert "W1 F12-G13" in legal(s)
    play(s, "W1 F12-G13")
    assert at(s, "W1") is None


def test_faq_ru_q4_coin_on_ice_into_a_held_fortress():
    """RU FAQ: 'Я с монетой бегу по льду в крепость, где уже сидит враг ... Пирату капут ...
    Монета остаётся там, где пират начинал ход.'"""
    s = pos(
        tiles={"E6": "ice", "F7": "fortress"}, pirates={"W1": "D5", "Y1": "F7"}, coins={"D5": 2}
    )
    play(s, "W1 D5-E6$")
    assert at(s, "W1") is None and coins(s) == {"D5": 2}


def test_faq_ru_q5_coins_only_on_tiles_where_one_stops():
    """RU FAQ: 'Можно ли оставлять монету на льду, стрелке, коне, воздушном шаре? Нет, можно
    только на тех клетках, где можно останавливаться.' A pending choice on a horse keeps the coin
    in hand; it is never put down there."""
    s = pos(tiles={"F5": "horse"}, pirates={"W1": "E5"}, coins={"E5": 1})
    play(s, "W1 E5-F5$")
    assert coins(s) == {} and s.coin_counts()["dragged"] == 1
    assert all(m.endswith("$") for m in legal(s))
    play(s, "W1 F5>G7$")
    assert coins(s) == {"G7": 1}


def test_faq_ru_q6_sinking_coins_from_land_no_over_an_arrow_yes():
    """RU FAQ: 'Может ли пират по собственному желанию прыгнуть в море и утопить монеты? Просто с
    берега - нет, через стрелку - да.'"""
    s = pos(pirates={"W1": "F2"}, coins={"F2": 1})
    assert not [m for m in legal(s) if m in ("W1 F2-E1$", "W1 F2-F1$")]
    s = pos(tiles={"F2": "arrow:S"}, pirates={"W1": "F3"}, coins={"F3": 1})
    play(s, "W1 F3-F2$")
    assert s.coin_counts()["sunk"] == 1 and at(s, "W1") == "F1"


def test_faq_ru_q7_knight_move_in_any_direction():
    """RU FAQ: 'При попадании на клетку Ход конём движение совершается строго буквой Г (с поворотом
    направо)? Двигаться можно в любом направлении с поворотом в любую сторону.'"""
    s = pos(tiles={"F5": "horse"}, pirates={"W1": "E5"})
    play(s, "W1 E5-F5")
    assert len(legal(s)) == 8
    assert tile_up(s, "F5")
