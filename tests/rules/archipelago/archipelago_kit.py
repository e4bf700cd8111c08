"""Scenario building for the Archipelago tests: the first island, all tiles empty and face up
except the ones a test names (and I3, face down, so that the island is never all explored),
boats on the book's recommended spots (seat 0 at F11 below F10, seat 1 at A5 beside B5, seat 2 at
E1 above E2, seat 3 at K7 beside J7).

    . . . . . . . . . . .   1
    . . . . B F F B . . .   2
    . . . B F M M F B . .   3
    . . B F M M M F F . .   4
    . B F M M M M F B . .   5
    . F M M M M F B . . .   6
    . B F M M M M F F B .   7
    . . F M M M F F F B .   8
    . . . B F F F B . . .   9
    . . . . B B B . . . .  10
    . . . . . . . . . . .  11
    A B C D E F G H I J K
"""

from __future__ import annotations

import json

from rules.archipelago import ARCHIPELAGO
from rules.archipelago.geometry import parse_cell
from rules.archipelago.tiles import FACES, TOTAL_COINS


def island(faces=None, *, seats=2, teams=False, seed="kit", island="first"):
    """``faces``: square -> face key (``"?chest-2"``: face down), or (key, quarter turns)."""
    g = ARCHIPELAGO.new_game(seats, seed, landing="recommended", teams=teams, island=island)
    for t in g.tiles.values():
        t.update(face="empty", rot=0, up=True, spent=False)
    # one tile stays face down far away, so that a reveal does not end the game
    g.tiles[parse_cell("I3")]["up"] = False
    for name, spec in (faces or {}).items():
        key, rot = spec if isinstance(spec, tuple) else (spec, 0)
        hidden = key.startswith("?")
        g.tiles[parse_cell(name)].update(face=key.lstrip("?"), rot=rot, up=not hidden)
    balance(g)
    return g


def balance(g):
    """Keep the 19 coins: the chests not on this island count as removed ones."""
    g.removed = []
    missing = TOTAL_COINS - g.coin_total()
    assert missing >= 0, "more coins than the box holds"
    g.removed = ["chest-1"] * missing
    g._cache = None


def put(g, pid, square, where="land"):
    p = g.pieces[pid]
    p.update(where=where, cell=parse_cell(square), boat=None)
    g._cache = None


def coins(g, square, n):
    g.coins[parse_cell(square)] = n
    balance(g)


def turn(g, seat):
    """Make it ``seat``'s turn (play phase)."""
    g.slot = seat
    g.phase = "play"
    g._cache = None


def at(g, pid):
    from rules.archipelago.geometry import cell_name

    p = g.pieces[pid]
    return cell_name(p["cell"]) if p["cell"] else p["where"]


def kinds(events):
    return [e["kind"] for e in events]


def roundtrip(g):
    doc = json.loads(json.dumps(g.to_json()))
    again = ARCHIPELAGO.from_json(doc)
    assert again.to_json() == g.to_json()
    return again


def face_down_faces_in(view) -> bool:
    return any("face" in sq for sq in view["squares"] if not sq["up"])


__all__ = ["FACES", "island", "put", "coins", "turn", "at", "kinds", "roundtrip"]
