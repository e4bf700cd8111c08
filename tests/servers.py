"""Real server processes for tests that talk to the site over the network."""

import socket
import subprocess
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import wait_for

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
