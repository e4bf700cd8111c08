"""`manage.py run`: migrate, start background jobs, serve the site over ASGI (daphne)."""

import os

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run Jackal Online: migrations, background jobs and the web server in one process."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args, addrport: str, **options):
        settings.DATA_DIR.mkdir(parents=True, exist_ok=True)
        call_command("migrate", interactive=False, verbosity=0)
        if settings.CELERY_BROKER_URL.startswith("memory://"):
            from jackal_site.embedded import start_background_jobs

            start_background_jobs()
            jobs = "Celery worker and beat in this process (in-memory broker)"
        else:
            jobs = "start `celery -A jackal_site worker -B` beside this process for background jobs"
        host, _, port = addrport.rpartition(":")
        if "SITE_URL" not in os.environ:
            # Links in e-mails should reach this server (the worker runs in this process).
            shown_host = "127.0.0.1" if host in ("", "0.0.0.0") else host
            settings.SITE_URL = f"http://{shown_host}:{port}"
        self.stdout.write(
            f"\nJackal Online is running at http://{host}:{port}/\n"
            f"  database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}\n"
            f"  background jobs: {jobs}\n"
            f"  e-mails: {_mail_destination()}\n"
        )
        self.stdout.flush()
        call_command("runserver", addrport, use_reloader=False, skip_checks=True)


def _mail_destination() -> str:
    if settings.EMAIL_BACKEND.endswith("filebased.EmailBackend"):
        return f"written to files in {settings.EMAIL_FILE_PATH}"
    return f"sent by {settings.EMAIL_BACKEND}"
