"""Special abilities of a series (ruling S1): the deck, the draw after a game, each hook."""

import pytest
from archipelago_kit import at, coins, island, put, turn

from rules.archipelago import ARCHIPELAGO
from rules.archipelago.abilities import ABILITIES, deck, draw_offer, pick_order
from rules.archipelago.geometry import parse_cell
from rules.core import SetupError


def with_ability(faces, pid, ability, **kw):
    g = island(faces, **kw)
    g.options["abilities"] = {pid: ability}
    g._cache = None
    return g


def test_the_deck_the_offer_and_the_pick_order():
    assert len(deck({})) == 12
    assert deck({"W1": "climber"}).count("climber") == 1
    offer = draw_offer("series", 2, {"W1": "climber", "Y2": "climber"})
    assert len(offer) == 4 and "climber" not in offer
    assert offer == draw_offer("series", 2, {"W1": "climber", "Y2": "climber"})
    assert pick_order([[2], [0, 1], [3]], [3, 5, 7, 1]) == [2, 0, 1]


def test_abilities_are_an_option_checked_at_the_start():
    g = ARCHIPELAGO.new_game(2, "s", abilities={"W1": "brawler"})
    assert g.ability("W1") == "brawler" and g.ability("Y1") is None
    assert ARCHIPELAGO.from_json(g.to_json()).ability("W1") == "brawler"
    for bad in ({"R1": "brawler"}, {"W1": "flying"}, {"W1": "sober", "W2": "sober", "Y1": "sober"}):
        with pytest.raises(SetupError):
            ARCHIPELAGO.new_game(2, "s", abilities=bad)


def test_navigator_speeds_the_boat():
    g = with_ability({}, "W1", "navigator")
    assert g.boat_speed(0) == 4
    put(g, "W1", "F10")
    assert g.boat_speed(0) == 2


def test_brawler_attacks_while_dragging_a_coin():
    g = with_ability({}, "W1", "brawler")
    put(g, "W1", "F9")
    put(g, "Y1", "F8")
    coins(g, "F9", 1)
    g.apply(0, "W1 F9-F8 $")
    assert at(g, "Y1") == "boat" and g.coins[parse_cell("F8")] == 1


def test_climber_sober_and_pathfinder():
    g = with_ability({"F10": "pit"}, "W1", "climber")
    g.apply(0, "W1 F11-F10")
    assert not g.pieces["W1"]["trapped"]
    g = with_ability({"F10": "barrel"}, "W1", "sober")
    g.apply(0, "W1 F11-F10")
    turn(g, 0)
    assert "W1 F10-F9" in g.legal_moves(0)
    g = with_ability({"F10": "maze-5"}, "W1", "pathfinder")
    g.apply(0, "W1 F11-F10")
    turn(g, 0)
    assert "W1 F10-F9" in g.legal_moves(0)


def test_swimmer_goes_into_the_sea_and_climbs_out():
    g = with_ability({}, "W1", "swimmer")
    put(g, "W1", "E10")
    assert "W1 E10-E11" in g.legal_moves(0)
    g.apply(0, "W1 E10-E11")
    turn(g, 0)
    assert "W1 E11-E10" in g.legal_moves(0)
    plain = island()
    put(plain, "W1", "E10")
    assert "W1 E10-E11" not in plain.legal_moves(0)


def test_every_ability_has_a_test_here():
    import pathlib

    text = pathlib.Path(__file__).read_text()
    assert all(f'"{key}"' in text for key in ABILITIES)
