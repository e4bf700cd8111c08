"""One island, one way for a player (issue 43 item 5): a Yellow or Red seat sees its own side at
the bottom of its board, and the replay turns the island the same way for them; the letters
still name the columns and the numbers the rows, as the notation writes a square (letter, then
number)."""

import re

import pytest
from django.urls import reverse

from games.families.jackal.board_layout import side_for
from tests.factories import make_user, start_game
from tests.web.history_kit import play_out

pytestmark = pytest.mark.django_db


def svg_of(html: str) -> str:
    return re.search(r"<svg.*?</svg>", html, re.S)[0]


def test_bob_sees_the_replay_turned_as_his_board(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)  # bob commands Yellow and Red
    client.force_login(bob)
    board = svg_of(client.get(game.get_absolute_url()).content.decode())
    replay = client.get(reverse("game_replay", args=[game.pk]), {"ply": 0})
    # The same position, the same seat: the same picture, turned alike.
    assert svg_of(replay.content.decode()) == board
    assert side_for(replay.context["view"], 1) == 1


def test_a_finished_games_replay_stays_turned_for_its_player(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=2)
    client.force_login(bob)
    replay = client.get(reverse("game_replay", args=[game.pk]), {"ply": 3})
    turned = svg_of(replay.content.decode())
    client.force_login(alice)
    upright = svg_of(
        client.get(reverse("game_replay", args=[game.pk]), {"ply": 3}).content.decode()
    )
    assert turned != upright  # alice's White at the bottom, bob's Yellow
    # Nobody's seat (a spectator) sees White's side at the bottom, as alice does.
    client.force_login(make_user("carol"))
    spectator = client.get(reverse("game_replay", args=[game.pk]), {"ply": 3})
    assert svg_of(spectator.content.decode()) == upright
