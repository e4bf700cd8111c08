"""A substitute taking a seat, its player taking it back, and the clock: under the game's row
lock whichever comes first wins and the others are refused, never both (people.substitutes).
Each race at its worst moment (`behind_held_transaction`). PostgreSQL only
(tests/live/test_seat_locks.py says why)."""

from datetime import timedelta

import pytest
import time_machine

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.models import SeatAction
from games.services import GameError, verify_ledger
from people import substitutes
from people.models import Substitution
from tests.at_once import behind_held_transaction
from tests.factories import make_user
from tests.live import test_seat_locks
from tests.web.test_timeouts import start

pytestmark = pytest.mark.django_db(transaction=True)
bots_wait = test_seat_locks.bots_wait  # the fixture: bot turns queued, not played
outcome = test_seat_locks.outcome
Kind = SeatAction.Kind


@pytest.fixture
def offered(postgres, bots_wait):
    """Alice timed out at a table of three; a day later her seat is offered."""
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    game = start([alice, bob, carol], TimeControl(days=1))
    sweep_timeouts(game.deadline)
    with time_machine.travel(game.deadline + timedelta(days=1, minutes=1), tick=True):
        game.refresh_from_db()
        yield game, alice, dave


def kinds(game) -> list[str]:
    return list(game.seat_actions.order_by("pk").values_list("kind", flat=True))


def test_a_reclaim_behind_a_substitute_is_refused(offered):
    game, alice, dave = offered
    taken, [reclaimed] = behind_held_transaction(
        lambda: substitutes.take_seat(game.pk, dave, 0, expected_ply=game.ply),
        lambda: outcome(lambda: forfeits.reclaim_seat(game.pk, alice, expected_ply=game.ply)),
    )
    assert taken.kind == Kind.SUBSTITUTE and isinstance(reclaimed, GameError), reclaimed
    assert kinds(game) == [Kind.TIMEOUT_BOT, Kind.SUBSTITUTE]
    assert game.seats.get(index=0).user == dave
    game.refresh_from_db()
    assert verify_ledger(game) == []


def test_a_substitute_behind_a_reclaim_is_refused(offered):
    game, alice, dave = offered
    reclaimed, [taken] = behind_held_transaction(
        lambda: forfeits.reclaim_seat(game.pk, alice, expected_ply=game.ply),
        lambda: outcome(lambda: substitutes.take_seat(game.pk, dave, 0, expected_ply=game.ply)),
    )
    assert reclaimed.kind == Kind.RECLAIM and isinstance(taken, GameError), taken
    assert kinds(game) == [Kind.TIMEOUT_BOT, Kind.RECLAIM]
    assert game.seats.get(index=0).user == alice and not Substitution.objects.exists()
    game.refresh_from_db()
    assert verify_ledger(game) == []


def test_two_substitutes_at_once_one_seat(offered):
    game, _alice, dave = offered
    erin = make_user("erin")
    taken, [second] = behind_held_transaction(
        lambda: substitutes.take_seat(game.pk, dave, 0, expected_ply=game.ply),
        lambda: outcome(lambda: substitutes.take_seat(game.pk, erin, 0, expected_ply=game.ply)),
    )
    assert taken.user == dave and isinstance(second, GameError), second
    assert Substitution.objects.count() == 1
    game.refresh_from_db()
    assert verify_ledger(game) == []
