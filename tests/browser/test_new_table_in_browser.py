"""The table form in real Chromium: the answers to a timeout follow the rules chosen (new_table.js),
so a Jamaica table is never offered skipping, and the others offer every answer."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.test_play_in_browser import asgi_server, signed_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures


def offered(page) -> list[str]:
    return page.locator("#id_timeout_policy option:not([disabled])").evaluate_all(
        "options => options.map(o => o.value)"
    )


def test_the_answers_to_a_timeout_follow_the_rules_chosen(asgi_server, signed_in):
    page = signed_in(make_user("alice")).new_page()
    page.goto(f"{asgi_server}/games/new/")
    assert offered(page) == ["", "bot", "end", "skip"]  # classic, the form's first rules
    page.select_option("#id_timeout_policy", "skip")
    page.select_option("#id_ruleset", "jamaica")
    # skipping is gone, and the choice it held falls back to the usual answer
    assert offered(page) == ["", "bot", "end"]
    expect(page.locator("#id_timeout_policy")).to_have_value("")
    page.select_option("#id_ruleset", "archipelago")
    assert offered(page) == ["", "bot", "end", "skip"]
    page.select_option("#id_timeout_policy", "skip")
    page.select_option("#id_setup", "2")
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator("h1")).not_to_have_text("Open a table")
    assert Game.objects.get().timeout_policy == "skip"
