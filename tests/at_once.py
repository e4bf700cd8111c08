"""Running functions at the same moment in threads of their own, each with its own database
connection: the races that exactly-once guarantees are tested against (two sweeps at once, a
last-second move and a sweep), at once or queued behind a transaction held open."""

from __future__ import annotations

import threading
import time

from django.db import connection, transaction


def at_once(*functions, timeout: float = 60) -> list:
    """Call each of `functions` in its own thread, released together by a barrier; their
    results in order. An exception raised in a thread is raised here, after all have ended."""
    barrier = threading.Barrier(len(functions))
    results: list = [None] * len(functions)
    errors: list[BaseException] = []

    def run(index: int, function) -> None:
        try:
            barrier.wait()
            results[index] = function()
        except BaseException as error:  # noqa: BLE001 - handed to the caller below
            errors.append(error)
        finally:
            connection.close()  # each thread's own connection, not left to the test database

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    if errors:
        raise errors[0]
    return results


def lock_waiters() -> int:
    """How many connections to this database wait for a lock now (PostgreSQL)."""
    with connection.cursor() as cursor:
        # Inside a transaction PostgreSQL shows one snapshot of the activity: renew it.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return cursor.fetchone()[0]


def behind_held_transaction(hold, *waiting, timeout: float = 60) -> tuple:
    """Call `hold` in a transaction of its own and keep it open once `hold` returns, its row
    locks held, while each of `waiting` is called in a thread of its own; once they all wait for
    a lock (PostgreSQL), commit it and let them go on: the race at its worst moment, every time.
    The result of `hold` and the list of theirs; an exception raised in a thread is raised here,
    after all have ended.

    The caller's connection goes back to the pool meanwhile (a test's transactional database:
    the threads must see its rows anyway): the holder and nine waiting fill a pool of ten."""
    assert not connection.in_atomic_block, "the other connections would not see this one's rows"
    held = threading.Event()
    outcome: list = [None]
    errors: list[BaseException] = []

    def hold_open() -> None:
        try:
            with transaction.atomic():
                outcome[0] = hold()
                held.set()
                deadline = time.monotonic() + timeout
                while lock_waiters() < len(waiting):
                    if time.monotonic() > deadline:
                        raise AssertionError(f"not all of {len(waiting)} calls queued: no race")
                    time.sleep(0.02)
        except BaseException as error:  # noqa: BLE001 - handed to the caller below
            errors.append(error)
        finally:
            held.set()
            connection.close()

    connection.close()
    holder = threading.Thread(target=hold_open)
    holder.start()
    held.wait(timeout)
    results: list = [None] * len(waiting)

    def run(index: int, function) -> None:
        try:
            results[index] = function()
        except BaseException as error:  # noqa: BLE001 - handed to the caller below
            errors.append(error)
        finally:
            connection.close()

    threads = [] if errors else [threading.Thread(target=run, args=p) for p in enumerate(waiting)]
    for thread in threads:
        thread.start()
    for thread in [holder, *threads]:
        thread.join(timeout)
    if errors:
        raise errors[0]
    return outcome[0], results
