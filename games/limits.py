"""Caps that keep one account from flooding the site: waiting tables, bot games, and moves.

All are generous for a person and only stop scripts: five tables waiting at once (a table
fills in hours, a game lasts weeks), ten running games against bots only (they start at once and
every bot turn is a worker's job), and ten moves in ten seconds (a person clicks a piece and a
target, and a chain of choices is a few clicks more).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from .models import Game, Seat
from .services import GameError

MOVE_WINDOW_SECONDS = 10


class TooFast(GameError):
    code = "too_fast"


def open_tables_of(user) -> int:
    """Tables `user` opened that still wait for players."""
    return Game.objects.filter(created_by=user, status=Game.Status.OPEN).count()


def may_open_table(user) -> str | None:
    """None, or why `user` may not open another table now."""
    limit = settings.MAX_OPEN_TABLES
    if open_tables_of(user) >= limit:
        return _(
            "You already have %(n)d tables waiting for players: wait until one starts, or "
            "leave one, before opening another."
        ) % {"n": limit}
    return None


def bot_games_of(user) -> int:
    """Running games `user` plays against bots only (nobody else at the table)."""
    other_person = Seat.objects.filter(game=OuterRef("pk"), user__isnull=False).exclude(user=user)
    return (
        Game.objects.filter(status=Game.Status.RUNNING, seats__user=user)
        .filter(~Exists(other_person))
        .count()
    )


def may_start_bot_game(user) -> str | None:
    """None, or why `user` may not start another game against bots now. Such a game starts at
    once (no table waits), so the cap on waiting tables does not hold it back, and every bot
    turn is work for the site's workers."""
    limit = settings.MAX_BOT_GAMES
    if bot_games_of(user) >= limit:
        return _(
            "You already play %(n)d games against bots: finish or resign one before starting "
            "another."
        ) % {"n": limit}
    return None


def count_move(user) -> None:
    """Count one move request of `user`; raise TooFast past the limit of the current window.

    A fixed window in the cache (Redis, shared by all web processes): one `add` and one `incr`
    per request. Refused requests count too: a script that keeps trying stays refused.
    """
    window = int(time.time()) // MOVE_WINDOW_SECONDS
    key = f"moves:{user.pk}:{window}"
    cache.add(key, 0, timeout=MOVE_WINDOW_SECONDS * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr (or the cache was cleared)
        cache.set(key, 1, timeout=MOVE_WINDOW_SECONDS * 2)
        count = 1
    if count > settings.MOVE_RATE_LIMIT:
        raise TooFast(_("You are moving too fast: wait a few seconds, then try again."))
