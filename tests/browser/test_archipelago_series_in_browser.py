"""Issue 16's last parts in real Chromium: the table form's words following the rules chosen,
a series' ability draw and next game, the earthquake by two clicks and a turn, the how-to page
and the replay — in English and Russian. Screenshots go to $SCREENSHOTS (default: tmp_path)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game, SeriesGame
from tests.browser.test_play_in_browser import (  # noqa: F401  (fixtures)
    asgi_server,
    open_live_board,
    signed_in,
)
from tests.factories import make_user
from tests.web.test_archipelago_earthquake import shaken  # noqa: F401  (fixture)
from tests.web.test_archipelago_series import end_with, series_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shots_dir(tmp_path) -> Path:
    return Path(os.environ.get("SCREENSHOTS") or tmp_path)


def test_the_table_form_follows_the_rules_chosen(asgi_server, signed_in, tmp_path):  # noqa: F811
    shots = shots_dir(tmp_path)
    alice, boris = make_user("alice"), make_user("boris")
    type(boris).objects.filter(pk=boris.pk).update(language="ru")
    for user, lang in ((alice, "en"), (boris, "ru")):
        page = signed_in(user).new_page()
        page.goto(f"{asgi_server}/games/new/")
        series = page.locator("#id_series")
        expect(series).to_be_hidden()
        two = page.locator("#id_setup option[value='2']")
        expect(two).to_have_text(
            "2 players, two crews each" if lang == "en" else "2 игрока, по две команды у каждого"
        )
        page.select_option("#id_ruleset", "archipelago")
        expect(two).to_have_text(
            "2 players, a crew each" if lang == "en" else "2 игрока, по команде у каждого"
        )
        expect(page.locator("#id_setup option[value='5']")).to_have_count(0)
        expect(series).to_be_visible()
        page.screenshot(path=shots / f"archipelago-table-form-{lang}.png", full_page=True)
        page.select_option("#id_ruleset", "jamaica")
        expect(page.locator("#id_setup option[value='5']")).to_have_count(1)
        expect(series).to_be_hidden()


def test_a_series_draw_and_the_next_game_by_clicking(asgi_server, signed_in, tmp_path):  # noqa: F811
    shots = shots_dir(tmp_path)
    alice, bob = make_user("alice"), make_user("bob")
    type(bob).objects.filter(pk=bob.pk).update(language="ru")
    game = end_with(series_table(alice, bob), [3, 6])  # bob wins: he picks first
    url = f"{asgi_server}/games/{game.pk}/"
    alice_page = signed_in(alice).new_page()
    alice_page.goto(url)
    bob_page = signed_in(bob).new_page()
    bob_page.goto(url)
    expect(alice_page.locator("#rematch")).to_contain_text("Cards on the table, for bob to pick:")
    expect(bob_page.locator("#rematch")).to_contain_text("Ваша карта")
    bob_page.screenshot(path=shots / "archipelago-series-draw-ru.png", full_page=True)
    bob_page.locator(".series-pick input[name=pirate][value='2']").check()
    bob_page.get_by_role("button", name="Взять эту карту").click()
    expect(bob_page.locator("#rematch")).to_contain_text("bob: карта")
    # alice's panel follows live: now it is her pick.
    expect(alice_page.locator("#rematch")).to_contain_text("Your card", timeout=10000)
    alice_page.screenshot(path=shots / "archipelago-series-draw-en.png", full_page=True)
    alice_page.get_by_role("button", name="Take this card").click()
    expect(alice_page.locator("#rematch")).to_contain_text("The draw is over.")
    alice_page.get_by_role("button", name="Offer the next game of the series").click()
    expect(bob_page.locator("#rematch")).to_contain_text("Играть следующую партию", timeout=10000)
    bob_page.get_by_role("button", name="Играть следующую партию").click()
    expect(bob_page.locator(".series-box")).to_contain_text("Серия: партия 2")
    second = SeriesGame.objects.get(number=2).game
    expect(bob_page).to_have_url(f"{asgi_server}/games/{second.pk}/")
    assert Game.objects.get(pk=second.pk).is_running
    expect(bob_page.locator(".player-abilities")).to_have_count(2)
    bob_page.screenshot(path=shots / "archipelago-series-game2-ru.png", full_page=True)
    alice_page.goto(f"{asgi_server}/games/{second.pk}/")
    expect(alice_page.locator(".series-box")).to_contain_text("Series: game 2")
    alice_page.screenshot(path=shots / "archipelago-series-game2-en.png", full_page=True)


def test_the_earthquake_by_clicking(asgi_server, signed_in, shaken, tmp_path):  # noqa: F811
    shots = shots_dir(tmp_path)
    game, alice, _bob = shaken
    page = open_live_board(signed_in(alice), f"{asgi_server}/games/{game.pk}/")
    page.locator("#chip-W1").click()
    expect(page.locator("#target-F10")).to_have_attribute("value", "W1 F11-F10")
    page.locator("#target-F10").click()
    expect(page.locator("#board")).to_contain_text("Earthquake: click the first tile to swap")
    page.screenshot(path=shots / "archipelago-earthquake-first-en.png", full_page=True)
    page.locator("#target-C4").click()
    expect(page.locator("#board")).to_contain_text("now click the tile to swap with C4")
    page.locator("#target-H8").click()
    expect(page.locator("#board")).to_have_attribute("data-ply", "2")
    expect(page.locator("#board")).to_contain_text("Earthquake: turn the arrows at H8")
    page.screenshot(path=shots / "archipelago-earthquake-turn-en.png", full_page=True)
    page.locator(".move-panel button[name=move][value='turn H8 1']").click()
    expect(page.locator("#board")).to_have_attribute("data-ply", "3")
    page.locator(".move-panel button[name=move][value='keep']").click()
    expect(page.locator("#board")).to_have_attribute("data-ply", "4")
    expect(page.locator("#board")).to_contain_text("Waiting for bob.")


def test_the_how_to_page_and_the_replay(asgi_server, signed_in, tmp_path):  # noqa: F811
    from tests.web.test_archipelago_replay import end_by_vote, step

    shots = shots_dir(tmp_path)
    alice, boris = make_user("alice"), make_user("boris")
    type(boris).objects.filter(pk=boris.pk).update(language="ru")
    for user, lang in ((alice, "en"), (boris, "ru")):
        page = signed_in(user).new_page()
        page.goto(f"{asgi_server}/how-to-play/archipelago/")
        expect(page.locator("#tile-earthquake svg")).to_have_count(1)
        page.screenshot(path=shots / f"archipelago-howto-{lang}.png", full_page=True)
    from games.services import join_table, open_table

    game = open_table(creator=alice, players=2, ruleset="archipelago")
    join_table(game.pk, boris)
    for _ in range(8):
        game.refresh_from_db()
        step(game, game.seats_to_act()[0])
    game = end_by_vote(game)
    page = signed_in(alice).new_page()
    page.goto(f"{asgi_server}/games/{game.pk}/replay/?ply=4")
    expect(page.locator("#replay")).to_contain_text("Move 4 of")
    page.locator("#replay-last").click()
    expect(page.locator("#replay")).to_have_attribute("data-ply", str(game.ply))
    page.screenshot(path=shots / "archipelago-replay-en.png", full_page=True)
    ru = signed_in(boris).new_page()
    ru.goto(f"{asgi_server}/games/{game.pk}/replay/?ply=6")
    expect(ru.locator("#replay")).to_contain_text("Ход 6 из")
    ru.screenshot(path=shots / "archipelago-replay-ru.png", full_page=True)
