"""After the game: the rematch offer and the links to the replay and the game's record
(games.tables has the rules)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import access, services, tables
from games.families import family_of
from games.families.archipelago.series_view import series_panel
from games.models import Game, RematchOffer
from games.views.replay import records_ready

PANEL = "games/rematch_panel.html"


def replay_url(game: Game) -> str:
    """The replay viewer (the history work builds `game_replay`); none while it does not exist."""
    try:
        return reverse("game_replay", args=[game.pk])
    except NoReverseMatch:
        return ""


def rematch_context(game: Game, user, *, csrf_token="", error: str = "") -> dict:
    over = game.is_over and game.started_at is not None
    seats = list(game.seats.select_related("user")) if over else []
    offer = RematchOffer.objects.filter(game=game).first() if over else None
    accepted = set(offer.accepted_by.values_list("pk", flat=True)) if offer else set()
    people = [seat.user for seat in seats if seat.user_id is not None]
    return {
        "game": game,
        "user": user,
        "over": over,
        "is_player": any(person.pk == user.pk for person in people),
        "offer": offer,
        "pending": offer is not None and offer.declined_by_id is None and not offer.new_game_id,
        "accepted": [person for person in people if person.pk in accepted],
        "waiting_for": [person for person in people if person.pk not in accepted],
        "i_accepted": user.pk in accepted,
        "replay_url": replay_url(game) if over else "",
        # The record's downloads beside the replay, for a family that makes records.
        "record_links": over and records_ready(family_of(game.ruleset), game),
        "csrf_token": csrf_token,
        "error": error,
        "series": series_panel(game, user) if over else None,
    }


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
            offer = tables.offer_rematch(game.pk, request.user)
        elif action in ("accept", "decline"):
            offer = tables.answer_rematch(game.pk, request.user, accept=action == "accept")
        else:
            raise tables.RematchError(_("Offer, accept or decline a rematch."))
    except services.GameError as failure:
        error, offer = failure.message, None
    if offer is not None and offer.new_game_id is not None:
        # Everyone accepted: this player goes to the new board (the others are told live).
        if request.htmx:
            return HttpResponse(headers={"HX-Redirect": offer.new_game.get_absolute_url()})
        return redirect(offer.new_game)
    if request.htmx:
        context = rematch_context(game, request.user, error=error)
        del context["csrf_token"]  # the request's own, from the context processor
        return render(request, PANEL, context)
    if error:
        messages.error(request, error)
    return redirect(f"{game.get_absolute_url()}#rematch")
