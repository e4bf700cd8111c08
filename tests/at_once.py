"""Running functions at the same moment in threads of their own, each with its own database
connection: the races that exactly-once guarantees are tested against (two sweeps at once, a
last-second move and a sweep)."""

from __future__ import annotations

import threading

from django.db import connection


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
