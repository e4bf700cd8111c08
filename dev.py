#!/usr/bin/env python3
"""Set up and run Jackal Online on a fresh machine with nothing but Python 3.11 and pip.

    python3 dev.py run     # virtualenv + dependencies, migrate, serve on http://127.0.0.1:8000/
    python3 dev.py test    # virtualenv + test dependencies, then the whole test suite
    python3 dev.py lock    # resolve pyproject.toml afresh and pin every version in constraints.txt
    python3 dev.py messages  # gather marked strings into locale/*/django.po, compile the .mo files

`run` and `test` create `.venv/` beside this file on first use, install the exact versions of
constraints.txt, and reinstall only when pyproject.toml or constraints.txt changes. Extra
arguments go to the server (an address:port) or to pytest.
"""

import hashlib
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


CONSTRAINTS = ROOT / "constraints.txt"
CONSTRAINTS_HEADER = """\
# Every package version `python3 dev.py run`, `python3 dev.py test` and CI install, as
# `pip install -c constraints.txt`. Do not edit by hand: after changing the dependencies in
# pyproject.toml (or to take newer releases), run `python3 dev.py lock` and commit this file.
"""


def pip(python: Path, *args: str, **kwargs) -> subprocess.CompletedProcess:
    command = [str(python), "-m", "pip", "--disable-pip-version-check", *args]
    return subprocess.run(command, cwd=ROOT, check=True, **kwargs)


def installed_versions(python: Path) -> list[str]:
    """`name==version` of every package in the virtualenv, the project itself left out."""
    frozen = pip(python, "freeze", "--exclude-editable", capture_output=True, text=True)
    return [line for line in frozen.stdout.splitlines() if line and not line.startswith("#")]


def ensure_virtualenv(extras: str) -> None:
    """Create the virtualenv and install the project at the pinned versions, unless it is
    already up to date."""
    if not PYTHON.exists():
        print(f"Creating a virtual environment in {VENV} …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'run'}"
    wanted = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + CONSTRAINTS.read_bytes()
    ).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    print("Installing dependencies (first run only) …", flush=True)
    target = f".[{extras}]" if extras else "."
    pip(PYTHON, "install", "--quiet", "-c", str(CONSTRAINTS), "-e", target)
    # A dependency added to pyproject.toml but not locked would install at whatever version the
    # index has today: refuse, so that CI catches a stale constraints.txt.
    pinned = {
        line.strip().lower()
        for line in CONSTRAINTS.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    unpinned = [line for line in installed_versions(PYTHON) if line.lower() not in pinned]
    if unpinned:
        sys.exit(
            f"constraints.txt does not pin {', '.join(unpinned)}: "
            "run `python3 dev.py lock` and commit constraints.txt."
        )
    stamp.write_text(wanted)


def lock(args: list[str]) -> int:
    """Resolve pyproject.toml (with the test tools) in a throw-away virtualenv, from the package
    index pip is configured with, and write what got installed to constraints.txt."""
    if args:
        print("usage: python3 dev.py lock   (takes no arguments)")
        return 2
    with tempfile.TemporaryDirectory(prefix="jackal-lock-") as scratch:
        python = Path(scratch) / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        print(f"Resolving the dependencies afresh in {scratch} …", flush=True)
        venv.EnvBuilder(with_pip=True).create(scratch)
        pip(python, "install", "--quiet", "-e", ".[dev]")
        pins = installed_versions(python)
    CONSTRAINTS.write_text(CONSTRAINTS_HEADER + "".join(f"{pin}\n" for pin in pins))
    print(f"Wrote {len(pins)} pinned versions to {CONSTRAINTS.name}.")
    return 0


def run_site(args: list[str]) -> int:
    ensure_virtualenv("")
    env = dict(os.environ)
    # A development run: the embedded defaults (SQLite, in-process parts) and a dev secret key.
    env.setdefault("DEBUG", "true")
    return subprocess.call([str(PYTHON), "manage.py", "run", *args], cwd=ROOT, env=env)


def run_tests(args: list[str]) -> int:
    ensure_virtualenv("dev")
    return subprocess.call(
        [str(PYTHON), "-m", "pytest", "-n", os.environ.get("TEST_WORKERS", "2"), *args], cwd=ROOT
    )


def messages(args: list[str]) -> int:
    """Update the catalogues (xgettext, from GNU gettext, extracts the strings) and compile them
    in Python: `--compile-only` needs no system package at all (docs/translating.md)."""
    ensure_virtualenv("dev")
    env = dict(os.environ)
    env.setdefault("DEBUG", "true")
    return subprocess.call([str(PYTHON), "manage.py", "messages", *args], cwd=ROOT, env=env)


def main() -> int:
    commands = {"run": run_site, "test": run_tests, "lock": lock, "messages": messages}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
