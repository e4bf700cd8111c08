"""The fast path against the checked path: one random game played both ways, compared every ply.

The engines take short cuts in the loop a search runs (issue 51): a copy shares what does not
change or what is copied when it changes, keeps the legal moves it was made with, and a move sent
exactly as ``legal_moves()`` wrote it is played without being read and checked again. The checked
path takes none of them: its game is read afresh from JSON before every ply (no cache, nothing
shared) and its move is the same text typed with other spacing, so the engine must read it, and
check it against the legal moves, as it reads a person's.

Every ply the two must agree on the position (``to_json``), the turns begun, the seats to act and
each one's legal moves, and the events of the move. The fast game is a chain of copies (every
other ply it goes on with the copy the move was tried on), and trying a move on a copy must leave
the position it was copied from as it was.
"""

from __future__ import annotations

import random

import pytest

from rules.core import GameError, ruleset

AGREEMENT = frozenset(("offer end", "accept end", "refuse end"))


def retyped(move: str) -> str:
    """The same move with other spacing: not the text the engine listed, still a legal move."""
    return "  " + move.replace(" ", "   ") + " "


def legal_by_seat(game) -> dict[int, list[str]]:
    return {seat: game.legal_moves(seat) for seat in sorted(game.to_act())}


def play_side_by_side(name: str, seats: int, seed: str, options=None, max_plies=3000, probe=None):
    """Play one random game both ways; returns its plies. ``probe(game)`` runs on every
    position of the fast game (a family's own checks of its short cuts)."""
    rules = ruleset(name)
    fast = rules.new_game(seats, seed, **(options or {}))
    checked_doc = rules.new_game(seats, seed, **(options or {})).to_json()
    rng = random.Random(seed)
    plies = 0
    listed: dict[int, list[str]] = {}
    while not fast.is_over() and plies < max_plies:
        checked = rules.from_json(checked_doc)
        assert fast.to_json() == checked_doc
        truth = legal_by_seat(checked)
        # Before the fast game lists its moves again: a move its last listing held that is no
        # longer legal is refused, and refused without a change.
        for seat, moves in listed.items():
            for move in [m for m in moves if m not in truth.get(seat, ())][:3]:
                with pytest.raises(GameError):
                    fast.apply(seat, move)
                assert fast.to_json() == checked_doc
        legal = legal_by_seat(fast)
        assert legal == truth
        if probe is not None:
            probe(fast)
        seat = rng.choice(sorted(legal))
        moves = legal[seat]
        # Now and then an offer to end or an answer to one; mostly moves of play, or the random
        # games would all end by agreement.
        play = [m for m in moves if m not in AGREEMENT] or moves
        move = rng.choice(moves if rng.random() < 0.03 else play)
        before = fast.to_json()
        begun, begun_checked = fast.turns_begun(), checked.turns_begun()
        trial = fast.copy()
        tried = trial.apply(seat, move)
        assert fast.to_json() == before, "a move tried on a copy changed the original"
        events = fast.apply(seat, move)
        assert tried == events
        assert trial.to_json() == fast.to_json()
        quiet = rules.from_json(before)
        assert quiet.play(seat, move) is None  # the same move without its events
        assert quiet.to_json() == fast.to_json()
        assert checked.apply(seat, retyped(move)) == events
        checked_doc = checked.to_json()
        assert fast.to_json() == checked_doc
        if begun is not None:  # the turns this move began, counted alike by all three
            assert fast.turns_begun() - begun == checked.turns_begun() - begun_checked
            assert trial.turns_begun() == fast.turns_begun()
        listed = legal
        if plies % 2:
            fast = trial  # its listing is the one copied with it, now as stale
        plies += 1
    assert rules.from_json(checked_doc).to_json() == fast.to_json()
    assert fast.outcome() == rules.from_json(checked_doc).outcome()
    return plies
