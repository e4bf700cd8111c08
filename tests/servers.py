"""Real server processes for tests that talk to the site over the network."""

import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import database_url, wait_for

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def http_server(argv: list[str], *, port: int, env: dict, log_path: Path) -> Iterator[str]:
    """Run `argv` (a server listening on 127.0.0.1:`port`) until it answers /health; yield its
    base URL; stop it afterwards. Its output goes to `log_path`."""
    with open(log_path, "w") as log:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"

    def answering():
        """the server to answer"""
        if process.poll() is not None:
            pytest.fail(f"{argv[1:3]} exited:\n{log_path.read_text()}")
        try:
            return urllib.request.urlopen(f"{base}/health", timeout=2).status == 200
        except OSError:
            return False

    try:
        wait_for(answering, timeout=60, interval=0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@contextmanager
def daphne_site(tmp_path: Path, **extra_env: str) -> Iterator[str]:
    """The site served by one daphne process on the test database (needs transactional_db);
    yields its base URL. One process holds the web server and its websockets, so the in-process
    channel layer carries the live updates (the Redis layer has tests/live/test_live_updates.py).
    `extra_env` adds settings, e.g. CONTENT_SECURITY_POLICY="true"."""
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="jackal_site.settings",
        SECRET_KEY=settings.SECRET_KEY,  # the sessions made in the test must be valid there
        DATABASE_URL=database_url(connection.settings_dict),
        STATIC_MANIFEST="false",
        DEBUG="false",
        ALLOWED_HOSTS="127.0.0.1",
        JACKAL_DATA_DIR=str(tmp_path),
        **extra_env,
    )
    argv = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    argv.append("jackal_site.asgi:application")
    with http_server(argv, port=port, env=env, log_path=tmp_path / "daphne.log") as base:
        yield base
