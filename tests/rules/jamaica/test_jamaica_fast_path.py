"""Jamaica's short cuts (issue 51) never drift from the rules: random games played through the
fast path and the checked path side by side (fast_path_kit.py), for every seat count."""

import pytest
from fast_path_kit import play_side_by_side

from rules.core import IllegalMove, ruleset


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("n", range(3))
def test_fast_and_checked_paths_play_the_same_games(seats, n):
    assert play_side_by_side("jamaica", seats, f"fast path {seats} {n}") > 20


def test_a_generated_move_is_still_refused_to_a_seat_that_owes_none():
    game = ruleset("jamaica").new_game(3, "owes none")
    (captain,) = game.to_act()
    move = game.legal_moves(captain)[0]
    with pytest.raises(IllegalMove):
        game.apply((captain + 1) % 3, move)
    game.apply(captain, move)
    with pytest.raises(IllegalMove):
        game.apply(captain, move)  # the dice are ordered: it is the cards' turn
