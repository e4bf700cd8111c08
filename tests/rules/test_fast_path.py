"""Jackal's protocol short cuts (issue 51) never drift from the rules: random games played through
the fast path and the checked path side by side (fast_path_kit.py), and a listing that is no
longer the position's is never trusted."""

import pytest
from fast_path_kit import play_side_by_side

from rules.core import IllegalMove, ruleset

GAMES = [
    (name, seats, options, n)
    for name in ("classic", "second-edition")
    for seats, options in ((2, {}), (3, {}), (4, {}), (4, {"teams": True}))
    for n in range(1)
]


@pytest.mark.parametrize(("name", "seats", "options", "n"), GAMES)
def test_fast_and_checked_paths_play_the_same_games(name, seats, options, n):
    plies = play_side_by_side(name, seats, f"fast path {name} {seats} {options} {n}", options)
    assert plies > 50


def test_a_listing_made_stale_by_a_skipped_seat_is_not_trusted():
    game = ruleset("classic").new_game(3, "stale listing")
    listed = game.legal_moves(0)
    game.skip_seat(0)  # its turn passes at once: seat 1 plays now
    assert game.to_act() == frozenset({1})
    with pytest.raises(IllegalMove):
        game.apply(0, listed[0])


def test_a_listing_is_not_trusted_for_another_seat_or_after_the_end():
    game = ruleset("second-edition").new_game(2, "stale listing 2")
    listed = game.legal_moves(0)
    with pytest.raises(IllegalMove):
        game.apply(1, listed[0])
    copy = game.copy()
    copy.end_now("resignation")
    with pytest.raises(IllegalMove):
        copy.apply(0, listed[0])
    game.apply(0, listed[0])  # the original was not ended with its copy
