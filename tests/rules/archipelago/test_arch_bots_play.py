"""rules.bots.play, the site's one entry for bots, hands an Archipelago game to its heuristic bot
at level easy and to its search (rules/archipelago/search.py) at normal and strong."""

import random

from rules.archipelago import bot, search
from rules.archipelago.knowledge import seat_knowledge
from rules.bots import LEVELS, play
from rules.core import ruleset


def test_every_level_plays_a_legal_move_easy_the_heuristic_and_normal_strong_the_search(
    monkeypatch,
):
    monkeypatch.setattr(search, "ROLLOUTS", {"normal": 8, "strong": 12})
    state = ruleset("archipelago").new_game(3, "bots-play", landing="recommended")
    for ply in range(24):
        seat = sorted(state.to_act())[0]
        legal = state.legal_moves(seat)
        for level in LEVELS:
            move = play(level, state, seat, ply)
            assert move in legal
            if level == "easy":
                assert move == bot.choose(state.view(seat), f"{level}:{ply}")
            elif level != "random":
                searched = search.choose_move(
                    seat_knowledge(state, seat),
                    legal,
                    random.Random(f"{level}:{ply}"),
                    search.ROLLOUTS[level],
                )
                assert move == searched
        state.apply(seat, play("easy", state, seat, ply))
    assert state.ply == 24


def test_a_puzzle_is_played_by_the_heuristic_at_every_level_but_random():
    state = ruleset("archipelago-puzzle").new_game(1, "x", puzzle="the-arrows")
    move = play("strong", state, 0, 1)
    assert move in state.legal_moves(0)
    assert move == bot.choose(state.view(0), "strong:1")
