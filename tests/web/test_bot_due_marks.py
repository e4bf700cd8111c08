"""The mark of a bot's turn (issue 41.5): written by the move that hands the turn over, in its
own transaction; gone once the bot's task is queued; and beat's frequent look queues a turn
whose mark is left (its publish failed: tests/live/test_bots_after_redis_outage.py for real)."""

from datetime import timedelta

from django.utils import timezone

from games import tasks
from games.families.jackal import engine_state
from games.models import Game
from games.services import submit_move
from tests.factories import make_user, start_game


def alice_moves_until_the_bot_is_to_act(game) -> None:
    while game.seat_to_act() == 0:
        move = str(engine_state(game).legal_moves()[0])
        submit_move(game.pk, seat_index=0, text=move, expected_ply=game.ply, user=game.created_by)
        game.refresh_from_db()


def assert_marked_only_while_the_bot_is_to_act(game) -> None:
    """After the bot's move: back to alice and no mark, or (the deal is random) the move left
    the bot a choice of its own, an arrow or a horse, and its commit marked the game again for
    that ply, whose publish is still to come."""
    if game.seat_to_act() == 1:
        assert game.bot_due_at is not None
    else:
        assert game.seat_to_act() == 0 and game.bot_due_at is None


def test_the_hand_off_marks_the_game_and_queueing_the_bot_clears_it(
    db, django_capture_on_commit_callbacks
):
    game = start_game(make_user("alice"), bots=1)
    assert game.bot_due_at is None  # alice is to act
    with django_capture_on_commit_callbacks(execute=False) as after_commit:
        alice_moves_until_the_bot_is_to_act(game)
    assert game.bot_due_at is not None  # committed with the move, before any publish
    handed_at = game.ply
    for callback in after_commit:
        callback()  # the publish: the bot's task runs here, inline as tests run tasks
    game.refresh_from_db()
    assert game.moves.filter(ply=handed_at + 1, seat=1).exists()
    assert_marked_only_while_the_bot_is_to_act(game)


def test_beats_look_queues_a_turn_whose_publish_was_lost_and_clears_its_mark(
    db, django_capture_on_commit_callbacks
):
    game = start_game(make_user("alice"), bots=1)
    with django_capture_on_commit_callbacks(execute=False):
        alice_moves_until_the_bot_is_to_act(game)  # the publishes never happen
    handed_at = game.ply
    assert tasks.queue_due_bots() == 0  # within its grace the commit's own publish clears it
    Game.objects.filter(pk=game.pk).update(bot_due_at=timezone.now() - timedelta(seconds=3))
    assert tasks.queue_due_bots() == 1
    game.refresh_from_db()
    assert game.moves.filter(ply=handed_at + 1, seat=1).exists()
    assert_marked_only_while_the_bot_is_to_act(game)
    assert tasks.queue_due_bots() == 0  # a new mark is within its grace
