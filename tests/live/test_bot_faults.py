"""Bots under faults, on real Celery workers: a worker process killed mid-move, workers down
while beat's sweep keeps queueing, and the sweep's index."""

import os
import re
import signal
import time
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import tasks
from games.families.jackal import engine_state
from games.models import Game
from games.services import submit_move
from tests.conftest import wait_for
from tests.factories import make_user, start_game


def alice_hands_the_turn_to_the_bot(game) -> int:
    """Alice (seat 0) moves until it is the bot's turn; returns that ply. Each commit queues what
    it queues for real (the bot's task goes to the test's queue)."""
    while game.seat_to_act() == 0:
        move = str(engine_state(game).legal_moves()[0])
        submit_move(game.pk, seat_index=0, text=move, expected_ply=game.ply, user=game.created_by)
        game.refresh_from_db()
    return game.ply


def pool_processes(worker_pid: int) -> list[int]:
    """The pids of a prefork worker's pool processes (its children)."""
    children = f"/proc/{worker_pid}/task/{worker_pid}/children"
    return [int(pid) for pid in open(children).read().split()]


def task_runs(log: str, result: str) -> list[str]:
    """Ids of the play_bot_turn tasks that the worker log shows finishing with `result`."""
    return re.findall(rf"play_bot_turn\[([0-9a-f-]+)\] succeeded in [0-9.]+s: '{result}'", log)


@pytest.mark.postgres
@pytest.mark.redis
def test_a_bot_move_whose_pool_process_is_killed_is_played_once_by_the_next(
    postgres, celery_workers
):
    game = start_game(make_user("alice"), bots=1)
    # No worker yet: the bot's task waits in the queue.
    waiting_at = alice_hands_the_turn_to_the_bot(game)

    with transaction.atomic():
        # Hold the game's row lock, as a slow move would: the bot's task gets as far as the
        # move service's lock and waits there, mid-task, when its process is killed.
        Game.objects.select_for_update().get(pk=game.pk)
        worker = celery_workers.start(pool="prefork")

        def bot_waits_for_the_lock():
            """the bot's task to wait for the game's row lock"""
            with connection.cursor() as cursor:
                # Inside a transaction PostgreSQL shows one snapshot of the activity: renew it.
                cursor.execute("SELECT pg_stat_clear_snapshot()")
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE wait_event_type = 'Lock' AND datname = current_database()"
                )
                return cursor.fetchone()[0] == 1

        wait_for(bot_waits_for_the_lock, timeout=30)
        [pool_process] = pool_processes(worker.process.pid)
        os.kill(pool_process, signal.SIGKILL)
        killed_at = time.monotonic()
        wait_for(lambda: "WorkerLostError" in worker.log_path.read_text(), timeout=30)
    game.refresh_from_db()
    assert game.ply == waiting_at  # the killed task moved nothing

    def bot_moved():
        """the bot's move, redelivered to the worker's next pool process"""
        return game.moves.filter(ply=waiting_at + 1).first()

    move = wait_for(bot_moved, timeout=30)
    print(f"bot turn redelivered and played {time.monotonic() - killed_at:.1f}s after SIGKILL")
    assert move.seat == 1 and move.user is None
    wait_for(lambda: task_runs(worker.log_path.read_text(), "moved"), timeout=30)
    log = worker.log_path.read_text()
    task_id = re.search(r"play_bot_turn\[([0-9a-f-]+)\] received", log).group(1)
    # The one message was delivered twice, and played once: by the process that replaced the
    # killed one (the first never finished), not by a duplicate that found the ply taken.
    assert log.count(f"play_bot_turn[{task_id}] received") == 2
    assert task_runs(log, "moved")[0] == task_id
    assert task_runs(log, "stale") == []
    assert game.moves.filter(seat=1, ply__lte=waiting_at).count() == 0


@pytest.mark.redis
def test_turns_woken_while_workers_are_down_expire_and_returning_workers_play_once(
    celery_workers, monkeypatch
):
    game = start_game(make_user("alice"), bots=1)
    # No worker: the bot's own task waits in the queue, and the turn looks lost to beat.
    waiting_at = alice_hands_the_turn_to_the_bot(game)
    Game.objects.filter(pk=game.pk).update(last_move_at=timezone.now() - timedelta(minutes=5))
    # Beat's sweep runs twice more while the workers stay down (a second stands for a minute).
    monkeypatch.setattr(tasks, "STUCK_BOT_AFTER", timedelta(seconds=1))
    assert tasks.wake_stuck_bots() == 1
    assert tasks.wake_stuck_bots() == 1
    time.sleep(1.5)

    worker = celery_workers.start()

    def bot_moved():
        """the bot's move once a worker is back"""
        return game.moves.filter(ply=waiting_at + 1).exists()

    wait_for(bot_moved, timeout=30)
    wait_for(lambda: worker.log_path.read_text().count("Discarding revoked task") == 2, 30)
    log = worker.log_path.read_text()
    # The bot's own task played the move; the two woken copies were dropped unrun, not run
    # to find the ply taken.
    assert len(task_runs(log, "moved")) >= 1
    assert task_runs(log, "stale") == []


@pytest.mark.django_db
def test_the_sweep_for_stuck_bots_reads_its_partial_index(postgres):
    game = start_game(make_user("alice"), bots=1)
    assert game.status == Game.Status.RUNNING
    scan = tasks.bot_turns_waiting_since(timezone.now())
    with connection.cursor() as cursor:
        # A table of a few rows is cheaper to read whole; forbid that to see what the planner
        # can use on a large one.
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = scan.query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "game_running_waiting_since" in plan, plan
    assert list(scan) == []  # alice is to act, not the bot
