"""Settings for the test suite: the real settings, plus what tests need to start at all."""

import os
import tempfile
from pathlib import Path

# Tests never run with DEBUG, and production refuses to start without a key.
os.environ.setdefault("SECRET_KEY", "tests-only-key")
os.environ.setdefault("STATIC_MANIFEST", "false")

from .settings import *  # noqa: E402,F403
from .settings import DATABASES  # noqa: E402

# Browser and live-server tests need a file-based SQLite test database (STACK.md pitfall 6). It
# goes to the system's temporary directory, which always exists: the data directory (var/) does
# not in a fresh clone (only `manage.py run` creates it), and a test run has no business there.
# The process id in its name keeps two test runs on one machine from sharing (and deleting) it.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"jackal-test-db-{os.getpid()}.sqlite3")
    }

# Cheap hashing keeps account tests fast; the algorithm is not what they test.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Rate limits (allauth) live in the cache: tests keep it per process and clear it per test, so
# that parallel workers and earlier runs never share counters through Redis.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
