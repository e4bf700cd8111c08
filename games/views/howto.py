"""The "How to play" pages: one per Jackal ruleset (goal, a turn, every tile with its picture),
Jamaica's (its round, cards, holds, fights, treasures and notation), Archipelago's (its island,
tiles, bear and abilities), and Jackal's notation for
players who type their moves."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games.families.archipelago import howto as archipelago_howto
from games.families.jackal.board_svg import tile_picture
from games.families.jackal.howto import RULESETS, tile_entries
from games.families.jamaica import howto as jamaica_howto
from games.models import RULESET_CHOICES

# The rulesets with a page here: Jackal's two (its tiles), Jamaica and Archipelago (their own).
PAGES = (*RULESETS, "jamaica", "archipelago")


def _tabs() -> list[tuple[str, str]]:
    return [(code, name) for code, name in RULESET_CHOICES if code in PAGES]


@require_GET
def how_to_play(request: HttpRequest, ruleset: str = "classic") -> HttpResponse:
    if ruleset == "jamaica":
        return render(
            request,
            "games/jamaica/how_to_play.html",
            {"ruleset": ruleset, "rulesets": _tabs(), **jamaica_howto.page_context()},
        )
    if ruleset == "archipelago":
        return _archipelago(request)
    if ruleset not in RULESETS:
        raise Http404
    tiles = [
        {
            "entry": entry,
            # The art is drawn by the site from fixed data: nothing a user wrote is in it.
            "pictures": [mark_safe(tile_picture(text)) for text in entry.pictures],
        }
        for entry in tile_entries(ruleset)
    ]
    return render(
        request,
        "games/how_to_play.html",
        {
            "ruleset": ruleset,
            "rulesets": _tabs(),
            "second_edition": ruleset == "second-edition",
            "tiles": tiles,
        },
    )


def _archipelago(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "games/archipelago/how_to_play.html",
        {"ruleset": "archipelago", "rulesets": _tabs(), **archipelago_howto.page_context()},
    )


@require_GET
def notation(request: HttpRequest) -> HttpResponse:
    return render(request, "games/notation.html")
