"""The rules bots (the sparring level "rules" of every family): legal moves through whole games,
no peeking at what the seat cannot see, and the priority list's first rules where they apply."""

from __future__ import annotations

import random

import pytest

from rules.archipelago import ARCHIPELAGO
from rules.bots import ALL_LEVELS, LEVELS, SPARRING, play
from rules.jackal import Coord, Move, State, new_game, player_view
from rules.jackal.bots import choose, rule, seat_knowledge
from rules.jackal.bots.carry import Carry
from rules.jamaica import JAMAICA
from tests.rules.archipelago.test_arch_search import peek_for, redeal
from tests.rules.archipelago.test_arch_search import positions as archipelago_positions
from tests.rules.jamaica.test_jamaica_search import hide_differently
from tests.rules.jamaica.test_jamaica_search import positions as jamaica_positions
from tests.rules.test_bots import SETUPS, midgame, reshuffle_hidden


def test_the_sparring_level_is_not_a_tables_level():
    assert SPARRING == "rules"
    assert SPARRING not in LEVELS and SPARRING in ALL_LEVELS


@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
def test_the_jackal_rules_bot_never_depends_on_the_hidden_deal(ruleset, players, teams):
    checked = 0
    for plies in (6, 45, 120):
        real = midgame(ruleset, players, teams, plies, seed=f"rules-peek-{plies}")
        if real.is_over():
            continue
        seat = real.to_act()
        other = reshuffle_hidden(real, seat, seed=plies)
        assert real.to_json()["tiles"] != other.to_json()["tiles"]
        assert seat_knowledge(real, seat) == seat_knowledge(other, seat)
        for seed in ("a", "b"):
            mine = choose(SPARRING, seat_knowledge(real, seat), seed)
            assert mine == choose(SPARRING, seat_knowledge(other, seat), seed)
        checked += 1
    assert checked >= 2


def test_the_blank_position_holds_only_what_the_seat_knows():
    real = midgame("second-edition", 2, False, 60, seed="blank")
    seat = real.to_act()
    knowledge = seat_knowledge(real, seat)
    blank = rule.blank(knowledge).to_json()
    face_up = set(knowledge.position["tiles"])
    for square, text in blank["tiles"].items():
        if square in face_up:
            assert text == real.to_json()["tiles"][square]
        else:  # every face-down square is empty, whatever the real deal holds there
            assert text == "empty"
    assert blank["seed"] == ""


def _jackal_game(ruleset, players, teams, seed, max_plies):
    s = new_game(ruleset, players=players, seed=seed, teams=teams)
    while not s.is_over() and s.ply < max_plies:
        seat = s.to_act()
        move = choose(SPARRING, seat_knowledge(s, seat), f"{seed}-{s.ply}")
        assert move in player_view(s, seat).legal_moves
        s.apply(move)  # validates: raises IllegalMove otherwise
    return s


@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
def test_the_jackal_rules_bot_plays_legal_moves(ruleset, players, teams):
    s = _jackal_game(ruleset, players, teams, f"rules-legal-{players}", 150)
    assert s.is_over() or s.ply == 150


@pytest.mark.slow
@pytest.mark.parametrize("ruleset,players,teams", SETUPS)
def test_the_jackal_rules_bot_plays_whole_games_legally(ruleset, players, teams):
    s = _jackal_game(ruleset, players, teams, "rules-whole", 5000)
    assert s.is_over()


def _lone_pirate(cell: str, coin: bool = False, tiles: dict | None = None) -> State:
    """A classic 1 v 1 position: white's W1 alone on ``cell`` (with a coin there if ``coin``),
    the other pieces aboard, every tile face down but ``tiles`` (square -> tile text)."""
    d = new_game("classic", players=2, seed="lone").to_json()
    for name in d["pirates"]:
        if name.startswith("W") and name != "W1":
            d["pirates"][name] = None
    d["pirates"]["W1"] = {"cell": cell, "step": 0, "trapped": False, "drunk": 0}
    d["coins"] = {cell: 1} if coin else {}
    for square, text in (tiles or {}).items():
        d["tiles"][square] = text
        d["face_up"].append(square)
    d["face_up"].append(cell)
    d["tiles"][cell] = "empty"
    return State.from_json(d)


def _rules_move(s: State) -> str:
    return choose(SPARRING, seat_knowledge(s, s.to_act()), "x")


def test_a_coin_next_to_the_ship_goes_aboard():
    ship = new_game("classic", players=2, seed="lone").to_json()["ships"]["white"]
    beside = Coord.parse(ship)
    cell = str(Coord(beside.x, beside.y + 1))
    s = _lone_pirate(cell, coin=True)
    assert _rules_move(s) == f"W1 {cell}-{ship}$"


def test_the_rules_never_walk_onto_a_known_ogre_or_rum():
    ship = Coord.parse(new_game("classic", players=2, seed="lone").to_json()["ships"]["white"])
    cell = Coord(ship.x, ship.y + 2)
    around = [Coord(cell.x + dx, cell.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    around = [c for c in around if c != cell and 0 < c.x < 12 and 0 < c.y < 12]
    # Every square around W1 face up: ogres and rum but one plain square.
    plain = around[-1]
    tiles = {str(c): ("ogre" if i % 2 else "rum") for i, c in enumerate(around[:-1])}
    tiles[str(plain)] = "empty"
    s = _lone_pirate(str(cell), tiles=tiles)
    # W1 is white's only pirate (the others are dead): it steps onto the one plain square
    # rather than sail the ship or walk into an ogre or a barrel of rum.
    assert _rules_move(s) == f"W1 {cell}-{plain}"


def test_a_carried_coin_goes_strictly_nearer_home_and_never_beside_an_enemy():
    ship = Coord.parse(new_game("classic", players=2, seed="lone").to_json()["ships"]["white"])
    start = Coord(ship.x, ship.y + 3)
    column = {
        str(Coord(x, y)): "empty" for x in range(ship.x - 1, ship.x + 2) for y in (1, 2, 3, 4)
    }
    s = _lone_pirate(str(start), coin=True, tiles=column)
    carry = Carry(seat_knowledge(s, s.to_act()).position["tiles"])
    move = Move.parse(_rules_move(s))
    assert move.with_coin and move.piece == "W1"
    up = s.search_arrays().face_up
    assert carry.steps(move.target.cell, ship.cell, up) < carry.steps(start.cell, ship.cell, up)


def test_the_archipelago_rules_bot_plays_whole_games_legally():
    for seats in (2, 4):
        game = ARCHIPELAGO.new_game(seats, f"rules whole {seats}")
        while not game.is_over() and game.ply < 3000:
            seat = min(game.to_act())
            move = play(SPARRING, game, seat, f"{game.ply}-{seat}")
            assert move in game.legal_moves(seat)
            game.apply(seat, move)
        assert game.is_over()


def test_the_archipelago_rules_bot_never_depends_on_the_hidden_tiles():
    rng = random.Random("rules")
    checked = 0
    for game, seat in archipelago_positions(2, "rules no peeking", every=13):
        if len(game.legal_moves(seat)) < 2:
            continue
        peeked = peek_for(game, seat, 2)
        other = redeal(game, peeked, rng)
        assert other.view(seat) == game.view(seat)
        assert play(SPARRING, game, seat, "s") == play(SPARRING, other, seat, "s")
        checked += 1
    assert checked >= 5


def test_the_careful_captain_plays_whole_games_legally():
    for seats in (2, 3, 5):
        levels = [SPARRING, "easy", SPARRING, "random", SPARRING][:seats]
        game = JAMAICA.new_game(seats, f"captain whole {seats}")
        while not game.is_over():
            seat = min(game.to_act())
            move = play(levels[seat], game, seat, f"{game.ply}-{seat}")
            assert move in game.legal_moves(seat)
            game.apply(seat, move)
        assert sorted(s for place in game.outcome().ranking for s in place) == list(range(seats))


def test_the_careful_captain_never_depends_on_hidden_cards_or_the_seed():
    rng = random.Random(5)
    checked = 0
    for game, seat in jamaica_positions(3, "captain no peeking", every=5):
        if len(game.legal_moves(seat)) < 2:
            continue
        other = hide_differently(game, seat, rng)
        assert play(SPARRING, game, seat, "s") == play(SPARRING, other, seat, "s")
        checked += 1
    assert checked >= 5
