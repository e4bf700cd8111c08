"""Site-wide request guards: odd URLs are refused early, and every page carries a strict CSP."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from . import error_pages
from .request_input import BadInput, refuse_nul

# What a page may load. Every script and stylesheet is a file of the site's own (htmx comes
# from django-htmx's static files, the board's code is static/js/board.js), so nothing inline
# runs. Style *attributes* stay allowed: the board positions its clickable squares with
# `style="left:…;top:…"`; an attribute cannot run script, and with images, fonts and
# connections limited to the site it cannot send anything elsewhere either. `connect-src
# 'self'` covers the live board's websocket on the same host (ws:/wss:, CSP level 3).
POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class RejectOddURLsMiddleware:
    """A NUL byte in the path is 404, in the query or a posted form field 400, before any view
    sees it.

    URL converters (`<str:username>`) accept any character but "/", and PostgreSQL refuses a
    string with NUL in it: the lookup raised, and the visitor got a 500 instead of a 404. A form
    field is the same (an invitation token looked up, a name written). Uploaded files are the
    views' to read.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            return error_pages.page_not_found(request)
        try:
            refuse_nul(request.GET)
            if request.method == "POST":
                refuse_nul(request.POST)
        except BadInput as refusal:
            return error_pages.bad_request(request, refusal)
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Add the `Content-Security-Policy` header (unless CONTENT_SECURITY_POLICY is off).

    A middleware of a few lines rather than django-csp: the policy is one fixed string (no
    nonces, no per-view exceptions), so a dependency would bring only settings to learn.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.enabled = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.enabled:
            response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
