"""Background jobs with no server: a Celery worker and beat as threads of the web process.

On the embedded default the broker is Celery's in-memory transport, which only connects
producers and consumers inside one process. So `manage.py run` starts the worker and the beat
scheduler here, next to the web server, and the in-process channel layer is shared with them too:
a task that pushes a live update reaches the websockets of the same process.
"""

import logging
import threading

from celery.beat import EmbeddedService
from celery.worker import WorkController

from .celery import app

logger = logging.getLogger(__name__)


def start_background_jobs(concurrency: int = 2) -> list[threading.Thread]:
    """Start an in-process Celery worker and beat; both threads die with the process."""
    if not app.conf.broker_url.startswith("memory://"):
        raise RuntimeError("in-process workers only make sense with the in-memory broker")
    # Beat sends a task every 2 s (games.tasks.queue_due_bots): in the one console of
    # `dev.py run` a line for each sending, receiving and success would bury the site's own
    # lines. The other tasks are still logged as they run; a worker of its own (production)
    # keeps Celery's logging as configured there.
    logging.getLogger("celery.beat").setLevel(logging.WARNING)
    for name in ("celery.worker.strategy", "celery.app.trace"):
        logging.getLogger(name).addFilter(_without_housekeeping)
    worker = WorkController(
        app=app,
        pool_cls="threads",
        concurrency=concurrency,
        without_heartbeat=True,
        without_mingle=True,
        without_gossip=True,
        # The worker's own remote-control queue needs a fanout exchange the memory broker lacks.
        enable_remote_control=False,
    )
    worker_thread = threading.Thread(target=worker.start, name="celery-worker", daemon=True)
    worker_thread.start()
    beat = EmbeddedService(app, thread=True, schedule_filename=_beat_schedule_file())
    beat.start()
    logger.info("Celery worker and beat running in-process (in-memory broker)")
    return [worker_thread, beat]


def _without_housekeeping(record: logging.LogRecord) -> bool:
    return "queue_due_bots" not in record.getMessage()


def _beat_schedule_file() -> str:
    from django.conf import settings

    settings.DATA_DIR.mkdir(parents=True, exist_ok=True)
    return str(settings.DATA_DIR / "celerybeat-schedule")
