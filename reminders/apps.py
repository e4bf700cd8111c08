from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RemindersConfig(AppConfig):
    name = "reminders"
    verbose_name = _("Reminders")

    def ready(self) -> None:
        from games.signals import clock_low, turn_began, turns_began, vacation_spent

        from . import services

        turn_began.connect(services.turn_began, dispatch_uid="reminders.turn_began")
        turns_began.connect(services.turns_began, dispatch_uid="reminders.turns_began")
        clock_low.connect(services.clock_low, dispatch_uid="reminders.clock_low")

        from allauth.account.signals import email_confirmed

        from .bounces import address_confirmed

        email_confirmed.connect(address_confirmed, dispatch_uid="reminders.address_confirmed")
        vacation_spent.connect(services.vacation_spent, dispatch_uid="reminders.vacation_spent")
