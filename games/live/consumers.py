"""The live game page: one websocket per open page of a game, the waiting table's or the board's.

Group messages (`games.live.notify`) carry only ids and keys. A board's page joins the channel group
of the one view of the game its viewer may see (their seat's, or the spectators') and is sent
that view's board, rendered once for all the pages of the view (`games.live.boards`); it never
joins another view's group, so no other view's board can reach it. The pages of a waiting table,
the thread and the rematch panel are rendered for each page's own viewer, as htmx out-of-band
swaps.

The consumer is asynchronous: a board sent to 500 pages is 500 sends on the event loop, not 500
turns of one thread. What reads the database runs in a thread (`database_sync_to_async`).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games import access, chat
from games.live import boards, notify, presence
from games.models import ChatMessage, Game
from games.presenters.after_game import PANEL, rematch_context
from games.presenters.tables import TABLE_SEATS_PARTIAL, table_seats_context

logger = logging.getLogger(__name__)

# Close codes of a refused handshake (4000-4999 are the application's).
NOT_SIGNED_IN = 4401
MAY_NOT_WATCH = 4403
NO_SUCH_GAME = 4404

PAGE_PUSH = "games/_page_push.html"


class GameConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        self.groups_joined: list[str] = []
        user = self.scope.get("user")
        # Closing before accepting refuses the handshake with this code (a browser sees 1006).
        if user is None or not user.is_authenticated:
            await self.close(code=NOT_SIGNED_IN)
            return
        self.language = getattr(user, "language", "") or settings.LANGUAGE_CODE
        query = parse_qs(self.scope.get("query_string", b"").decode())
        # An invitee looks at a private table through its invitation (see access.can_watch).
        self.invite_token = query.get("invite", [""])[0]
        refusal = await database_sync_to_async(self._admit)(user)
        if refusal:
            await self.close(code=refusal)
            return
        await database_sync_to_async(presence.opened)(user.pk, self.game_id)
        self.present = True  # no turn e-mail while this page is open
        self.heartbeat = asyncio.ensure_future(self._keep_present(user.pk))
        # The page was the waiting table's: it is sent seats, then where to go once started.
        groups = [notify.group_name(self.game_id)]
        if self.table_page:
            groups.append(notify.table_group(self.game_id))
        else:
            groups.append(notify.view_group(self.game_id, notify.view_name(self.seat)))
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined.append(group)
        await self.accept()
        # Read the game after joining the groups: a change committed in between is not missed.
        status, ply = await database_sync_to_async(self._status_and_ply)()
        if self.table_page:
            if status != Game.Status.OPEN:
                await self.table_changed({})  # it started between the page and this handshake
            return
        # A page that (re)connects catches up, unless it says it shows the current ply already.
        if query.get("ply", [""])[0] != str(ply):
            # A board of its own: what else changed since the last move (an abort) is not known.
            await self.send_board(f"connect.{uuid.uuid4().hex}")

    def _admit(self, user) -> int | None:
        """Whether this user may follow this game (a close code if not); sets what the page is."""
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None or (game.is_over and game.started_at is None):
            # A table closed before the start has neither seats to watch nor a board.
            return NO_SUCH_GAME
        if not access.can_watch(game, user, self.invite_token):
            return MAY_NOT_WATCH
        self.table_page = game.status == Game.Status.OPEN
        seat = access.seat_of(game, user)
        # The one view this page may see: its viewer's seat, or the spectators'.
        self.seat = seat.index if seat is not None else None
        return None

    async def _keep_present(self, user_id: int) -> None:
        """Renew this page's presence while it is open (games.live.presence: counts expire)."""
        while True:
            await asyncio.sleep(presence.BEAT)
            try:
                await database_sync_to_async(presence.renew)(user_id, self.game_id)
            except Exception:  # the cache away for a moment: the next beat tries again
                logger.warning("could not renew the presence on game %s", self.game_id)

    def _status_and_ply(self) -> tuple[str, int]:
        return Game.objects.values_list("status", "ply").get(pk=self.game_id)

    async def disconnect(self, code: int) -> None:
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        if getattr(self, "present", False):
            self.heartbeat.cancel()
            await database_sync_to_async(presence.closed)(self.scope["user"].pk, self.game_id)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The page only listens; anything it sends is ignored."""

    # --- Messages of the groups (games.live.notify)
    # ---------------------------------------------------

    async def board_changed(self, event: dict) -> None:
        await self.send_board(event["frame"])
        if event.get("over"):
            # The game ended while this page watched: the rematch, the series' next game, the
            # replay and the record arrive now, not at the next reload.
            await self.rematch_changed(event)

    async def table_changed(self, event: dict) -> None:
        html = await database_sync_to_async(self._table_html)()
        if html:
            await self.send(text_data=html)

    async def chat_changed(self, event: dict) -> None:
        """A message written or removed: sent to this page if its viewer reads the thread and
        has not muted the author; chat.js places it by its id."""
        if self.table_page:
            return
        html = await database_sync_to_async(self._chat_html)(event["message"])
        if html:
            await self.send(text_data=html)

    async def rematch_changed(self, event: dict) -> None:
        if self.table_page:
            return
        html = await database_sync_to_async(self._rematch_html)()
        if html:
            await self.send(text_data=html)

    # --- What is sent ----------------------------------------------------------------------------

    async def send_board(self, frame: str) -> None:
        html = await boards.board_frame(self.game_id, frame, self.seat, self.language)
        if html:
            await self.send(text_data=html)

    def csrf_token(self) -> str:
        # Forms sent here are also posted without htmx: they carry the CSRF cookie's secret,
        # which Django accepts as a form's token as well as a masked one.
        return self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")

    def _table_html(self) -> str:

        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return ""
        context = table_seats_context(game, self.scope["user"])
        context.update(invite_token=self.invite_token, live=True, csrf_token=self.csrf_token())
        with translation.override(self.language):
            return render_to_string(TABLE_SEATS_PARTIAL, context)

    def _chat_html(self, message_id: int) -> str:
        message = ChatMessage.objects.select_related("author", "game").filter(pk=message_id).first()
        user = self.scope["user"]
        if (
            message is None
            or not chat.may_read(message.game, user)
            or not chat.shows(message, user)
        ):
            return ""
        context = {"game": message.game, "user": user, "csrf_token": self.csrf_token()}
        if message.removed_at is not None:
            context["removed"] = message.pk
        else:
            context["message"] = message
        with translation.override(self.language):
            return render_to_string(PAGE_PUSH, context)

    def _rematch_html(self) -> str:

        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return ""
        context = rematch_context(game, self.scope["user"], csrf_token=self.csrf_token())
        with translation.override(self.language):
            html = render_to_string(PANEL, context)
            return render_to_string(PAGE_PUSH, {"html": html})
