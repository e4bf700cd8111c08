"""Whether a test whose service is missing fails or skips: CI requires the services, its
embedded-defaults pass (TEST_SERVICES=optional) and developers' machines do not."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

# A test that needs Redis: without REDIS_URL, its fixture skips it or fails it before it starts.
NEEDS_REDIS = (
    "tests/live/test_services.py::test_real_worker_on_redis_delivers_the_verification_email"
)


def run_pytest(tmp_path: Path, **environ: str) -> subprocess.CompletedProcess:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"CI", "TEST_SERVICES", "REDIS_URL"}
    }
    env.update(environ)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-q", NEEDS_REDIS],
        cwd=Path(__file__).resolve().parent.parent,
        env={**env, "PYTEST_ADDOPTS": f"--basetemp={tmp_path / 'run'}"},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("environ", "outcome"),
    [
        # CI's embedded-defaults pass: CI=true, and the services missing on purpose.
        ({"CI": "true", "TEST_SERVICES": "optional"}, "1 skipped"),
        # A developer who wants to be sure nothing was skipped (a fixture failing is an error).
        ({"TEST_SERVICES": "required"}, "1 error"),
    ],
)
def test_a_missing_service_fails_the_test_only_where_services_are_required(
    tmp_path, environ, outcome
):
    result = run_pytest(tmp_path, **environ)
    assert outcome in result.stdout, result.stdout + result.stderr


def test_a_misspelt_test_services_value_stops_the_run_with_a_clear_error(tmp_path):
    result = run_pytest(tmp_path, TEST_SERVICES="sometimes")
    assert result.returncode != 0
    assert "TEST_SERVICES must be 'required' or 'optional', not 'sometimes'" in result.stderr
