"""The board's buttons for leaving play: resign, claim the victory, take the seat back from the
bot (games.clock.forfeits has the rules). Plain forms that answer with a redirect to the board, so
they work without JavaScript; the live update tells the other pages."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import services
from games.clock import forfeits
from games.families.record_text import MAX_PLY
from games.views.board import STALE
from jackal_site.request_input import parse_int

ACTIONS = {
    "resign": (forfeits.resign, _("You resigned.")),
    "claim": (forfeits.claim_victory, _("You claimed the victory: the game is over.")),
    "reclaim": (forfeits.reclaim_seat, _("Your seat is yours again: the bot has left it.")),
}


@login_required
@require_POST
def seat_action(request: HttpRequest, game_id: int, action: str) -> HttpResponse:
    if action not in ACTIONS:
        raise Http404
    do, done = ACTIONS[action]
    # A form without the ply it was looking at is treated as stale; one with a ply that is not
    # a number is refused.
    expected_ply = parse_int(
        request.POST.get("expected_ply"), minimum=0, maximum=MAX_PLY, default=STALE
    )
    try:
        do(game_id, request.user, expected_ply=expected_ply)
    except services.NoSuchGame:
        raise Http404 from None
    except services.NotSeated:
        raise Http404 from None  # a stranger learns nothing about the game
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, str(done))
    return redirect("game_board", game_id)
