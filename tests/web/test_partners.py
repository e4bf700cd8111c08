"""Two against two: the board, the lists and the turn e-mails say who plays with whom, and what
each team has banked together (partners sit opposite: seats 0 and 2, 1 and 3)."""

import re
from datetime import timedelta
from html import unescape

import pytest
import time_machine
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games.families.jackal import engine_state
from reminders.sending import send_due
from rules.jackal.position import crew_index
from tests.factories import make_user, start_game
from tests.web.board_kit import set_position
from tests.web.history_kit import finished_game

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


@pytest.fixture
def table(alice, bob, carol):
    """alice and carol (seats 0 and 2) against bob and a bot (seats 1 and 3)."""
    return start_game(alice, bob, carol, bots=1, teams=True)


def with_scores(game, **coins):
    """The game's head position with crews' banked coins set (white=3, ...)."""
    state = engine_state(game)
    for crew, n in coins.items():
        state._score[crew_index(crew)] = n
    set_position(game, state)


def players_list(html: str) -> str:
    return text_of(re.search(r'<ul class="players in-teams">(.*?)</ul>', html, re.S)[1])


def test_the_board_lists_partners_by_team_with_what_they_banked_together(client, table, alice):
    with_scores(table, white=3, yellow=1, black=4, red=2)
    client.force_login(alice)
    listed = players_list(client.get(table.get_absolute_url()).content.decode())
    # alice's team first (seats 0 and 2: White and Black), then bob's (Yellow and Red).
    assert listed.startswith("Your team 7 coins together alice (you) 3 coins to move carol 4 coins")
    assert "Team 2 3 coins together bob 1 coin Random bot 2 coins" in listed


def test_a_spectator_sees_team_1_and_team_2(client, table):
    with_scores(table, white=1, black=1)
    client.force_login(make_user("dave"))
    listed = players_list(client.get(table.get_absolute_url()).content.decode())
    assert listed.startswith("Team 1 2 coins together alice 1 coin to move carol 1 coin Team 2")
    assert "Your team" not in listed


def test_an_archipelago_board_groups_partners_too(client, alice, bob, carol):
    game = start_game(alice, bob, carol, bots=1, teams=True, ruleset="archipelago")
    client.force_login(bob)
    listed = players_list(client.get(game.get_absolute_url()).content.decode())
    assert re.match(
        r"Team 1 0 coins together alice .*carol .*Your team 0 coins together bob", listed
    )


def test_a_free_for_all_has_no_teams(client, alice, bob, carol):
    game = start_game(alice, bob, carol, bots=1)
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "team-head" not in html and "Your team" not in html


def test_my_games_and_the_lobby_pair_the_partners(client, table, alice):
    client.force_login(alice)
    for url in (reverse("my_games"), reverse("lobby")):
        html = client.get(url).content.decode()
        listed = re.search(r'<ul class="seat-list in-teams">(.*?)</ul>', html, re.S)[1]
        # Each name carries its reliability badge ("new" for these newcomers: people.reliability).
        assert listed.count('class="reliability new"') == 3, url
        listed = re.sub(r'<span class="reliability[^"]*"[^>]*>.*?</span>', "", listed)
        assert text_of(listed) == "alice & carol against bob & Random bot", url


def test_the_history_pairs_partners_and_gives_the_teams_totals(client, alice, bob, carol):
    dave = make_user("dave")
    game = finished_game([alice, bob, carol, dave], [5, 1, 4, 2], teams=True, ended=timezone.now())
    client.force_login(alice)
    html = client.get(reverse("game_history")).content.decode()
    row = re.search(rf'<tr class="archive-row" data-game="{game.pk}">(.*?)</tr>', html, re.S)[1]
    cells = [text_of(cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
    assert cells[1] == "alice 5 won carol 4 won against bob 1 dave 2"
    assert cells[2] == "9–3"


def test_the_turn_email_names_the_partner_apart_from_the_opponents(table, alice, carol):
    with time_machine.travel(timezone.now() + timedelta(minutes=10), tick=False):
        send_due()
    (message,) = [m for m in mail.outbox if m.to == ["alice@example.com"]]
    assert f"Game {table.pk} with partner carol against bob and Random bot" in message.body
    html, _mimetype = message.alternatives[0]
    assert f"Game {table.pk} with partner carol against bob and Random bot" in html
    assert "against carol" not in message.body


def test_a_free_for_all_email_names_everyone_as_an_opponent(alice, bob, carol):
    game = start_game(alice, bob, carol)
    with time_machine.travel(timezone.now() + timedelta(minutes=10), tick=False):
        send_due()
    (message,) = [m for m in mail.outbox if m.to == ["alice@example.com"]]
    assert f"Game {game.pk} against bob and carol" in message.body
    assert "partner" not in message.body
