"""The draw after a game of a series: a player's pick (`SiteFamily.series`: Archipelago's
abilities, games.families.archipelago.series)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from games import access, services
from games.families import family_of
from games.models import Game
from games.views.rematch import panel_answer


@login_required
@require_POST
def pick(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    series = family_of(game.ruleset).series
    if series is None or not access.can_watch(game, request.user):
        raise Http404
    error = ""
    try:
        series.pick(
            game.pk,
            request.user,
            request.POST.get("ability", "").strip(),
            request.POST.get("pirate", "").strip(),
        )
    except services.GameError as failure:
        error = failure.message
    return panel_answer(request, game, error)
