"""Shared test set-up: service checks, Celery in tests, the browser."""

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

# live_server and Channels' live server start threads from a running event loop (STACK.md 1).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

IN_CI = os.environ.get("CI", "").lower() == "true"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def require(available: bool, reason: str) -> None:
    """Skip a test whose service is missing, saying what to start; in CI, fail instead."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"CI must run this test: {reason}", pytrace=False)
    pytest.skip(reason)


def _port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or default_port), 1):
            return True
    except OSError:
        return False


@pytest.fixture
def postgres(db):
    from django.db import connection

    require(
        connection.vendor == "postgresql",
        "needs PostgreSQL: start it and set DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal",
    )
    return connection


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    require(
        bool(url) and _port_open(url, 6379),
        "needs Redis: start redis-server and set REDIS_URL=redis://127.0.0.1:6379/0",
    )
    return url


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_tasks_inline():
    """Tests run Celery tasks inline (eagerly); the tests with a real worker switch this off."""
    from jackal_site.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    require(CHROMIUM is not None, "needs Chromium: apt-get install chromium")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


def pytest_collection_modifyitems(config, items):
    # pytest-playwright leaves an event loop running, which breaks async tests after it
    # (STACK.md pitfall 4): browser tests go last.
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
