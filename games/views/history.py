"""The archive page: games that were played to an end (or stopped), newest end first, with
filters (games.presenters.archive builds it)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.presenters.archive import archive_context


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    return render(request, "games/history.html", archive_context(request))
