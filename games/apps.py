from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The chat's admin lives in a module of its own (games.admin is the games' and seats').
        from . import admin_chat  # noqa: F401
