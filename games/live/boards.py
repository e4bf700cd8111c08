"""The boards that live updates send: one per distinct view of a change, shared by its pages.

Everyone watching a game sees one of a few views of it: each seat its own (its legal moves, its
"(you)"), every spectator the same. After a change, `games.live.notify` sends a small message to
each view's channel group (`view_group`) naming the change (`frame`, a key new for each change);
each page has joined the group of the one view it may see (games.live.consumers), and asks
`board_frame` for that view's board. The first page of a view in a process renders it, in a
thread, and the other pages of that view await the same rendering: 500 spectators cost one
board, not 500, and no board is ever rendered for a view nobody in the process watches.

A frame is rendered from `player_view(state, seat)` of the game as it is when rendered (never
older than the change that asked for it) and in the page's language.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from channels.db import database_sync_to_async
from django.db import close_old_connections
from django.template.loader import render_to_string
from django.utils import translation

from games.families import family_of
from games.presenters.board import board_context_of_seat
from games.services import NoSuchGame, game_with_seats

# Finished boards kept per process, for pages whose message arrives a little later: a change's
# boards are wanted within a moment, so a few hundred cover many games changing at once.
KEPT_FRAMES = 256

FrameKey = tuple[int, str, int | None, str]

_frames: OrderedDict[FrameKey, str | None] = OrderedDict()
_rendering: dict[FrameKey, asyncio.Future] = {}


async def board_frame(
    game_id: int, frame: str, seat_index: int | None, language: str
) -> str | None:
    """The live board of change `frame` of the game as seat `seat_index` (None: spectators) sees
    it, in `language`: rendered once per process, whoever asks. None if the game is gone."""
    key = (game_id, frame, seat_index, language)
    if key in _frames:
        _frames.move_to_end(key)
        return _frames[key]
    loop = asyncio.get_running_loop()
    pending = _rendering.get(key)
    if pending is not None and pending.get_loop() is loop:
        return await asyncio.shield(pending)
    future = loop.create_future()
    _rendering[key] = future
    try:
        # Not in Channels' one shared thread for sync code: the pages' own handlers go on.
        html = await database_sync_to_async(render_board, thread_sensitive=False)(
            game_id, seat_index, language
        )
    except asyncio.CancelledError:
        future.cancel()
        raise
    except Exception as error:
        future.set_exception(error)
        future.exception()  # marked as retrieved: the pages waiting on it see it raised
        raise
    finally:
        if _rendering.get(key) is future:
            del _rendering[key]
    _frames[key] = html
    while len(_frames) > KEPT_FRAMES:
        _frames.popitem(last=False)
    future.set_result(html)
    return html


def render_board(game_id: int, seat_index: int | None, language: str) -> str | None:
    """The board partial, swapped in out of band, as `seat_index` sees the game now."""

    try:
        game, seats = game_with_seats(game_id)
        with translation.override(language):
            context = board_context_of_seat(game, seat_index, seats=seats)
            # No request here: forms post with htmx's X-CSRFToken header (base.html), and the
            # board swaps in out of band, by its id.
            context.update(live=True, csrf_token="")
            return render_to_string(family_of(game.ruleset).partial_template, context)
    except NoSuchGame:
        return None
    finally:
        # This runs in any thread of the loop's pool, and the connection it opened must go
        # back (to the pool, on PostgreSQL): database_sync_to_async's own clean-up does not
        # see connections opened in the copied context of the call (asgiref 3.13).
        close_old_connections()
