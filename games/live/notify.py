"""What happens after a game changes and the transaction has committed.

Group messages carry ids and keys, never HTML. A change of the board goes to the channel group
of each view of the game (every seat, and the spectators: `games.live.boards`) with a key new
for this change; the pages of a view share one board rendered for that key. Pages of a waiting
table, and the thread and rematch panel beside a board, are told on the game's own group and
render their viewer's part themselves. Bot work is asked for by id and ply (the signal
`bot_turn_due`, which the tasks answer; `bot_turns_due` for a sweep's batch), and only when a bot
is to act: a table of people never touches the task queue.

Inside the web server the messages are handed to the server's event loop and sent there while
the request goes on to render its answer: the player who moved does not wait for the broadcast
to the other pages, nor for any board but their own. Elsewhere (a Celery worker, a management
command, tests without a server) they are sent before `game_changed` returns.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from concurrent.futures import Future

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.live import presence
from games.signals import bot_turn_due, bot_turns_due

logger = logging.getLogger(__name__)

SEND_CHUNK = 100  # group messages sent side by side at most

# The event loop of the ASGI server in this process (jackal_site.asgi records it), if any.
_server_loop: asyncio.AbstractEventLoop | None = None


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """Send live updates on `loop`, the ASGI server's event loop (the one its websockets use)."""
    global _server_loop
    _server_loop = loop


SPECTATORS = "spectators"


def view_name(seat_index: int | None) -> str:
    """The view of a seat's pages, or the spectators' (each view's boards are rendered once:
    games.live.boards)."""
    return SPECTATORS if seat_index is None else f"seat-{seat_index}"


def view_group(game_id: int, view: str) -> str:
    """The channel group of the pages of one view of a game (see `view_name`)."""
    return f"game-{game_id}-{view}"


def group_name(game_id: int) -> str:
    """The group of every page of a game: its thread and rematch panel."""
    return f"game-{game_id}"


def table_group(game_id: int) -> str:
    """The group of the pages of a waiting table."""
    return f"game-{game_id}-table"


def player_group(user_id: int) -> str:
    """The group of one player's open pages (their own socket: games.live.player_socket)."""
    return f"player-{user_id}"


def game_changed(
    game_id: int, ply: int, *, bot_to_act: bool, seats: int = 4, people=None, over: bool = False
) -> None:
    """The game (of `seats` seats) changed: a move, its start, its end (`over`: the change
    ended it, and its pages get the after-game panel too). `people`, the ids of the users
    seated at it, if the caller has them (else they are read)."""
    turns = _turn_messages([game_id], people)
    _publish(game_id, ply, _board_messages(game_id, ply, seats, over=over) + turns)
    if bot_to_act:
        _queue_bot(game_id, ply)


def games_changed(changes: list[tuple[int, int, bool, int]], players, finished=()) -> None:
    """Many running games changed at once (the clock sweep's batch): `(game_id, ply,
    bot_to_act, seats)` each, as `game_changed`, `players`, the people seated at them, and
    `finished`, the ids of the games the batch ended.
    Only the pages open now are told (games.live.presence, one read of the cache for the whole
    batch): most games that time out have nobody looking, and a page opened later shows what
    is committed. Their messages go in one go. They were running already: no page of their
    waiting table is left to send on."""
    watched = presence.watched_games(game_id for game_id, _ply, _bot, _seats in changes)
    ended = set(finished)
    messages = [
        m
        for game_id, ply, _bot, seats in changes
        if game_id in watched
        for m in _board_messages(game_id, ply, seats, table=False, over=game_id in ended)
    ]
    messages += [
        (player_group(user_id), {"type": "turns.changed"})
        for user_id in sorted(presence.players_online(players))
    ]
    if messages:
        _publish(changes[0][0], changes[0][1], messages)
    bot_turns = [(game_id, ply) for game_id, ply, bot_to_act, _seats in changes if bot_to_act]
    if bot_turns:
        # One task for the batch's bot turns (the bots standing in for the late players), not
        # one per game: queueing thousands one by one would be most of a large sweep's time.
        bot_turns_due.send(sender=None, turns=bot_turns)


def _board_messages(
    game_id: int, ply: int, seats: int, *, table: bool = True, over: bool = False
) -> list[tuple[str, dict]]:
    # A key of this change, shared by the pages of each view: they share its board.
    frame = f"{ply}.{uuid.uuid4().hex[:12]}"
    board = {"type": "board.changed", "frame": frame}
    if over:  # the pages follow the last board with their after-game panel
        board["over"] = True
    views = [SPECTATORS, *(view_name(index) for index in range(seats))]
    messages = [(view_group(game_id, view), board) for view in views]
    if table:  # a table that has just started or closed sends its pages on
        messages.append((table_group(game_id), {"type": "table.changed"}))
    return messages


def _turn_messages(game_ids: list[int], people=None) -> list[tuple[str, dict]]:
    """ "Your turns changed" to the own pages of each player seated at these games (their
    header's count: games.live.player_socket): `people`, or one query by the seats' game index."""
    from games.models import Seat

    users = (
        set(people)
        if people is not None
        else set(
            Seat.objects.filter(game_id__in=game_ids, user__isnull=False).values_list(
                "user_id", flat=True
            )
        )
    )
    return [(player_group(user_id), {"type": "turns.changed"}) for user_id in sorted(users)]


def _queue_bot(game_id: int, ply: int) -> None:
    # The tasks answer the signal (games.tasks.queue_bot_turn): this module never imports them.
    bot_turn_due.send(sender=None, game_id=game_id, ply=ply)


def table_changed(game_id: int) -> None:
    """A seat of a waiting table was taken or freed, or the table closed (after the commit)."""
    _publish(game_id, 0, [(table_group(game_id), {"type": "table.changed"})])


def chat_changed(game_id: int, message_id: int) -> None:
    """A message was written in the game's thread, or removed (after the commit)."""
    _publish(game_id, 0, [(group_name(game_id), {"type": "chat.changed", "message": message_id})])


def rematch_changed(game_id: int) -> None:
    """The rematch offer of a game over was made, answered, or started its game."""
    _publish(game_id, 0, [(group_name(game_id), {"type": "rematch.changed"})])


def _publish(game_id: int, ply: int, messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()

    async def send_all() -> None:
        # Each message goes to a group of its own, so they need no order among them: sent side
        # by side, a chunk at a time (a sweep's batch sends thousands; one after another, each
        # waits for its own round trip to Redis).
        for start in range(0, len(messages), SEND_CHUNK):
            chunk = messages[start : start + SEND_CHUNK]
            await asyncio.gather(*(layer.group_send(group, message) for group, message in chunk))

    loop = _server_loop
    if loop is not None and loop.is_running() and not _runs_on(loop):
        sent = asyncio.run_coroutine_threadsafe(send_all(), loop)
        sent.add_done_callback(lambda done: _log_if_failed(done, game_id, ply))
        return
    try:
        async_to_sync(send_all)()
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
