"""Settings for the test suite: the real settings, plus what tests need to start at all."""

import os

# Tests never run with DEBUG, and production refuses to start without a key.
os.environ.setdefault("SECRET_KEY", "tests-only-key")
os.environ.setdefault("STATIC_MANIFEST", "false")

from .settings import *  # noqa: E402,F403
from .settings import DATA_DIR, DATABASES  # noqa: E402

# Browser and live-server tests need a file-based SQLite test database (STACK.md pitfall 6); the
# process id in its name keeps two test runs in one checkout from sharing (and deleting) it.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / f"test-db-{os.getpid()}.sqlite3")}

# Cheap hashing keeps account tests fast; the algorithm is not what they test.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Rate limits (allauth) live in the cache: tests keep it per process and clear it per test, so
# that parallel workers and earlier runs never share counters through Redis.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
