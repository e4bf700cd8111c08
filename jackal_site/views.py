"""Site-wide pages: the home page, a health check and the error pages."""

import sys
from functools import lru_cache

from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from . import error_pages


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"island": _island_picture(get_language())})


@lru_cache(maxsize=4)
def _island_picture(language: str) -> str:
    """The home page's picture: a Jackal island as a game begins (every tile face down, the
    ships at their sides), drawn by the board's own renderer once per language."""
    from games.families.jackal.board_svg import render_board
    from rules.jackal import new_game, player_view

    with translation.override(language):
        return render_board(player_view(new_game("classic", players=4, seed="home"), None), side=0)


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links: the site's icon, not a 404."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """For load balancers and uptime checks: answers only when the database does."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        response = JsonResponse({"status": "unavailable"}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return JsonResponse({"status": "ok"})


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_pages.bad_request(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_pages.page_not_found(request)


# How long a client is asked to wait when the database cannot serve it now: about the pool's
# wait for a connection (settings.DATABASES), after which a burst has usually drained.
RETRY_AFTER_SECONDS = 10


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this while it handles the request's uncaught exception.
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return service_unavailable(request)
    # No context processors: whatever broke may be what they need.
    return HttpResponse(loader.get_template("500.html").render(), status=500)


def service_unavailable(request: HttpRequest) -> HttpResponse:
    """503 for a request the database could not serve: every pooled connection busy longer than
    the pool waits (psycopg_pool's PoolTimeout, which Django raises as OperationalError), or the
    database gone. Nothing was written: the client may simply try again. An htmx request gets a
    small notice that its page shows in its notice area (base.html), leaving the board alone."""
    if request.headers.get("HX-Request") == "true":
        body = loader.get_template("_unavailable.html").render()
        response = HttpResponse(body, status=503)
        response["HX-Retarget"] = "#site-notice"
        response["HX-Reswap"] = "innerHTML"
    else:
        # As the 500 page: no context processors, they would ask the database again.
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
