"""The site in Russian: the catalogue is complete and compiled, every page reads in Russian, and
the language follows the profile, the browser and the footer's switcher."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.clock.clocks import describe_remaining
from games.models import Game
from jackal_site.catalogues import po_files, stale_reason, untranslated
from tests.factories import make_user, start_game
from tests.web.english_words import english_words
from tests.web.history_kit import play_out


def test_every_string_of_the_russian_catalogue_is_translated():
    catalogues = po_files()
    assert [po.parent.parent.name for po in catalogues] == ["ru"]
    for po in catalogues:
        assert untranslated(po) == [], f"untranslated or fuzzy in {po} (docs/translating.md)"


def test_the_compiled_catalogues_match_their_sources():
    for po in po_files():
        assert stale_reason(po) is None, "run `python3 dev.py messages --compile-only` and commit"


def test_a_stale_compiled_catalogue_is_caught(tmp_path):
    import shutil

    from jackal_site.catalogues import compile_catalogue

    po = tmp_path / "django.po"
    shutil.copy(po_files()[0], po)
    compile_catalogue(po)
    assert stale_reason(po) is None
    po.write_text(po.read_text().replace('msgstr "Столы"', 'msgstr "Лобби"'))
    assert "differs" in stale_reason(po)
    po.with_suffix(".mo").unlink()
    assert "missing" in stale_reason(po)


@pytest.mark.parametrize(
    ("left", "words"),
    [
        (timedelta(days=1, hours=4), "1 день 4 ч"),
        (timedelta(days=2, hours=4), "2 дня 4 ч"),
        (timedelta(days=5), "5 дней"),
        (timedelta(days=21, hours=1), "21 день 1 ч"),
        (timedelta(days=11), "11 дней"),
        (timedelta(hours=3, minutes=5), "3 ч 5 мин"),
        (timedelta(0), "время вышло"),
    ],
)
def test_durations_take_the_russian_plural_forms(left, words):
    with translation.override("ru"):
        assert describe_remaining(left) == words


# --- Who reads which language -------------------------------------------------------------------


@pytest.mark.django_db
def test_a_visitor_gets_the_browsers_language(client):
    page = client.get(reverse("lobby"), headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert '<html lang="ru">' in page.content.decode()
    assert "Столы, ждущие игроков" in page.content.decode()
    english = client.get(reverse("lobby"), headers={"accept-language": "en-GB,en"})
    assert "Tables waiting for players" in english.content.decode()


@pytest.mark.django_db
def test_a_player_gets_their_profiles_language_whatever_the_browser_says(client):
    alice = make_user("alice")
    alice.language = "ru"
    alice.save()
    client.force_login(alice)
    page = client.get(reverse("lobby"), headers={"accept-language": "en"}).content.decode()
    assert '<html lang="ru">' in page and "Мои партии" in page


@pytest.mark.django_db
def test_the_footer_switches_a_visitor_to_russian_and_back(client):
    page = client.get(reverse("lobby")).content.decode()
    assert f'action="{reverse("set_language")}"' in page
    response = client.post(reverse("set_language"), {"language": "ru", "next": "/games/"})
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert "Столы, ждущие игроков" in client.get("/games/").content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/games/"})
    assert "Tables waiting for players" in client.get("/games/").content.decode()


@pytest.mark.django_db
def test_the_footer_switch_is_kept_in_a_players_profile(client):
    alice = make_user("alice")
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == "ru"
    assert "Мои партии" in client.get("/").content.decode()


@pytest.mark.django_db
def test_an_unknown_language_or_a_foreign_next_changes_nothing(client):
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post(reverse("set_language"), {"language": "xx", "next": "/games/"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.language == "en"
    response = client.post(
        reverse("set_language"), {"language": "ru", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/"
    assert client.get(reverse("set_language")).status_code == 405


# --- Every page in Russian ------------------------------------------------------------------------


@pytest.fixture
def games(db):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    for user in (alice, bob, carol):
        user.language = "ru"
        user.save()
    running = start_game(alice, bob)
    play_out(running, max_plies=8)
    # Three people, no bot: the same game every run (a bot plays differently each time).
    finished = play_out(start_game(alice, bob, make_user("dave")), seed=3)
    assert finished.status == Game.Status.FINISHED
    return {"alice": alice, "carol": carol, "running": running, "finished": finished}


def _pages(games) -> list[str]:
    running, finished = games["running"].pk, games["finished"].pk
    return [
        reverse("home"),
        reverse("lobby"),
        reverse("game_history"),
        reverse("rankings"),
        reverse("game_board", args=[running]),
        reverse("game_board_partial", args=[running]),
        reverse("game_board", args=[finished]),
        reverse("game_replay", args=[finished]),
        reverse("game_replay", args=[running]),
        reverse("game_verify", args=[finished]),
        reverse("import_record"),
        reverse("player_profile", args=["alice"]),
        reverse("how_to_play"),
        reverse("how_to_play_ruleset", args=["second-edition"]),
        reverse("notation"),
        "/no/such/page/",
    ]


def _signed_in_pages() -> list[str]:
    return [
        reverse("my_games"),
        reverse("new_table"),
        reverse("edit_profile"),
        reverse("alerts_settings"),
        reverse("account_email"),
        reverse("account_change_password"),
    ]


def _signed_out_pages() -> list[str]:
    return [reverse("account_login"), reverse("account_signup"), reverse("account_reset_password")]


def _russian(client, url) -> str:
    response = client.get(url, headers={"accept-language": "ru"}, follow=True)
    assert response.status_code in (200, 404), (url, response.status_code)
    page = response.content.decode()
    assert 'lang="ru"' in page or url.endswith("/board/"), url
    return page


def _english_on(client, urls) -> str:
    """One line per page with English words on it: '' when every page reads in Russian."""
    lines = []
    for url in urls:
        words = english_words(_russian(client, url))
        if words:
            lines.append(f"{url}: {' '.join(sorted(words))}")
    return "\n".join(lines)


def test_every_page_reads_in_russian_signed_out(client, games):
    assert _english_on(client, _pages(games) + _signed_out_pages()) == ""


def test_every_page_reads_in_russian_signed_in(client, games):
    client.force_login(games["alice"])
    assert _english_on(client, _pages(games) + _signed_in_pages()) == ""


def test_a_spectator_reads_the_board_in_russian(client, games):
    client.force_login(games["carol"])
    url = reverse("game_board", args=[games["running"].pk])
    assert english_words(_russian(client, url)) == set()


def test_a_user_saved_in_english_reads_english(client, games):
    User.objects.filter(username="alice").update(language="en")
    client.force_login(games["alice"])
    page = client.get(reverse("game_board", args=[games["running"].pk])).content.decode()
    assert "Players" in page and "Игроки" not in page


def test_the_text_boards_legend_reads_in_russian(games):
    from games.families.jackal import engine_state
    from games.families.jackal.text_board import text_board
    from rules.jackal import player_view

    for game in (games["running"], games["finished"]):
        with translation.override("ru"):
            text = text_board(player_view(engine_state(game), 0))
        legend = text.splitlines()[14:]  # after the grid of tile codes (notation)
        assert legend[0].startswith("Монеты") and legend[1].startswith("Пираты")
        assert english_words("<p>" + " ".join(legend) + "</p>") == set(), legend


def test_a_game_stopped_by_staff_says_so_in_the_readers_language(client, games):
    from games.services import abort_game

    game = abort_game(games["running"].pk, "aborted by staff (root)")
    client.force_login(games["alice"])
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert "Партия прервана: её остановила администрация сайта." in page
    User.objects.filter(username="alice").update(language="en")
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert "This game was stopped: the site&#x27;s staff stopped it." in page


@pytest.mark.django_db
def test_the_admin_names_the_site_in_the_staff_members_language(client):
    staff = make_user("dora", staff=True)
    client.force_login(staff)
    page = client.get("/admin/").content.decode()
    assert "Jackal Online administration" in page and "Django administration" not in page
    staff.language = "ru"
    staff.save(update_fields=["language"])
    page = client.get("/admin/").content.decode()
    assert "Администрирование Jackal Online" in page and "Django" not in page
