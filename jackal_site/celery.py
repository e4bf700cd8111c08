"""The Celery app.

With REDIS_URL set, Celery uses Redis as its broker and runs as separate `celery worker` and
`celery beat` processes. Without it (the embedded default) the broker is in memory and
`manage.py run` starts the worker and beat as threads of the web process, so background jobs
still run in the background with no server to install (see jackal_site/embedded.py).
"""

import functools
import os

from celery import Celery, beat
from celery.worker import consumer
from kombu.utils.objects import cached_property

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.settings")

app = Celery("jackal_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def quick_reconnect(connection):
    """`connection` (kombu's), retrying a lost broker every second.

    Celery's worker and beat retry after 2, 4, 6 ... up to 30 s between attempts, so either
    could sit idle half a minute after Redis is back: beat holding the bot turns it would queue
    (games.tasks.queue_due_bots), the worker not taking them. An attempt against a broker that
    is down is one refused connection: once a second costs nothing.
    """
    connection.ensure_connection = functools.partial(
        connection.ensure_connection, interval_start=1, interval_step=1, interval_max=1
    )
    return connection


class Consumer(consumer.Consumer):
    """The worker's consumer, back on the broker within a second of its return."""

    def ensure_connected(self, conn):
        return super().ensure_connected(quick_reconnect(conn))


class Scheduler(beat.PersistentScheduler):
    """Beat, back on the broker within a second of its return."""

    @cached_property
    def connection(self):
        return quick_reconnect(self.app.connection_for_write())


app.conf.worker_consumer = "jackal_site.celery:Consumer"
app.conf.beat_scheduler = "jackal_site.celery:Scheduler"
