"""Every URL pattern of the site, its parameters filled with odd bytes, answers without a server
error, for anonymous visitors and signed-in players (issue 17 item 6: `/players/%00/` was 500 on
PostgreSQL, which refuses NUL in a string)."""

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db

ODD_TEXT = [
    "%00",
    "a%00b",
    "%ff",
    "%c0%af",
    "%e2%98%a0%20%f0%9f%8f%b4",
    "ünïcødé-☠",
    "..%2f..%2fetc%2fpasswd",
    "%2e%2e",
    "'%20OR%201=1--",
    "%3Cscript%3E",
    "%0d%0aSet-Cookie:x=1",
    "x" * 5000,
]
ODD_NUMBERS = ["0", "9" * 30, "00001"]
ODD_QUERIES = ["", "?select=%00", "?part=main&coin=%ff", "?next=%00"]
# Parameters of Django's own patterns: the admin and allauth.
PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>|\(\?P<(?P<group>\w+)>[^)]*\)")


def routes(resolver: URLResolver, prefix: str = "") -> list[str]:
    """Every pattern of the URL configuration as text, e.g. `games/<int:game_id>/join/`."""
    found = []
    for entry in resolver.url_patterns:
        text = prefix + str(entry.pattern).lstrip("^").rstrip("$").replace("\\Z", "")
        if isinstance(entry, URLResolver):
            found += routes(entry, text)
        elif isinstance(entry, URLPattern):
            found.append(text)
    return found


def filled(route: str) -> list[str]:
    """The route with every parameter set to each odd value in turn."""

    def values(match):
        return ODD_NUMBERS if match["converter"] == "int" else ODD_TEXT

    matches = list(PARAMETER.finditer(route))
    if not matches:
        return ["/" + route]
    urls = []
    for odd in values(matches[0]) + ODD_NUMBERS[:1]:
        url = route
        for match in matches:
            value = odd if odd.isdigit() or match["converter"] != "int" else ODD_NUMBERS[0]
            url = url.replace(match[0], value, 1)
        urls.append("/" + url)
    return urls


def test_every_pattern_is_walked():
    all_routes = routes(get_resolver())
    assert "players/<str:username>/" in all_routes
    assert "games/invite/<str:token>/" in all_routes
    assert any(route.startswith("admin/") for route in all_routes)


@pytest.mark.parametrize("who", ["anonymous", "alice"])
def test_no_url_gives_a_server_error(who):
    alice, bob = make_user("alice"), make_user("bob")
    start_game(alice, bob)
    client = Client(raise_request_exception=False)
    if who == "alice":
        client.force_login(alice)
    failures = []
    for route in routes(get_resolver()):
        for url in filled(route):
            for query in ODD_QUERIES:
                for method in (client.get, client.post):
                    response = method(url + query)
                    if response.status_code >= 500:
                        failures.append(f"{method.__name__.upper()} {url[:80]}{query}")
    assert failures == []


@pytest.mark.parametrize("url", ["/players/%00/", "/games/invite/%00/", "/players/a%00b/"])
def test_a_nul_byte_in_the_path_is_not_found(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "Jackal Online" in response.content.decode()  # the site's own 404 page


ODD_FIELDS = ["\x00", "a\x00b", "ÿ☠", "../../etc/passwd", "x" * 5000, "-1", "9" * 30]
FORM_FIELDS = [
    "move",
    "notation",
    "expected_ply",
    "seat",
    "invite_token",
    "ruleset",
    "setup",
    "visibility",
    "bots",
    "login",
    "password",
    "email",
    "username",
    "password1",
    "password2",
    "display_name",
    "language",
    "time_zone",
]


@pytest.mark.parametrize("who", ["anonymous", "alice"])
def test_no_form_value_gives_a_server_error(who):
    """The site's own forms, every field set to each odd value (a NUL among them)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    client = Client(raise_request_exception=False)
    if who == "alice":
        client.force_login(alice)
    urls = [
        f"/games/{game.pk}/move/",
        f"/games/{game.pk}/join/",
        f"/games/{game.pk}/leave/",
        f"/games/invite/{game.invite_token}/",
        "/games/new/",
        "/profile/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
    ]
    failures = []
    for url in urls:
        for odd in ODD_FIELDS:
            response = client.post(url, dict.fromkeys(FORM_FIELDS, odd))
            if response.status_code >= 500:
                failures.append(f"POST {url} {odd[:10]!r}")
    assert failures == []
