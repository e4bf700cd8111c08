"""Jamaica's search bots (``normal``, ``strong``): what a seat may know, the games guessed from it,
and the search on top: no peeking at hidden cards or the seed, legal moves through whole games,
budgets honoured."""

import json
import random

import pytest

from rules.bots import play
from rules.jamaica import JAMAICA, search
from rules.jamaica.bot import choose_move as heuristic
from rules.jamaica.knowledge import HIDDEN, Determiniser, seat_knowledge
from rules.jamaica.treasures import POWERS


def step(game, rng):
    """One decision of the lowest seat to act, by the heuristic."""
    seat = min(game.to_act())
    game.apply(seat, heuristic("easy", game.view(seat), game.legal_moves(seat), rng))


def positions(seats, seed, every=3):
    """Positions of a heuristic game, one in ``every`` decisions, with the seat to act."""
    game = JAMAICA.new_game(seats, seed)
    rng = random.Random(seed)
    n = 0
    while not game.is_over():
        if n % every == 0:
            yield game.copy(), min(game.to_act())
        step(game, rng)
        n += 1


def cards_of(game, seat):
    chosen = [game.chosen[seat]] if seat in game.chosen else []
    return sorted(game.hands[seat] + game.decks[seat] + game.discards[seat] + chosen)


def test_knowledge_holds_nothing_the_seat_may_not_see():
    for game, seat in positions(3, "knowledge"):
        doc = seat_knowledge(game, seat).position
        assert "seed" not in doc
        text = json.dumps(doc)
        assert game.seed not in text
        for s in range(3):
            assert set(doc["decks"][s]) <= {HIDDEN} and set(doc["discards"][s]) <= {HIDDEN}
            if s != seat:
                assert set(doc["hands"][s]) <= {HIDDEN}
                assert set(doc["treasures"][s]) <= {*POWERS, HIDDEN}
                if str(s) not in doc["revealed"] and str(s) in doc["chosen"]:
                    assert doc["chosen"][str(s)] == HIDDEN
        assert set(doc["treasure_deck"] + doc["set_aside"]) <= {HIDDEN}
        # What it keeps is what the seat sees: its own hand and face-down treasures.
        assert sorted(doc["hands"][seat]) == game.view(seat)["hand"]


@pytest.mark.parametrize("seats", [2, 4])
def test_a_guessed_game_agrees_with_everything_the_seat_knows(seats):
    rng = random.Random(5)
    for game, seat in positions(seats, f"guess {seats}"):
        guess = Determiniser(seat_knowledge(game, seat)).sample(rng)
        assert guess.seed != game.seed
        assert sorted(guess.legal_moves(seat)) == sorted(game.legal_moves(seat))
        mine, theirs = guess.view(seat), game.view(seat)
        if game.phase != "choose":  # while choosing, the others choose again in the guess
            assert mine == theirs
        for s in range(seats):
            assert cards_of(guess, s) == cards_of(game, s)  # every pirate's eleven cards
            assert len(guess.decks[s]) == len(game.decks[s])
            assert len(guess.discards[s]) == len(game.discards[s])
            assert len(guess.treasures[s]) == len(game.treasures[s])
        dealt = guess.treasure_deck + guess.set_aside + sum(guess.treasures, [])
        real = game.treasure_deck + game.set_aside + sum(game.treasures, [])
        assert sorted(dealt) == sorted(real)
        assert len(guess.treasure_deck) == len(game.treasure_deck)


def hide_differently(game, seat, rng):
    """The same game as ``seat`` sees it, its hidden cards dealt otherwise and another seed."""
    other = JAMAICA.from_json({**game.to_json(), "seed": "another seed altogether"})
    for s in range(game.seats):
        pile = other.decks[s] + other.discards[s]
        if s != seat:
            pile += other.hands[s]
        rng.shuffle(pile)
        if s != seat:
            other.hands[s], pile = pile[: len(game.hands[s])], pile[len(game.hands[s]) :]
        other.decks[s], other.discards[s] = pile[: len(game.decks[s])], pile[len(game.decks[s]) :]
    unseen = other.treasure_deck + other.set_aside
    rng.shuffle(unseen)
    n = len(game.treasure_deck)
    other.treasure_deck, other.set_aside = unseen[:n], unseen[n:]
    assert other.view(seat) == game.view(seat)
    return other


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_search_bot_never_depends_on_hidden_cards_or_the_seed(level, monkeypatch):
    monkeypatch.setitem(search.ROLLOUTS, level, 12)
    rng = random.Random(9)
    checked = 0
    for game, seat in positions(3, f"no peeking {level}", every=7):
        if len(game.legal_moves(seat)) < 2:
            continue
        other = hide_differently(game, seat, rng)
        assert play(level, game, seat, "same seed") == play(level, other, seat, "same seed")
        checked += 1
    assert checked >= 5


def test_search_bots_play_whole_games_with_legal_moves_only(monkeypatch):
    monkeypatch.setitem(search.ROLLOUTS, "strong", 8)
    monkeypatch.setitem(search.ROLLOUTS, "normal", 8)
    for seats in (2, 3, 5):
        levels = ["strong", "easy", "normal", "random", "easy"][:seats]
        game = JAMAICA.new_game(seats, f"search whole {seats}")
        while not game.is_over():
            seat = min(game.to_act())
            move = play(levels[seat], game, seat, f"{game.ply}-{seat}")
            assert move in game.legal_moves(seat)
            game.apply(seat, move)
        assert sorted(s for place in game.outcome().ranking for s in place) == list(range(seats))


def test_a_search_is_reproducible_and_its_budget_and_time_limit_are_honoured(monkeypatch):
    game = JAMAICA.new_game(2, "budget")
    seat = min(game.to_act())
    knowledge = seat_knowledge(game, seat)
    legal = game.legal_moves(seat)
    played = []
    real = search.rollout

    def counted(g, rng):
        played.append(1)
        real(g, rng)

    monkeypatch.setattr(search, "rollout", counted)
    first = search.choose_move(knowledge, legal, random.Random(1), 40)
    assert len(played) == max(search.MIN_EACH, 40 // len(legal)) * len(legal)
    assert search.choose_move(knowledge, legal, random.Random(1), 40) == first
    played.clear()
    search.choose_move(knowledge, legal, random.Random(1), 4000, seconds=0.0)
    assert len(played) == len(legal)  # one round of guesses, then the time is up


@pytest.mark.parametrize("seats", [2, 3])
def test_the_rollouts_policy_view_reads_what_the_view_shows(seats):
    """search.policy_view, built straight from a guessed game, gives the heuristic what the
    seat's view would: the same values and so the same choices, fights and spoils included."""
    decisions = 0
    for game, seat in positions(seats, f"policy view {seats}", every=1):
        fast, view = search.policy_view(game, seat), game.view(seat)
        for key in ("seat", "morning", "evening", "hand", "holds", "pending"):
            assert fast[key] == view[key], key
        for key in ("powers", "face_down", "my_treasures", "fight"):
            assert fast[key] == view[key], key
        assert list(fast["colours"]) == view["colours"] and sorted(fast["lairs"]) == view["lairs"]
        assert [s["progress"] for s in fast["ships"]] == [s["progress"] for s in view["ships"]]
        legal = game.legal_moves(seat)
        rng_a, rng_b = random.Random(decisions), random.Random(decisions)
        assert heuristic("easy", fast, legal, rng_a) == heuristic("easy", view, legal, rng_b)
        decisions += 1
    assert decisions > 40
