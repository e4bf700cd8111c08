from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The admin's pages register here, not in games/admin/__init__.py: see there why.
        from .admin import chat, game, series  # noqa: F401
        from .signals import bot_turn_due, bot_turns_due
        from .tasks import queue_bot_turn, queue_bot_turns

        bot_turn_due.connect(queue_bot_turn, dispatch_uid="games.tasks.queue_bot_turn")
        bot_turns_due.connect(queue_bot_turns, dispatch_uid="games.tasks.queue_bot_turns")
