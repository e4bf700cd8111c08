"""A game's message thread as the panel beside the board shows it to one viewer: for the page
(games.templatetags), the chat's htmx answers and the live updates."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games import chat
from games.models import ChatMessage, Game

PANEL = "games/chat_panel.html"


def chat_context(game: Game, user, *, csrf_token="", error: str = "", draft: str = "") -> dict:
    readable = chat.may_read(game, user)
    muted = []
    if readable and user.is_authenticated:
        muted = list(get_user_model().objects.filter(pk__in=chat.muted_ids(user)))
    return {
        "game": game,
        "user": user,
        "readable": readable,
        "writable": readable and chat.may_write(game, user),
        "chat_messages": chat.thread(game, user) if readable else [],
        "muted": muted,
        "max_length": ChatMessage.MAX_LENGTH,
        "csrf_token": csrf_token,
        "error": error,
        "draft": draft,
    }
