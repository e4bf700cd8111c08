"""The Archipelago how-to-play page (issue 16), in English and Russian, and its links from the
lobby and the board."""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape

from games.families.archipelago.howto import tile_entries
from rules.archipelago.abilities import ABILITIES
from rules.archipelago.tiles import box_tiles
from tests.factories import make_user, start_game


def test_every_tile_of_the_box_is_explained_with_its_picture(client, db):
    html = client.get(reverse("how_to_play_ruleset", args=["archipelago"])).content.decode()
    entries = tile_entries()
    assert sum(entry.count for entry in entries) == len(box_tiles()) == 66
    faces = {face for _back, face in box_tiles()}
    covered = {f for e in entries for f in faces if f == e.kind or f.startswith(e.kind + "-")}
    assert covered == faces  # no face of the box left out
    for entry in entries:
        assert f'id="tile-{entry.kind}"' in html and escape(str(entry.text)) in html
    assert html.count('class="tile-picture"') == sum(len(e.faces) for e in entries) + 3
    assert "How to play Jackal Archipelago" in html and 'id="bear"' in html
    assert html.count("<dt><strong>") == len(ABILITIES)
    assert f'href="{reverse("puzzles")}"' in html
    # The tabs reach the other pages, and theirs reach this one.
    classic = client.get(reverse("how_to_play")).content.decode()
    assert reverse("how_to_play_ruleset", args=["archipelago"]) in classic


def test_the_page_in_russian(client, db):
    alice = make_user("alice")
    type(alice).objects.filter(pk=alice.pk).update(language="ru")
    client.force_login(alice)
    html = client.get(reverse("how_to_play_ruleset", args=["archipelago"])).content.decode()
    assert "Как играть в «Шакал: Архипелаг»" in html
    assert "Медведь" in html and "Серия с особыми способностями" in html
    assert "The bear" not in html and "Treasure chests" not in html


def test_the_lobby_and_the_board_link_to_it(client, db):
    alice, bob = make_user("alice"), make_user("bob")
    url = reverse("how_to_play_ruleset", args=["archipelago"])
    client.force_login(alice)
    assert f'href="{url}"' in client.get(reverse("lobby")).content.decode()
    game = start_game(alice, bob, ruleset="archipelago")
    assert f'href="{url}"' in client.get(game.get_absolute_url()).content.decode()
