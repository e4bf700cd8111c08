"""Clocks as people meet them: chosen in the table form, shown in words on the lobby, the table
and the board (server-computed), and the board's resign / claim / take-back buttons."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games.clock.clocks import TimeControl
from games.models import Game
from games.services import join_table, open_table
from tests.factories import make_user

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
FORM = {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "0"}


def test_the_table_form_sets_a_time_bank_and_the_lobby_says_it(client, alice):
    client.force_login(alice)
    client.post(
        reverse("new_table"),
        {
            **FORM,
            "clock_kind": "bank",
            "bank_days": "14",
            "increment_days": "2",
            "weekends_off": "on",
            "timeout_policy": "bot",
        },
    )
    game = Game.objects.get()
    assert (game.clock_kind, game.clock_days, game.clock_increment_days) == ("bank", 14, 2)
    assert game.weekends_off and game.timeout_policy == "bot"
    lobby = client.get(reverse("lobby")).content.decode()
    assert "a bank of 14 days +2 days a move, weekends off" in lobby
    table = client.get(game.get_absolute_url()).content.decode()
    assert "a bot takes over their seat" in table


def test_a_form_without_clock_fields_gets_three_days_per_move(client, alice):
    client.force_login(alice)
    client.post(reverse("new_table"), FORM)
    game = Game.objects.get()
    assert (game.clock_kind, game.clock_days, game.policy_on_timeout) == ("per-move", 3, "end")


def test_a_bad_clock_is_refused_and_opens_nothing(client, alice):
    client.force_login(alice)
    response = client.post(reverse("new_table"), {**FORM, "days_per_move": "4"})
    assert response.status_code == 200
    assert not Game.objects.exists()


@pytest.fixture
def game(db, alice, bob):
    with time_machine.travel(MONDAY, tick=False):
        game = open_table(creator=alice, players=2, control=TimeControl(days=2))
        join_table(game.pk, bob)
    game.refresh_from_db()
    return game


def test_the_board_says_whose_clock_runs_and_how_much_is_left(client, game, alice, bob):
    client.force_login(bob)
    with time_machine.travel(MONDAY + timedelta(hours=20), tick=False):
        page = client.get(game.get_absolute_url()).content.decode()
        lobby = client.get(reverse("lobby")).content.decode()
    assert "2 days per move" in page
    assert 'data-running="1"' in page and "1 day 4 h" in page
    assert "alice's clock:" in lobby and "1 day 4 h" in lobby


def test_resign_from_the_board_ends_the_game_for_both(client, game, alice, bob):
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Yes, resign" in page
    client.post(
        reverse("game_seat_action", args=[game.pk, "resign"]), {"expected_ply": str(game.ply)}
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["forfeited"] == [0]
    client.force_login(bob)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Winner: bob." in page and "Resigned: alice." in page
    assert "Yes, resign" not in page


def test_a_stale_or_strangers_seat_action_changes_nothing(client, game, alice, carol):
    client.force_login(alice)
    response = client.post(
        reverse("game_seat_action", args=[game.pk, "resign"]), {"expected_ply": "7"}, follow=True
    )
    assert "The board has changed" in response.content.decode()
    client.force_login(carol)
    response = client.post(
        reverse("game_seat_action", args=[game.pk, "resign"]), {"expected_ply": "0"}
    )
    assert response.status_code == 404
    assert client.post(reverse("game_seat_action", args=[game.pk, "explode"])).status_code == 404
    game.refresh_from_db()
    assert game.is_running and not game.seat_actions.exists()


def test_claim_is_offered_only_when_every_other_player_forfeited(client, db):
    alice, bob, carol = (make_user(n) for n in ("alice", "bob", "carol"))
    game = open_table(creator=alice, players=3)
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    client.force_login(carol)
    assert "Claim the victory" not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_seat_buttons_are_the_viewers_own(client):
    """Only the player whose seat a bot took over is offered to take it back (the buttons are
    computed for the viewer's seat, not for whichever seat a loop saw last)."""
    from games.clock.sweep import sweep_timeouts

    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = open_table(creator=alice, players=3, control=TimeControl(days=1))
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    game.refresh_from_db()
    assert sweep_timeouts(game.deadline) == 1
    assert game.seats.get(index=0).stand_in
    for user, offered in ((alice, True), (bob, False), (carol, False)):
        client.force_login(user)
        page = client.get(reverse("game_board", args=[game.pk])).content.decode()
        assert ("Take my seat back" in page) is offered, user
        assert "Resign" in page
