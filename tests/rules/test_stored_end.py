"""Ending a stored position without reading it (``Ruleset.end_stored``, the clock sweep's path)
gives exactly what reading it, ending it (``end_now``) and writing it again gives: on positions
of every kind met in play (mid-chain choices, bottles offered after an action, open offers to
end, skipped seats), for both Jackal rulesets, every seat count and two against two."""

import json
import random

import pytest

from rules.core import IllegalMove, SetupError, ruleset

TABLES = [
    (name, seats, teams)
    for name in ("classic", "second-edition")
    for seats in (2, 3, 4)
    for teams in (False, True)
    if not teams or seats == 4
]


def stored(state) -> dict:
    """The position as the database gives it back."""
    return json.loads(json.dumps(state.to_json()))


def the_long_way(rules, doc, reason):
    state = rules.from_json(doc)
    state.end_now(reason)
    return stored(state), json.loads(json.dumps(state.outcome().to_json()))


def positions(name, seats, teams, games=3, plies=160):
    """Positions met in play, with fixed seeds (the same every run), some with a seat skipped
    and an offer to end made now and then."""
    rules = ruleset(name)
    options = {"teams": True} if teams else {}
    for game in range(games):
        rng = random.Random(f"{name}-{seats}-{teams}-{game}")
        state = rules.new_game(seats, f"seed-{game}", **options)
        for ply in range(plies):
            if state.is_over():
                break
            yield state
            seat = min(state.to_act())
            legal = state.legal_moves(seat)
            if ply == 40 and game == 1 and seats > 2:
                try:
                    state.skip_seat((seat + 1) % seats)
                    continue
                except IllegalMove:
                    pass
            offers = [m for m in legal if m in ("offer end", "accept end")]
            plays = [m for m in legal if m not in offers]
            move = rng.choice(offers) if offers and rng.random() < 0.05 else rng.choice(plays)
            state.apply(seat, move)


@pytest.mark.parametrize(("name", "seats", "teams"), TABLES)
def test_a_stored_end_is_the_end_of_the_read_position(name, seats, teams):
    rules = ruleset(name)
    kinds = set()
    for state in positions(name, seats, teams):
        doc = stored(state)
        kinds |= {k for k in ("pending", "after", "agreement", "skipped") if doc.get(k)}
        before = json.dumps(doc, sort_keys=True)
        for reason in ("timeout", "resignation", "claim"):
            ended, outcome = rules.end_stored(doc, reason)
            position, result = the_long_way(rules, doc, reason)
            assert json.loads(json.dumps(ended)) == position
            assert json.loads(json.dumps(outcome.to_json())) == result
        assert json.dumps(doc, sort_keys=True) == before  # the stored document is left alone
    assert "pending" in kinds  # the positions met a chain's choice, so the test tells
    if name == "second-edition":
        assert "after" in kinds


def test_a_stored_end_refuses_what_reading_refuses():
    rules = ruleset("classic")
    state = rules.new_game(2, "seed")
    state.end_now("timeout")
    with pytest.raises(IllegalMove):
        rules.end_stored(stored(state), "timeout")
    with pytest.raises(SetupError):
        rules.end_stored({"format": "something else"}, "timeout")
    with pytest.raises(SetupError):
        ruleset("second-edition").end_stored(stored(rules.new_game(2, "seed")), "timeout")


@pytest.mark.parametrize(("name", "seats", "teams"), TABLES[::2])
def test_the_keys_a_stored_end_reads_alone_end_as_the_whole(name, seats, teams):
    # The sweep hands `end_stored` only these keys of each position and writes back what changed
    # (games.clock.sweep): the whole position with those changes must be the whole position ended.
    rules = ruleset(name)
    assert rules.stored_end_keys
    for state in positions(name, seats, teams, games=1):
        doc = stored(state)
        part = {key: doc[key] for key in rules.stored_end_keys if key in doc}
        ended_part, outcome = rules.end_stored(part, "timeout")
        ended, whole_outcome = rules.end_stored(doc, "timeout")
        dropped = set(part) - set(ended_part)
        patched = {k: v for k, v in doc.items() if k not in dropped} | ended_part
        assert patched == ended
        assert outcome.to_json() == whole_outcome.to_json()
