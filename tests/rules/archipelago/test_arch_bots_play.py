"""rules.bots.play, the site's one entry for bots, hands an Archipelago game to its heuristic bot
at every level but random (rules/archipelago/bot.py: there is no search level yet)."""

from rules.archipelago import bot
from rules.bots import LEVELS, play
from rules.core import ruleset


def test_every_level_plays_a_legal_move_and_all_but_random_are_the_heuristic():
    state = ruleset("archipelago").new_game(3, "bots-play", landing="recommended")
    for ply in range(60):
        seat = sorted(state.to_act())[0]
        legal = set(state.legal_moves(seat))
        for level in LEVELS:
            move = play(level, state, seat, ply)
            assert move in legal
            if level != "random":
                assert move == bot.choose(state.view(seat), f"{level}:{ply}")
        state.apply(seat, play("easy", state, seat, ply))
    assert state.ply == 60


def test_a_puzzle_is_played_by_the_same_bot():
    state = ruleset("archipelago-puzzle").new_game(1, "x", puzzle="the-arrows")
    assert play("strong", state, 0, 1) in state.legal_moves(0)
