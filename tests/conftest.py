"""Shared test set-up: service checks, Celery in tests, the browser."""

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

# live_server and Channels' live server start threads from a running event loop (STACK.md 1).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _services_required() -> bool:
    """Whether a test whose service (PostgreSQL, Redis, Chromium) is missing fails or skips.

    TEST_SERVICES=required|optional says it; unset, it is `required` in CI (CI=true), where a
    skipped test would hide a broken set-up, and `optional` elsewhere. CI's first pass runs a
    fresh clone on the embedded defaults, without the services on purpose: it sets `optional`.
    """
    value = os.environ.get("TEST_SERVICES", "").strip().lower()
    if not value:
        return os.environ.get("CI", "").lower() == "true"
    if value not in ("required", "optional"):
        raise pytest.UsageError(f"TEST_SERVICES must be 'required' or 'optional', not {value!r}")
    return value == "required"


SERVICES_REQUIRED = _services_required()


def require(available: bool, reason: str) -> None:
    """Skip a test whose service is missing, saying what to start; where services are required
    (CI), fail instead."""
    if available:
        return
    if SERVICES_REQUIRED:
        pytest.fail(f"services are required here (TEST_SERVICES): {reason}", pytrace=False)
    pytest.skip(reason)


def _port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 1
        ):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings):
    """On PostgreSQL the move ledger refuses TRUNCATE unless the session says it wipes a whole
    database on purpose (games migration 0004). Django empties the tables with TRUNCATE after
    each transactional test: the test run's connections, and only they, say so at start-up."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.postgresql":
        options = database.setdefault("OPTIONS", {})
        options["options"] = f"{options.get('options', '')} -c jackal.ledger_flush=on".strip()


@pytest.fixture
def postgres(db):
    from django.db import connection

    require(
        connection.vendor == "postgresql",
        "needs PostgreSQL: start it and set DATABASE_URL=postgres://postgres@127.0.0.1:5432/jackal",
    )
    return connection


# The named users of the web tests: alice and bob play, carol watches.


@pytest.fixture
def alice(db):
    from tests.factories import make_user

    return make_user("alice")


@pytest.fixture
def bob(db):
    from tests.factories import make_user

    return make_user("bob")


@pytest.fixture
def carol(db):
    from tests.factories import make_user

    return make_user("carol")


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    require(
        bool(url) and _port_open(url, 6379),
        "needs Redis: start redis-server and set REDIS_URL=redis://127.0.0.1:6379/0",
    )
    return url


# The autouse fixtures below also run for tests/rules, which must pass where neither Django
# nor Celery is installed: there they have nothing to do.


@pytest.fixture(autouse=True)
def _fresh_cache():
    try:
        from django.core.cache import cache
    except ImportError:
        return
    cache.clear()


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """A request in Russian leaves its language active in the thread (LocaleMiddleware does not
    put it back): the next test in the same worker would read Russian where it expects English."""
    yield
    try:
        from django.conf import settings
        from django.utils import translation
    except ImportError:
        return
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_tasks_inline():
    """Tests run Celery tasks inline (eagerly); the tests with a real worker switch this off."""
    try:
        from jackal_site.celery import app
    except ImportError:
        return
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    require(CHROMIUM is not None, "needs Chromium: apt-get install chromium")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


def pytest_collection_modifyitems(config, items):
    # pytest-playwright leaves an event loop running, which breaks async tests after it
    # (STACK.md pitfall 4): browser tests go last.
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL for another process to reach the test database this process uses."""
    if settings_dict["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{settings_dict['NAME']}"
    auth = settings_dict["USER"] or ""
    if settings_dict["PASSWORD"]:
        auth += f":{settings_dict['PASSWORD']}"
    host = settings_dict["HOST"] or "127.0.0.1"
    return f"postgres://{auth}@{host}:{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}"


@pytest.fixture
def celery_broker_url(redis_url) -> str:
    """The Redis the real workers of `celery_workers` use (a test module may give its own)."""
    return redis_url


@pytest.fixture
def celery_workers(celery_broker_url, transactional_db, tmp_path, monkeypatch):
    """Starts real `celery worker` processes on Redis, on a queue of this test, on the test
    database: `celery_workers.start(pool="solo")` returns one once it is ready;
    `celery_workers.start_beat()` starts beat, its schedule's tasks sent to the same queue.

    Tasks queued by this test process go to that queue (not run inline), so the test sees what a
    production worker does, even those queued before a worker starts. Their e-mails are written
    to files in `worker.mail_dir`.
    """
    import subprocess
    import sys
    import time
    import uuid
    from types import SimpleNamespace

    from django.conf import settings
    from django.db import connection

    from jackal_site.celery import app

    def forget_connections():
        # The app's connection and producer pools are made from the conf on first use.
        app.amqp.__dict__.pop("queues", None)
        app._pool = None
        app.amqp._producer_pool = None

    queue = f"test-{uuid.uuid4().hex[:12]}"
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    monkeypatch.setitem(app.conf, "task_default_queue", queue)
    monkeypatch.setitem(app.conf, "broker_url", celery_broker_url)
    forget_connections()
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "jackal_site.settings",
        "SECRET_KEY": settings.SECRET_KEY,
        "DATABASE_URL": database_url(connection.settings_dict),
        "REDIS_URL": celery_broker_url,
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
        # Tasks the worker itself queues (a bot's next turn) must come back to this worker.
        "CELERY_QUEUE": queue,
    }
    processes = []

    def start(pool: str = "solo") -> SimpleNamespace:
        log_path = tmp_path / f"worker-{len(processes)}.log"
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "jackal_site",
                    "worker",
                    f"--pool={pool}",
                    "--concurrency=1",
                    "-Q",
                    queue,
                    "--without-heartbeat",
                    "--without-mingle",
                    "--without-gossip",
                    "--loglevel=INFO",
                ],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=settings.BASE_DIR,
            )
        processes.append(process)
        deadline = time.monotonic() + 60
        while "ready." not in log_path.read_text():
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Celery worker did not start:\n{log_path.read_text()}")
            time.sleep(0.2)
        return SimpleNamespace(queue=queue, mail_dir=mail_dir, log_path=log_path, process=process)

    def start_beat() -> SimpleNamespace:
        log_path = tmp_path / "beat.log"
        argv = [sys.executable, "-m", "celery", "-A", "jackal_site", "beat", "--loglevel=INFO"]
        argv.append(f"--schedule={tmp_path / 'beat-schedule'}")
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                argv, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=settings.BASE_DIR
            )
        processes.append(process)
        deadline = time.monotonic() + 60
        while "beat: Starting..." not in log_path.read_text():
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"Celery beat did not start:\n{log_path.read_text()}")
            time.sleep(0.2)
        return SimpleNamespace(log_path=log_path, process=process)

    try:
        yield SimpleNamespace(start=start, start_beat=start_beat, queue=queue)
    finally:
        for process in processes:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        forget_connections()


@pytest.fixture
def celery_worker_process(celery_workers):
    """One real `celery worker` process (solo pool), started and ready (see celery_workers)."""
    return celery_workers.start()


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.1):
    """Poll until `predicate()` is truthy; return its value, or fail after `timeout` seconds."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    pytest.fail(f"timed out after {timeout}s waiting for {predicate.__doc__ or predicate}")
