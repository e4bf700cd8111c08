"""A Redis cache that falls back to this process's memory while Redis does not answer.

The cache holds only counters of rate limits (wrong passwords, sign-ups, moves), never data a
page needs. Without a fallback, a Redis outage made every log-in answer 500, while pages and
moves (PostgreSQL) went on working. With it, limits go on counting, per process instead of
across processes: during an outage a client may get a few more tries (one allowance per web
process), which is better than nobody being able to log in. Redis is asked again on every call,
so the shared counters come back as soon as Redis does.
"""

import logging
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)
# One warning per minute of outage, not one per request.
WARN_EVERY = 60.0


def _failing_over(name: str):
    def method(self, *args, **kwargs):
        try:
            return getattr(RedisCache, name)(self, *args, **kwargs)
        except REDIS_DOWN as error:
            self._warn(error)
            return getattr(self.fallback, name)(*args, **kwargs)

    method.__name__ = name
    method.__doc__ = f"RedisCache.{name}, or the in-process cache while Redis is down."
    return method


class FailOpenRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        fallback_params = {k: v for k, v in params.items() if k not in ("OPTIONS", "LOCATION")}
        self.fallback = LocMemCache(f"redis-fallback-{server}", fallback_params)
        self._warned_at = float("-inf")

    def _warn(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._warned_at >= WARN_EVERY:
            self._warned_at = now
            logger.warning("Redis cache down (%s): counting in this process meanwhile", error)

    add = _failing_over("add")
    get = _failing_over("get")
    set = _failing_over("set")
    touch = _failing_over("touch")
    delete = _failing_over("delete")
    get_many = _failing_over("get_many")
    has_key = _failing_over("has_key")
    incr = _failing_over("incr")
    set_many = _failing_over("set_many")
    delete_many = _failing_over("delete_many")
    clear = _failing_over("clear")


def redis_cache_settings(url: str) -> dict:
    """The CACHES entry for Redis at `url` (settings.py and the outage test share it)."""
    return {
        "BACKEND": "jackal_site.cache.FailOpenRedisCache",
        "LOCATION": url,
        "KEY_PREFIX": "jackal",
        # A Redis that hangs must not hang log-in: give up after a second and fall back.
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
