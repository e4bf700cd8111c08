"""Security headers and `check --deploy` (issue 17 item 7, issue 9): a Content-Security-Policy on
every page; with an https SITE_URL behind the proxy, HSTS and a redirect of plain http."""

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

# What an operator sets for production (README, docs/operations.md), on a throw-away SQLite file.
PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "jackal_site.settings",
    "SECRET_KEY": "k3y-" + "x9QzT4vWb7Lm2Rp8Ns5Jd1Hg6Fc3Ya0Ke" * 2,
    "ALLOWED_HOSTS": "jackal.example.org",
    "SITE_URL": "https://jackal.example.org",
    "BEHIND_PROXY": "true",
    "CSRF_TRUSTED_ORIGINS": "https://jackal.example.org",
}


def production_process(tmp_path, *argv: str) -> subprocess.CompletedProcess:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DEBUG", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    env.update(PRODUCTION, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    env["JACKAL_DATA_DIR"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, *argv], env=env, capture_output=True, text=True, cwd=settings.BASE_DIR
    )


def policy_of(response) -> dict[str, str]:
    directives = (d.strip().split(" ", 1) for d in response["Content-Security-Policy"].split(";"))
    return {name: value for name, value in directives}


def test_every_page_carries_a_content_security_policy(client, alice):
    for url in (reverse("home"), reverse("account_login"), "/no/such/page/"):
        policy = policy_of(client.get(url))
        assert policy["script-src"] == "'self'", url
        assert policy["style-src"] == "'self'"
        assert policy["connect-src"] == "'self'"  # the live board's websocket, same host
        assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
        assert "unsafe-eval" not in str(policy)
    client.force_login(alice)
    assert "Content-Security-Policy" in client.get(reverse("lobby"))


def test_pages_keep_htmx_from_adding_inline_styles(client):
    page = client.get(reverse("home")).content.decode()
    assert htmx_config(page)["includeIndicatorStyles"] is False


def htmx_config(page: str) -> dict:
    """The settings a page gives htmx (its `htmx-config` meta element)."""
    import json
    import re

    return json.loads(re.search(r"""<meta name="htmx-config" content='([^']*)'>""", page)[1])


def test_no_inline_script_or_style_element_in_the_templates():
    # Inline <script> or <style> would be refused by the policy above.
    for template in (settings.BASE_DIR / "templates").rglob("*.html"):
        text = template.read_text()
        for line in text.splitlines():
            assert "<style" not in line, template
            assert "<script" not in line or "src=" in line, template
            assert " on" + "click=" not in line and "hx-on" not in line, template


SHOW_HEADERS = """
import json, django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="jackal.example.org")
def answer(path, **headers):
    response = client.get(path, headers=headers)
    return {"status": response.status_code, "location": response.get("Location", ""),
            "hsts": response.get("Strict-Transport-Security", ""),
            "csp": response.get("Content-Security-Policy", "")}
print(json.dumps({
    "http": answer("/"),
    "https": answer("/", **{"X-Forwarded-Proto": "https"}),
    "health": answer("/health"),
}))
"""


def test_an_https_site_behind_the_proxy_redirects_http_and_sends_hsts(tmp_path):
    assert production_process(tmp_path, "manage.py", "migrate", "-v0").returncode == 0
    result = production_process(tmp_path, "-c", SHOW_HEADERS)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)
    assert answers["http"]["status"] == 301
    assert answers["http"]["location"] == "https://jackal.example.org/"
    https = answers["https"]
    assert https["status"] == 200
    assert https["hsts"] == "max-age=31536000; includeSubDomains"
    assert "script-src 'self'" in https["csp"]
    # The load balancer's health check comes over plain http on the private network.
    assert answers["health"]["status"] == 200


def test_check_deploy_finds_nothing_to_warn_about_in_production(tmp_path):
    result = production_process(tmp_path, "manage.py", "check", "--deploy", "--fail-level", "INFO")
    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues" in result.stdout, result.stdout + result.stderr
