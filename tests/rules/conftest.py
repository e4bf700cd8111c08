"""pytest set-up for the rules engine tests: pure Python, no Django, no database, no Celery."""

import os
import sys

import pytest

# The engine is importable from the repository root without installing anything.
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))


def pytest_collection_modifyitems(config, items):
    """Long playouts (@pytest.mark.slow) in tests/rules run only when asked for: `-m slow` or
    RUN_SLOW=1. The default run still plays hundreds of whole games."""
    if "slow" in (config.getoption("markexpr") or "") or os.environ.get("RUN_SLOW") == "1":
        return
    here = os.path.dirname(os.path.abspath(__file__))
    skip = pytest.mark.skip(reason="long playout: run with -m slow or RUN_SLOW=1")
    for item in items:
        if item.get_closest_marker("slow") and str(item.path).startswith(here):
            item.add_marker(skip)
