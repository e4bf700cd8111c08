import time

from django.core.management.base import BaseCommand
from django.utils.translation import gettext_lazy as _

from reminders.bounce_server import controller


class Command(BaseCommand):
    help = _("Receive bounced reminder e-mails over SMTP (see docs/alerts.md).")

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=2525)

    def handle(self, *args, host, port, **options):
        server = controller(host, port)
        server.start()
        self.stdout.write(f"bounce server on {host}:{port}")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            server.stop()
