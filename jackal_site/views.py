"""Site-wide pages: the home page, a health check and the error pages."""

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.views.decorators.http import require_GET

from . import error_pages


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """For load balancers and uptime checks: answers only when the database does."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_pages.bad_request(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_pages.page_not_found(request)


def server_error(request: HttpRequest) -> HttpResponse:
    # No context processors: whatever broke may be what they need.
    return HttpResponse(loader.get_template("500.html").render(), status=500)
