"""The live board: one websocket per open game page.

The group message (`games.notify`) carries only the game id and ply. Each connection renders its
own viewer's board partial from that viewer's player view and sends it as an htmx out-of-band swap:
viewers see different things, so rendered HTML is never broadcast.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.template.loader import render_to_string

from . import access, notify
from .models import Game
from .views.board import BOARD_PARTIAL, board_context

# Close codes of a refused handshake (4000-4999 are the application's).
NOT_SIGNED_IN = 4401
MAY_NOT_WATCH = 4403
NO_SUCH_GAME = 4404


class GameConsumer(WebsocketConsumer):
    """Sync consumer: Channels runs each handler in a thread, so the ORM is used as usual."""

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
        if game is None or game.status == Game.Status.OPEN:
            self.close(code=NO_SUCH_GAME)
            return
        if not access.can_watch(game, user):
            self.close(code=MAY_NOT_WATCH)
            return
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.joined = True
        self.accept()
        # Read the ply after joining the group: a move committed in between is not missed.
        game.refresh_from_db()
        # A page that (re)connects catches up, unless it says it shows the current ply already.
        shown = parse_qs(self.scope.get("query_string", b"").decode()).get("ply", [""])[0]
        if shown != str(game.ply):
            self.send_board(game)

    def disconnect(self, code: int) -> None:
        if self.joined:
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive(self, text_data=None, bytes_data=None) -> None:
        """The page only listens; anything it sends is ignored."""

    def game_changed(self, event: dict) -> None:
        game = Game.objects.filter(pk=self.game_id).first()
        if game is not None:
            self.send_board(game)

    def send_board(self, game: Game) -> None:
        context = board_context(game, self.scope["user"])
        # No request here: forms post with htmx's X-CSRFToken header (base.html), and the board
        # swaps in out of band, by its id.
        context.update(live=True, csrf_token="")
        self.send(text_data=render_to_string(BOARD_PARTIAL, context))
