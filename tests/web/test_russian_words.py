"""Russian words that read wrong in issue 43 (item 9): one English word of two meanings, and
lines that counted or named things stiltedly."""

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.families.archipelago.words import piece_label
from games.families.jamaica.words import event_line
from tests.factories import start_game

RU = {"accept-language": "ru"}


@pytest.mark.django_db
def test_playing_bots_and_playing_a_move_are_two_words_in_russian(client, alice, bob):
    """ "Play" was one msgid: the bots' button read «Сходить» (make a move)."""
    client.force_login(alice)
    lobby = client.get(reverse("lobby")).content.decode()
    assert lobby.count('<button type="submit">Play</button>') == 1
    User.objects.filter(pk=alice.pk).update(language="ru")
    lobby = client.get(reverse("lobby"), headers=RU).content.decode()
    bots = lobby.split('class="play-bots-form"', 1)[1].split("</form>", 1)[0]
    assert '<button type="submit">Играть</button>' in bots and "Сходить" not in bots
    board = client.get(start_game(alice, bob).get_absolute_url(), headers=RU).content.decode()
    assert '<button type="submit">Сходить</button>' in board


@pytest.mark.django_db
def test_the_rankings_count_their_days_in_russian(client):
    page = client.get(reverse("rankings"), headers=RU).content.decode()
    assert "за последние 90 дней" in page and "дни (90)" not in page
    assert "in the last 90 days" in client.get(reverse("rankings")).content.decode()


@pytest.mark.parametrize(
    ("n", "english", "russian"),
    [(1, "draws 1 card.", "берёт 1 карту."), (3, "draws 3 cards.", "берёт 3 карты.")],
)
def test_a_jamaica_ship_draws_cards_in_either_language(n, english, russian):
    event = {"kind": "draw", "seat": 0, "n": n}
    assert event_line(event, {}).endswith(english)
    with translation.override("ru"):
        assert event_line(event, {}).endswith(russian)


def test_an_archipelago_pirate_is_one_pirate_in_russian():
    assert piece_label("W1") == "White 1"
    with translation.override("ru"):
        assert piece_label("W1") == "Белый 1" and piece_label("K2") == "Чёрный 2"
