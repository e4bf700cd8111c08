"""Who is looking at a game live right now: open websockets per (user, game), per game, and
each player's own sockets.

The turn e-mail is skipped for a player who has the game open (reminders.services), so the web
processes, which hold the websockets, and the Celery worker, which sends mail, must share the
count: it lives in the cache (Redis when the site runs on services, in-process otherwise, where
web server and worker are one process).

A socket that dies without its disconnect (a killed server) would keep a count up for ever, so
every count expires after `TTL`; and every open page renews it every `BEAT` (the consumer's
heartbeat, `renew`), so a page left open for days keeps counting as watched. A count left by a
dead server lasts at most `TTL`: a turn e-mail in those minutes is skipped wrongly, no more.
"""

from __future__ import annotations

from django.core.cache import cache

TTL = 5 * 60  # seconds: how long a count outlives the last sign of life of its pages
BEAT = 60  # seconds between the renewals of each open page: several within a TTL


def _key(user_id: int, game_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def _game_key(game_id: int) -> str:
    """The count of every open page of a game, whoever looks (a player, a spectator)."""
    return f"presence:{game_id}"


def _player_key(user_id: int) -> str:
    """The count of a player's own sockets (each signed-in page's: games.live.player_socket)."""
    return f"online:{user_id}"


def _count_up(key: str) -> None:
    if cache.add(key, 1, TTL):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, TTL)
    cache.touch(key, TTL)


def _keep(key: str) -> None:
    if not cache.touch(key, TTL):
        cache.add(key, 1, TTL)


def _count_down(key: str) -> None:
    try:
        if cache.decr(key) <= 0:
            cache.delete(key)
    except ValueError:  # already expired: nothing to count down
        pass


def opened(user_id: int, game_id: int) -> None:
    _count_up(_key(user_id, game_id))
    _count_up(_game_key(game_id))


def renew(user_id: int, game_id: int) -> None:
    """An open page is still there: its count lives `TTL` longer. If the count was lost (the
    cache restarted, or the page's renewals were late), the page counts again as one."""
    _keep(_key(user_id, game_id))
    _keep(_game_key(game_id))


def closed(user_id: int, game_id: int) -> None:
    _count_down(_key(user_id, game_id))
    _count_down(_game_key(game_id))


def watching(user_id: int, game_id: int) -> bool:
    """Whether `user_id` has a live page of `game_id` open now."""
    return (cache.get(_key(user_id, game_id)) or 0) > 0


# A player's own socket (the header's count) counts the same way, renewed by its heartbeat.
def player_opened(user_id: int) -> None:
    _count_up(_player_key(user_id))


def player_renew(user_id: int) -> None:
    _keep(_player_key(user_id))


def player_closed(user_id: int) -> None:
    _count_down(_player_key(user_id))


# Who to send live updates to, when many games change at once (the clock sweep's batch): one
# read of the cache for the whole batch. A game nobody has open, or a player with no page open,
# is sent nothing: a page opened later renders what is committed (a socket joins its groups,
# and is counted, before it reads the game). Wrong only on the safe side: a count that outlives
# its page (a killed server, for at most TTL) sends a message nobody receives.


def watched_games(game_ids) -> set[int]:
    """The games among `game_ids` that somebody has a live page of now."""
    return _present(game_ids, _game_key)


def players_online(user_ids) -> set[int]:
    """The players among `user_ids` who have a page of the site open now."""
    return _present(user_ids, _player_key)


def _present(ids, key_of) -> set[int]:
    ids = list(ids)
    if not ids:
        return set()
    counts = cache.get_many([key_of(i) for i in ids])
    return {i for i in ids if (counts.get(key_of(i)) or 0) > 0}
