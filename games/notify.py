"""What happens after a game changes and the transaction has committed.

The group message carries ids and the ply, never HTML: each websocket renders its own viewer's
board (viewers see different things). Bot work is queued by id and ply.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(game_id: int, ply: int) -> None:
    from .tasks import play_bot_turn

    layer = get_channel_layer()
    try:
        async_to_sync(layer.group_send)(group_name(game_id), {"type": "game.changed", "ply": ply})
    except Exception:
        # A live update that cannot be sent must not undo a committed move: pages catch up
        # when they reconnect or reload.
        logger.exception("could not publish game %s ply %s", game_id, ply)
    try:
        play_bot_turn.delay(game_id, ply)
    except Exception:
        # The broker is away: beat's wake_stuck_bots queues the bot's turn again later.
        logger.exception("could not queue the bot turn of game %s ply %s", game_id, ply)
