"""Starting and ending a vacation, from the settings page (games.clock.vacation has the rules)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.clock import vacation
from jackal_site.request_input import BadNumber, parse_int


@login_required
@require_http_methods(["GET", "POST"])
def vacation_view(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":  # a typed or bookmarked address: the form that starts one
        return redirect(reverse("edit_profile") + "#vacation")
    try:
        if request.POST.get("action") == "stop":
            vacation.stop(request.user)
            messages.success(request, _("Welcome back: your clocks run again."))
        else:
            try:
                # The bank holds at most a few weeks: games.clock.vacation says how many days it
                # has.
                days = parse_int(request.POST.get("days"), minimum=1, maximum=10**4)
            except BadNumber:
                raise vacation.VacationError(_("Say how many days, as a whole number.")) from None
            vacation.start(request.user, days)
            messages.success(request, _("Enjoy your vacation: your clocks are stopped."))
    except vacation.VacationError as error:
        messages.error(request, error.message)
    return redirect("edit_profile")
