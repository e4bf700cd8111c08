"""An Archipelago puzzle says what a turn is and why a move is refused, logs each pirate's step,
offers another go once it is over, shows no clock or deal fingerprint, and reads right in the
history in both languages (issue 43 item 7)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import make_user
from tests.web.test_archipelago_puzzles import play, start

pytestmark = pytest.mark.django_db

WANDER = ["W1 B2-C2", "W2 B2-C2", "W3 B2-C2", "W1 C2-D2", "W2 C2-D2", "W3 C2-D2"]
LOST = [*WANDER, "W1 D2-E2", "W2 D2-E2", "W3 D2-E2"]


@pytest.fixture(autouse=True)
def no_move_limit(settings):
    settings.MOVE_RATE_LIMIT = 10**6


def text(response) -> str:
    return re.sub(r"\s+", " ", unescape(response.content.decode()))


def test_a_puzzle_says_what_a_turn_is_and_shows_no_clock_or_fingerprint(client):
    game = start(client, make_user("alice"), "first-steps")
    page = text(client.get(game.get_absolute_url()))
    assert "A turn is one step by each of your pirates, W1, then W2, then W3" in page
    assert "Deal fingerprint" not in page and game.seed_hash not in page
    assert "Time control" not in page and 'class="clocks' not in page


def test_a_refused_step_says_whose_step_it_is_or_where_the_pirate_may_go(client):
    game = start(client, make_user("alice"), "first-steps")
    url = reverse("game_move", args=[game.pk])
    out_of_turn = client.post(url, {"notation": "W2 B2-C2", "expected_ply": 0}, follow=True)
    assert "“W2 B2-C2” is not possible now: it is White 1's step." in text(out_of_turn)
    too_far = client.post(url, {"notation": "W1 B2-E2", "expected_ply": 0}, follow=True)
    words = re.search(
        r"“W1 B2-E2” is not possible now: White 1 may go to ([A-Z0-9, ]+)\.", text(too_far)
    )
    assert words and "C2" in words[1].split(", ")
    game.refresh_from_db()
    assert game.ply == 0  # nothing changed


def test_the_log_gives_the_pirates_step_before_the_bears(client):
    game = start(client, make_user("alice"), "first-steps")
    play(client, game, WANDER[:3])
    log = text(client.get(game.get_absolute_url())).split('class="move-log"')[1]
    entry = log.split("</li>")[0]
    assert "W3 B2-C2" in entry and "White 3 to C2. The bear goes to" in entry


def test_a_failed_puzzle_offers_another_go(client):
    alice = make_user("alice")
    game = start(client, alice, "first-steps")
    play(client, game, LOST)
    assert game.status == Game.Status.FINISHED
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Puzzle failed." in page
    form = re.search(r'<form class="puzzle-again" method="post" action="([^"]+)">', page)
    assert form and form[1] == reverse("puzzle_start", args=["first-steps"])
    assert "A turn is one step" not in page
    again = client.post(form[1])
    new = Game.objects.filter(created_by=alice).latest("pk")
    assert new.pk != game.pk and again.url == new.get_absolute_url() and new.is_running


@pytest.mark.parametrize(
    ("language", "ruleset", "end"),
    [
        ("en", "Archipelago puzzle", "puzzle failed"),
        ("ru", "Головоломка Архипелага", "головоломка не решена"),
    ],
)
def test_the_history_names_a_puzzle_and_its_end_in_the_readers_language(
    client, language, ruleset, end
):
    alice = make_user("alice")
    game = start(client, alice, "first-steps")
    play(client, game, LOST)
    alice.language = language
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = text(client.get(reverse("game_history"), headers={"accept-language": language}))
    row = page.split(f'data-game="{game.pk}"')[1].split("</tr>")[0]
    assert ruleset[:15] in row and end in row
    assert "archipelago-puzzle" not in row and ">failed<" not in row
