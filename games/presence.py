"""Who is looking at a game live right now: open websockets per (user, game).

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


def opened(user_id: int, game_id: int) -> None:
    key = _key(user_id, game_id)
    if cache.add(key, 1, TTL):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, TTL)
    cache.touch(key, TTL)


def renew(user_id: int, game_id: int) -> None:
    """An open page is still there: its count lives `TTL` longer. If the count was lost (the
    cache restarted, or the page's renewals were late), the page counts again as one."""
    key = _key(user_id, game_id)
    if not cache.touch(key, TTL):
        cache.add(key, 1, TTL)


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
