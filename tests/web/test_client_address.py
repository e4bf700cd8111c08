"""Log-in limits count per client address (issue 17 item 3). Behind the proxy every connection
comes from the proxy's address, so the client's is the one the proxy appends to
X-Forwarded-For; without the proxy that header is the client's own writing and is ignored."""

import os
import subprocess
import sys

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"  # the address every request comes from, behind the proxy
TOO_MANY = "Too many failed login attempts"


def log_in(user, password: str, *, forwarded_for: str | None = None) -> str:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    client = Client(REMOTE_ADDR=PROXY)
    response = client.post(
        reverse("account_login"),
        {"login": user.email, "password": password},
        headers=headers,
    )
    if response.status_code == 302:
        return "signed in"
    return "rate limited" if TOO_MANY in response.content.decode() else "refused"


def settings_value(name: str, **env) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "BEHIND_PROXY"}
    environment.update(DJANGO_SETTINGS_MODULE="jackal_site.settings", SECRET_KEY="x", **env)
    code = f"from django.conf import settings; print(settings.{name})"
    result = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_proxy_header_is_trusted_only_behind_the_proxy():
    assert settings_value("ALLAUTH_TRUSTED_PROXY_COUNT") == "0"
    assert settings_value("ALLAUTH_TRUSTED_PROXY_COUNT", BEHIND_PROXY="true") == "1"
    two_proxies = {"BEHIND_PROXY": "true", "TRUSTED_PROXY_COUNT": "2"}
    assert settings_value("ALLAUTH_TRUSTED_PROXY_COUNT", **two_proxies) == "2"


@override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=1)
def test_behind_the_proxy_one_clients_wrong_passwords_lock_out_only_that_client(alice, bob):
    for _ in range(5):
        assert log_in(alice, "wrong", forwarded_for="203.0.113.7") == "refused"
    assert log_in(alice, "wrong", forwarded_for="203.0.113.7") == "rate limited"
    # Another client behind the same proxy logs in as usual.
    assert log_in(bob, PASSWORD, forwarded_for="198.51.100.9") == "signed in"
    # A client cannot pick its address: what it writes comes before the one the proxy appends.
    assert log_in(bob, "wrong", forwarded_for="198.51.100.9, 203.0.113.7") == "rate limited"


@override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=0)
def test_without_the_proxy_a_forged_header_does_not_escape_the_limit(alice, bob):
    for attempt in range(5):
        assert log_in(alice, "wrong", forwarded_for=f"203.0.113.{attempt}") == "refused"
    assert log_in(bob, PASSWORD, forwarded_for="198.51.100.9") == "rate limited"
