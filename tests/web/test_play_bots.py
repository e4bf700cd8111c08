"""Play bots now: one click in the lobby starts a game against bots (issue 12)."""

import pytest
from django.test import override_settings
from django.urls import reverse

from games.models import Game, Seat
from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_it_to_people_signed_in_only(client, alice):
    assert "Play bots now" not in client.get(reverse("lobby")).content.decode()
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert "Play bots now" in page and reverse("play_bots") in page


@pytest.mark.parametrize("opponents", [1, 2, 3])
def test_one_click_starts_a_game_against_bots_of_the_chosen_level(client, alice, opponents):
    client.force_login(alice)
    response = client.post(
        reverse("play_bots"),
        {"opponents": str(opponents), "level": "normal", "ruleset": "second-edition"},
        follow=True,
    )
    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == game.get_absolute_url()
    assert "Your game against the bots has started." in response.content.decode()
    assert game.status == Game.Status.RUNNING
    assert game.players == opponents + 1 and game.ruleset == "second-edition"
    seats = list(game.seats.order_by("index"))
    assert seats[0].user == alice and seats[0].bot == ""
    assert [seat.bot for seat in seats[1:]] == [Seat.Bot.NORMAL] * opponents
    assert game.visibility == Game.Visibility.PUBLIC


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"opponents": "0", "level": "easy", "ruleset": "classic"}, "Opponents: Select a valid"),
        # Four bots make five seats: Jamaica's, not Jackal's (issue 15).
        ({"opponents": "4", "level": "easy", "ruleset": "classic"}, "These rules are played by"),
        ({"opponents": "6", "level": "easy", "ruleset": "jamaica"}, "Opponents: Select a valid"),
        ({"opponents": "x", "level": "easy", "ruleset": "classic"}, "Opponents: Select a valid"),
        ({"opponents": "1", "level": "genius", "ruleset": "classic"}, "Bot level: Select a valid"),
        ({"opponents": "1", "level": "easy", "ruleset": "chess"}, "Rules: Select a valid"),
        ({"level": "easy", "ruleset": "classic"}, "Opponents: This field is required."),
    ],
)
def test_a_bad_choice_is_refused_back_in_the_lobby_and_starts_nothing(client, alice, form, message):
    client.force_login(alice)
    response = client.post(reverse("play_bots"), form, follow=True)
    assert response.redirect_chain[-1][0] == reverse("lobby")
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_signed_out_and_get_are_refused(client):
    response = client.post(reverse("play_bots"), {"opponents": "1", "level": "easy"})
    assert response.status_code == 302 and "login" in response["Location"]
    assert not Game.objects.exists()
    client.force_login(make_user("carol"))
    assert client.get(reverse("play_bots")).status_code == 405


@override_settings(MAX_BOT_GAMES=2)
def test_running_games_against_bots_are_capped(client, alice, bob):
    client.force_login(alice)
    choice = {"opponents": "1", "level": "easy", "ruleset": "classic"}
    for _ in range(2):
        client.post(reverse("play_bots"), choice)
    start_game(alice, bob)  # a game against a person does not count
    response = client.post(reverse("play_bots"), choice, follow=True)
    assert "You already play 2 games against bots" in response.content.decode()
    assert Game.objects.count() == 3
    # The table form's way to a game of bots only is capped the same.
    response = client.post(
        reverse("new_table"),
        {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "1"},
    )
    assert "You already play 2 games against bots" in response.content.decode()
    assert Game.objects.count() == 3
    # Once one is over, another may start.
    finished = Game.objects.filter(seats__bot=Seat.Bot.EASY).first()
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    client.post(reverse("play_bots"), choice)
    assert Game.objects.count() == 4
