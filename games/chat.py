"""A message thread per game: who may read and write it, posting, muting and removal.

Messages are the players' own plain text, stored as typed and escaped wherever shown; nothing of
the game's state goes in (a thread is readable by spectators, and stays after the game). Live
pushes go through `games.live.notify` with ids only: each websocket decides what its viewer sees.
"""

from __future__ import annotations

import re
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import access
from games.live import notify
from people import blocks, conduct

from .models import ChatMessage, ChatMute, Game

# At most this many messages per person in this many seconds, across all games: enough to talk,
# too few to flood a thread.
RATE_COUNT = 5
RATE_SECONDS = 30
SHOWN = 100  # the newest messages a page shows
# Control characters other than the newline would only hide or garble text.
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


class ChatError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def is_player(game: Game, user) -> bool:
    return user.is_authenticated and game.seats.filter(user=user).exists()


def may_read(game: Game, user) -> bool:
    """Players, and staff; spectators (who may watch) unless the table keeps the thread to the
    players."""
    if not user.is_authenticated or not access.can_watch(game, user):
        return False
    return game.spectators_read_chat or user.is_staff or is_player(game, user)


def may_write(game: Game, user) -> bool:
    """The players, from the start of the game on (and after it: "good game")."""
    return game.started_at is not None and is_player(game, user)


def clean_text(text: str) -> str:
    text = CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = re.sub(r"\n{3,}", "\n\n", text)  # one blank line at most
    return text.strip()


def post(game_id: int, user, text: str) -> ChatMessage:
    text = clean_text(text or "")
    with transaction.atomic():
        game = Game.objects.filter(pk=game_id).first()
        if game is None or not may_write(game, user):
            raise ChatError(_("Only the players of a game write in its thread."))
        if conduct.is_muted(user):
            raise ChatError(_("The staff have muted you: you cannot write in the threads."))
        if not text:
            raise ChatError(_("Write something first."))
        if len(text) > ChatMessage.MAX_LENGTH:
            raise ChatError(
                _("A message has at most %(max)d characters; this one has %(n)d.")
                % {"max": ChatMessage.MAX_LENGTH, "n": len(text)}
            )
        since = timezone.now() - timedelta(seconds=RATE_SECONDS)
        if ChatMessage.objects.filter(author=user, created_at__gte=since).count() >= RATE_COUNT:
            raise ChatError(
                _("Slow down: at most %(n)d messages in %(s)d seconds.")
                % {"n": RATE_COUNT, "s": RATE_SECONDS}
            )
        message = ChatMessage.objects.create(game=game, author=user, text=text)
        transaction.on_commit(lambda: notify.chat_changed(game.pk, message.pk))
    return message


def remove(message_ids, staff_user) -> int:
    """Staff take messages out of their threads (the admin keeps them); pages drop them live."""
    with transaction.atomic():
        messages = list(ChatMessage.objects.filter(pk__in=message_ids, removed_at__isnull=True))
        ChatMessage.objects.filter(pk__in=[m.pk for m in messages]).update(
            removed_at=timezone.now(), removed_by=staff_user
        )
        for message in messages:
            transaction.on_commit(
                lambda m=message: notify.chat_changed(m.game_id, m.pk)  # type: ignore[misc]
            )
    return len(messages)


def set_muted(user, other_id: int, muted: bool) -> None:
    if not user.is_authenticated or other_id == user.pk:
        raise ChatError(_("You cannot mute yourself."))
    if muted:
        ChatMute.objects.get_or_create(user=user, muted_id=other_id)
    else:
        ChatMute.objects.filter(user=user, muted_id=other_id).delete()


def muted_ids(user) -> set[int]:
    """The authors `user` does not read: those they muted, and those they blocked."""
    if not user.is_authenticated:
        return set()
    muted = set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))
    return muted | blocks.hidden_authors(user)


def thread(game: Game, user) -> list[ChatMessage]:
    """The newest messages `user` sees, oldest first: not removed, not by someone they muted."""
    query = (
        game.chat_messages.filter(removed_at__isnull=True)
        .exclude(author_id__in=muted_ids(user))
        .select_related("author")
        .order_by("-created_at", "-pk")
    )
    return list(reversed(query[:SHOWN]))


def shows(message: ChatMessage, user) -> bool:
    """Whether a pushed message goes to `user`'s page (a removed one goes, to be dropped)."""
    return message.author_id not in muted_ids(user) or message.removed_at is not None
