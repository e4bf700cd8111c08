"""The heuristic Archipelago bot: it plays from the view alone, always legally, better than
chance."""

import random

from rules.archipelago import ARCHIPELAGO
from rules.archipelago.bot import choose


def play(seats, seed, bots, teams=False):
    """bots: the seats the bot plays; the others play uniformly at random."""
    g = ARCHIPELAGO.new_game(seats, seed, teams=teams)
    rng = random.Random(seed)
    while not g.is_over():
        seat = min(g.to_act())
        view = g.view(seat)
        if seat in bots:
            move = choose(view, f"{seed}:{g.ply}:{seat}")
            assert move in g.legal_moves(seat)
            assert choose(view, f"{seed}:{g.ply}:{seat}") == move  # reproducible
        else:
            move = rng.choice([m for m in g.legal_moves(seat) if m not in ("offer end",)])
            if move == "accept end":
                move = "refuse end"
        g.apply(seat, move)
    return g


def test_the_bot_plays_whole_games_legally_in_every_seat():
    g = play(4, "bot all", bots={0, 1, 2, 3}, teams=True)
    assert g.outcome() is not None
    g = play(3, "bot three", bots={0, 1, 2})
    assert g.coin_total() == 19


def test_the_bot_beats_random_play():
    bot_coins = random_coins = 0
    for n in range(6):
        bot = n % 2
        g = play(2, f"bot v random {n}", bots={bot})
        bot_coins += g.stowed[bot]
        random_coins += g.stowed[1 - bot]
    assert bot_coins > random_coins + 6, (bot_coins, random_coins)


def test_the_bot_refuses_to_end_while_coins_are_to_be_found():
    g = ARCHIPELAGO.new_game(2, "vote", landing="recommended")
    g.apply(0, "offer end")
    assert choose(g.view(1), 1) == "refuse end"


def quiet_game():
    """A game where the site has just proposed the end (ruling A21)."""
    from rules.archipelago.position import QUIET_ROUNDS

    g = ARCHIPELAGO.new_game(2, "vote", landing="recommended")
    g.quiet = QUIET_ROUNDS * 2 - 1
    g.apply(0, next(m for m in g.legal_moves(0) if m.startswith("boat ")))  # a quiet turn
    assert g.phase == "vote" and g.vote["by"] is None
    return g


def test_A21_the_bot_agrees_when_the_site_proposes_the_end():
    g = quiet_game()
    assert choose(g.view(0), 0) == "accept end" == choose(g.view(1), 1)


def test_A21_every_bot_level_agrees_when_the_site_proposes_the_end():
    from rules.bots import LEVELS, play

    g = quiet_game()
    for level in LEVELS:
        assert play(level, g, 1, "seed") == "accept end", level
