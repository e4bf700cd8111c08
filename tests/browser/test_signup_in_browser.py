"""A new user signs up in real Chromium, verifies through the e-mail the site wrote, and lands
on the home page signed in."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.conftest import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_new_user_signs_up_verifies_and_lands_logged_in(live_server, page):
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Sign up — it is free").click()
    page.get_by_label("Email").fill("erin@example.com")
    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password:", exact=True).fill("a-parrot-named-flint-9")
    page.get_by_label("Password (again):").fill("a-parrot-named-flint-9")
    page.get_by_role("button", name="Sign Up").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    assert "Verify Your Email Address" in page.content()

    def verification_mail():
        """the verification e-mail"""
        return [m for m in mail.outbox if m.to == ["erin@example.com"]]

    (message,) = wait_for(verification_mail)
    link = re.search(r"https?://\S+", message.body).group(0)
    page.goto(re.sub(r"^https?://[^/]+", live_server.url, link))
    page.get_by_role("button", name="Confirm").click()

    page.wait_for_url(f"{live_server.url}/")
    expect(page.get_by_text("Welcome aboard, erin.")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
