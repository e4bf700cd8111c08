#!/usr/bin/env python3
"""Set up and run Jackal Online on a fresh machine with nothing but Python 3.11 and pip.

    python3 dev.py run     # virtualenv + dependencies, migrate, serve on http://127.0.0.1:8000/
    python3 dev.py test    # virtualenv + test dependencies, then the whole test suite

Both create `.venv/` beside this file on first use and reinstall only when pyproject.toml
changes. Extra arguments go to the server (an address:port) or to pytest.
"""

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_virtualenv(extras: str) -> None:
    """Create the virtualenv and install the project, unless it is already up to date."""
    if not PYTHON.exists():
        print(f"Creating a virtual environment in {VENV} …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'run'}"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    print("Installing dependencies (first run only) …", flush=True)
    target = f".[{extras}]" if extras else "."
    subprocess.run(
        [
            str(PYTHON),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-e",
            target,
        ],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text(wanted)


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


def main() -> int:
    commands = {"run": run_site, "test": run_tests}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
