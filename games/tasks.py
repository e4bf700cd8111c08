"""Background work for games: bots take their turns."""

import logging
import random
from datetime import timedelta

from celery import shared_task
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from rules.bots.random_bot import choose_move
from rules.jackal import player_view

from .models import Game, Seat
from .services import GameError, head_state, submit_move

logger = logging.getLogger(__name__)


@shared_task(acks_late=True)
def play_bot_turn(game_id: int, ply: int) -> str:
    """If a bot is to act at `ply`, play one move for it.

    Idempotent: a task for an old ply, a finished game or a human's turn does nothing. The move's
    commit queues the task for the next ply, so a table of bots plays on by itself.
    """
    game = Game.objects.filter(pk=game_id, status=Game.Status.RUNNING, ply=ply).first()
    if game is None:
        return "stale"
    seat = Seat.objects.filter(game=game, index=game.to_act_seat).exclude(bot="").first()
    if seat is None:
        return "not a bot's turn"
    # The bot sees exactly what a person in its seat would see: no peeking at face-down tiles.
    view = player_view(head_state(game), seat.index)
    move = choose_move(view, random.Random())
    try:
        submit_move(game_id, seat_index=seat.index, text=move, expected_ply=ply)
    except GameError as error:
        # Another writer got there first (a duplicate task, an abort): nothing to do.
        logger.info("bot in game %s at ply %s: %s", game_id, ply, error.message)
        return "stale"
    return "moved"


# A bot's task can be lost (the in-memory broker of the embedded default dies with the process;
# a worker crashes). Beat looks for bot turns left waiting longer than this and queues them again;
# the ply check in play_bot_turn makes a duplicate harmless.
STUCK_BOT_AFTER = timedelta(minutes=1)


@shared_task
def wake_stuck_bots() -> int:
    cutoff = timezone.now() - STUCK_BOT_AFTER
    bot_to_act = Seat.objects.filter(game=OuterRef("pk"), index=OuterRef("to_act_seat")).exclude(
        bot=""
    )
    stuck = Game.objects.filter(
        Exists(bot_to_act),
        Q(last_move_at__lt=cutoff) | Q(last_move_at__isnull=True, started_at__lt=cutoff),
        status=Game.Status.RUNNING,
    ).values_list("pk", "ply")
    for game_id, ply in stuck:
        play_bot_turn.delay(game_id, ply)
    return len(stuck)
