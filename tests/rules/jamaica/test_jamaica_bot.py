"""The Jamaica bots play only through the protocol (view + legal moves): always a legal move, and
the heuristic level beats random play."""

import random

from rules.jamaica import JAMAICA
from rules.jamaica.bot import choose_move


def play(levels, seed):
    game = JAMAICA.new_game(len(levels), seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = min(game.to_act())
        legal = game.legal_moves(seat)
        move = choose_move(levels[seat], game.view(seat), legal, rng)
        assert move in legal
        game.apply(seat, move)
    return game.outcome()


def test_bots_play_whole_games_with_legal_moves_only():
    for seats in (2, 4, 6):
        levels = ["easy", "random"] * 3
        outcome = play(levels[:seats], f"bot legal {seats}")
        assert sorted(s for place in outcome.ranking for s in place) == list(range(seats))


def test_the_heuristic_beats_random_play():
    wins = 0
    games = 30
    for n in range(games):
        levels = ["easy", "random"] if n % 2 == 0 else ["random", "easy"]
        outcome = play(levels, f"bot duel {n}")
        easy = levels.index("easy")
        wins += outcome.place_of(easy) == 1
    assert wins >= games * 0.7, wins
