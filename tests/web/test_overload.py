"""Overload and a lost database (issue 41.4): a pooled connection whose PostgreSQL backend was
terminated is replaced on checkout, not handed to the next request; a request that waits for a
connection longer than the pool's timeout gets 503 with Retry-After, not 500, on a page, an htmx
partial and the health page alike."""

import re
import threading

import psycopg
import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from tests.factories import make_user, start_game
from tests.web.board_kit import HTMX
from tests.web.test_security_headers import htmx_config


def terminate_every_backend_of_the_test_database() -> int:
    """From a connection of its own, as an operator or a failover would: every session of the
    test database ends, the idle ones in the pool included."""
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as killer:
        return killer.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()[0]


@pytest.fixture
def pooled(postgres, transactional_db):
    """PostgreSQL with a fresh pool of the site's settings (connections other tests' threads
    never gave back are not counted against it); a fresh pool afterwards."""
    assert connection.pool is not None, "the site's settings give PostgreSQL a pool"
    connection.close()  # the test thread gives its connection back: requests borrow it
    connection.close_pool()
    yield connection.settings_dict["OPTIONS"]["pool"]
    connection.close()
    connection.close_pool()


def status_of(client: Client, url: str, **headers) -> int:
    """The status of one request, whose connection then goes back to the pool, as at the end of
    every request the site serves (Django's test client would keep it for the next)."""
    try:
        return client.get(url, **headers).status_code
    finally:
        connection.close()


def test_a_terminated_backend_is_replaced_before_a_request_gets_it(pooled):
    client = Client(raise_request_exception=False)
    assert status_of(client, reverse("lobby")) == 200
    assert terminate_every_backend_of_the_test_database() >= 1
    for _ in range(3):  # each connection of the pool is dead: none may reach a request
        assert status_of(client, reverse("lobby")) == 200
        assert status_of(client, "/health") == 200


@pytest.fixture
def pool_held_busy(pooled):
    """A pool of one connection, borrowed by another thread until the test ends; a request
    waits a quarter of a second for it. The site's pool comes back before the test database is
    emptied (which opens a pool of its own)."""
    connection.close_pool()
    site_options = dict(pooled)
    pooled.update(min_size=1, max_size=1, timeout=0.25)
    borrowed, release = threading.Event(), threading.Event()

    def hold():
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            borrowed.set()
            release.wait(30)
        connections["default"].close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert borrowed.wait(10)
    yield
    release.set()
    holder.join(10)
    pooled.clear()
    pooled.update(site_options)
    connection.close()
    connection.close_pool()


@pytest.fixture
def game(pooled):
    game = start_game(make_user("alice"), make_user("bob"))
    connection.close()
    return game


@pytest.fixture
def alice_signed_in(game):
    client = Client(raise_request_exception=False)
    client.force_login(game.created_by)
    connection.close()
    return client


def assert_unavailable(response):
    assert response.status_code == 503, response.content[:300]
    assert int(response["Retry-After"]) > 0


def test_a_page_answers_503_with_retry_after_when_no_connection_is_free(game, pool_held_busy):
    response = Client(raise_request_exception=False).get(reverse("lobby"))
    assert_unavailable(response)
    page = response.content.decode()
    assert "<html" in page and "busy" in page


def test_an_htmx_request_gets_a_small_notice_when_no_connection_is_free(
    game, alice_signed_in, pool_held_busy
):
    url = reverse("game_board_partial", args=[game.pk])
    response = alice_signed_in.get(url, **HTMX)
    assert_unavailable(response)
    fragment = response.content.decode()
    assert "<html" not in fragment and "busy" in fragment and len(fragment) < 1000
    # The page shows it in its notice area, leaving the board it has as it is.
    assert response["HX-Retarget"] == "#site-notice"
    assert response["HX-Reswap"] == "innerHTML"


def test_the_health_page_answers_503_when_no_connection_is_free(pooled, pool_held_busy):
    response = Client(raise_request_exception=False).get("/health")
    assert_unavailable(response)
    assert response.json() == {"status": "unavailable"}


def test_every_page_has_the_notice_area_and_htmx_swaps_a_503_into_it(client, db):
    page = client.get(reverse("home")).content.decode()
    assert 'id="site-notice"' in page
    handling = htmx_config(page)["responseHandling"]
    first_match = next(rule for rule in handling if re.fullmatch(rule["code"], "503"))
    assert first_match == {"code": "503", "swap": True, "error": True}
    # Everything else as htmx does by default: 2xx and 3xx swapped, other errors not.
    assert [rule for rule in handling if rule is not first_match] == [
        {"code": "204", "swap": False},
        {"code": "[23]..", "swap": True},
        {"code": "[45]..", "swap": False, "error": True},
    ]
