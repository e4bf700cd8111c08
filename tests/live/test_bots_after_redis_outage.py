"""A bot's turn handed over while Redis is down is played within seconds of its return (issue
41.5), not a minute or more later by beat's sweep for stuck bots: the hand-off marks the game in
its own transaction, and beat's frequent look queues what is marked. A Redis of the test's own
(never the shared one) is stopped and started again, under a real worker and a real beat."""

import time

import pytest
from django.db import connection
from django.utils import timezone

from games import tasks
from tests.conftest import wait_for
from tests.factories import make_user, start_game
from tests.live.test_bot_faults import alice_hands_the_turn_to_the_bot
from tests.servers import throw_away_redis

# Celery's own reconnecting tries 0, 2, 6, 12, 20 ... s after the loss: back at 14 s, Redis
# would wait 6 s for the worker (jackal_site.celery.Consumer tries every second).
OUTAGE_SECONDS = 14


@pytest.fixture
def own_redis(tmp_path):
    with throw_away_redis(tmp_path) as redis:
        yield redis


@pytest.fixture
def celery_broker_url(own_redis) -> str:
    return own_redis.url


def test_a_bot_handed_its_turn_while_redis_is_down_moves_soon_after_it_returns(
    own_redis, celery_workers
):
    worker = celery_workers.start()
    celery_workers.start_beat()
    game = start_game(make_user("alice"), bots=1)

    own_redis.stop()
    down_at = time.monotonic()
    waiting_at = alice_hands_the_turn_to_the_bot(game)  # its task cannot be queued
    game.refresh_from_db()
    assert game.bot_due_at is not None  # the turn is in the database, for when Redis is back
    time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - down_at)))
    assert not game.moves.filter(ply=waiting_at + 1).exists()

    own_redis.start()
    back_at = time.monotonic()

    def bot_moved():
        """the bot's move once Redis is back"""
        return game.moves.filter(ply=waiting_at + 1).first()

    move = wait_for(bot_moved, timeout=30, interval=0.1)
    took = time.monotonic() - back_at
    print(f"bot moved {took:.1f}s after Redis came back (down {OUTAGE_SECONDS}s)")
    assert move.seat == 1 and move.user is None
    assert took < 5, worker.log_path.read_text()[-3000:]


@pytest.mark.django_db
def test_beats_look_for_due_bots_reads_its_partial_index(postgres):
    game = start_game(make_user("alice"), bots=1)
    assert game.bot_due_at is None  # alice is to act
    with connection.cursor() as cursor:
        # A table of a few rows is cheaper to read whole; forbid that to see what the planner
        # can use on a large one.
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = tasks.due_bot_turns(timezone.now()).query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "game_bot_due" in plan, plan
