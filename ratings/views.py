"""The leaderboards page (what it shows: ratings.presenters.rankings_context)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .presenters import rankings_context


@require_GET
def rankings(request: HttpRequest) -> HttpResponse:
    context = rankings_context(request.user, request.GET.get("ladder"))
    return render(request, "ratings/rankings.html", context)
