"""Seat rows under the game's lock (issue 41.1): a writer that waited for the lock acts on the
seats as the lock's last holder left them, never as they were before it waited.

Each race is run at its worst moment, every time: the first writer's transaction is held open
(`tests.at_once.behind_held_transaction`) until the others wait for the game's row lock, then
commits. Bots are kept from moving meanwhile (`bots_wait`): only the writers measured race.
PostgreSQL only: on SQLite a writer's transaction begins IMMEDIATE and waits before it reads
anything, so no read can be older than the lock.
"""

from types import SimpleNamespace

import pytest

from games import tasks
from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.families.jackal import engine_state
from games.models import Game, Seat, SeatAction, TimeoutPolicy
from games.services import GameError, NotYourTurn, submit_move, verify_ledger
from tests.at_once import behind_held_transaction
from tests.factories import make_user
from tests.web.test_timeouts import start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bots_wait(monkeypatch):
    """Bot turns are queued to a list, not played: a stand-in moving would be a third writer."""
    queued = []
    waiting = SimpleNamespace(delay=lambda *args: queued.append(args))
    monkeypatch.setattr(tasks, "play_bot_turn", waiting)
    monkeypatch.setattr(tasks, "play_bot_turns", waiting)
    return queued


def people(*names):
    return [make_user(name) for name in names]


def outcome(call):
    """What `call()` returns, or the refusal (a GameError) it raises."""
    try:
        return call()
    except GameError as error:
        return error


def first_move(game: Game) -> str:
    return str(engine_state(game).legal_moves()[0])


def stand_ins(game: Game) -> dict[int, str]:
    return dict(Seat.objects.filter(game=game).values_list("index", "stand_in"))


def test_a_move_behind_a_resignation_is_refused_once_a_bot_has_the_seat(postgres, bots_wait):
    alice, bob, carol = people("alice", "bob", "carol")
    game = start([alice, bob, carol], TimeControl(days=1))
    move = first_move(game)

    _resigned, [moved] = behind_held_transaction(
        lambda: forfeits.resign(game.pk, alice, expected_ply=0),
        lambda: outcome(lambda: submit_move(game.pk, text=move, expected_ply=0, user=alice)),
    )

    assert isinstance(moved, NotYourTurn), moved
    game.refresh_from_db()
    assert game.ply == 0 and not game.moves.exists()
    assert stand_ins(game)[0] == forfeits.STAND_IN_LEVEL
    assert verify_ledger(game) == []


@pytest.mark.parametrize("policy", [TimeoutPolicy.BOT, TimeoutPolicy.SKIP, TimeoutPolicy.END])
def test_a_timeout_and_a_last_second_move_behind_it_never_both_win(postgres, bots_wait, policy):
    alice, bob, carol = people("alice", "bob", "carol")
    game = start([alice, bob, carol], TimeControl(days=1), policy)
    move = first_move(game)

    swept, [moved] = behind_held_transaction(
        lambda: sweep_timeouts(game.deadline),
        lambda: outcome(lambda: submit_move(game.pk, text=move, expected_ply=0, user=alice)),
    )

    assert swept == 1
    assert isinstance(moved, GameError), moved  # the timeout won: the move is refused
    game.refresh_from_db()
    assert not game.moves.filter(user=alice).exists()
    assert list(game.seat_actions.values_list("seat", flat=True)) == [0]
    assert verify_ledger(game) == []


def test_a_resignation_behind_the_sweep_leaves_the_timed_out_seat_its_bot(postgres, bots_wait):
    """The four-player game left stuck: seat 0 timed out (a bot stands in) while seat 2's
    resignation waited; the resignation wrote seat 0's old row back, without its bot."""
    four = people("alice", "bob", "carol", "dave")
    game = start(four, TimeControl(days=1))

    swept, [resigned] = behind_held_transaction(
        lambda: sweep_timeouts(game.deadline),
        lambda: forfeits.resign(game.pk, four[2], expected_ply=0),
    )

    assert swept == 1 and resigned.kind == SeatAction.Kind.RESIGN
    assert stand_ins(game) == {0: "easy", 1: "", 2: "easy", 3: ""}
    game.refresh_from_db()
    assert game.seat_to_act() == 0 and game.is_running
    assert verify_ledger(game) == []


def test_ten_clicks_on_take_back_my_seat_write_one_reclaim(postgres, bots_wait):
    alice, bob, carol = people("alice", "bob", "carol")
    game = start([alice, bob, carol], TimeControl(days=1))
    assert sweep_timeouts(game.deadline) == 1  # a bot stands in for alice
    game.refresh_from_db()

    def reclaim():
        return outcome(lambda: forfeits.reclaim_seat(game.pk, alice, expected_ply=game.ply))

    # Her first click still in its transaction, holding the game's lock, when nine more arrive.
    first, clicks = behind_held_transaction(reclaim, *[reclaim] * 9)

    assert isinstance(first, SeatAction)
    assert all(isinstance(click, forfeits.ForfeitError) for click in clicks), clicks
    assert game.seat_actions.filter(kind=SeatAction.Kind.RECLAIM).count() == 1
    assert stand_ins(game)[0] == ""
    game.refresh_from_db()
    assert verify_ledger(game) == []
