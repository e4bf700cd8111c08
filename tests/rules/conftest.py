"""pytest set-up for the rules engine tests: pure Python, no Django, no database, no Celery."""

import os
import sys

import pytest

# The engine is importable from the repository root without installing anything.
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))


# tests/conftest.py has autouse fixtures for the Django tests (cache, Celery). The rules engine
# never imports Django, so these same-named fixtures replace them for tests/rules only.
@pytest.fixture(autouse=True)
def _fresh_cache():
    yield


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_tasks_inline():
    yield
