"""The my-turn my_turn: "Your turn (N)" in the header of every page and in the tab title, the
board's next-game button to the most urgent game, my games sorted by time left."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import RequestFactory
from django.urls import reverse

from games.clock.clocks import TimeControl
from games.lists import my_turn
from games.services import join_table, open_table

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def game_for(first, second, days):
    game = open_table(creator=first, players=2, control=TimeControl(days=days))
    join_table(game.pk, second)
    game.refresh_from_db()
    return game


@pytest.fixture
def games(db, alice, bob, carol):
    with time_machine.travel(MONDAY, tick=False):
        # The urgent game is the older one: a list by newest first would show it second.
        urgent = game_for(alice, carol, 1)
        relaxed = game_for(alice, bob, 7)
        theirs = game_for(bob, alice, 3)  # bob's turn, not alice's
    return relaxed, urgent, theirs


def test_the_header_and_the_title_count_the_games_waiting_for_me(client, games, alice, carol):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert "Your turn (2)" in page
    assert "<title>(2) Lobby" in page
    client.force_login(carol)
    page = client.get(reverse("lobby")).content.decode()
    assert "Your turn (" not in page and "<title>Lobby" in page


def test_the_count_is_one_query(games, alice, django_assert_num_queries):
    request = RequestFactory().get("/")
    request.user = alice
    with django_assert_num_queries(1):
        assert my_turn.my_turn(request) == {"my_turn_count": 2}


def test_next_game_goes_to_the_least_time_left_besides_this_one(client, games, alice):
    relaxed, urgent, _theirs = games
    client.force_login(alice)
    board = client.get(urgent.get_absolute_url()).content.decode()
    assert f'href="/games/next/?from={urgent.pk}"' in board
    assert client.get(reverse("next_game")).url == urgent.get_absolute_url()
    from_urgent = client.get(reverse("next_game"), {"from": urgent.pk})
    assert from_urgent.url == relaxed.get_absolute_url()


def test_next_game_with_nothing_waiting_says_so(client, games, carol):
    client.force_login(carol)
    response = client.get(reverse("next_game"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("my_games")
    assert "No other game is waiting for you." in response.content.decode()


def test_my_games_lists_the_least_time_left_first(client, games, alice):
    relaxed, urgent, theirs = games
    client.force_login(alice)
    with time_machine.travel(MONDAY + timedelta(hours=1), tick=False):
        page = client.get(reverse("my_games")).content.decode()
    positions = [page.index(f"Game {g.pk}<") for g in (urgent, relaxed, theirs)]
    assert positions == sorted(positions)
