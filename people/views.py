"""The people's pages: the seats that need a player, taking one, keeping the bot instead."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import services
from games.models import Game
from jackal_site.request_input import BadNumber, parse_int

from . import presenters, substitutes


@require_GET
def seats_needing_players(request: HttpRequest) -> HttpResponse:
    """'A seat needs a player': every seat offered to substitutes, filtered by the rating of
    the table and the reliability it asks for."""
    try:
        low = parse_int(request.GET.get("rating_from"), minimum=0, maximum=9999, default=None)
        high = parse_int(request.GET.get("rating_to"), minimum=0, maximum=9999, default=None)
    except BadNumber:
        messages.error(request, _("A rating is a whole number from 0 to 9999."))
        low = high = None
    context = presenters.seats_context(request.user, low, high)
    return render(request, "people/seats.html", context)


@login_required
@require_POST
def take_seat(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        ply = parse_int(request.POST.get("expected_ply"), minimum=0, maximum=10**6)
        substitutes.take_seat(game.pk, request.user, seat, expected_ply=ply)
    except BadNumber:
        messages.error(request, _("The board has changed: look again."))
        return redirect("seats_needing_players")
    except services.GameError as error:
        messages.error(request, error.message)
        return redirect("seats_needing_players")
    messages.success(request, _("The seat is yours: play on from here."))
    return redirect(game)


@login_required
@require_POST
def object_to_substitute(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        substitutes.object_to_substitute(game.pk, request.user, seat)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The bot keeps the seat: no substitute will be offered it."))
    return redirect(game)
