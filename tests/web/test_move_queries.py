"""A move costs a fixed number of queries (issue 51): the same for 2, 4 and 6 seats, in every
family, so that it cannot creep up again as features are added around it.

The htmx move of a player whose move hands the turn to another person: the session and the
user; the transaction (the game locked, then its seats read behind the lock, the ledger row, the
turn e-mails' reminders in one statement, the game's row, the seats' row in one statement); then
the board partial (the move log, the seat actions). Nothing in it grows with the seats: a seat's
reminder, must-act flag and place in the lists are written for all seats at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.services import head_state
from tests.factories import make_user, start_game

# The most queries a move may cost, per family (Archipelago's board also asks whether the
# game belongs to a series).
CEILING = {"classic": 12, "jamaica": 12, "archipelago": 13}
TABLES = [("classic", 2), ("classic", 4), ("jamaica", 2), ("jamaica", 4), ("jamaica", 6)]
TABLES += [("archipelago", 2), ("archipelago", 4)]


def queries_of_a_move(client, ruleset: str, players: int) -> list[str]:
    people = [make_user(f"{ruleset}-{players}-{n}") for n in range(players)]
    game = start_game(*people, ruleset=ruleset)
    state = head_state(game)
    seat = min(state.to_act())
    move = next(str(m) for m in state.legal_moves(seat) if _hands_on(state, seat, m))
    client.force_login(people[seat])
    url = reverse("game_move", args=[game.pk])
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, {"move": move, "expected_ply": 0}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "is not" not in response.content.decode()
    game.refresh_from_db()
    assert game.ply == 1
    return [query["sql"] for query in captured.captured_queries]


def _hands_on(state, seat: int, move) -> bool:
    """Whether `move` begins another seat's turn (Jamaica: every seat's card choice; Jackal: the
    next crew's, unless the move leaves a choice of its own in a chain)."""
    after = state.copy()
    after.apply(seat, move)
    return bool(after.to_act() - {seat})


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_a_move_costs_no_more_than_its_ceiling(client, db, ruleset, players):
    queries = queries_of_a_move(client, ruleset, players)
    assert len(queries) <= CEILING[ruleset], "\n".join(queries)


@pytest.mark.parametrize("ruleset", ["classic", "jamaica", "archipelago"])
def test_a_move_costs_the_same_whatever_the_number_of_seats(client, db, ruleset):
    counts = {
        players: len(queries_of_a_move(client, ruleset, players))
        for family, players in TABLES
        if family == ruleset
    }
    assert len(set(counts.values())) == 1, counts
