"""Second edition, the engine's side: hidden information (the lighthouse's peeks reach the
peeking seat only), the engine's own rulings S3-S11 for what the rulebook leaves open
(docs/rulings.md), smoke with two and four players, decisions stored mid-way, and the errors a
refused second-edition move gives. The rulebook's own rules are in test_second_edition.py.
The board reminders of test_second_edition.py hold here too.
"""

import json

import pytest
from jackal_testkit import at, chars, coins, legal, play, se

from rules.jackal import IllegalMove, State, new_game, player_view

SE = "second-edition"


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
