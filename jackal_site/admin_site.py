"""The admin site, whose every ModelAdmin (the site's own and those of Django and allauth) reads
the rows an action is asked for as its model's keys, or refuses the request.

Django's changelist filters `pk__in` the posted `_selected_action` values as they come: "²", a
NUL or ten thousand characters raised from the query and answered 500. Here they are parsed
first, and a value that is not a key of the model is a 400 (jackal_site.views.bad_request).
"""

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from .request_input import BadInput


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


class JackalAdminSite(admin.AdminSite):
    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        checked = type(
            admin_class.__name__,
            (CheckedSelection, admin_class),
            {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__},
        )
        super().register(model_or_iterable, checked, **options)


class JackalAdminConfig(AdminConfig):
    default_site = "jackal_site.admin_site.JackalAdminSite"
