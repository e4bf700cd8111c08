"""Bots move in the background: a real Celery worker plays a table of four bots to its end."""

import pytest

from games.families.jackal import engine_state
from games.models import Game
from games.services import open_table, submit_move, verify_ledger
from games.tasks import play_bot_turn
from tests.conftest import wait_for
from tests.factories import make_user, start_game


@pytest.mark.redis
def test_four_bots_play_to_the_end_on_a_real_worker(celery_worker_process):
    # The lobby always seats the creator; for a table of four bots, a bot takes her seat too.
    game = open_table(creator=make_user("olive"), players=4, bot_seats=(1, 2, 3))
    game.seats.filter(index=0).update(user=None, bot="random")
    play_bot_turn.delay(game.pk, game.ply)

    def finished():
        """the bots to finish the game"""
        game.refresh_from_db()
        return game.status == Game.Status.FINISHED

    wait_for(finished, timeout=600, interval=0.5)
    assert game.outcome["reason"]
    assert game.moves.count() == game.ply > 0
    assert set(game.moves.values_list("user", flat=True)) == {None}
    assert verify_ledger(game) == []


def hand_over_to_the_bot(game, capture, *, run_callbacks: bool) -> int:
    """Alice (seat 0) moves until her turn passes (a move may leave her a chain choice).

    The after-commit callbacks (the bot's task) run when the capture ends, if `run_callbacks`.
    Returns the ply at which it became the bot's turn.
    """
    with capture(execute=run_callbacks):
        while game.seat_to_act() == 0:
            move = str(engine_state(game).legal_moves()[0])
            submit_move(
                game.pk, seat_index=0, text=move, expected_ply=game.ply, user=game.created_by
            )
            game.refresh_from_db()
        return game.ply


@pytest.mark.django_db
def test_a_bot_answers_a_human_move_and_stale_tasks_do_nothing(django_capture_on_commit_callbacks):
    game = start_game(make_user("alice"), bots=1)
    hand_over_to_the_bot(game, django_capture_on_commit_callbacks, run_callbacks=True)
    game.refresh_from_db()
    # The bot (seat 1) moved as soon as alice's move committed: it is alice's turn again.
    assert game.seat_to_act() == 0
    bot_moves = game.moves.filter(seat=1)
    assert bot_moves.exists() and set(bot_moves.values_list("user", flat=True)) == {None}
    assert play_bot_turn(game.pk, game.ply - 1) == "stale"
    assert play_bot_turn(game.pk, game.ply) == "not a bot's turn"


@pytest.mark.django_db
def test_beat_wakes_a_bot_whose_task_was_lost(django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Game
    from games.tasks import wake_stuck_bots

    game = start_game(make_user("alice"), bots=1)
    # Alice moves, but the bot's task is lost (callbacks captured, never run).
    waiting_at = hand_over_to_the_bot(game, django_capture_on_commit_callbacks, run_callbacks=False)
    assert wake_stuck_bots() == 0  # not stuck yet: it only just became the bot's turn
    Game.objects.filter(pk=game.pk).update(last_move_at=timezone.now() - timedelta(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        assert wake_stuck_bots() == 1
    game.refresh_from_db()
    assert game.ply > waiting_at and game.seat_to_act() == 0
    assert wake_stuck_bots() == 0


@pytest.mark.django_db
def test_a_broker_outage_never_turns_a_committed_move_into_an_error(
    django_capture_on_commit_callbacks, monkeypatch, caplog
):
    """The move commits first; if the bot's task cannot be queued, the player still gets their
    board (beat's wake_stuck_bots queues the bot later)."""

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker unreachable")

    monkeypatch.setattr(play_bot_turn, "delay", broker_down)
    game = start_game(make_user("alice"), bots=1)
    waiting_at = hand_over_to_the_bot(game, django_capture_on_commit_callbacks, run_callbacks=True)
    game.refresh_from_db()
    assert game.ply == waiting_at and game.seat_to_act() == 1  # committed; the bot waits
    assert "could not queue the bot turn" in caplog.text


@pytest.mark.django_db
def test_bot_work_is_queued_only_when_a_bot_is_to_act(
    django_capture_on_commit_callbacks, monkeypatch
):
    """A table of people never touches the task queue; at a table with a bot, the move that
    hands the turn to the bot queues its task (for the new ply), and no other move does."""
    queued = []
    monkeypatch.setattr(play_bot_turn, "delay", lambda *args: queued.append(args))
    people = start_game(make_user("alice"), make_user("bob"))
    for _ in range(6):
        people.refresh_from_db()
        move = str(engine_state(people).legal_moves()[0])
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(
                people.pk, seat_index=people.seat_to_act(), text=move, expected_ply=people.ply
            )
    assert queued == []

    game = start_game(make_user("carol"), bots=1)
    waiting_at = hand_over_to_the_bot(game, django_capture_on_commit_callbacks, run_callbacks=True)
    assert queued == [(game.pk, waiting_at)]


@pytest.mark.django_db
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_a_bot_of_each_level_moves_and_a_requeued_task_moves_no_more(level):
    game = start_game(make_user("alice"), bots=1)
    game.seats.filter(index=1).update(bot=level)
    game.refresh_from_db()
    # Alice moves until it is the bot's turn; then its task, twice (a re-queued duplicate).
    while game.seat_to_act() == 0:
        move = str(engine_state(game).legal_moves()[0])
        submit_move(game.pk, seat_index=0, text=move, expected_ply=game.ply, user=game.created_by)
        game.refresh_from_db()
    ply = game.ply
    assert play_bot_turn(game.pk, ply) == "moved"
    assert play_bot_turn(game.pk, ply) == "stale"
    assert game.moves.filter(seat=1, ply__gt=ply - 1).count() >= 1
