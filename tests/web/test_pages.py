"""Site-wide pages: home, error pages, htmx wiring, the admin's user search, settings guards."""

import os
import re
import subprocess
import sys

import pytest
from django.test import RequestFactory
from django.urls import reverse

from jackal_site.views import server_error
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_home_says_what_the_site_is_and_offers_sign_up_and_log_in(client):
    page = client.get(reverse("home")).content.decode()
    assert "pirate board game" in page
    assert reverse("account_signup") in page
    assert reverse("account_login") in page


def test_home_promises_no_turn_emails_while_the_site_sends_none(client):
    # Turn e-mails do not exist yet: the page points to where a player sees whose turn it is.
    page = client.get(reverse("home")).content.decode()
    assert "e-mail you" not in page
    assert "My games" in page and "your turn" in page


def test_htmx_is_served_locally_and_csrf_rides_on_htmx_requests(client):
    page = client.get(reverse("home")).content.decode()
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', page)
    assert any(src.startswith("/static/django_htmx/htmx") for src in scripts)
    assert all(src.startswith("/static/") for src in scripts), scripts
    assert re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"[A-Za-z0-9]+\"\}'>", page)
    assert client.get(scripts[0]).status_code == 200


def test_pages_are_made_for_phones_too(client):
    page = client.get(reverse("home")).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page


def test_the_site_has_an_icon_and_answers_favicon_ico(client):
    """Issue 43: every first page asked for /favicon.ico and got a 404."""
    page = client.get(reverse("home")).content.decode()
    icon = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page)
    assert icon and icon.group(1).endswith("favicon.svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == icon.group(1)
    svg = b"".join(client.get(icon.group(1)).streaming_content)
    assert svg.startswith(b"<svg") and b"viewBox" in svg


def test_unknown_page_is_a_styled_404(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Nothing buried here" in response.content.decode()
    assert "site.css" in response.content.decode()


def test_server_error_page_renders_without_context():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "The ship ran aground" in response.content.decode()


def test_health_answers_when_the_database_does(client):
    assert client.get(reverse("health")).json() == {"status": "ok"}


def test_admin_finds_users_by_name_or_email(client):
    client.force_login(make_user("dora", staff=True))
    make_user("alice")
    make_user("bob")
    url = reverse("admin:accounts_user_changelist")
    page = client.get(url, {"q": "alice@example"}).content.decode()
    assert "alice" in page and ">bob<" not in page
    assert client.get(url, {"q": "bob"}).context["cl"].result_count == 1


def test_admin_is_for_staff_only(client):
    client.force_login(make_user("alice"))
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def settings_process(**env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, "DJANGO_SETTINGS_MODULE": "jackal_site.settings", **env},
        capture_output=True,
        text=True,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = settings_process()
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert settings_process(DEBUG="true").stdout.strip() == "True"
    assert settings_process(SECRET_KEY="s3cret").stdout.strip() == "False"


def test_a_bad_boolean_setting_is_a_clear_error():
    result = settings_process(DEBUG="perhaps")
    assert result.returncode != 0
    assert "DEBUG must be one of true/false" in result.stderr
