"""Player views: what one seat may know, JSON round trips, and the hidden-information guarantee."""

import json
import random

import pytest
from jackal_testkit import pos

from rules.jackal import (
    JackalError,
    State,
    View,
    narrate,
    new_game,
    player_view,
    render_text,
)
from rules.jackal.geometry import LAND_CELLS, NAMES

SETUPS = [(2, False), (3, False), (4, False), (4, True)]


def random_state(seed: str, players: int, teams: bool, plies: int) -> State:
    s = new_game("classic", players=players, seed=seed, teams=teams)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_over():
            break
        s.apply_code(rng.choice(s.legal_codes()))
    return s


def shuffled_hidden(s: State, rng: random.Random) -> State:
    """The same position with the face-down tiles (and their orientations) dealt differently."""
    d = s.to_json()
    down = [name for name in d["tiles"] if name not in set(d["face_up"])]
    specs = [d["tiles"][name] for name in down]
    rng.shuffle(specs)
    d["tiles"].update(zip(down, specs, strict=True))
    for name in down:
        spec = d["tiles"][name]
        if spec.startswith(("arrow", "cannon")):
            d["tiles"][name] = _turned(spec, rng.randrange(4))
    d["seed"] = "another seed"
    return State.from_json(d)


def _turned(spec: str, quarter: int) -> str:
    from rules.jackal.tiles import format_tile, orient, parse_tile

    return format_tile(*((k := parse_tile(spec))[0], orient(*k, quarter)))


@pytest.mark.parametrize("players,teams", SETUPS)
@pytest.mark.parametrize("plies", [0, 7, 40, 150])
def test_views_do_not_depend_on_face_down_tiles(players, teams, plies):
    """Two games whose deals differ only in tiles still face down give identical player views
    (for every seat and a spectator), including the legal moves."""
    s = random_state(f"hidden-{players}-{teams}-{plies}", players, teams, plies)
    t = shuffled_hidden(s, random.Random(plies))
    assert s.to_json()["tiles"] != t.to_json()["tiles"] or plies > 100
    for seat in [None, *range(players)]:
        assert player_view(s, seat).to_json() == player_view(t, seat).to_json()


@pytest.mark.parametrize("players,teams", SETUPS)
def test_events_do_not_reveal_more_than_the_move(players, teams):
    """A move that turns no tile over logs the same lines whatever lies face down."""
    rng = random.Random(players)
    s = random_state(f"events-{players}-{teams}", players, teams, 60)
    checked = 0
    for _ in range(200):
        if s.is_over():
            break
        t = shuffled_hidden(s, rng)
        move = rng.choice(s.legal_moves())
        up = set(s.to_json()["face_up"])
        events_s = s.apply(move)
        events_t = t.apply(move)
        if set(s.to_json()["face_up"]) == up:
            assert [e.to_json() for e in events_s] == [e.to_json() for e in events_t]
            checked += 1
    assert checked > 20


def test_view_has_no_seed_and_no_face_down_identity():
    s = random_state("secret-seed-value", 4, False, 30)
    for seat in (None, 0, 1, 2, 3):
        d = player_view(s, seat).to_json()
        text = json.dumps(d)
        assert "secret-seed-value" not in text and "seed" not in d
        for cell in d["cells"]:
            if cell.get("face_down"):
                assert set(cell) == {"coord", "sea", "face_down"}


def test_view_json_round_trip_and_format():
    s = random_state("round", 2, False, 50)
    v = player_view(s, s.to_act())
    d = json.loads(json.dumps(v.to_json()))
    assert d["format"] == "jackal-view" and d["version"] == 1
    assert View.from_json(d) == v and View.from_json(d).to_json() == v.to_json()
    with pytest.raises(JackalError):
        View.from_json({"format": "jackal-view", "version": 2})
    with pytest.raises(JackalError):
        View.from_json({"format": "something else"})


def test_view_lists_legal_moves_only_for_the_seat_to_act():
    s = new_game("classic", players=4, seed="legal")
    assert player_view(s, 0).legal_moves == [str(m) for m in s.legal_moves()]
    assert player_view(s, 1).legal_moves == [] and player_view(s, None).legal_moves == []
    with pytest.raises(JackalError):
        player_view(s, 4)


def test_view_describes_everything_a_board_page_draws():
    s = pos(
        tiles={
            "F5": "desert",
            "G5": "arrow:N,S",
            "H5": "cannon:E",
            "I5": "plane",
            "J5": "gold:3",
            "K5": "?rum",
            "E5": "empty:2",
        },
        pirates={"W1": "F5.2", "Y1": "A5", "W2": "E5"},
        coins={"F5.2": 2, "J5": 3},
        trapped=(),
        drunk=("W2",),
    )
    v = player_view(s, 0)
    assert v.cell("F5")["tile"] == "desert" and v.cell("F5")["steps"] == 3
    assert v.cell("F5")["step_coins"] == [0, 2, 0] and v.cell("F5")["coins"] == 2
    assert v.cell("G5")["dirs"] == ["N", "S"] and v.cell("H5")["dirs"] == ["E"]
    assert v.cell("I5")["used"] is False and v.cell("J5")["value"] == 3
    assert v.cell("K5") == {"coord": "K5", "sea": False, "face_down": True}
    assert v.cell("E5")["picture"] == 2 and v.cell("A1") == {"coord": "A1", "sea": True}
    assert v.pirate("W1")["step"] == 2 and v.pirate("Y1")["swimming"]
    assert v.pirate("W3")["aboard"] and v.pirate("W2")["drunk"]
    assert {sh["id"]: sh["cell"] for sh in v.ships} == {
        "WS": "G1",
        "YS": "A7",
        "BS": "G13",
        "RS": "M7",
    }
    assert v.scores == {"white": 0, "yellow": 0, "black": 0, "red": 0}
    assert v.team_scores == {"0": 0, "1": 0} and v.seat_scores == {"0": 0, "1": 0}
    assert v.crew_owner == {"white": 0, "yellow": 1, "black": 0, "red": 1}
    assert v.to_act == 0 and v.crew_to_act == "white" and v.pending is None
    assert v.coins["on_island"] == 6 and v.over is False and v.outcome is None


def test_view_shows_the_pending_choice_and_the_dragged_coin():
    s = pos(tiles={"F5": "arrow:N,S"}, pirates={"W1": "E5"}, coins={"E5": 1})
    s.apply("W1 E5-F5$")
    v = player_view(s, 0)
    assert v.pending == {
        "kind": "arrow",
        "pirate": "W1",
        "cell": "F5",
        "options": ["F6", "F4"],
        "can_stay": False,
        "carrying": True,
    }
    assert v.pirate("W1")["carrying"] and v.coins["dragged"] == 1
    assert v.legal_moves == ["W1 F5>F6$", "W1 F5>F4$"]


def test_render_text_draws_the_board():
    s = pos(
        tiles={"F5": "desert", "G5": "arrow:N,S", "H5": "arrow:E,S,W", "K5": "?rum"},
        pirates={"W1": "F5.2", "Y1": "A5", "W2": "G6", "W3": "G6"},
        coins={"F5.2": 2},
    )
    text = render_text(s)
    lines = text.splitlines()
    assert lines[0].split() == list("ABCDEFGHIJKLM")
    row5 = next(line for line in lines if line.startswith("  5 "))
    assert "D3W1" in row5 and "A|" in row5 and "T2" in row5 and "##" in row5 and "~~Y1" in row5
    assert "..W23" in next(line for line in lines if line.startswith("  6 "))
    assert "~~WS " in next(line for line in lines if line.startswith("  1 "))
    assert "~~YS2" in next(line for line in lines if line.startswith("  7 "))
    assert "F5 2 (step 2:2)" in text and "Ply 0: White (seat 0) to act" in text
    assert render_text(player_view(s, 1)) == text


def test_narrate_joins_a_reveal_with_what_the_tile_does():
    s = pos(tiles={"F5": "?ice"}, pirates={"W1": "E5"})
    assert narrate(s.apply("W1 E5-F5")) == [
        "White 1 moves from E5 to F5",
        "White 1 reveals ice at F5 and slides on to G5",
    ]


def test_event_json():
    from rules.jackal import Event

    s = pos(tiles={"F5": "?ice"}, pirates={"W1": "E5"})
    events = s.apply("W1 E5-F5")
    d = events[1].to_json()
    assert d["kind"] == "reveal" and d["text"] == "White 1 reveals ice at F5"
    assert d["cell"] == "F5" and d["tile"] == "ice"
    assert Event.from_json(json.loads(json.dumps(d))) == events[1]


def test_face_down_cells_are_all_the_land_not_yet_revealed():
    s = new_game("classic", players=2, seed="fd")
    v = player_view(s, None)
    assert [c["coord"] for c in v.cells if c.get("face_down")] == [NAMES[c] for c in LAND_CELLS]
