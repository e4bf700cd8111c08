"""The "How to play" pages: one per ruleset whose family writes one (`SiteFamily.how_to_play`:
Jackal's two with every tile and its picture, Jamaica's round, cards and fights,
Archipelago's island, bear and abilities), and the notation for players who type their
moves."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.families import families, ruleset_choices


def _tabs() -> list[tuple[str, str]]:
    """Every ruleset with a page, in the lobby's order."""
    with_page = {code for family in families() for code in family.howto_rulesets}
    return [(code, name) for code, name in ruleset_choices() if code in with_page]


@require_GET
def how_to_play(request: HttpRequest, ruleset: str = "classic") -> HttpResponse:
    page = next(
        (family.how_to_play(ruleset) for family in families() if ruleset in family.howto_rulesets),
        None,
    )
    if page is None:
        raise Http404
    template, context = page
    return render(request, template, {"ruleset": ruleset, "rulesets": _tabs(), **context})


@require_GET
def notation(request: HttpRequest) -> HttpResponse:
    return render(request, "games/notation.html")
