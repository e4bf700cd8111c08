"""Human substitutes (people.substitutes): a seat a bot took over after a timeout is offered a
day later ("a seat needs a player"), unless a player of the game keeps the bot or its player
takes it back first; a substitute plays on from the position through the move service with the
seat's view and nothing of it before; the first player keeps their timeout (reliability) and the
seat's result is nobody's rating. Real clocks (time-machine) through beat's real sweep."""

from datetime import UTC, datetime, timedelta
from xml.sax.saxutils import escape

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.families.jamaica.words import card_words
from games.models import Game, Seat, SeatAction
from games.services import NotSeated, head_state, join_table, open_table, verify_ledger
from games.tasks import sweep_clocks
from people import reliability, substitutes
from people.models import Objection, Substitution
from ratings.models import RatingChange
from ratings.services import rate_pending
from tests.factories import make_user
from tests.web.test_timeouts import play_turn

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
Kind = SeatAction.Kind


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


@pytest.fixture
def timed_out(db, travel):
    """Alice, Bob and Carol at a 3-player table; Alice's clock ran out: a bot plays for her."""
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    game = open_table(creator=alice, players=3, control=TimeControl(days=1), ruleset="classic")
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    travel.shift(DAY + timedelta(minutes=1))
    sweep_clocks()
    game.refresh_from_db()
    assert list(game.seat_actions.values_list("kind", flat=True)) == [Kind.TIMEOUT_BOT]
    return game, alice, bob, carol, dave


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def take(client: Client, game: Game, seat: int = 0):
    return client.post(
        reverse("take_seat", args=[game.pk, seat]), {"expected_ply": game.ply}, follow=True
    )


def test_the_seat_is_offered_a_day_later_and_the_substitute_plays_on(timed_out, travel):
    game, alice, bob, _carol, dave = timed_out
    daves = logged_in(dave)
    seats_page = reverse("seats_needing_players")
    assert f"Game {game.pk}" not in daves.get(seats_page).content.decode()  # the day to wait
    refused = take(daves, game).content.decode()
    assert "its player may still take it back" in refused
    board = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert "is offered to a substitute from" in board and "Keep the bot: no substitute" in board

    travel.shift(DAY)
    listed = daves.get(seats_page).content.decode()
    assert f"Game {game.pk}" in listed and "the seat of alice" in listed
    taken = take(daves, game)
    assert "The seat is yours" in taken.content.decode()
    game.refresh_from_db()
    seat = game.seats.get(index=0)
    assert seat.user == dave and seat.stand_in == ""
    assert list(game.seat_actions.values_list("kind", flat=True)) == [
        Kind.TIMEOUT_BOT,
        Kind.SUBSTITUTE,
    ]
    assert Substitution.objects.get(game=game).original == alice
    # The game's log names whoever held the seat: alice ran out, dave took over.
    log = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert "alice: ran out of time; a bot took over" in log
    assert "dave: a substitute took the seat from the bot" in log
    # Dave plays on from the position, through the move service, on his own clock.
    assert game.seat_to_act() == 0 and game.deadline is not None
    play_turn(game)
    assert game.moves.filter(user=dave).exists()
    assert verify_ledger(game) == []
    # Alice left the game: no seat to take back, and no longer offered.
    with pytest.raises(NotSeated):
        forfeits.reclaim_seat(game.pk, alice, expected_ply=game.ply)
    assert f"Game {game.pk}" not in daves.get(seats_page).content.decode()
    # Her timeout stays hers; Dave answers only for what came after.
    figures = reliability.of_users([alice.pk, dave.pk])
    assert figures[alice.pk] == reliability.Reliability(1, 1)
    assert figures[dave.pk] == reliability.Reliability(1, 0)


def test_a_player_of_the_game_may_keep_the_bot(timed_out, travel):
    game, _alice, bob, carol, dave = timed_out
    # The seat's own player cannot object for the others; a spectator cannot at all.
    assert logged_in(dave).post(reverse("keep_bot", args=[game.pk, 0])).status_code == 302
    assert not Objection.objects.exists()
    logged_in(bob).post(reverse("keep_bot", args=[game.pk, 0]))
    assert Objection.objects.get().by == bob
    board = logged_in(carol).get(game.get_absolute_url()).content.decode()
    assert "asked to keep the bot" in board
    travel.shift(2 * DAY)
    assert substitutes.offered_seats() == []
    assert "asked to keep the bot" in take(logged_in(dave), game).content.decode()
    assert game.seats.get(index=0).stand_in  # the bot plays on


def test_the_player_takes_the_seat_back_before_a_substitute_does(timed_out, travel):
    game, alice, _bob, _carol, dave = timed_out
    travel.shift(DAY + timedelta(hours=1))
    forfeits.reclaim_seat(game.pk, alice, expected_ply=game.ply)
    assert substitutes.offered_seats() == []
    assert "does not need a player" in take(logged_in(dave), game).content.decode()
    assert game.seats.get(index=0).user == alice


def test_no_seat_at_two_tables_and_the_tables_minimum_holds(timed_out, travel):
    game, _alice, bob, _carol, dave = timed_out
    travel.shift(DAY)
    assert "You have a seat at this table already" in take(logged_in(bob), game).content.decode()
    Game.objects.filter(pk=game.pk).update(min_reliability=95)
    assert "asks for a reliability of 95%" in take(logged_in(dave), game).content.decode()
    assert game.seats.get(index=0).user_id != dave.pk


def test_bad_input_is_refused_cleanly(timed_out, travel):
    game, *_people, dave = timed_out
    travel.shift(DAY)
    daves = logged_in(dave)
    stale = daves.post(reverse("take_seat", args=[game.pk, 0]), {"expected_ply": "x"})
    assert stale.status_code == 302
    assert (
        daves.post(reverse("take_seat", args=[game.pk, 7]), {"expected_ply": 0}).status_code == 302
    )
    assert (
        daves.post(reverse("take_seat", args=[999999, 0]), {"expected_ply": 0}).status_code == 404
    )
    assert daves.get(reverse("seats_needing_players"), {"rating_from": "lots"}).status_code == 200
    assert Client().post(reverse("take_seat", args=[game.pk, 0])).status_code == 302  # log in
    assert game.seats.get(index=0).user_id != dave.pk


def test_the_seats_result_is_nobodys_rating_the_others_are_rated(timed_out, travel):
    game, alice, bob, carol, dave = timed_out
    travel.shift(DAY)
    substitutes.take_seat(game.pk, dave, 0, expected_ply=game.ply)
    game.refresh_from_db()
    forfeits.resign(game.pk, bob, expected_ply=game.ply)
    forfeits.resign(game.pk, carol, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    rate_pending()
    rated = set(RatingChange.objects.filter(rated_game__game=game).values_list("user", flat=True))
    assert rated == {bob.pk, carol.pk}


def test_a_substitute_sees_the_seats_view_only_once_seated(db, travel):
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    game = open_table(creator=alice, players=3, control=TimeControl(days=1), ruleset="jamaica")
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    travel.shift(DAY + timedelta(minutes=1))
    sweep_clocks()  # the clock seat's choice ran out: a bot stands in
    travel.shift(DAY)
    game.refresh_from_db()
    index = game.seat_actions.get(kind=Kind.TIMEOUT_BOT).seat
    late = game.seats.get(index=index)
    assert late.stand_in  # the bot has not played yet (no task runs here)
    hand = head_state(game).view(index)["hand"]
    daves = logged_in(dave)
    before = daves.get(game.get_absolute_url()).content.decode()
    cards = [f"<title>{escape(card_words(card))}</title>" for card in hand]
    assert 'id="my-hand"' not in before and not any(card in before for card in cards)
    substitutes.take_seat(game.pk, dave, index, expected_ply=game.ply)
    after = daves.get(game.get_absolute_url()).content.decode()
    assert 'id="my-hand"' in after and all(card in after for card in cards)
    left = logged_in(late.user).get(game.get_absolute_url()).content.decode()
    assert 'id="my-hand"' not in left and not any(card in left for card in cards)
    assert Seat.objects.get(game=game, index=index).user == dave
