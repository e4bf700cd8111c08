"""Every family's board says why a game ended (issue 42): who resigned or ran out of time, and
why a game was stopped, in the words of games.families.ending_words. Jamaica's board had
drifted to "This game was stopped." and a winner without the forfeit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.models import Game
from games.services import abort_game, join_table, open_table
from tests.factories import make_user

FAMILIES = ["classic", "archipelago", "jamaica"]
MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def people(db):
    return make_user("alice"), make_user("bob")


def start(ruleset: str, alice, bob) -> Game:
    game = open_table(creator=alice, ruleset=ruleset, players=2, control=TimeControl(days=1))
    join_table(game.pk, bob)
    game.refresh_from_db()
    return game


def board(client, user, game: Game) -> str:
    client.force_login(user)
    response = client.get(reverse("game_board", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_a_resignation_is_named_on_the_finished_board(client, people, ruleset):
    alice, bob = people
    game = start(ruleset, alice, bob)
    forfeits.resign(game.pk, alice, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    page = board(client, bob, game)
    assert "Winner: bob." in page and "Resigned: alice." in page


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_a_timeout_is_named_on_the_finished_board(client, people, ruleset):
    alice, bob = people
    with time_machine.travel(MONDAY, tick=False) as travel:
        game = start(ruleset, alice, bob)
        travel.shift(timedelta(days=2))
        assert sweep_timeouts() == 1
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        page = board(client, bob, game)
    # Jamaica's seats choose their cards at once: which one the sweep ends first is its order.
    (late,) = game.outcome["forfeited"]
    assert game.outcome["reason"] == "timeout"
    assert f"Out of time: {(alice, bob)[late].username}." in page


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_a_stopped_game_says_why(client, people, ruleset):
    alice, bob = people
    game = start(ruleset, alice, bob)
    abort_game(game.pk, "aborted by staff (root)")
    page = board(client, bob, game)
    assert "This game was stopped: the site&#x27;s staff stopped it." in page
