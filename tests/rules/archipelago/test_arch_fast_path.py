"""Archipelago's short cuts (issue 51) never drift from the rules: random games played through
the fast path and the checked path side by side (fast_path_kit.py); the end of a turn's "has the
crew a move?" agrees with the whole list of its moves for every crew; copies share tiles safely."""

import pytest
from fast_path_kit import play_side_by_side

from rules.core import IllegalMove, ruleset

GAMES = [
    (2, {}, 0),
    (2, {"island": "twin"}, 1),
    (3, {"landing": "recommended"}, 2),
    (4, {"teams": True}, 3),
    (4, {}, 4),
]


def every_crew_agrees(game):
    """For each crew as if its turn began now: _has_actions is bool(the whole list)."""
    if game.phase != "play" or game.pending is not None:
        return
    for slot in range(game.nseats):
        probe = game.copy()
        probe.slot = slot
        probe._cache = None
        seat = probe.controller()
        assert probe._has_actions(seat) == bool(probe._compute_actions(seat)), (slot, game.ply)


@pytest.mark.parametrize(("seats", "options", "n"), GAMES)
def test_fast_and_checked_paths_play_the_same_games(seats, options, n):
    plies = play_side_by_side(
        "archipelago", seats, f"fast path {n}", options, max_plies=700, probe=every_crew_agrees
    )
    assert plies > 50


def test_a_tile_changed_on_a_copy_stays_the_copys():
    game = ruleset("archipelago").new_game(2, "shared tiles", landing="recommended")
    copy = game.copy()
    cell = next(c for c, t in game.tiles.items() if not t["up"])
    copy._tile_to_change(cell)["up"] = True
    assert not game.tiles[cell]["up"] and copy.tiles[cell]["up"]


def test_a_listing_made_stale_by_a_skipped_seat_is_not_trusted():
    game = ruleset("archipelago").new_game(3, "stale listing", landing="recommended")
    listed = game.legal_moves(0)
    game.skip_seat(0)
    assert 0 not in game.to_act()
    with pytest.raises(IllegalMove):
        game.apply(0, listed[0])
