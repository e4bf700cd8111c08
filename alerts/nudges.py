"""A nudge ("your move, please") and the "you're next" requests, asked for from a game.

A player seated at a running game may nudge the seats to act, once a day per game (whoever
nudged last), never a player on vacation. The nudge goes through the nudged player's own
channels and choices (alerts.delivery): quiet hours hold it, and it is logged like any alert.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game

from .models import NextWatch, Nudge

ONCE_PER = timedelta(days=1)


class Refused(Exception):
    """Why the request was not done, for the player."""


def _seated_game(game_id: int, user) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.seats.filter(user=user).exists():
        raise Refused(_("You are not playing in that game."))
    return game


def nudge(game_id: int, by) -> list[str]:
    """Nudge the people to act in the game; the names nudged. Refused: why."""
    from . import delivery, tasks

    now = timezone.now()
    with transaction.atomic():
        game = _seated_game(game_id, by)
        if not game.is_running:
            raise Refused(_("That game is not running."))
        seats = list(
            game.seats.filter(must_act=True, user__isnull=False, stand_in="")
            .exclude(user=by)
            .select_related("user")
        )
        if not seats:
            raise Refused(_("Nobody else is to act in that game."))
        away = [s.user.public_name for s in seats if s.user.on_vacation(now)]
        if away:
            raise Refused(_("%(names)s is on vacation: no nudges.") % {"names": ", ".join(away)})
        last = Nudge.objects.filter(game=game).order_by("-created_at").first()
        if last is not None and last.created_at > now - ONCE_PER:
            raise Refused(_("This game was nudged less than a day ago: once a day is the most."))
        ids = []
        for seat in seats:
            Nudge.objects.create(game=game, by=by, to=seat.user, ply=game.ply, created_at=now)
            ids += delivery.write_rows(seat.user_id, game.pk, game.ply, "nudge", now)
        transaction.on_commit(lambda: tasks.deliver.delay(ids))
    return [s.user.public_name for s in seats]


def toggle_next(game_id: int, user) -> bool:
    """Ask (or stop asking) to be told when the seat before yours begins its turn; whether it
    is on now."""
    game = _seated_game(game_id, user)
    if game.players < 3:
        raise Refused(_("“You're next” is for games of three or more seats."))
    if game.is_over:
        raise Refused(_("That game is over."))
    removed, _rows = NextWatch.objects.filter(user=user, game=game).delete()
    if removed:
        return False
    NextWatch.objects.create(user=user, game=game)
    return True
