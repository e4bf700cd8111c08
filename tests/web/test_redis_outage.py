"""Log-in and sign-up go on while Redis is down (issue 17 item 4): the rate-limit counters fall
back to the process's memory, so wrong passwords are still limited. The test starts a Redis of
its own, points the cache at it, and kills it."""

import shutil
import subprocess
import time

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from accounts.models import User
from jackal_site.cache import redis_cache_settings
from tests.conftest import require, wait_for
from tests.factories import PASSWORD
from tests.servers import free_port

pytestmark = pytest.mark.django_db

REDIS_SERVER = shutil.which("redis-server")


@pytest.fixture
def own_redis(tmp_path):
    """A throw-away redis-server; yields (url, port, process); killed at the end if still up."""
    require(REDIS_SERVER is not None, "needs redis-server: apt-get install redis-server")
    port = free_port()
    process = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--save", "", "--appendonly", "no"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"

    def answering():
        """the throw-away Redis to answer"""
        return redis_cli(port, "ping") == "PONG"

    try:
        wait_for(answering, timeout=20)
        yield url, port, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def redis_cli(port: int, *command: str) -> str:
    result = subprocess.run(["redis-cli", "-p", str(port), *command], capture_output=True)
    return result.stdout.decode().strip()


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
    url, port, redis_process = own_redis
    with override_settings(CACHES={"default": redis_cache_settings(url)}):
        assert log_in(alice.email, "wrong") == "refused"
        assert int(redis_cli(port, "dbsize")) > 0  # the counter went to Redis

        redis_process.kill()
        redis_process.wait()
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
