"""The Celery app.

With REDIS_URL set, Celery uses Redis as its broker and runs as separate `celery worker` and
`celery beat` processes. Without it (the embedded default) the broker is in memory and
`manage.py run` starts the worker and beat as threads of the web process, so background jobs
still run in the background with no server to install (see jackal_site/embedded.py).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.settings")

app = Celery("jackal_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
