"""Every bench in bench/ runs as shipped (issue 51): each once, at tiny sizes, as a subprocess.

The figures are not checked, only that the bench finishes and prints some: a bench nobody ran
for a while had stopped working (bench/web.py drew offers to end the game from legal_moves() and
never found its long game). A bench that needs PostgreSQL or Redis skips without them, saying so.
"""

import os
import re
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.conftest import _port_open, require

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
POSTGRES, REDIS = "postgres", "redis"

# Each bench: arguments small enough to run in seconds, and the services it cannot run without.
TINY = {
    "alerts.py": (["--alerts", "6", "--slow", "1", "--dead", "1", "--slow-seconds", "0.5"], ()),
    "archipelago.py": (["--games", "1", "--seats", "2"], ()),
    "archipelago_search.py": (["--positions", "1", "--rollouts", "6"], ()),
    "arena.py": (["easy", "random", "--games", "1", "--max-plies", "40"], ()),
    "bot_speed.py": (["--iterations", "10"], ()),
    "embedded_bot.py": (["--moves", "2"], ()),
    "engine.py": (["--runs", "1", "--games", "1"], ()),
    "eval_screen.py": (["--games", "1", "--max-plies", "40"], ()),
    "event_words.py": (["--games", "1", "--runs", "1"], ()),
    "fit_eval.py": (["--games", "4", "--max-plies", "60", "--upto", "40", "--every", "5"], ()),
    "history.py": (["--games", "60", "--repeat", "1", "--plies", "20"], ()),
    "jamaica_engine.py": (["--runs", "1", "--games", "1"], ()),
    "jamaica_round.py": (["--ships", "2", "--rounds", "1"], ()),
    "live.py": (["--viewers", "5", "--moves", "2"], ()),
    "load.py": (["--games", "1", "--viewers", "2", "--seconds", "2"], (POSTGRES, REDIS)),
    "scale.py": (["--games", "30", "--samples", "1"], (POSTGRES,)),
    "search_agreement.py": (["--budget", "10", "--reference", "20", "--deals", "1"], ()),
    "sweep.py": (["--games", "50", "--due", "0", "5"], ()),
    "web.py": (["--samples", "3", "--far", "20"], ()),
}


def free_ports(count: int) -> list[str]:
    sockets = [socket.socket() for _ in range(count)]
    for each in sockets:
        each.bind(("127.0.0.1", 0))
    ports = [str(each.getsockname()[1]) for each in sockets]
    for each in sockets:
        each.close()
    return ports


def bench_environment(name: str) -> dict[str, str]:
    """This process's environment, with a PostgreSQL database named for the bench: a bench builds
    and drops its throw-away database from that name, which must not be the test suite's."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env["DEBUG"] = "true"  # event_words.py reads the site's settings, which want a key otherwise
    url = env.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        parts = urlsplit(url)
        database = f"{parts.path.lstrip('/') or 'jackal'}_b{Path(name).stem}"
        env["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{database}"))
    if name == "alerts.py":
        # It fans the alerts out with the in-process workers, which take the in-memory broker.
        env.pop("REDIS_URL", None)
    return env


def missing_service(name: str) -> str:
    """What the bench needs and this machine lacks, or ''."""
    needs = TINY[name][1]
    url = os.environ.get("DATABASE_URL", "")
    if POSTGRES in needs and not (url.startswith("postgres") and _port_open(url, 5432)):
        return f"bench/{name} needs PostgreSQL: set DATABASE_URL=postgres://..."
    url = os.environ.get("REDIS_URL", "")
    if REDIS in needs and not (url and _port_open(url, 6379)):
        return f"bench/{name} needs Redis: start redis-server and set REDIS_URL"
    return ""


def run_bench(name: str) -> subprocess.CompletedProcess:
    arguments = TINY[name][0]
    if name == "load.py":
        arguments = [*arguments, "--ports", *free_ports(2)]
    return subprocess.run(
        [sys.executable, str(BENCH / name), *arguments],
        cwd=ROOT,
        env=bench_environment(name),
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def runs(request):
    """Every bench this test run will check, started at once, a few at a time: most of a bench's
    time is Python starting, Django migrating its throw-away database and waiting on the
    database, so side by side they take a fraction of the time one after another. Under
    pytest-xdist a worker cannot tell which of them it will be given: each test starts its own."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        yield {}
        return
    names = [
        item.callspec.params["name"]
        for item in request.session.items
        if item.originalname == "test_bench_runs_at_tiny_sizes"
    ]
    with ThreadPoolExecutor(max_workers=4) as pool:
        yield {name: pool.submit(run_bench, name) for name in names if not missing_service(name)}


def test_every_bench_is_run_here():
    assert sorted(path.name for path in BENCH.glob("*.py")) == sorted(TINY)


@pytest.mark.parametrize("name", sorted(TINY))
def test_bench_runs_at_tiny_sizes(name, runs):
    missing = missing_service(name)
    require(not missing, missing)
    result = runs[name].result() if name in runs else run_bench(name)
    output = f"{result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    assert result.returncode == 0, f"bench/{name} failed:\n{output}"
    assert re.search(r"\d", result.stdout), f"bench/{name} printed no figures"


def test_the_web_bench_finds_its_long_random_game():
    """bench/web.py needs a random game of 1,210 plies (ply 1000, then its 200 samples and a
    margin). Random play that offered and accepted to end the game by agreement ended every
    game long before: none of 10,000 seeds lasted 1,015 plies. (In a subprocess: importing the
    bench sets environment variables for its own run.)"""
    check = "from bench.web import FAR, long_game; print(len(long_game(FAR + 210)[1]))"
    result = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert int(result.stdout) >= 1210
