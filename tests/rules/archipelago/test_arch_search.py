"""Archipelago's search bots (``normal``, ``strong``): what a seat may know, the islands guessed
from it, and the search on top: no peeking at face-down or removed tiles or the seed, legal moves
through whole games, budgets honoured; and the heuristic it plays in its rollouts reads a game as
it reads a view."""

import json
import random
from collections import Counter

import pytest

from rules.archipelago import ARCHIPELAGO, bot, search
from rules.archipelago.evaluation import evaluate, home_steps
from rules.archipelago.geometry import cell_name, neighbours, parse_cell
from rules.archipelago.knowledge import HIDDEN, Determiniser, seat_knowledge
from rules.archipelago.tiles import TOTAL_COINS, box_tiles
from rules.bots import play


def positions(seats, seed, every=7, **options):
    """Positions of a game of the heuristic, one in ``every`` plies, with the seat to act."""
    game = ARCHIPELAGO.new_game(seats, seed, **options)
    n = 0
    while not game.is_over():
        seat = min(game.to_act())
        if n % every == 0:
            yield game.copy(), seat
        game.apply(seat, bot.choose(game.view(seat), f"{seed}:{n}"))
        n += 1


def peek_for(game, seat, count=3):
    """Let ``seat`` have seen the faces of a few face-down tiles (as the lighthouse shows them)."""
    down = sorted(c for c, t in game.tiles.items() if not t["up"])
    for cell in down[:count]:
        game.known[seat].add(cell)
    return down[:count]


def test_knowledge_holds_nothing_the_seat_may_not_see():
    for game, seat in positions(3, "knowledge", every=11):
        peeked = peek_for(game, seat)
        doc = seat_knowledge(game, seat).position
        assert "seed" not in doc and game.seed not in json.dumps(doc)
        assert set(doc["removed"]) == {HIDDEN} and len(doc["removed"]) == len(game.removed)
        for cell, tile in game.tiles.items():
            known = doc["tiles"][cell_name(cell)]
            assert known["back"] == tile["back"]
            if tile["up"]:
                assert known == tile
            else:  # a peek shows the face, never which way the tile is turned
                assert known["rot"] == HIDDEN
                assert known["face"] == (tile["face"] if cell in peeked else HIDDEN)


@pytest.mark.parametrize("seats", [2, 4])
def test_a_guessed_island_agrees_with_everything_the_seat_knows(seats):
    rng = random.Random(3)
    for game, seat in positions(seats, f"guess {seats}", every=13):
        peek_for(game, seat)
        knowledge = seat_knowledge(game, seat)
        deal = Determiniser(knowledge)
        for _ in range(3):
            guess = deal.sample(rng)
            assert seat_knowledge(guess, seat) == knowledge
            assert guess.view(seat) == game.view(seat)  # the whole view, legal moves too
            faces = Counter((t["back"], t["face"]) for t in guess.tiles.values())
            backs = {t["back"] for t in guess.tiles.values()}
            assert len(guess.removed) == len(game.removed)
            assert sum(faces.values()) + len(guess.removed) == len(box_tiles())
            assert faces <= Counter(box_tiles()) and backs <= {"M", "F", "B"}
            assert guess.coin_total() == TOTAL_COINS
            assert guess.seed != game.seed


def test_guesses_differ_where_the_seat_cannot_see():
    game = ARCHIPELAGO.new_game(2, "differ")
    deal = Determiniser(seat_knowledge(game, 0))
    rng = random.Random(1)
    islands = {
        tuple(t["face"] for _, t in sorted(deal.sample(rng).tiles.items())) for _ in range(5)
    }
    assert len(islands) == 5


def redeal(game, peeked, rng):
    """``game`` with the faces under its face-down tiles (but the peeked ones) shuffled among
    the squares of the same back, every face-down tile turned anew, and another seed: a game the
    seat cannot tell from ``game`` (made here, not by knowledge.py, so that a leak there shows)."""
    other = game.copy()
    other.seed = f"{game.seed}-other"
    for back in "MFB":
        cells = [
            c
            for c, t in sorted(game.tiles.items())
            if not t["up"] and t["back"] == back and c not in peeked
        ]
        faces = [game.tiles[c]["face"] for c in cells]
        rng.shuffle(faces)
        # A copy shares its tiles' dicts with the game (copy-on-write): replace, never change.
        for cell, face in zip(cells, faces, strict=True):
            other.tiles[cell] = dict(other.tiles[cell], face=face)
    for cell, tile in other.tiles.items():
        if not tile["up"]:
            other.tiles[cell] = dict(tile, rot=rng.randrange(4))
    return other


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_choice_does_not_depend_on_the_hidden_tiles(level, monkeypatch):
    """The no-peeking property: two games that agree on all the seat may see (a second one dealt
    from the first's knowledge: other faces under the face-down tiles, other removed tiles, another
    seed) get the same move from the same bot seed."""
    monkeypatch.setitem(search.ROLLOUTS, level, 24)
    rng = random.Random(level)
    checked = 0
    for game, seat in positions(2, f"no peeking {level}", every=17):
        if len(game.legal_moves(seat)) < 2:
            continue
        peeked = peek_for(game, seat, 2)
        other = redeal(game, peeked, rng)
        assert seat_knowledge(other, seat) == seat_knowledge(game, seat)
        assert [t["face"] for t in other.tiles.values()] != [t["face"] for t in game.tiles.values()]
        seed = f"np-{game.ply}"
        assert play(level, game, seat, seed) == play(level, other, seat, seed)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (3, {"landing": "recommended"}), (4, {"teams": True, "island": "twin"})],
)
def test_search_bots_play_whole_games_legally(seats, options, monkeypatch):
    # A small budget (the full one costs a minute a game): legality does not depend on it.
    monkeypatch.setattr(search, "ROLLOUTS", {"normal": 2, "strong": 3})
    monkeypatch.setattr(search, "MIN_EACH", 1)
    monkeypatch.setattr(search, "CANDIDATES", 3)
    game = ARCHIPELAGO.new_game(seats, f"whole {seats}", **options)
    levels = ["strong", "normal", "easy", "normal"][:seats]
    while not game.is_over():
        seat = min(game.to_act())
        move = play(levels[seat], game, seat, f"{game.ply}")
        assert move in game.legal_moves(seat)
        game.apply(seat, move)
    # "agreement" since ruling A21 (issue 41): bots agree to the site's proposal after quiet
    # rounds, which used to end the game as a stalemate by itself
    assert game.outcome().reason in ("all coins", "agreement", "stalemate")
    assert game.coin_total() == TOTAL_COINS


def test_the_budget_is_counted_and_the_time_limit_honoured(monkeypatch):
    game, seat = next(g for g in positions(2, "budget", every=5) if len(g[0].legal_moves(g[1])) > 6)
    played = []
    real = search.rollout
    monkeypatch.setattr(search, "rollout", lambda g, r: played.append(1) or real(g, r))
    knowledge = seat_knowledge(game, seat)
    legal = game.legal_moves(seat)
    search.choose_move(knowledge, legal, random.Random(1), 60)
    candidates = min(len([m for m in legal if m != "offer end"]), search.CANDIDATES)
    assert len(played) == candidates * max(search.MIN_EACH, 60 // candidates)
    played.clear()
    search.choose_move(knowledge, legal, random.Random(1), 10**6, seconds=0.05)
    assert candidates <= len(played) < 10**6 // 10  # cut short, every candidate tried once


def test_the_heuristic_reads_a_game_as_it_reads_the_view():
    """Rollouts run the heuristic on the guessed game itself (``choose_in``); it must be the same
    player as the site's ``choose(view)``."""
    compared = 0
    for game, seat in positions(3, "two ways", every=3):
        seed = f"same-{game.ply}"
        from_view = bot.choose(game.view(seat), seed)
        from_game = bot.choose_in(game, seat, random.Random(f"archipelago-bot:{seed}"))
        assert from_view == from_game
        compared += 1
    assert compared > 50


def test_the_vote_is_accepted_only_when_nothing_left_could_change_the_winner():
    game = ARCHIPELAGO.new_game(2, "vote", landing="recommended")
    game.apply(0, "offer end")
    assert search.vote(game, 1) == "refuse end"
    assert play("strong", game, 1, 1) == "refuse end"
    settled = game.copy()
    settled.stowed = [0, 10]  # 10 aboard, 9 left anywhere else: seat 1 cannot be caught
    for tile in settled.tiles.values():
        if tile["face"].startswith("chest"):
            tile["face"] = "empty"
    settled.removed = ["empty"] * len(settled.removed)
    settled.sunk = 9
    assert settled.coin_total() == TOTAL_COINS
    assert search.vote(settled, 1) == "accept end"
    assert search.vote(settled, 0) == "refuse end"


def test_the_lighthouse_peeks_beside_the_seats_pirates():
    game = ARCHIPELAGO.new_game(2, "peek", landing="recommended")
    pirate = game.pieces["W1"]
    land = sorted(game.tiles)[20]
    pirate.update(where="land", cell=land)
    for pid in ("W2", "W3"):  # nobody aboard: only W1 counts
        game.pieces[pid].update(where="dead")
    game.tiles[land]["up"] = True
    moves = sorted(f"peek {cell_name(c)}" for c, t in game.tiles.items() if not t["up"])
    chosen = search.peek(game, 0, moves, random.Random(0))
    assert chosen.split()[1] in {cell_name(n) for n in neighbours(land)}


def test_the_shore_kept_with_the_island_is_the_shore():
    for game, _ in positions(2, "shore", every=50, island="twin"):
        for g in (game, game.copy()):
            for y in range(g.height):
                for x in range(g.width):
                    c = (x, y)
                    expected = g.is_water(c) and any(n in g.tiles for n in neighbours(c))
                    assert g.is_shore(c) == expected


def open_island():
    """The first island with every tile face up and empty, the boats on the book's landings."""
    game = ARCHIPELAGO.new_game(2, "home", landing="recommended")
    for tile in game.tiles.values():
        tile.update(up=True, face="empty", rot=0, spent=False)
    return game


def test_the_way_home_goes_over_land_a_coin_may_cross():
    game = open_island()
    boat = game.boats[0]
    assert cell_name(boat) == "F11"
    steps = home_steps(game, boat)
    for n, row in enumerate(range(10, 1, -1), start=1):  # up the F column: F10 is beside it
        assert steps[parse_cell(f"F{row}")] == n
    assert all(steps[c] >= max(abs(c[0] - boat[0]), abs(c[1] - boat[1])) for c in game.tiles)
    # A row of arrows across the island: nothing north of it has a way home any more (a pirate
    # stepping on an arrow is moved on), though a coin lying on an arrow's square next to the
    # way could still be carried off it.
    for cell in (c for c in game.tiles if c[1] == 7):
        game.tiles[cell]["face"] = "arrow-1"
    steps = home_steps(game, boat)
    assert steps[parse_cell("F8")] == 3
    assert not any(c in steps for c in game.tiles if c[1] < 7)
    # A balloon lifts pirate and coin aboard: a square beside it is one step from home.
    game.tiles[parse_cell("E4")]["face"] = "balloon"
    steps = home_steps(game, boat)
    assert steps[parse_cell("E3")] == 1 and steps[parse_cell("E2")] == 2


def test_the_evaluation_prefers_a_coin_nearer_home():
    game = open_island()
    game.pieces["W1"].update(where="land", cell=parse_cell("F9"), boat=None)
    values = {}
    for square in ("F9", "F5"):
        g = game.copy()
        g.coins = {parse_cell(square): 1}
        g.removed = ["empty"] * len(g.removed)
        values[square] = evaluate(g)[0]
    assert values["F9"] > values["F5"] > 0
    swimming = game.copy()
    swimming.pieces["W2"].update(where="water", cell=parse_cell("A11"), boat=None)
    assert evaluate(swimming)[0] < evaluate(game)[0]  # a swimmer far from its boat costs


def test_A21_the_search_bot_agrees_when_the_site_proposes_the_end():
    from rules.archipelago.position import QUIET_ROUNDS

    game = ARCHIPELAGO.new_game(2, "vote", landing="recommended")
    game.quiet = QUIET_ROUNDS * 2 - 1
    game.apply(0, next(m for m in game.legal_moves(0) if m.startswith("boat ")))  # a quiet turn
    assert game.phase == "vote" and game.vote["by"] is None
    assert play("strong", game, 1, 1) == "accept end" == play("strong", game, 0, 1)
