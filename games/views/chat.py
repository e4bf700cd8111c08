"""A game's message thread: the panel beside the board, writing in it, muting someone.

Both forms work without JavaScript (a post and a redirect back to the game); with htmx they swap
the panel (`games/chat_panel.html`). New messages reach open pages over the game's websocket.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import access, chat
from games.models import ChatMessage, Game
from games.presenters.chat import PANEL, chat_context
from jackal_site.request_input import MAX_ID, BadNumber, parse_int


def _game_for(request: HttpRequest, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not access.can_watch(game, request.user):
        raise Http404  # a private game does not admit to existing
    return game


def _answer(request: HttpRequest, game: Game, *, error: str = "", draft: str = "") -> HttpResponse:
    if request.htmx:
        # 200 even for an error: htmx swaps only successful answers, and the panel says it.
        context = chat_context(game, request.user, error=error, draft=draft)
        del context["csrf_token"]  # the request's own, from the context processor
        return render(request, PANEL, context)
    if error:
        messages.error(request, error)
    return redirect(f"{game.get_absolute_url()}#chat")


@login_required
@require_POST
def post_message(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_for(request, game_id)
    text = request.POST.get("text", "")
    try:
        chat.post(game.pk, request.user, text)
    except chat.ChatError as error:
        return _answer(request, game, error=error.message, draft=text[: ChatMessage.MAX_LENGTH * 2])
    return _answer(request, game)


@login_required
@require_POST
def mute(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_for(request, game_id)
    try:
        other = parse_int(request.POST.get("user"), minimum=1, maximum=MAX_ID)
    except BadNumber:
        other = None
    if other is None or not get_user_model().objects.filter(pk=other).exists():
        return _answer(request, game, error=gettext("There is no such person to mute."))
    try:
        chat.set_muted(request.user, other, request.POST.get("mute") != "0")
    except chat.ChatError as error:
        return _answer(request, game, error=error.message)
    return _answer(request, game)
