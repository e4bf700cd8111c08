"""After the game: the rematch offer and the links to the replay and the game's record
(games.rematch has the rules)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import access, services
from games.models import Game
from games.presenters.after_game import PANEL, rematch_context
from games.rematch import RematchError, answer_rematch, offer_rematch


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    if not access.can_watch(game, request.user):
        raise Http404
    action = request.POST.get("action", "")
    error = ""
    try:
        if action == "offer":
            offer = offer_rematch(game.pk, request.user)
        elif action in ("accept", "decline"):
            offer = answer_rematch(game.pk, request.user, accept=action == "accept")
        else:
            raise RematchError(_("Offer, accept or decline a rematch."))
    except services.GameError as failure:
        error, offer = failure.message, None
    if offer is not None and offer.new_game_id is not None:
        # Everyone accepted: this player goes to the new board (the others are told live).
        if request.htmx:
            return HttpResponse(headers={"HX-Redirect": offer.new_game.get_absolute_url()})
        return redirect(offer.new_game)
    return panel_answer(request, game, error)


def panel_answer(request: HttpRequest, game: Game, error: str) -> HttpResponse:
    """The answer to a form of the after-the-game panel (a rematch's, a series' pick): with
    htmx the panel afresh, `error` in it; without, the game's page at the panel, with a message.
    """
    if request.htmx:
        context = rematch_context(game, request.user, error=error)
        del context["csrf_token"]  # the request's own, from the context processor
        return render(request, PANEL, context)
    if error:
        messages.error(request, error)
    return redirect(f"{game.get_absolute_url()}#rematch")
