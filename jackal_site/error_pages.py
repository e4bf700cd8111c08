"""The pages of a refused request, drawn the same way by the error handlers (jackal_site.views)
and by the middleware that refuses a request before any view sees it."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .request_input import BadInput


def bad_request(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    # Only the site's own refusals say why: another BadRequest's or SuspiciousOperation's text
    # is written for the log, not for the visitor.
    reason = str(exception) if isinstance(exception, BadInput) else ""
    return render(request, "400.html", {"reason": reason}, status=400)


def page_not_found(request: HttpRequest) -> HttpResponse:
    return render(request, "404.html", status=404)
