"""The site's user: Django's user plus the preferences a correspondence player needs."""

import zoneinfo
from datetime import datetime, time, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

TIME_ZONES = sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})


# What a player sets on their settings page (and staff see in the admin).
PREFERENCE_FIELDS = (
    "display_name",
    "time_zone",
    "language",
    "turn_emails",
    "quiet_hours_start",
    "quiet_hours_end",
    "digest_hour",
    "auto_vacation",
)


class TurnEmails(models.TextChoices):
    EVERY_TURN = "every", _("An e-mail every time it is my turn")
    DAILY_DIGEST = "digest", _("One daily digest of the games waiting for me")
    NEVER = "never", _("Never")


class User(AbstractUser):
    display_name = models.CharField(
        _("display name"), max_length=40, blank=True, help_text=_("Shown to other players.")
    )
    # Checked against the installed zone database by the form, not stored as choices, so
    # that a tzdata update does not mean a migration.
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    turn_emails = models.CharField(
        _("turn e-mails"), max_length=8, choices=TurnEmails.choices, default=TurnEmails.EVERY_TURN
    )
    # Goes up each time the player changes `turn_emails` (settings page, admin): the
    # unsubscribe link of an e-mail names the version it was sent under, so a link from before
    # the player turned their e-mails back on cannot turn them off again (reminders.emails).
    turn_emails_version = models.PositiveIntegerField(default=0, editable=False)
    # Turn e-mails that fall inside quiet hours (in the user's time zone) wait until they end.
    quiet_hours_start = models.TimeField(_("quiet hours from"), null=True, blank=True)
    quiet_hours_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    digest_hour = models.PositiveSmallIntegerField(
        _("daily digest at"),
        choices=[(hour, f"{hour:02d}:00") for hour in range(24)],
        default=8,
        help_text=_("In your time zone, if you chose the daily digest."),
    )
    # When beat's digest sweep (reminders.digest) next sends this player's digest; set when they
    # choose the digest (accounts.forms), moved on a day by each digest.
    next_digest_at = models.DateTimeField(
        null=True, blank=True, editable=False, verbose_name=_("next digest")
    )
    # Vacation (games.clock.vacation): the days banked as of `vacation_counted_at` (they grow a day
    # a week, games.clock.clocks.accrued_vacation; new accounts have 7), and the end of the one
    # running.
    vacation_left = models.DurationField(_("vacation left"), default=timedelta(days=7))
    vacation_counted_at = models.DateTimeField(
        null=True, blank=True, editable=False, verbose_name=_("vacation counted")
    )
    vacation_until = models.DateTimeField(_("on vacation until"), null=True, blank=True)
    # When a clock of theirs runs out, the clock sweep spends a day of the bank instead of the
    # timeout, a day at a time while days remain (games.clock.auto_vacation). On unless turned
    # off; the database default too, so that rows written without it (bulk copies) get it.
    auto_vacation = models.BooleanField(
        _("spend my vacation days automatically"),
        default=True,
        db_default=True,
        help_text=_(
            "When your time runs out in a game that allows vacations, a day of your vacation"
            " starts instead of the timeout, a day at a time while you have days left."
        ),
    )

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.CheckConstraint(
                name="user_quiet_hours_both_or_neither",
                condition=models.Q(quiet_hours_start__isnull=True, quiet_hours_end__isnull=True)
                | models.Q(quiet_hours_start__isnull=False, quiet_hours_end__isnull=False),
            )
        ]
        indexes = [
            # The digest sweep reads the players whose digest is due: only those who chose it.
            models.Index(
                fields=["next_digest_at"],
                name="user_digest_due",
                condition=models.Q(turn_emails="digest", next_digest_at__isnull=False),
            ),
            # Beat ends the vacations that have run out: only players on vacation are indexed.
            models.Index(
                fields=["vacation_until"],
                name="user_on_vacation",
                condition=models.Q(vacation_until__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    def get_absolute_url(self) -> str:
        return reverse("player_profile", args=[self.username])

    def in_quiet_hours(self, moment: datetime) -> bool:
        """Whether `moment` (aware) falls inside this user's quiet hours, in their time zone."""
        if self.quiet_hours_start is None or self.quiet_hours_end is None:
            return False
        local: time = moment.astimezone(zoneinfo.ZoneInfo(self.time_zone)).time()
        start, end = self.quiet_hours_start, self.quiet_hours_end
        if start <= end:
            return start <= local < end
        # Quiet hours across midnight, e.g. 22:00–07:00.
        return local >= start or local < end

    def next_digest_after(self, moment: datetime) -> datetime:
        """The next `digest_hour` o'clock in this user's time zone after `moment` (aware)."""
        zone = zoneinfo.ZoneInfo(self.time_zone)
        local = moment.astimezone(zone)
        at = datetime.combine(local.date(), time(self.digest_hour), tzinfo=zone)
        if at <= local:
            at = datetime.combine(
                local.date() + timedelta(days=1), time(self.digest_hour), tzinfo=zone
            )
        return at.astimezone(moment.tzinfo)

    def vacation_balance(self, now: datetime) -> timedelta:
        """Vacation this player may take at `now`: what was banked, plus what accrued since."""
        from games.clock.clocks import accrued_vacation

        return accrued_vacation(
            self.vacation_left, self.vacation_counted_at or self.date_joined, now
        )

    def on_vacation(self, now: datetime) -> bool:
        return self.vacation_until is not None and self.vacation_until > now

    @property
    def vacation_days_now(self) -> int:
        """Whole days of vacation this player may take now (the settings page)."""
        from django.utils import timezone

        return self.vacation_balance(timezone.now()).days

    @property
    def on_vacation_now(self) -> bool:
        from django.utils import timezone

        return self.on_vacation(timezone.now())


class NameKey(models.Model):
    """One key under which a player's username or display name is compared (accounts.names):
    a new name is checked against every player's in one indexed lookup. Rewritten whenever the
    user is saved with either name (sync_name_keys)."""

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="name_keys", verbose_name=_("player")
    )
    key = models.TextField(db_index=True, verbose_name=_("name key"))

    class Meta:
        verbose_name = _("name key")
        verbose_name_plural = _("name keys")
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="name_key_once")]

    def __str__(self) -> str:
        return self.key


@receiver(post_save, sender=User)
def sync_name_keys(sender, instance: User, update_fields=None, **kwargs) -> None:
    if update_fields is not None and not {"username", "display_name"} & set(update_fields):
        return  # a preference, a digest time, a log-in: the names did not change
    from .names import keys_of

    wanted = keys_of(instance)
    held = set(NameKey.objects.filter(user=instance).values_list("key", flat=True))
    if held != wanted:
        NameKey.objects.filter(user=instance).exclude(key__in=wanted).delete()
        NameKey.objects.bulk_create(NameKey(user=instance, key=key) for key in wanted - held)
