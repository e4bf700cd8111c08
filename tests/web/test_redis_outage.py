"""Log-in and sign-up go on while Redis is down (issue 17 item 4): the rate-limit counters fall
back to the process's memory, so wrong passwords are still limited. The test starts a Redis of
its own, points the cache at it, and kills it."""

import time

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from accounts.models import User
from jackal_site.cache import redis_cache_settings
from tests.factories import PASSWORD
from tests.servers import throw_away_redis

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_redis(tmp_path):
    """A throw-away redis-server (tests.servers.ThrowAwayRedis)."""
    with throw_away_redis(tmp_path) as redis:
        yield redis


def log_in(email: str, password: str) -> str:
    response = Client(raise_request_exception=False).post(
        reverse("account_login"), {"login": email, "password": password}
    )
    if response.status_code >= 500:
        return f"error {response.status_code}"
    if response.status_code == 302:
        return "signed in"
    page = response.content.decode()
    return "rate limited" if "Too many failed login attempts" in page else "refused"


def test_log_in_and_sign_up_survive_redis_going_down(own_redis, alice, bob):
    with override_settings(CACHES={"default": redis_cache_settings(own_redis.url)}):
        assert log_in(alice.email, "wrong") == "refused"
        assert int(own_redis.cli("dbsize")) > 0  # the counter went to Redis

        own_redis.stop()
        started = time.monotonic()
        assert log_in(bob.email, PASSWORD) == "signed in"
        assert time.monotonic() - started < 5  # no waiting on a dead server
        # Limits still hold, counted in this process meanwhile.
        # (The failure counted in Redis is gone with it: five more in this process.)
        for _ in range(5):
            assert log_in(alice.email, "wrong") == "refused"
        assert log_in(alice.email, "wrong") == "rate limited"

        response = Client(raise_request_exception=False).post(
            reverse("account_signup"),
            {
                "email": "erin@example.com",
                "username": "erin",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
        assert response.status_code == 302, response.content.decode()[:500]
        assert User.objects.filter(username="erin").exists()
