"""verify_ledgers checks who plays each seat (issue 41.1): a seat to act has a deadline or a
bot, a stand-in is taken back once, and a player never moves while a bot stands in for them.
Each broken game is built by writing its rows directly, as the races of issue 41 left them."""

import pytest
from django.core.management import CommandError, call_command

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.families.jackal import engine_state
from games.models import Game, Seat, SeatAction
from games.services import submit_move, verify_ledger
from tests.web.test_timeouts import start

pytestmark = pytest.mark.django_db


@pytest.fixture
def stood_in(alice, bob, carol) -> Game:
    """Three players; alice ran out of time and a bot stands in for her (seat 0, to act)."""
    game = start([alice, bob, carol], TimeControl(days=1))
    assert sweep_timeouts(game.deadline) == 1
    game.refresh_from_db()
    assert verify_ledger(game) == []
    return game


def move(game: Game, seat: int, user=None) -> None:
    """The seat's first legal move: its player's, or with no user as its bot's."""
    text = str(engine_state(game).legal_moves()[0])
    submit_move(game.pk, seat_index=seat, text=text, expected_ply=game.ply, user=user)
    game.refresh_from_db()


def named_by_verify_ledgers(game: Game, problem: str, capsys) -> None:
    with pytest.raises(CommandError, match=rf"\[{game.pk}\]"):
        call_command("verify_ledgers")
    assert problem in capsys.readouterr().err


def test_a_stand_in_playing_until_its_player_takes_the_seat_back_is_clean(stood_in, alice):
    move(stood_in, 0)  # the bot, for alice
    while stood_in.seat_to_act() != 0:
        seat = stood_in.seat_to_act()
        move(stood_in, seat, stood_in.seats.get(index=seat).user)
    forfeits.reclaim_seat(stood_in.pk, alice, expected_ply=stood_in.ply)
    stood_in.refresh_from_db()
    move(stood_in, 0, alice)
    assert verify_ledger(stood_in) == []


def test_verify_ledgers_names_a_seat_to_act_with_neither_a_deadline_nor_a_bot(stood_in, capsys):
    # The lost update: a resignation waiting for the lock wrote seat 0's row back as it was.
    Seat.objects.filter(game=stood_in, index=0).update(stand_in="")
    named_by_verify_ledgers(
        stood_in, "seat 0 must act, with neither a deadline nor a bot: nothing moves it on", capsys
    )


def test_verify_ledgers_names_a_second_reclaim_of_one_stand_in(stood_in, alice, capsys):
    forfeits.reclaim_seat(stood_in.pk, alice, expected_ply=stood_in.ply)
    stood_in.refresh_from_db()
    assert verify_ledger(stood_in) == []
    SeatAction.objects.create(
        game=stood_in, ply=stood_in.ply, seat=0, kind=SeatAction.Kind.RECLAIM, user=alice
    )
    named_by_verify_ledgers(
        stood_in, "seat 0 took its seat back twice from one stand-in (again at ply 0)", capsys
    )


def test_verify_ledgers_names_a_players_move_while_a_bot_stands_in(stood_in, alice, capsys):
    # The move that waited behind the timeout and was let through: made here by taking the
    # bot off the seat's row for the one move and putting it back.
    Seat.objects.filter(game=stood_in, index=0).update(stand_in="")
    move(stood_in, 0, alice)
    Seat.objects.filter(game=stood_in, index=0).update(stand_in=forfeits.STAND_IN_LEVEL)
    named_by_verify_ledgers(
        stood_in,
        "ply 1: seat 0 was moved by its player while a bot stood in for it (from ply 1)",
        capsys,
    )
