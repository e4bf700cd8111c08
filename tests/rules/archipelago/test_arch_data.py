"""The box, the islands and their assembly (rulings A1, A2)."""

from collections import Counter

import pytest

from rules.archipelago import ARCHIPELAGO
from rules.archipelago.islands import SHAPES, Shape, assemble, check_shape, landing_cells
from rules.archipelago.tiles import BOX, FACES, FIRST_GAME_REMOVAL, box_tiles
from rules.core import SetupError, ruleset, ruleset_names


def test_the_box_holds_66_tiles_19_coins_5_bottles_and_every_face_of_the_book():
    tiles = box_tiles()
    assert len(tiles) == 66
    assert sum(FACES[f].coins for _, f in tiles) == 19
    assert sum(FACES[f].bottles for _, f in tiles) == 5
    assert {f for _, f in tiles} == set(FACES)
    assert Counter(b for b, _ in tiles) == {"M": 24, "F": 24, "B": 18}
    assert all(n > 0 for faces in BOX.values() for _, n in faces)


@pytest.mark.parametrize("key", sorted(SHAPES))
def test_every_island_is_the_box_less_the_books_removal(key):
    shape = SHAPES[key]
    check_shape(shape)
    backs = Counter(shape.backs().values())
    assert {b: 24 - n if b != "B" else 18 - n for b, n in FIRST_GAME_REMOVAL.items()} == backs
    tiles, removed = assemble(shape, "seed")
    assert len(tiles) == 57 and len(removed) == 9
    assert Counter(t["back"] for t in tiles.values()) == backs
    assert Counter(k for k in removed) + Counter(t["face"] for t in tiles.values()) == Counter(
        f for _, f in box_tiles()
    )
    assert all(not t["up"] for t in tiles.values())
    g = ARCHIPELAGO.new_game(4, "spots", island=key)
    spots = {m.split()[1] for m in g.legal_moves(0)}
    assert {s for s in shape.landings} <= spots
    cells = landing_cells(shape)
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1 for a in cells for b in cells if a != b)


def test_the_deal_comes_from_the_seed():
    a, _ = assemble(SHAPES["first"], "one")
    b, _ = assemble(SHAPES["first"], "one")
    c, _ = assemble(SHAPES["first"], "two")
    assert a == b and a != c


def test_beaches_lie_on_the_coast_and_the_water_is_one_sea():
    for shape in SHAPES.values():
        g = ARCHIPELAGO.new_game(2, "sea", island=shape.key)
        water = [(x, y) for y in range(g.height) for x in range(g.width) if g.is_water((x, y))]
        seen, todo = {water[0]}, [water[0]]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if g.is_water(n) and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(water), f"{shape.key}: a lake no boat can reach"
        for cell, t in g.tiles.items():
            if t["back"] == "B":
                assert any(
                    g.is_water((cell[0] + dx, cell[1] + dy))
                    for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)
                )


def test_a_bad_shape_is_refused():
    with pytest.raises(SetupError):
        check_shape(Shape("bad", ("...", ".M", "..."), ()))
    with pytest.raises(SetupError):
        check_shape(Shape("bad", ("...", ".M.", ".M."), ()))
    with pytest.raises(SetupError):
        check_shape(Shape("bad", ("." * 30, "." + "B" * 28 + ".", "." * 30), ()))


def test_the_ruleset_is_registered_in_its_own_family():
    assert ruleset("archipelago") is ARCHIPELAGO
    assert ruleset_names("archipelago") == ["archipelago", "archipelago-puzzle"]
    assert "archipelago" not in ruleset_names("jackal")
    with pytest.raises(SetupError):
        ARCHIPELAGO.new_game(2, "x", island="atlantis")
