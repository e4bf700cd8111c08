"""The table form words the players per game (issue 16): two Jackal players command two crews
each; two Archipelago players one crew each; five and six are Jamaica's."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.factories import make_user


def setup_select(html: str) -> str:
    return re.search(r'<select name="setup".*?</select>', html, re.S).group(0)


@pytest.fixture
def alice(db, client):
    user = make_user("alice")
    client.force_login(user)
    return user


def test_the_players_choices_follow_the_rules_opened_with(client, alice):
    jackal = setup_select(client.get(reverse("new_table")).content.decode())
    assert "2 players, two crews each" in jackal and "5 players" not in jackal
    url = reverse("new_table") + "?ruleset=archipelago"
    archipelago = setup_select(client.get(url).content.decode())
    assert "2 players, a crew each" in archipelago
    assert "two crews" not in archipelago and 'value="2v2"' in archipelago
    jamaica = setup_select(client.get(reverse("new_table") + "?ruleset=jamaica").content.decode())
    assert ">2 players<" in jamaica and 'value="6"' in jamaica and 'value="2v2"' not in jamaica


def test_the_page_carries_every_games_words_for_its_script(client, alice):
    html = client.get(reverse("new_table")).content.decode()
    data = re.search(r'<script id="setup-words" type="application/json">(.*?)</script>', html, re.S)
    words = dict(json.loads(data.group(1)))
    assert dict(words["archipelago"])["2"] == "2 players, a crew each"
    assert dict(words["classic"])["2"] == "2 players, two crews each"
    assert "5" in dict(words["jamaica"]) and "5" not in dict(words["archipelago"])
    assert "js/new_table.js" in html


def test_a_setup_the_rules_refuse_still_gets_its_reason(client, alice):
    form = {"ruleset": "classic", "setup": "5", "visibility": "public", "bots": "0"}
    html = client.post(reverse("new_table"), form).content.decode()
    assert "These rules are played by 2, 3, 4 players." in html


def test_the_words_in_russian(client, alice):
    type(alice).objects.filter(pk=alice.pk).update(language="ru")
    url = reverse("new_table") + "?ruleset=archipelago"
    archipelago = setup_select(client.get(url).content.decode())
    assert "2 игрока, по команде у каждого" in archipelago
    assert "по две команды" not in archipelago
    jackal = setup_select(client.get(reverse("new_table")).content.decode())
    assert "2 игрока, по две команды у каждого" in jackal
