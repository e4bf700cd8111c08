"""Automatic vacation under races (games.clock.auto_vacation): two sweeps sparing two games of
one player spend one day between them, and a last-second move behind the sweep is neither lost
nor doubled with a timeout. Each race at its worst moment (`behind_held_transaction`: the first
writer's transaction is held open until the other waits for a lock). PostgreSQL only, as
tests/live/test_seat_locks.py says why."""

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction

from games.clock.clocks import TimeControl
from games.clock.sweep import time_out_batch
from games.models import Game, SeatAction
from games.services import submit_move, verify_ledger
from tests.at_once import behind_held_transaction
from tests.factories import make_user, turn_passing_move
from tests.live import test_seat_locks
from tests.web.test_timeouts import start

pytestmark = pytest.mark.django_db(transaction=True)
bots_wait = test_seat_locks.bots_wait  # the fixture: bot turns queued, not played
first_move = test_seat_locks.first_move
DAY = timedelta(days=1)
Kind = SeatAction.Kind


def kinds(game: Game) -> list[str]:
    return list(game.seat_actions.order_by("pk").values_list("kind", flat=True))


def test_two_sweeps_sparing_two_games_of_one_player_spend_one_day(postgres, bots_wait):
    alice, bob, carol = make_user("alice", auto_vacation=True), make_user("bob"), make_user("c")
    first = start([alice, bob], TimeControl(days=1))
    second = start([alice, carol], TimeControl(days=2))
    now = second.deadline + timedelta(minutes=1)  # both due; `first` the earlier
    balance = alice.vacation_balance(now)

    # The first sweep takes `first` (and alice's row) and holds them; the second skips the
    # locked game, takes `second`, and waits for alice's row.
    held, [behind] = behind_held_transaction(
        lambda: time_out_batch(now, size=1), lambda: time_out_batch(now, size=1)
    )

    assert held == (1, 0) and behind == (1, 0)  # each saw a game, neither timed one out
    assert kinds(first) == [Kind.VACATION] and kinds(second) == [Kind.VACATION]
    alice.refresh_from_db()
    assert alice.vacation_until == now + DAY
    assert alice.vacation_left == balance - DAY  # one day, not two
    for game in (first, second):
        game.refresh_from_db()
        assert game.paused_for == "vacation" and game.is_running
        assert verify_ledger(game) == []


def test_a_last_second_move_behind_the_sweep_is_played_in_the_vacation(postgres, bots_wait):
    alice, bob = make_user("alice", auto_vacation=True), make_user("bob")
    game = start([alice, bob], TimeControl(days=1))
    move = first_move(game)
    now = game.deadline

    swept, [moved] = behind_held_transaction(
        lambda: time_out_batch(now),
        lambda: submit_move(game.pk, text=move, expected_ply=0, user=alice),
    )

    assert swept == (1, 0)
    game.refresh_from_db()
    assert game.moves.filter(user=alice).count() == 1  # the move is not lost
    assert kinds(game) == [Kind.VACATION]  # and no timeout beside it
    assert game.is_running and verify_ledger(game) == []


def test_a_sweep_beside_a_move_holding_the_game_spends_nothing(postgres, bots_wait):
    alice, bob = make_user("alice", auto_vacation=True), make_user("bob")
    game = start([alice, bob], TimeControl(days=1))
    move = turn_passing_move(game)
    now = game.deadline
    held, release = threading.Event(), threading.Event()

    def move_held_open():
        try:
            with transaction.atomic():
                submit_move(game.pk, text=move, expected_ply=0, user=alice)
                held.set()
                release.wait(30)
        finally:
            held.set()
            connection.close()

    mover = threading.Thread(target=move_held_open)
    mover.start()
    held.wait(30)
    # The sweep skips the row the move holds (SKIP LOCKED): nothing spent, nothing timed out.
    beside = time_out_batch(now)
    release.set()
    mover.join(30)
    after = time_out_batch(now)  # after the commit: bob's turn, with a deadline of its own

    assert beside == (0, 0) and after == (0, 0)
    alice.refresh_from_db()
    assert alice.vacation_until is None and kinds(game) == []
    game.refresh_from_db()
    assert game.seat_to_act() == 1 and game.deadline > now
