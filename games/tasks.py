"""Background work for games: bots take their turns."""

import logging
import random

from celery import shared_task

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
