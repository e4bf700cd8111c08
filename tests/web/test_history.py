"""The archive of finished games: newest end first, paginated, filtered; on profiles too."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from ratings.services import rate_pending
from tests.factories import make_user
from tests.web.history_kit import finished_game

pytestmark = pytest.mark.django_db


def listed(page) -> list[int]:
    return [row.game.pk for row in page.context["rows"]]


@pytest.fixture
def people():
    return {name: make_user(name) for name in ("alice", "bob", "carol", "dave")}


def test_newest_end_first_and_paginated(client, people):
    now = timezone.now()
    alice, bob = people["alice"], people["bob"]
    # Created in one order, ended in another: the archive follows the end.
    games = [finished_game([alice, bob], [5, 3], ended=now - timedelta(hours=h)) for h in (5, 1, 9)]
    running = Game.objects.create(
        players=2, created_by=alice, status=Game.Status.RUNNING, started_at=now
    )
    page = client.get(reverse("game_history"))
    assert listed(page) == [games[1].pk, games[0].pk, games[2].pk]
    assert running.pk not in listed(page)
    for i in range(30):
        finished_game([alice, bob], [1, 0], ended=now - timedelta(days=10 + i))
    first = client.get(reverse("game_history"))
    assert len(listed(first)) == 25 and listed(first)[0] == games[1].pk
    older = first.context["page"].older
    assert f"before={older}".replace(":", "%3A").replace("+", "%2B") in first.content.decode()
    second = client.get(reverse("game_history"), {"before": older})
    assert len(listed(second)) == 8 and not second.context["page"].older
    everything = Game.objects.filter(status=Game.Status.FINISHED)
    assert listed(first) + listed(second) == list(
        everything.order_by("-finished_at", "-id").values_list("pk", flat=True)
    )
    # And back: the newer page of the second is the first.
    back = client.get(reverse("game_history"), {"after": second.context["page"].newer})
    assert listed(back) == listed(first) and back.context["page"].first


def test_a_row_says_who_played_what_and_how_it_ended(client, people):
    alice, bob = people["alice"], people["bob"]
    finished_game([alice, bob], [12, 7], ended=timezone.now(), plies=321, reason="agreement")
    html = client.get(reverse("game_history")).content.decode()
    assert "alice" in html and "bob" in html
    assert "12–7" in html and "321 plies" in html and "3 days" in html and "agreement" in html
    assert "crew-dot crew-white" in html and "crew-dot crew-yellow" in html


def test_equal_coins_for_everyone_is_a_draw_not_a_win(client, people):
    finished_game([people["alice"], people["bob"]], [6, 6], ended=timezone.now())
    row = client.get(reverse("game_history")).context["rows"][0]
    assert [p["won"] for p in row.players] == [False, False]


def test_filters(client, people):
    now = timezone.now()
    alice, bob, carol, dave = people.values()
    duel_won = finished_game([alice, bob], [9, 2], ended=now - timedelta(hours=1))
    duel_lost = finished_game([alice, carol], [1, 8], ended=now - timedelta(hours=2))
    second = finished_game(
        [bob, carol], [4, 2], ended=now - timedelta(hours=3), ruleset="second-edition"
    )
    three = finished_game([alice, bob, carol], [3, 9, 1], ended=now - timedelta(hours=4))
    teams = finished_game(
        [alice, bob, carol, dave], [5, 1, 5, 2], teams=True, ended=now - timedelta(hours=5)
    )
    ffa = finished_game([alice, bob, carol, dave], [1, 2, 3, 4], ended=now - timedelta(hours=6))
    private_unrated = finished_game([bob, carol], [3, 3], private=True, ended=now - timedelta(7))
    rate_pending()
    url = reverse("game_history")
    client.force_login(alice)
    assert listed(client.get(url, {"ruleset": "second-edition"})) == [second.pk]
    assert listed(client.get(url, {"players": "3"})) == [three.pk]
    assert listed(client.get(url, {"players": "2v2"})) == [teams.pk]
    assert listed(client.get(url, {"players": "4"})) == [ffa.pk]
    # Alice's results: she won the duel with bob and, with carol as partner, the 2-vs-2.
    assert listed(client.get(url, {"result": "won"})) == [duel_won.pk, teams.pk]
    assert listed(client.get(url, {"result": "lost"})) == [duel_lost.pk, three.pk, ffa.pk]
    assert listed(client.get(url, {"opponent": "carol"})) == [
        duel_lost.pk,
        three.pk,
        teams.pk,
        ffa.pk,
    ]
    # Alice sees no private game she was not at.
    assert private_unrated.pk not in listed(client.get(url))
    client.force_login(bob)
    assert listed(client.get(url, {"rated": "no"})) == [private_unrated.pk]
    assert private_unrated.pk not in listed(client.get(url, {"rated": "yes"}))


def test_every_profile_has_its_players_archive(client, people):
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    mine = finished_game([alice, bob], [9, 2], ended=timezone.now())
    finished_game([bob, carol], [1, 2], ended=timezone.now())
    rate_pending()
    page = client.get(reverse("player_profile", args=["alice"]))
    assert listed(page) == [mine.pk]
    assert reverse("game_replay", args=[mine.pk]) in page.content.decode()
