"""The replay's look back (games.look_back): computed in the background once a game is over,
never shown (nor computed) while it runs, and the same figures the strong bot's evaluation
gives of each position."""

import pytest
from django.urls import reverse

from games import look_back, positions
from games.clock.forfeits import resign
from games.models import Game
from games.tasks import look_back_game
from rules.jackal.bots.probe import STRONG, team_values
from tests.factories import make_user, start_game
from tests.web.history_kit import play_out

pytestmark = pytest.mark.django_db


def _resigned_after(plies: int):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=4, max_plies=plies)
    resign(game.pk, bob, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, alice


def test_a_running_game_has_no_look_back_and_queues_none(
    client, django_capture_on_commit_callbacks
):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=4, max_plies=30)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        page = client.get(reverse("game_replay", args=[game.pk]))
    assert page.status_code == 200
    assert page.context["look_back"] is None
    assert "look-back" not in page.content.decode()
    assert callbacks == []
    assert look_back_game(game.pk) is False  # the task itself refuses a running game
    assert look_back.stored(game) is None


def test_a_finished_games_replay_queues_the_look_back_then_shows_it(
    client, django_capture_on_commit_callbacks
):
    game, alice = _resigned_after(40)
    client.force_login(alice)
    url = reverse("game_replay", args=[game.pk])
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        first = client.get(url)
    assert first.context["look_back"] == {"ready": False}
    assert "being worked out" in first.content.decode()
    assert len(callbacks) == 1  # queued once (Celery runs it eagerly in the tests)
    data = look_back.stored(game)
    assert data is not None and len(data["values"]) == game.ply + 1
    # Each ply's figures are the strong evaluation of the replayed position, per seat.
    rows = list(game.moves.order_by("ply").values_list("seat", "text"))
    for ply in (0, 10, game.ply):
        s = positions.position_at(game, ply, rows).state
        teams = team_values(s, STRONG)
        expected = [round(teams[s.team_of(seat)], 2) for seat in range(game.players)]
        assert data["values"][ply] == expected
    # The marked losses are the seat's own moves and really lost that much.
    for loss in data["losses"]:
        seat, text = rows[loss["ply"] - 1]
        assert (seat, text) == (loss["seat"], loss["move"])
        drop = data["values"][loss["ply"] - 1][seat] - data["values"][loss["ply"]][seat]
        assert drop >= look_back.LOSS and round(drop, 1) == loss["coins"]
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        second = client.get(url)
    assert callbacks == []
    chart = second.context["look_back"]
    assert chart["ready"] and len(chart["lines"]) == game.players
    html = second.content.decode()
    assert html.count('class="look-back-line"') == game.players
    assert html.count('class="look-back-mark"') == len(data["losses"])
