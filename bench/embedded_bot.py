"""How soon a bot answers on the embedded default: from a person's move's commit to the bot's.

    .venv/bin/python bench/embedded_bot.py [--moves 30]

Runs on the embedded default whatever the environment says (SQLite in a temporary directory,
the in-memory broker, the Celery worker as threads of this process, as `manage.py run` starts
them). A person plays against a random bot; after each of the person's moves commits, the time
until the bot's move has committed is taken. Prints p50/p95/max in milliseconds, beside the
bot's own time (its task alone). The aim (issue 14): within about 100 ms of the move's commit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
for name in ("DATABASE_URL", "REDIS_URL"):
    os.environ.pop(name, None)
os.environ["JACKAL_DATA_DIR"] = tempfile.mkdtemp(prefix="jackal-embedded-bot-")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")

from bench.web import percentile  # noqa: E402

SAIL_OUT = "WS G1-H1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection, connections
    from django.test.utils import setup_test_environment

    from games.families.jackal import engine_state
    from games.models import Game
    from games.services import submit_move
    from jackal_site.celery import app
    from jackal_site.embedded import start_background_jobs
    from rules.jackal import player_view
    from rules.jackal.bots.random_bot import choose_move
    from tests.factories import make_user, start_game

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        app.conf.task_always_eager = False
        start_background_jobs()
        polling = app.conf.broker_transport_options.get("polling_interval", 1.0)
        import random

        rng, answers = random.Random(14), []
        game = start_game(make_user("alice"), bots=1)
        while len(answers) < args.moves:
            game.refresh_from_db()
            if game.status != Game.Status.RUNNING:
                game = start_game(make_user(f"alice{len(answers)}"), bots=1)
                continue
            if game.seat_to_act() != 0:  # the bot is still at it (a choice of its move)
                time.sleep(0.001)
                continue
            move = choose_move(player_view(engine_state(game), 0), rng)
            submit_move(game.pk, seat_index=0, text=move, expected_ply=game.ply)
            committed = time.perf_counter()
            ply = game.ply + 1
            game.refresh_from_db()
            if game.status != Game.Status.RUNNING or game.seat_to_act() == 0:
                continue  # the person goes on (a choice of their move): no bot to wait for
            # The bot's move commits with its ledger row and the game's ply in one
            # transaction: poll the ply.
            while game.ply == ply:
                if time.perf_counter() - committed > 10:
                    raise RuntimeError("no answer from the bot within 10 s")
                time.sleep(0.001)
                game.refresh_from_db()
            answers.append((time.perf_counter() - committed) * 1000)
        print(
            f"bench/embedded_bot.py: in-memory broker, polling interval {polling * 1000:.0f} ms, "
            f"{len(answers)} bot answers, ms from the move's commit to the bot's"
        )
        print(
            f"p50 {statistics.median(answers):.1f}  p95 {percentile(answers, 0.95):.1f}  "
            f"max {max(answers):.1f}"
        )
        status = 0
    except BaseException:
        traceback.print_exc()
        status = 1
    connections.close_all()
    connection.creation.destroy_test_db(old_name, verbosity=0)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)  # the worker's threads do not stop by themselves


if __name__ == "__main__":
    main()
