"""The live game page: one websocket per open page of a game, the waiting table's or the board's.

The group message (`games.notify`) carries only ids and the ply. Each connection renders its
own viewer's part of the page (the board from that viewer's player view, the seats of a waiting
table) and sends it as an htmx out-of-band swap: viewers see different things, so rendered HTML
is never broadcast.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import WebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from . import access, chat, notify
from .models import ChatMessage, Game
from .views.board import BOARD_PARTIAL, board_context

# Close codes of a refused handshake (4000-4999 are the application's).
NOT_SIGNED_IN = 4401
MAY_NOT_WATCH = 4403
NO_SUCH_GAME = 4404

PAGE_PUSH = "games/_page_push.html"


class GameConsumer(WebsocketConsumer):
    """Sync consumer: Channels runs each handler in a thread, so the ORM is used as usual."""

    @database_sync_to_async
    def dispatch(self, message) -> None:
        """SyncConsumer.dispatch, in the viewer's language: there is no LocaleMiddleware on a
        websocket, so each viewer's pushes are drawn in the language of their profile (only
        signed-in users are let in)."""
        user = self.scope.get("user")
        with translation.override(getattr(user, "language", None) or settings.LANGUAGE_CODE):
            handler = getattr(self, get_handler_name(message), None)
            if handler is None:
                raise ValueError(f"No handler for message type {message['type']}")
            handler(message)

    def connect(self) -> None:
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        self.group = notify.group_name(self.game_id)
        self.joined = False
        user = self.scope.get("user")
        # Closing before accepting refuses the handshake with this code (a browser sees 1006).
        if user is None or not user.is_authenticated:
            self.close(code=NOT_SIGNED_IN)
            return
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None or (game.is_over and game.started_at is None):
            # A table closed before the start has neither seats to watch nor a board.
            self.close(code=NO_SUCH_GAME)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode())
        # An invitee looks at a private table through its invitation (see access.can_watch).
        self.invite_token = query.get("invite", [""])[0]
        if not access.can_watch(game, user, self.invite_token):
            self.close(code=MAY_NOT_WATCH)
            return
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.joined = True
        self.accept()
        # The page was the waiting table's: it is sent seats, then where to go once started.
        self.table_page = game.status == Game.Status.OPEN
        if self.table_page:
            game.refresh_from_db()
            if game.status != Game.Status.OPEN:
                self.send_table(game)  # it started between the page and this handshake
            return
        # Read the ply after joining the group: a move committed in between is not missed.
        game.refresh_from_db()
        # A page that (re)connects catches up, unless it says it shows the current ply already.
        shown = query.get("ply", [""])[0]
        if shown != str(game.ply):
            self.send_board(game)

    def disconnect(self, code: int) -> None:
        if self.joined:
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive(self, text_data=None, bytes_data=None) -> None:
        """The page only listens; anything it sends is ignored."""

    def game_changed(self, event: dict) -> None:
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return
        if self.table_page:
            self.send_table(game)
        else:
            self.send_board(game)

    def chat_changed(self, event: dict) -> None:
        """A message written or removed: sent to this page if its viewer reads the thread and
        has not muted the author; chat.js places it by its id."""
        if self.table_page:
            return
        message = (
            ChatMessage.objects.select_related("author", "game").filter(pk=event["message"]).first()
        )
        user = self.scope["user"]
        if (
            message is None
            or not chat.may_read(message.game, user)
            or not chat.shows(message, user)
        ):
            return
        context = {"game": message.game, "user": user, "csrf_token": self.csrf_token()}
        if message.removed_at is not None:
            context["removed"] = message.pk
        else:
            context["message"] = message
        self.send(text_data=render_to_string(PAGE_PUSH, context))

    def rematch_changed(self, event: dict) -> None:
        if self.table_page:
            return
        from .views.rematch import PANEL, rematch_context

        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return
        context = rematch_context(game, self.scope["user"], csrf_token=self.csrf_token())
        html = render_to_string(PANEL, context)
        self.send(text_data=render_to_string(PAGE_PUSH, {"html": html}))

    def csrf_token(self) -> str:
        # Forms sent here are also posted without htmx: they carry the CSRF cookie's secret,
        # which Django accepts as a form's token as well as a masked one.
        return self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")

    def send_table(self, game: Game) -> None:
        from .views.lobby import TABLE_SEATS_PARTIAL, table_seats_context

        context = table_seats_context(game, self.scope["user"])
        context.update(invite_token=self.invite_token, live=True, csrf_token=self.csrf_token())
        self.send(text_data=render_to_string(TABLE_SEATS_PARTIAL, context))

    def send_board(self, game: Game) -> None:
        context = board_context(game, self.scope["user"])
        # No request here: forms post with htmx's X-CSRFToken header (base.html), and the board
        # swaps in out of band, by its id.
        context.update(live=True, csrf_token="")
        self.send(text_data=render_to_string(BOARD_PARTIAL, context))
