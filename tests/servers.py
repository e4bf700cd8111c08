"""Real server processes for tests that talk to the site over the network."""

import os
import shutil
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

from tests.conftest import database_url, require, wait_for

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


class ThrowAwayRedis:
    """A redis-server of a test's own, on a free port (never the shared one, which others use),
    keeping nothing on disk: `stop()` it and `start()` it again on the same port, empty."""

    def __init__(self, workdir: Path):
        binary = shutil.which("redis-server")
        require(binary is not None, "needs redis-server: apt-get install redis-server")
        self.argv = [binary, "--port", str(free_port()), "--save", "", "--appendonly", "no"]
        self.port = int(self.argv[2])
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.workdir = workdir
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.argv, cwd=self.workdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

        def answering():
            """the throw-away Redis to answer"""
            return self.cli("ping") == "PONG"

        wait_for(answering, timeout=20, interval=0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.process is not None:
            self.process.wait()

    def cli(self, *command: str) -> str:
        result = subprocess.run(["redis-cli", "-p", str(self.port), *command], capture_output=True)
        return result.stdout.decode().strip()


@contextmanager
def throw_away_redis(workdir: Path) -> Iterator[ThrowAwayRedis]:
    """A `ThrowAwayRedis`, started; stopped at the end if still up."""
    redis = ThrowAwayRedis(workdir)
    try:
        redis.start()
        yield redis
    finally:
        redis.stop()
