"""The footer's language switcher in real Chromium with JavaScript off: a plain form post."""

import pytest
from playwright.sync_api import expect

from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser_context_args(browser_context_args):
    # An English browser with JavaScript off: the switch must work with plain HTML.
    return {**browser_context_args, "java_script_enabled": False, "locale": "en-GB"}


def _switch_to(page, language_name: str, button: str) -> None:
    page.locator("#language-choice").select_option(label=language_name)
    page.get_by_role("button", name=button).click()


def test_a_visitor_switches_to_russian_and_back_without_javascript(live_server, page):
    page.goto(f"{live_server.url}/games/history/")
    assert page.locator("html").get_attribute("lang") == "en"
    _switch_to(page, "Русский", "Change")
    page.wait_for_url(f"{live_server.url}/games/history/")
    assert page.locator("html").get_attribute("lang") == "ru"
    expect(page.get_by_role("heading", name="Оконченные партии")).to_be_visible()
    # The choice holds on the next page. A click does not wait for the page it opens, so each
    # check after one waits in Playwright's expect (a bare is_visible() read the old page in CI).
    page.get_by_role("link", name="Столы").click()
    expect(page.get_by_role("heading", name="Столы, ждущие игроков")).to_be_visible()
    _switch_to(page, "English", "Сменить")
    expect(page.get_by_role("heading", name="Tables waiting for players")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_a_player_who_switches_keeps_the_language_in_the_profile(live_server, page):
    alice = make_user("alice")
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("#id_login").fill("alice")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    page.wait_for_url(f"{live_server.url}/")
    _switch_to(page, "Русский", "Change")
    page.wait_for_url(f"{live_server.url}/")
    expect(page.get_by_role("link", name="Мои партии")).to_be_visible()
    alice.refresh_from_db()
    assert alice.language == "ru"
    page.get_by_role("link", name="Настройки").click()
    expect(page.locator("#id_language")).to_have_value("ru")
