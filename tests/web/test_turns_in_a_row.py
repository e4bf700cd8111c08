"""A seat that plays several turns in a row (the others skipped after their timeouts, or a game
of one) keeps one clock, and each of its turns is a new turn of that clock: days per move start
afresh, a time bank is charged each turn and given its increment. A decision within a turn (a
chain's choice, a bottle) is still the same turn."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import TestCase

from games import services
from games.clock.clocks import BANK, TimeControl
from games.clock.sweep import sweep_timeouts
from games.models import Game, Seat
from games.services import join_table, open_table, submit_move, verify_ledger
from reminders.models import Reminder

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def now():
    return services.timezone.now()


def start(people, control):
    game = open_table(
        creator=people[0], players=len(people), control=control, timeout_policy="skip"
    )
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def play_move(game: Game) -> bool:
    """The seat to act plays a legal move of play (never an offer to end), as its player;
    whether the rules say its turn ended with it (computed on a copy of the position)."""
    state = services.head_state(game)
    seat = game.seat_to_act()
    move = next(m for m in state.legal_moves(seat) if m not in ("offer end", "accept end"))
    before = state.turns_begun()
    state.apply(seat, move)
    user = game.seats.get(index=seat).user
    # The turn e-mails' rows are written once the move commits (games.services).
    with TestCase.captureOnCommitCallbacks(execute=True):
        submit_move(game.pk, text=move, expected_ply=game.ply, user=user)
    game.refresh_from_db()
    return state.turns_begun() != before


def play_turn(game: Game) -> list[datetime]:
    """Moves of the seat to act until its turn ends: the deadlines seen within the turn."""
    deadlines = []
    while game.is_running:
        deadlines.append(game.deadline)
        if play_move(game):
            break
    return deadlines


def alone_after_bob_is_skipped(travel, alice, bob, control, out_of_time):
    """A two-player table where bob runs out of time and is skipped: alice plays on alone."""
    game = start([alice, bob], control)
    play_turn(game)
    assert game.seat_to_act() == 1
    travel.shift(out_of_time)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    assert game.is_running and game.seat_to_act() == 0
    assert services.head_state(game).state.skipped_seats == [1]
    return game


def test_days_per_move_start_afresh_at_each_turn_of_a_seat_playing_alone(db, travel, alice, bob):
    game = alone_after_bob_is_skipped(travel, alice, bob, TimeControl(days=1), DAY)
    assert game.deadline == now() + DAY  # alice's turn began at the skip
    told = Reminder.objects.filter(user=alice, kind="turn").count()
    for _turn in range(4):
        # Each turn takes alice 20 hours: four turns would be 80 hours of one clock of a day.
        travel.shift(20 * HOUR)
        within = play_turn(game)
        assert len(set(within)) == 1  # a decision within the turn restarts nothing
        assert game.is_running and game.seat_to_act() == 0
        assert game.deadline == now() + DAY  # a new turn: a whole day again
        assert game.turn_started_at == now()
    # Her own next turn is no news to her: no "your turn" e-mail for it.
    assert Reminder.objects.filter(user=alice, kind="turn").count() == told
    travel.shift(20 * HOUR)
    assert sweep_timeouts() == 0  # never out of time: each turn took 20 h of its day
    game.refresh_from_db()
    assert game.is_running
    assert verify_ledger(game) == []


def test_a_time_bank_is_charged_each_turn_of_a_seat_playing_alone(db, travel, alice, bob):
    control = TimeControl(kind=BANK, days=5, increment_days=1)
    game = alone_after_bob_is_skipped(travel, alice, bob, control, 5 * DAY)
    # alice's first turn took no time (5 - 0 + 1, capped at 5); her bank runs from the skip.
    assert Seat.objects.get(game=game, index=0).bank == 5 * DAY
    assert game.deadline == now() + 5 * DAY
    travel.shift(3 * DAY)
    play_turn(game)
    assert game.seat_to_act() == 0
    assert Seat.objects.get(game=game, index=0).bank == 3 * DAY  # 5 - 3 + 1
    assert game.deadline == now() + 3 * DAY
    travel.shift(2 * DAY + 12 * HOUR)
    play_turn(game)
    assert Seat.objects.get(game=game, index=0).bank == DAY + 12 * HOUR  # 3 - 2.5 + 1
    assert game.deadline == now() + DAY + 12 * HOUR
    travel.shift(HOUR)
    play_turn(game)
    assert Seat.objects.get(game=game, index=0).bank == 2 * DAY + 11 * HOUR  # 1.5 d - 1 h + 1 d
    # Slow again: the bank runs out in the middle of a turn, and the sweep skips her too.
    travel.shift(2 * DAY + 11 * HOUR)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED  # nobody is left to play: a stalemate
    assert verify_ledger(game) == []


def test_each_turn_of_a_puzzle_is_a_new_turn_of_its_clock(db, travel, alice):
    game = open_table(
        creator=alice,
        players=1,
        ruleset="archipelago-puzzle",
        options={"puzzle": "first-steps"},
        control=TimeControl(days=1),
    )
    game.refresh_from_db()
    assert game.is_running and game.deadline == MONDAY + DAY
    for move in ("W1 B2-C2", "W2 B2-C2"):  # a pirate's step is the puzzle's turn
        travel.shift(20 * HOUR)
        submit_move(game.pk, text=move, expected_ply=game.ply, user=alice)
        game.refresh_from_db()
        assert game.is_running and game.deadline == now() + DAY
    travel.shift(23 * HOUR)
    assert sweep_timeouts() == 0
