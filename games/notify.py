"""What happens after a game changes and the transaction has committed.

The group message carries ids and the ply, never HTML: each websocket renders its own viewer's
board (viewers see different things). Bot work is queued by id and ply, and only when a bot is
to act: a table of people never touches the task queue.

Inside the web server the message is handed to the server's event loop and sent there while the
request goes on to render its answer: the player who moved does not wait for the broadcast to
the other pages. Elsewhere (a Celery worker, a management command, tests without a server) it
is sent before `game_changed` returns.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# The event loop of the ASGI server in this process (jackal_site.asgi records it), if any.
_server_loop: asyncio.AbstractEventLoop | None = None


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """Send live updates on `loop`, the ASGI server's event loop (the one its websockets use)."""
    global _server_loop
    _server_loop = loop


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(game_id: int, ply: int, *, bot_to_act: bool) -> None:
    from .tasks import play_bot_turn

    _publish(game_id, ply)
    if not bot_to_act:
        return
    try:
        play_bot_turn.delay(game_id, ply)
    except Exception:
        # The broker is away: beat's wake_stuck_bots queues the bot's turn again later.
        logger.exception("could not queue the bot turn of game %s ply %s", game_id, ply)


def table_changed(game_id: int) -> None:
    """A seat of a waiting table was taken or freed, or the table closed (after the commit)."""
    _publish(game_id, 0)


def chat_changed(game_id: int, message_id: int) -> None:
    """A message was written in the game's thread, or removed (after the commit)."""
    _publish(game_id, 0, {"type": "chat.changed", "message": message_id})


def rematch_changed(game_id: int) -> None:
    """The rematch offer of a game over was made, answered, or started its game."""
    _publish(game_id, 0, {"type": "rematch.changed"})


def _publish(game_id: int, ply: int, message: dict | None = None) -> None:
    layer = get_channel_layer()
    group = group_name(game_id)
    message = message or {"type": "game.changed", "ply": ply}
    loop = _server_loop
    if loop is not None and loop.is_running() and not _runs_on(loop):
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        sent.add_done_callback(lambda done: _log_if_failed(done, game_id, ply))
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception as error:
        _log_failure(error, game_id, ply)


def _runs_on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _log_if_failed(done: Future, game_id: int, ply: int) -> None:
    error = None if done.cancelled() else done.exception()
    if error is not None:
        _log_failure(error, game_id, ply)


def _log_failure(error: BaseException, game_id: int, ply: int) -> None:
    # A live update that cannot be sent must not undo a committed move: pages catch up when
    # they reconnect or reload.
    logger.error("could not publish game %s ply %s", game_id, ply, exc_info=error)
