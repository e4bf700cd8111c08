"""Background work for games: bots take their turns."""

import logging
from datetime import timedelta

from celery import shared_task
from django.db import DatabaseError
from django.db.models import Exists, OuterRef, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.clock.sweep import sweep_timeouts, sweep_warnings
from games.families import family_of
from rules.bots import THINKING_SECONDS, play

from . import look_back
from .models import Game, Seat
from .services import GameError, head_state, submit_move

logger = logging.getLogger(__name__)

# A bot moves for the seat: its own, or standing in for a player who ran out of time.
BOT_PLAYS = ~Q(bot="") | ~Q(stand_in="")


@shared_task(acks_late=True)
def play_bot_turn(game_id: int, ply: int) -> str:
    """If a bot is to act at `ply`, play one move for it.

    Idempotent: a task for an old ply, a finished game or a human's turn does nothing. The move's
    commit queues the task for the next ply, so a table of bots plays on by itself.
    """
    game = Game.objects.filter(pk=game_id, status=Game.Status.RUNNING, ply=ply).first()
    if game is None:
        return "stale"
    seat = Seat.objects.filter(BOT_PLAYS, game=game, must_act=True).order_by("index").first()
    if seat is None:
        return "not a bot's turn"
    # The bot sees exactly what a person in its seat would see: no peeking at face-down tiles.
    # It thinks here, before submit_move takes the game's lock. Its seed is (game, ply, seat),
    # never the game's secret seed: a re-queued task for this ply thinks the same move again.
    level = seat.bot or seat.stand_in
    level = level if level in THINKING_SECONDS else "random"
    seed = f"{game_id}-{ply}-{seat.index}"
    seconds = family_of(game.ruleset).thinking_seconds(level, THINKING_SECONDS[level])
    move = play(level, head_state(game), seat.index, seed, seconds=seconds)
    try:
        submit_move(game_id, seat_index=seat.index, text=move, expected_ply=ply)
    except GameError as error:
        # Another writer got there first (a duplicate task, an abort): nothing to do.
        logger.info("bot in game %s at ply %s: %s", game_id, ply, error.message)
        return "stale"
    return "moved"


def queue_bot_turn(sender, *, game_id: int, ply: int, **kwargs) -> None:
    """`games.signals.bot_turn_due`, after the commit: queue the bot's move."""
    try:
        play_bot_turn.delay(game_id, ply)
    except Exception:
        # The broker is away: the game keeps its mark (bot_due_at), and beat's queue_due_bots
        # queues the turn within seconds of the broker's return.
        logger.exception("could not queue the bot turn of game %s ply %s", game_id, ply)
        return
    turns_queued([(game_id, ply)])


def turns_queued(turns) -> None:
    """A task is queued for each of `turns`, (game_id, ply): their games' marks go. A game that
    has moved on since (its bot played already, say) keeps the mark of its new ply."""
    plies: dict[int, list[int]] = {}
    for game_id, ply in turns:
        plies.setdefault(ply, []).append(game_id)
    try:
        for ply, game_ids in plies.items():
            Game.objects.filter(pk__in=game_ids, ply=ply, bot_due_at__isnull=False).update(
                bot_due_at=None
            )
    except DatabaseError:
        # After the move's commit, which must not fail for this: a mark left behind costs one
        # more task for the turn (queue_due_bots), which its ply check makes harmless.
        logger.exception("could not clear the bot marks of %s turns", len(turns))


@shared_task(acks_late=True)
def play_bot_turns(turns: list) -> dict[str, int]:
    """The bot turns of a clock sweep's batch, `turns` a list of (game_id, ply), one after the
    other (each as `play_bot_turn`: a stale one does nothing); how many ended each way. A
    turn still waiting a minute on is queued again on its own by `wake_stuck_bots`."""
    results: dict[str, int] = {}
    for game_id, ply in turns:
        try:
            result = play_bot_turn(game_id, ply)
        except Exception:
            # One game's failure is not the others': they are played on; beat wakes this one.
            logger.exception("bot turn of game %s at ply %s failed", game_id, ply)
            result = "failed"
        results[result] = results.get(result, 0) + 1
    return results


def queue_bot_turns(sender, *, turns: list, **kwargs) -> None:
    """`games.signals.bot_turns_due`, after the commit: one task for all of `turns`."""
    try:
        play_bot_turns.delay([list(turn) for turn in turns])
    except Exception:
        # The broker is away: the games keep their marks for beat's queue_due_bots.
        logger.exception("could not queue %s bot turns", len(turns))
        return
    turns_queued(turns)


# How old a game's mark of a bot's turn is before beat's queue_due_bots queues it: the commit's
# own publish clears it within milliseconds, and is not raced by a duplicate.
BOT_DUE_GRACE = timedelta(seconds=2)


def due_bot_turns(cutoff):
    """(game id, ply) of the games marked as a bot's turn since before `cutoff`, oldest first."""
    return (
        Game.objects.filter(bot_due_at__lt=cutoff).order_by("bot_due_at").values_list("pk", "ply")
    )


@shared_task
def queue_due_bots() -> int:
    """Beat's frequent look (CELERY_BEAT_SCHEDULE, every 2 s) for bot turns whose publish
    failed (the broker was down at the commit): it queues each and clears its mark. One range
    of the partial index `game_bot_due`, empty when all is well. How many it queued."""
    due = list(due_bot_turns(timezone.now() - BOT_DUE_GRACE)[:500])
    for game_id, ply in due:
        # Expires as wake_stuck_bots' do: a turn queued again and again while the workers are
        # away is played once when they come back.
        play_bot_turn.apply_async((game_id, ply), expires=STUCK_BOT_AFTER.total_seconds())
    turns_queued(due)
    return len(due)


# A bot's task can be lost: the in-memory broker of the embedded default dies with its process, and
# a task that fails (the database away for a moment) is acknowledged all the same. Beat's sweep
# (every minute, CELERY_BEAT_SCHEDULE) looks for bot turns left waiting longer than this and
# queues them again; the ply check in play_bot_turn makes a duplicate harmless.
STUCK_BOT_AFTER = timedelta(minutes=1)


def bot_turns_waiting_since(cutoff):
    """(game id, ply) of the running games whose bot has been to act since before `cutoff`.

    The game side of the scan (running, waiting since before the cutoff) is one range of the
    partial index `game_running_waiting_since`; the bot check is one probe per game found.
    """
    bot_to_act = Seat.objects.filter(BOT_PLAYS, game=OuterRef("pk"), must_act=True)
    return (
        Game.objects.annotate(waiting_since=Coalesce("last_move_at", "started_at"))
        .filter(status=Game.Status.RUNNING, waiting_since__lt=cutoff)
        .filter(Exists(bot_to_act))
        .order_by()  # any order will do: no sort of the lobby's ordering
        .values_list("pk", "ply")
    )


@shared_task
def wake_stuck_bots() -> int:
    stuck = list(bot_turns_waiting_since(timezone.now() - STUCK_BOT_AFTER))
    for game_id, ply in stuck:
        # While the workers are down, every sweep queues the turn again. Each such task expires
        # by the time the next sweep can queue another, so a worker coming back finds at most
        # one live task per turn and drops the others unrun.
        play_bot_turn.apply_async((game_id, ply), expires=STUCK_BOT_AFTER.total_seconds())
    return len(stuck)


@shared_task
def sweep_clocks() -> int:
    """Beat's sweep of the correspondence clocks (games.clock.sweep): vacations that end, timeouts,
    then warnings."""
    from games.clock.vacation import (
        end_due,  # imports the accounts app's model: not at module import
    )

    return end_due() + sweep_timeouts() + sweep_warnings()


@shared_task
def look_back_game(game_id: int) -> bool:
    """The post-game look back of a finished game (games.look_back), computed once it is over:
    True when it was stored."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.is_over:
        return False
    return look_back.store(game) is not None
