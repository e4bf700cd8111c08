"""Starting and ending a vacation, from the settings page (games.vacation has the rules)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import vacation


@login_required
@require_POST
def vacation_view(request: HttpRequest) -> HttpResponse:
    try:
        if request.POST.get("action") == "stop":
            vacation.stop(request.user)
            messages.success(request, _("Welcome back: your clocks run again."))
        else:
            days = request.POST.get("days", "")
            if not days.isdigit():
                raise vacation.VacationError(_("Say how many days, as a whole number."))
            vacation.start(request.user, int(days))
            messages.success(request, _("Enjoy your vacation: your clocks are stopped."))
    except vacation.VacationError as error:
        messages.error(request, error.message)
    return redirect("edit_profile")
