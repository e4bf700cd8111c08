"""Who is looking at a game live right now: open websockets per (user, game).

The turn e-mail is skipped for a player who has the game open (reminders.services), so the web
processes, which hold the websockets, and the Celery worker, which sends mail, must share the
count: it lives in the cache (Redis when the site runs on services, in-process otherwise, where
web server and worker are one process). A socket that dies without its disconnect (a killed
server) would keep a count up for ever, so every count expires after `TTL` (renewed by every
page that opens): at worst a turn e-mail within that time is skipped wrongly, or one is sent to
a page left open longer than that without reconnecting.
"""

from __future__ import annotations

from django.core.cache import cache

TTL = 6 * 60 * 60  # seconds


def _key(user_id: int, game_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def opened(user_id: int, game_id: int) -> None:
    key = _key(user_id, game_id)
    if cache.add(key, 1, TTL):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, TTL)
    cache.touch(key, TTL)


def closed(user_id: int, game_id: int) -> None:
    key = _key(user_id, game_id)
    try:
        if cache.decr(key) <= 0:
            cache.delete(key)
    except ValueError:  # already expired: nothing to count down
        pass


def watching(user_id: int, game_id: int) -> bool:
    """Whether `user_id` has a live page of `game_id` open now."""
    return (cache.get(_key(user_id, game_id)) or 0) > 0
