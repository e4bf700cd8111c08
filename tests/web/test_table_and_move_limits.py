"""One account cannot flood the site (issue 17 item 8): at most MAX_OPEN_TABLES tables waiting
for players, and at most MOVE_RATE_LIMIT move requests in ten seconds; each refusal says why and
changes nothing."""

import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse

from games.families.jackal import engine_state
from games.models import Game, Move
from games.services import open_table
from tests.factories import start_game

pytestmark = pytest.mark.django_db

TABLE = {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "0"}


def test_a_player_may_keep_only_so_many_tables_waiting(client, alice, bob):
    client.force_login(alice)
    for _ in range(settings.MAX_OPEN_TABLES):
        assert client.post(reverse("new_table"), TABLE).status_code == 302
    response = client.post(reverse("new_table"), TABLE)
    assert response.status_code == 200
    assert "tables waiting for players" in response.content.decode()
    assert Game.objects.filter(created_by=alice).count() == settings.MAX_OPEN_TABLES
    # Games that started (here: against a bot) do not count, nor do other players' tables.
    open_table(creator=bob, players=2)
    first = Game.objects.filter(created_by=alice).earliest("created_at")
    client.force_login(bob)
    client.post(reverse("game_join", args=[first.pk]), {"seat": "1"})
    client.force_login(alice)
    assert client.post(reverse("new_table"), TABLE).status_code == 302


@time_machine.travel(datetime(2026, 11, 23, 9, 0, 1, tzinfo=UTC), tick=False)
def test_a_player_may_not_move_faster_than_the_limit(client, alice):
    # The clock stands still: every request falls in one ten-second window of the limit (a
    # request that crossed into the next window started a fresh count, and the test failed).
    game = start_game(alice, bots=1)
    client.force_login(alice)
    url = reverse("game_move", args=[game.pk])
    # Stale moves (a wrong ply) change nothing but count as requests all the same.
    for _ in range(settings.MOVE_RATE_LIMIT):
        response = client.post(
            url, {"move": "x", "expected_ply": 99}, headers={"HX-Request": "true"}
        )
        assert "too fast" not in response.content.decode()
    move = str(engine_state(game).legal_moves()[0])
    response = client.post(url, {"move": move, "expected_ply": 0}, headers={"HX-Request": "true"})
    assert response.status_code == 200  # the board, with the notice, swapped in by htmx
    notice = re.search(r'<p class="message error"[^>]*>([^<]*)</p>', response.content.decode())
    assert notice and "moving too fast" in notice[1]
    assert not Move.objects.filter(game=game).exists()
    # Without JavaScript: back to the board with the same message.
    page = client.post(url, {"move": move, "expected_ply": 0}, follow=True).content.decode()
    assert "moving too fast" in page
