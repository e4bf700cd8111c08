from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AlertsConfig(AppConfig):
    name = "alerts"
    verbose_name = _("Alerts")

    def ready(self) -> None:
        # The games tell of turns by signals (games.signals): nothing in games imports alerts.
        from games.signals import clock_low, turn_began, turns_began

        from . import hooks

        turn_began.connect(hooks.turn_began, dispatch_uid="alerts.turn_began")
        turns_began.connect(hooks.turns_began, dispatch_uid="alerts.turns_began")
        clock_low.connect(hooks.clock_low, dispatch_uid="alerts.clock_low")
