"""Each signed-in page's own socket: the header's "Your turn (N)" and the tab title stay true
while the page is open.

Every page of a signed-in player opens `/ws/me/` (static/js/turns.js); its consumer joins the
player's own group (`player_group`), which only that player's sockets join: nobody else's page
can be told their count. When a game changes, `games.live.notify` tells the groups of its seated
players "your turns changed" (no count, no game: ids only); each socket counts for its own
player (`games.lists.my_turn`, one indexed query) and sends the count and its words.
"""

from __future__ import annotations

import asyncio
import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.lists.my_turn import waiting_for
from games.live import presence
from games.live.notify import player_group

logger = logging.getLogger(__name__)

NOT_SIGNED_IN = 4401


class PlayerConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        self.group = None
        if user is None or not user.is_authenticated:
            await self.close(code=NOT_SIGNED_IN)
            return
        self.group = player_group(user.pk)
        # Counted before it joins and counts: a batch of changes that finds the player offline
        # and sends nothing was committed before this count is read (games.live.presence).
        await database_sync_to_async(presence.player_opened)(user.pk)
        self.heartbeat = asyncio.ensure_future(self._keep_online(user.pk))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # A change between the page's render and this handshake is not missed.
        await self.turns_changed({})

    async def _keep_online(self, user_id: int) -> None:
        """Renew this socket's count while it is open (counts expire: games.live.presence)."""
        while True:
            await asyncio.sleep(presence.BEAT)
            try:
                await database_sync_to_async(presence.player_renew)(user_id)
            except Exception:  # the cache away for a moment: the next beat tries again
                logger.warning("could not renew the presence of player %s", user_id)

    async def disconnect(self, code: int) -> None:
        if self.group:
            self.heartbeat.cancel()
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await database_sync_to_async(presence.player_closed)(self.scope["user"].pk)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """The page only listens; anything it sends is ignored."""

    async def turns_changed(self, event: dict) -> None:
        await self.send(text_data=await database_sync_to_async(self._count_message)())

    def _count_message(self) -> str:
        user = self.scope["user"]
        count = waiting_for(user).count()
        with translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE):
            words = _("Your turn (%(n)s)") % {"n": count} if count else ""
        return json.dumps({"my_turn": count, "words": words})
