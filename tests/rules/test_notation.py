"""Move and square notation: parse/format round trips and typed errors a player understands."""

import pytest
from jackal_testkit import legal, pos

from rules.jackal import (
    Coord,
    IllegalMove,
    JackalError,
    Move,
    NotationError,
    new_game,
)
from rules.jackal.decks import deck
from rules.jackal.geometry import NAMES
from rules.jackal.tiles import format_tile, orient, parse_tile

EXAMPLES = {
    "W2 E5-F6": ("move", "W2", "F6", False),
    "W2 E5-F6$": ("move", "W2", "F6", True),
    "W1 G1-G2": ("disembark", "W1", "G2", False),
    "W1 G2-G1$": ("board", "W1", "G1", True),
    "Y3 A5-A4": ("swim", "Y3", "A4", False),
    "B2 F7+": ("spin", "B2", "F7", False),
    "B2 F7+$": ("spin", "B2", "F7", True),
    "R1 F7^K3": ("fly", "R1", "K3", False),
    "R1 F7^K3$": ("fly", "R1", "K3", True),
    "W2 F7>G8": ("choose", "W2", "G8", False),
    "W2 F7>G8$": ("choose", "W2", "G8", True),
    "W2 F7 stay": ("stay", "W2", "F7", False),
    "WS G1-H1": ("ship", "WS", "H1", False),
    "W3 revive F7": ("revive", "W3", "F7", False),
    "end by agreement": ("agree", None, None, False),
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_every_move_kind_round_trips(text):
    m = Move.parse(text)
    kind, piece, target, coin = EXAMPLES[text]
    assert str(m) == text and Move.parse(str(m)) == m
    assert (m.kind, m.piece, m.with_coin) == (kind, piece, coin)
    assert (str(m.target) if m.target else None) == target


def test_parse_is_lenient_format_is_canonical():
    assert str(Move.parse("  w2   e5 - f6 $ ")) == "W2 E5-F6$"
    assert str(Move.parse("ys a7-a8")) == "YS A7-A8"
    assert str(Move.parse("w3 REVIVE f7")) == "W3 revive F7"
    assert str(Move.parse("W2 f7 STAY")) == "W2 F7 stay"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass",
        "W4 E5-F6",
        "X1 E5-F6",
        "W1 N5-F6",
        "W1 E14-F6",
        "W1 E0-F6",
        "WS G1-H1$",
        "WS G1+",
        "WS F7^K3",
        "W1 E5F6",
        "W1 E5-F6$$",
        "W1 revive",
        "end",
        42,
        None,
    ],
)
def test_malformed_text_raises_notation_error(text):
    with pytest.raises(NotationError) as e:
        Move.parse(text)
    assert isinstance(e.value, ValueError) and isinstance(e.value, JackalError)
    assert str(e.value)


def test_coords_round_trip_and_errors():
    for cell, name in enumerate(NAMES):
        c = Coord.parse(name.lower())
        assert str(c) == name and c.cell == cell and Coord.of(cell) == c
    assert str(Coord.parse("A1")) == "A1" and str(Coord.parse("M13")) == "M13"
    for bad in ("N1", "A0", "A14", "", "7F", "F 7"):
        with pytest.raises(NotationError, match="column letter"):
            Coord.parse(bad)


def test_tile_text_round_trips_for_every_orientation():
    for kind, arg in deck("classic"):
        for quarter in range(4):
            a = orient(kind, arg, quarter)
            assert parse_tile(format_tile(kind, a)) == (kind, a)
    for bad in ("", "dragon", "arrow", "arrow:Q", "gold:6", "cannon:NE", "ice:1", "empty:9"):
        with pytest.raises(NotationError):
            parse_tile(bad)


def test_apply_accepts_text_or_move_and_refuses_other_types():
    s = new_game("classic", players=2, seed="n")
    s.apply(Move.parse("W1 G1-G2"))
    with pytest.raises(TypeError):
        s.apply(12345)


def test_illegal_move_leaves_the_state_unchanged_and_explains():
    """Illegal moves raise a typed error with a message a player understands; the state is
    unchanged."""
    s = pos(tiles={"F5": "?empty"}, pirates={"W1": "E5", "W2": None}, coins={"E5": 1})
    before = s.to_json()
    cases = {
        "W1 E5-F5$": "face-up tiles",
        "W1 E5-H5": "not next to",
        "W1 E4-F4": "is at E5, not E4",
        "W2 E5-F5": "dead",
        "Y1 A7-B7": "White's turn (seat 0)",
        "W1 E5+": "not crossing a spinner",
        "W1 E5^F6": "no plane",
        "W1 E5>F6": "no choice to make",
        "WS G1-E1": "one berth",
        "W1 E6-F6$": "is at E5",
        "W3 G1-F2": "straight in front",
        "W3 revive E5": "is alive",
    }
    for text, fragment in cases.items():
        with pytest.raises(IllegalMove) as e:
            s.apply(text)
        assert fragment in str(e.value), (text, str(e.value))
        assert isinstance(e.value, ValueError)
        assert s.to_json() == before
    with pytest.raises(NotationError):
        s.apply("W1 to F5")
    assert s.to_json() == before


def test_illegal_message_lists_the_pieces_legal_moves():
    s = pos(pirates={"W1": "E5"})
    with pytest.raises(IllegalMove) as e:
        s.apply("W1 E5-H5")
    assert "Legal for W1: " in str(e.value) and "W1 E5-F5" in str(e.value)


def test_pending_choice_must_be_made_first():
    s = pos(tiles={"F5": "horse"}, pirates={"W1": "E5", "W2": "D5"})
    s.apply("W1 E5-F5")
    with pytest.raises(IllegalMove, match="must first finish the move"):
        s.apply("W2 D5-D6")
    assert legal(s)[0].startswith("W1 F5>")


def test_move_is_an_immutable_hashable_value():
    a, b = Move.parse("W1 E5-F6"), Move.parse("w1 e5-f6")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1 and repr(a) == "Move('W1 E5-F6')"
    with pytest.raises(AttributeError):
        a.code = 3
    assert a.to_json() == "W1 E5-F6"


def test_piece_numbers_12_to_14_are_the_characters_and_nothing_else():
    """A ship is not a piece: its move carries the crew; 12..14 always mean BG, MI, FR."""
    from rules.jackal.moves import K_SHIP, any_piece_name, piece_index

    ship = Move.parse("YS A7-A6")
    assert ship.code & 7 == K_SHIP and ship.code >> 3 & 15 == 1 and ship.piece == "YS"
    assert [any_piece_name(p) for p in (12, 13, 14)] == ["BG", "MI", "FR"]
    assert [piece_index(name) for name in ("BG", "MI", "FR", "R3")] == [12, 13, 14, 11]
    with pytest.raises(NotationError, match="a ship"):
        piece_index("WS")
    s = pos(players=2, turn="yellow")
    with pytest.raises(IllegalMove, match="Legal for YS: YS A7-A6, YS A7-A8"):
        s.apply("YS A7-B7")
