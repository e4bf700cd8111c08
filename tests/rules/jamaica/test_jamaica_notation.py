"""The notation of Jamaica's decisions (docs/jamaica.md): every legal move is in its one written
form, loose spellings are read, anything else is refused with a clear error and no change; bad
stored positions are refused; the package's docstring examples run."""

import doctest
import importlib
import pkgutil

import pytest
from jamaica_kit import position, random_game

import rules.jamaica
from rules.core import IllegalMove, NotationError, SetupError
from rules.jamaica import JAMAICA
from rules.jamaica.moves import normalise


def test_every_legal_move_is_written_in_its_one_form():
    seen = set()

    def hook(game, seat, move, events):
        for s in game.to_act():
            for m in game.legal_moves(s):
                assert normalise(m) == m
                seen.add(m.split()[0])

    for seats in (2, 5):
        random_game(seats, f"notation {seats}", hook=hook)
    assert {"play", "dice", "cannons", "take"} <= seen


@pytest.mark.parametrize(
    "loose,written",
    [
        ("  PLAY   ag ", "play AG"),
        ("Dice 5 2", "dice 5 2"),
        ("Take Hold 2", "take hold 2"),
        ("ATTACK Blue", "attack blue"),
        ("Keep", "keep"),
    ],
)
def test_loose_spellings_are_read(loose, written):
    assert normalise(loose) == written


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play AX",
        "play AGG",
        "dice 7 1",
        "hold 0",
        "attack pink",
        "cannons -1",
        "take gold",
        "give treasure",
        "move 3",
        None,
        42,
    ],
)
def test_what_is_not_a_move_is_refused_and_changes_nothing(text):
    game = position(2, hands={0: ["AG", "FG", "CF"], 1: ["AA", "AB", "BA"]})
    before = game.to_json()
    with pytest.raises(NotationError):
        game.apply(0, text)
    assert game.to_json() == before


def test_a_move_not_legal_now_is_refused_and_changes_nothing():
    game = position(2, hands={0: ["AG", "FG", "CF"], 1: ["AA", "AB", "BA"]})
    before = game.to_json()
    with pytest.raises(IllegalMove, match="legal: play AG, play CF, play FG"):
        game.apply(0, "play AA")
    with pytest.raises(IllegalMove):
        game.apply(0, "hold 2")
    with pytest.raises(IllegalMove):
        game.apply(5, "play AG")
    assert game.to_json() == before
    assert game.apply(0, "play ag") == [{"kind": "chosen", "seat": 0}]


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("hands"),
        lambda d: d.update(seats=9),
        lambda d: d.update(phase="lunch"),
        lambda d: d.update(progress=[0]),
        lambda d: d.update(ruleset="classic"),
        lambda d: d.update(chosen=[1, 2]),
        lambda d: d.update(seed=None),
    ],
)
def test_a_malformed_position_is_refused(damage):
    doc = JAMAICA.new_game(3, "damaged").to_json()
    damage(doc)
    with pytest.raises(SetupError):
        JAMAICA.from_json(doc)


@pytest.mark.parametrize(
    "name",
    ["rules.jamaica"]
    + [f"rules.jamaica.{m.name}" for m in pkgutil.iter_modules(rules.jamaica.__path__)],
)
def test_docstring_examples(name):
    assert doctest.testmod(importlib.import_module(name)).failed == 0


def test_a_card_choice_is_shown_to_others_without_its_card():
    from rules.jamaica.moves import public_move

    assert public_move("play AG") == "play"
    assert public_move("take hold 2") == "take hold 2" and public_move("dice 5 2") == "dice 5 2"
