"""The site's admin. Every ModelAdmin registered on it is guarded, whoever wrote it (this
project, Django's auth, allauth), so that no admin can forget two rules:

- No changelist filter, sort or search reads a secret field (SECRET_FIELDS). A list answers
  `?seed__startswith=a` with a page that has the row or not, so some 500 requests would spell
  out a 64-hex seed, and with an Archipelago series' seed every ability draw still to come
  (issues 17 and 41.7). Django answers a refused lookup with 400 Bad Request.
- A private game, and every row about one (GAME_PATHS), is listed only to holders of the
  watch_private_game permission: being staff alone gives nothing (issue 41.6).

- An action runs only on rows named by well-formed keys: Django's changelist filters
  `pk__in` the posted `_selected_action` values as they come, and "²", a NUL or ten thousand
  characters raised from the query and answered 500; here a value that is not a key of the
  model is a 400 (issue 41.3).

settings.INSTALLED_APPS names AdminConfig below in place of django.contrib.admin, which makes
GuardedAdminSite the default site (`admin.site`, `@admin.register`). Django imports this module
before the models load, so it imports no model at the top (games.access waits for a request).
"""

from __future__ import annotations

from functools import cache

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core import checks
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db.models import F
from django.db.models.constants import LOOKUP_SEP
from django.utils.translation import gettext as _

from jackal_site.request_input import BadInput

# Every field that holds or betrays hidden information or a credential, by model. A test walks
# every model and fails on a field named like a secret (seed, secret, token, state, password,
# hash, key) that is in neither this list nor PUBLIC_ON_PURPOSE.
SECRET_FIELDS: dict[str, frozenset[str]] = {
    # The deal, the cached position (face-down tiles, hands), the outcome computed from it, and
    # the invitation that opens a private table.
    "games.Game": frozenset({"seed", "state", "outcome", "invite_token"}),
    # The series' seed orders the ability cards still to come.
    "games.Series": frozenset({"seed"}),
    "accounts.User": frozenset({"password"}),
    "account.EmailConfirmation": frozenset({"key"}),
    "sessions.Session": frozenset({"session_key", "session_data"}),
    # A webhook's signing secret, and the calendar's secret address (alerts).
    "alerts.Webhook": frozenset({"secret"}),
    "alerts.CalendarFeed": frozenset({"token"}),
}

# Fields named like secrets that are not: said here so that the test knows it was decided.
PUBLIC_ON_PURPOSE: dict[str, frozenset[str]] = {
    # Published before the first move so that players can check the seed revealed at the end.
    "games.Game": frozenset({"seed_hash"}),
    # The seat's place in its player's list of games (games.lists.listing), not a credential.
    "games.Seat": frozenset({"list_key"}),
    # A player's names as compared for look-alikes (accounts.names): public names, reshaped.
    "accounts.NameKey": frozenset({"key"}),
}

# How each model that is about a game reaches it (the lookup path to games.Game): its rows are
# listed only where the game may be. A test fails on a registered model that reaches a game
# through its foreign keys and is not declared here.
GAME_PATHS: dict[str, str] = {
    "games.Game": "",
    "games.Move": "game",
    "games.Seat": "game",
    "games.SeatAction": "game",
    "games.ChatMessage": "game",
    "games.Series": "games__game",
    "games.SeriesGame": "game",
    "reminders.Reminder": "game",
    "ratings.RatedGame": "game",
    "ratings.RatingChange": "rated_game__game",
    "ratings.Standing": "game",
    "people.Excuse": "action__game",
    "people.Report": "game",
    "people.Sanction": "report__game",
}


def secret_fields(model) -> frozenset[str]:
    return SECRET_FIELDS.get(model._meta.label, frozenset())


def reads_secret(model, lookup: str) -> bool:
    """Whether the lookup path (`seed__startswith`, `game__state__tiles__F7`,
    `seats__game__seed`) starting at `model` reaches a secret field. Relations are followed
    both ways, so that a detour (`moves__game__seed`) is caught; what follows a plain field is
    a transform or a lookup and ends the walk."""
    for part in lookup.split(LOOKUP_SEP):
        if part in secret_fields(model):
            return True
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return False  # `pk`, a lookup or a transform: Django refuses or ignores the rest
        if not field.is_relation or field.related_model is None:
            return False
        model = field.related_model
    return False


def _ordering_names(item) -> list[str]:
    """The field paths an ordering item sorts by: "-seed", F("seed"), F("seed").desc()."""
    if isinstance(item, str):
        return [item.lstrip("-?")]
    flatten = getattr(item, "flatten", None)
    if flatten is None:
        return []
    return [node.name for node in flatten() if isinstance(node, F)]


class GuardedChangeList:
    """Mixed into each admin's ChangeList: a sort (`?o=N`, or a column's admin_order_field) by
    a secret field is refused as a filter on it would be, with 400."""

    def get_ordering(self, request, queryset):
        ordering = super().get_ordering(request, queryset)
        for item in ordering:
            for name in _ordering_names(item):
                if reads_secret(self.model, name):
                    raise DisallowedModelAdminLookup(f"Sorting by {name} not allowed")
        return ordering


@cache
def _guarded_changelist(changelist: type) -> type:
    return type(f"Guarded{changelist.__name__}", (GuardedChangeList, changelist), {})


class SecretGuard:
    """Mixed into every registered ModelAdmin by GuardedAdminSite.register."""

    def lookup_allowed(self, lookup, value, request=None):
        if reads_secret(self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)

    def get_changelist(self, request, **kwargs):
        return _guarded_changelist(super().get_changelist(request, **kwargs))

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        path = GAME_PATHS.get(self.model._meta.label)
        if path is None:
            return queryset
        from games import access  # the admin site loads before the apps' models

        return access.without_private_games(queryset, request.user, path)

    def check(self, **kwargs):
        """`manage.py check` names a search, filter or column that would read a secret."""
        errors = super().check(**kwargs)
        named = [
            *(name.lstrip("^=@") for name in self.search_fields),
            *(item[0] if isinstance(item, (list, tuple)) else item for item in self.list_filter),
            *([self.date_hierarchy] if self.date_hierarchy else []),
            *(name for item in self.ordering or () for name in _ordering_names(item)),
        ]
        for column in self.list_display:
            order = column if isinstance(column, str) else None
            attr = getattr(self, column, None) if isinstance(column, str) else column
            order = getattr(attr, "admin_order_field", order)
            named.extend(_ordering_names(order) if order is not None else [])
        for name in named:
            if isinstance(name, str) and reads_secret(self.model, name):
                errors.append(
                    checks.Error(
                        f"{type(self).__name__} searches, filters or sorts by the secret {name!r}.",
                        obj=type(self),
                        id="jackal_site.E001",
                    )
                )
        return errors


class CheckedSelection:
    """A ModelAdmin whose actions run only on rows named by well-formed keys."""

    def response_action(self, request, queryset):
        key = self.model._meta.pk
        for value in request.POST.getlist(ACTION_CHECKBOX_NAME):
            try:
                key.run_validators(key.to_python(value))
            except ValidationError:
                refusal = _("The rows chosen for the action are not rows of this list.")
                raise BadInput(refusal) from None
        return super().response_action(request, queryset)


class GuardedAdminSite(admin.AdminSite):
    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, SecretGuard):
            admin_class = type(
                admin_class.__name__,
                (SecretGuard, CheckedSelection, admin_class),
                {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__},
            )
        super().register(model_or_iterable, admin_class, **options)


class AdminConfig(DjangoAdminConfig):
    default_site = "games.admin.guard.GuardedAdminSite"
