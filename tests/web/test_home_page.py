"""The home page says what the site has (three games, 2 to 6 players, bots, puzzles) with a
picture of an island, and leads a signed-in player to their turn and to bots (issue 43 item 12)."""

import pytest
from django.urls import reverse

from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db


def test_a_visitor_reads_what_the_site_has_beside_an_island(client):
    html = client.get(reverse("home")).content.decode()
    for words in ("Jackal", "Jackal Archipelago", "Jamaica", "2 to 6 people", "bots", "puzzles"):
        assert words in html, words
    picture = html.split('<figure class="hero-picture">')[1].split("</figure>")[0]
    assert picture.lstrip().startswith("<svg") and "The island" in picture
    assert reverse("account_signup") in html


def test_a_player_is_led_to_their_turn_and_to_bots(client):
    alice, bob = make_user("alice"), make_user("bob")
    start_game(alice, bob)  # alice moves first
    client.force_login(alice)
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("next_game")}">Your turn (1)</a>' in html
    assert f'href="{reverse("lobby")}#play-bots"' in html
    assert 'id="play-bots"' in client.get(reverse("lobby")).content.decode()
    client.force_login(bob)  # nothing waits for bob: no "Your turn" button
    assert 'class="button" href="/games/next/"' not in client.get(reverse("home")).content.decode()


def test_the_home_page_in_russian(client):
    html = client.get(reverse("home"), headers={"accept-language": "ru"}).content.decode()
    assert "Ямайка" in html and "головоломки" in html and "Jamaica" not in html
