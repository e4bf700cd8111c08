"""Turn alerts fanned out by the workers: N turns, each pushed (Web Push, encrypted and
VAPID-signed, to a push service on loopback), posted to a webhook (a receiver on loopback) and
mailed (the reminders' sweep, Django's in-memory outbox), with some hooks slow or dead.

    .venv/bin/python bench/alerts.py                        # 10,000 turns, 4 worker threads
    .venv/bin/python bench/alerts.py --alerts 1000 --slow 20 --dead 20

Builds a throw-away database with one running two-player game per turn (inserted in bulk as the
move service leaves them), starts an in-process Celery worker (threads, the in-memory broker)
and queues the turns as the move's commit does (alerts.tasks.turns_began, in chunks as the clock
sweep's batch sends them). Prints each channel's rate and, for the hooks that answer at once,
how long their alerts took from the queueing, so the cost of the slow (`--slow-seconds`) and
dead (accept, never answer) endpoints on everyone else's alerts shows.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.test_settings")

CHUNK = 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--alerts", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--slow", type=int, default=5, help="players whose hook is slow")
    parser.add_argument("--dead", type=int, default=5, help="players whose hook never answers")
    parser.add_argument("--slow-seconds", type=float, default=3.0)
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)
    from django.conf import settings
    from django.core import mail
    from django.db import connection
    from django.test.utils import setup_test_environment

    from jackal_site.celery import app

    settings.ALERTS_ALLOW_PRIVATE_ADDRESSES = True
    settings.DATA_DIR = Path(tempfile.mkdtemp(prefix="bench-alerts-"))
    app.conf.task_always_eager = False
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args, mail)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(args, mail) -> None:
    from django.utils import timezone
    from sweep import make_running_games

    from alerts import tasks
    from alerts.models import PushDevice, Webhook
    from games.models import Game
    from jackal_site.embedded import start_background_jobs
    from reminders.models import Reminder
    from reminders.sending import send_due
    from tests.alerts_kit import Browser, HookReceiver, PushService
    from tests.factories import make_user

    push_service, fast, slow = PushService(), HookReceiver(), HookReceiver()
    slow.delay = args.slow_seconds
    dead = socket.socket()  # accepts connections and never answers
    dead.bind(("127.0.0.1", 0))
    dead.listen(1000)
    dead_url = f"http://127.0.0.1:{dead.getsockname()[1]}/hook"
    arrived: dict[str, float] = {}
    for server in (push_service, fast):
        record = server.received

        class Timed(list):
            def append(self, item, _arrived=arrived, _server=server):
                _arrived[f"{_server.origin}{item['path']}"] = time.perf_counter()
                super().append(item)

        server.received = Timed(record)

    players = args.alerts  # one player to act per game: each turn is someone else's
    people = [make_user(f"p{i}") for i in range(players + 1)]
    browser = Browser()
    for i, person in enumerate(people):
        PushDevice.objects.create(
            user=person,
            endpoint=push_service.url(f"/{i}"),
            p256dh=browser.p256dh,
            auth=browser.subscription("")["keys"]["auth"],
        )
        url = (
            slow.url(f"/{i}")
            if i < args.slow
            else dead_url
            if i < args.slow + args.dead
            else fast.url(f"/{i}")
        )
        Webhook.objects.create(user=person, url=url)
    # Game i: people[i] to act (seat 0), people[i + 1] in seat 1 (sweep's helper rotates).
    ids = make_running_games(args.alerts, people[:-1] if len(people) > 2 else people)
    turns = list(Game.objects.filter(pk__in=ids).values_list("pk", "ply"))
    start_background_jobs(concurrency=args.workers)
    queued = time.perf_counter()
    for start in range(0, len(turns), CHUNK):
        tasks.turns_began.delay([(pk, ply, 0) for pk, ply in turns[start : start + CHUNK]])
    fast_expected = args.alerts - min(args.alerts, args.slow + args.dead)
    deadline = queued + 600
    while time.perf_counter() < deadline:
        if len(push_service.received) >= args.alerts and len(fast.received) >= fast_expected:
            break
        time.sleep(0.05)
    pushes = sorted(v for k, v in arrived.items() if k.startswith(push_service.origin))
    hooks = sorted(v for k, v in arrived.items() if k.startswith(fast.origin))
    mailed = time.perf_counter()
    Reminder.objects.bulk_create(
        Reminder(user_id=person_id, game_id=pk, ply=0, kind="turn", due_at=timezone.now())
        for pk, person_id in Game.objects.filter(pk__in=ids)
        .filter(seats__must_act=True)
        .values_list("pk", "seats__user_id")
    )
    while send_due():
        pass
    mail_seconds = time.perf_counter() - mailed

    def report(name, times, count):
        if not times:
            print(f"{name}: none arrived")
            return
        took = [t - queued for t in times]
        print(
            f"{name}: {len(times)}/{count} in {took[-1]:.1f} s ({len(times) / took[-1]:.0f}/s); "
            f"from queueing p50 {statistics.median(took):.2f} s, "
            f"p95 {took[int(0.95 * (len(took) - 1))]:.2f} s, max {took[-1]:.2f} s"
        )

    print(
        f"{args.alerts} turns, {args.workers} worker threads, "
        f"{args.slow} hooks slow ({args.slow_seconds:g} s), {args.dead} dead"
    )
    report("web push", pushes, args.alerts)
    report("webhooks that answer at once", hooks, fast_expected)
    print(
        f"e-mail: {len(mail.outbox)} in {mail_seconds:.1f} s "
        f"({len(mail.outbox) / max(mail_seconds, 1e-9):.0f}/s, the reminders' sweep)"
    )
    for server in (push_service, fast, slow):
        server.close()
    dead.close()


if __name__ == "__main__":
    main()
