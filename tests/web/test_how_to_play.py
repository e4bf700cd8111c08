"""The "How to play" pages: every tile of each ruleset with the board's own picture, in both
languages, reachable from the board; and the notation page."""

import re

import pytest
from django.urls import reverse

from rules.jackal.decks import deck_list
from tests.factories import make_user, start_game
from tests.web.history_kit import play_out

pytestmark = pytest.mark.django_db


def _kinds(ruleset: str) -> set[str]:
    return {text.partition(":")[0] for text, _ in deck_list(ruleset)}


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_every_tile_of_the_ruleset_has_an_entry_with_its_picture(client, ruleset):
    page = client.get(reverse("how_to_play_ruleset", args=[ruleset])).content.decode()
    entries = re.findall(r'<div class="tile-entry" id="tile-([a-z-]+)">(.*?)</div>', page, re.S)
    assert {kind for kind, _ in entries} == _kinds(ruleset)
    for kind, entry in entries:
        assert '<svg xmlns="http://www.w3.org/2000/svg"' in entry, kind
        assert re.search(r"<dd>\w.{40,}</dd>", entry), kind  # a sentence or more, not a stub
    arrows = dict(entries)["arrow"]
    assert arrows.count("<svg") == 7  # every kind of arrow in the deck


def test_the_second_edition_has_its_own_tiles_and_the_classic_has_not(client):
    classic = client.get(reverse("how_to_play_ruleset", args=["classic"])).content.decode()
    second = client.get(reverse("how_to_play_ruleset", args=["second-edition"])).content.decode()
    assert 'id="tile-lighthouse"' in second and 'id="tile-lighthouse"' not in classic
    # The plane is played differently in the second edition, and the page says so.
    assert "only at once" in second and "wait by the plane" in classic


def test_the_pages_read_in_russian(client):
    page = client.get(
        reverse("how_to_play_ruleset", args=["second-edition"]), headers={"accept-language": "ru"}
    ).content.decode()
    assert "Цель игры" in page and "Людоед съедает пирата" in page
    assert "Клетка-вертушка: чтобы её пройти, пирату нужно 5 ходов." in page
    assert "Клетка-вертушка: чтобы её пройти, пирату нужно 2 хода." in page
    notation = client.get(reverse("notation"), headers={"accept-language": "ru"}).content.decode()
    assert "Запись ходов" in notation and "<code>W2 E5-F6$</code>" in notation


def test_an_unknown_ruleset_is_not_found(client):
    assert client.get("/how-to-play/chess/").status_code == 404


def test_the_board_links_each_face_up_tile_to_its_entry_and_to_the_notation(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset="second-edition")
    play_out(game, max_plies=20)
    client.force_login(alice)
    board = client.get(reverse("game_board", args=[game.pk])).content.decode()
    rules_page = reverse("how_to_play_ruleset", args=["second-edition"])
    links = re.findall(rf'<a href="{rules_page}#tile-([a-z-]+)">', board)
    face_up = set(re.findall(r'class="tile tile-([a-z-]+)"', board))
    assert links and set(links) == face_up
    entries = client.get(rules_page).content.decode()
    assert all(f'id="tile-{kind}"' in entries for kind in links)
    assert f'href="{reverse("notation")}"' in board


# --- Jamaica ---------------------------------------------------------------------------------


def test_jamaicas_page_explains_the_round_and_lists_the_engines_own_cards(client):
    from rules.jamaica.actions import DECK
    from rules.jamaica.combat_die import FACES

    page = client.get(reverse("how_to_play_ruleset", args=["jamaica"])).content.decode()
    assert "How to play Jamaica" in page
    headings = ("The goal", "A round", "The holds", "Fights", "Treasure cards", "Move notation")
    for heading in headings:
        assert f">{heading}</h2>" in page, heading
    # Every card of a pirate's deck, the die's faces and the powers, from the rules' data.
    assert re.findall(r"<code>([ABGFC]{2})</code></span></li>", page) == list(DECK)
    faces = ", ".join("a star" if face == "star" else str(face) for face in FACES)
    assert f"faces {faces})" in page
    for power in ("Morgan&#x27;s Map", "Saran&#x27;s Saber", "Lady Beth", "The sixth hold"):
        assert power in page, power
    assert "Port Royal: 15 points" in page and "square 36: 2 points" in page
    assert "square 35 and every square before it: -5 points" in page
    assert "lays it face down — all at the same time" in page
    # The tabs lead to Jackal's pages and back.
    assert f'href="{reverse("how_to_play_ruleset", args=["classic"])}"' in page
    jackal = client.get(reverse("how_to_play_ruleset", args=["classic"])).content.decode()
    assert f'href="{reverse("how_to_play_ruleset", args=["jamaica"])}"' in jackal


def test_jamaicas_page_reads_in_russian(client):
    page = client.get(
        reverse("how_to_play_ruleset", args=["jamaica"]), headers={"accept-language": "ru"}
    ).content.decode()
    assert "Как играть в «Ямайку»" in page and "Цель игры" in page
    assert "кладёт её рубашкой вверх — все одновременно" in page
    assert "Карта Моргана" in page and "Сабля Сарана" in page
    assert "Порт-Ройал: 15 очков" in page and "грани: 0, 2, 4, 6, 8, звезда" in page
    assert "How to play" not in page and "The holds" not in page


def test_the_jamaica_board_and_the_lobby_link_the_page(client):
    from tests.web.jamaica_kit import jamaica_table

    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    client.force_login(alice)
    rules_page = reverse("how_to_play_ruleset", args=["jamaica"])
    board = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert f'href="{rules_page}"' in board and f'href="{rules_page}#notation"' in board
    assert f'href="{reverse("game_replay", args=[game.pk])}"' in board
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'href="{rules_page}"' in lobby and f'href="{reverse("how_to_play")}"' in lobby
