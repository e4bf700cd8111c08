"""The "crews are skipped" answer to a timeout: a whole three-player game where one seat runs out
of time and its crews are passed over to the end, replayed exactly from the ledger."""

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games import positions
from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.families.jackal import engine_state, records
from games.models import Game, Move, SeatAction
from games.services import join_table, open_table, submit_move, verify_ledger

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def start(people, policy="skip", days=1):
    game = open_table(
        creator=people[0],
        players=len(people),
        control=TimeControl(days=days),
        timeout_policy=policy,
    )
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def play_one(game: Game, rng: random.Random) -> None:
    """The seat to act plays a random legal move of play (no offer to end by agreement)."""
    seat = game.seats.get(index=game.seat_to_act())
    moves = [
        m for m in engine_state(game).legal_moves() if str(m) not in ("offer end", "accept end")
    ]
    submit_move(game.pk, text=str(rng.choice(moves)), expected_ply=game.ply, user=seat.user)
    game.refresh_from_db()


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def test_a_skipped_seat_is_passed_over_to_the_end_of_a_whole_game(db, travel, alice, bob, carol):
    rng = random.Random(1)
    game = start([alice, bob, carol])
    assert game.policy_on_timeout == "skip"
    while game.seat_to_act() != 1:  # alice's turn, then bob's
        play_one(game, rng)
    travel.shift(DAY)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    assert list(game.seat_actions.values_list("kind", "seat")) == [("timeout-skip", 1)]
    assert game.is_running and game.seat_to_act() == 2  # carol's turn now, with her own clock
    assert game.deadline == MONDAY + 2 * DAY
    assert engine_state(game).skipped_seats == [1]
    assert verify_ledger(game) == []
    bob_moves = Move.objects.filter(game=game, seat=1).count()
    previous = None
    while game.is_running:
        if game.seat_to_act() != previous:  # a new turn: its player takes an hour to answer
            travel.shift(timedelta(hours=1))
            assert sweep_timeouts() == 0  # the others play in time: nobody else is skipped
        previous = game.seat_to_act()
        assert game.seat_to_act() != 1
        play_one(game, rng)
    assert Move.objects.filter(game=game, seat=1).count() == bob_moves  # never again
    # The log says where bob's crew was passed over.
    skipped = [e for m in game.moves.all() for e in m.events if e["kind"] == "skipped"]
    assert skipped and {e["crew"] for e in skipped} == {engine_state(game).crews[1]}
    # Scores stand as on the board; the seat that ran out is placed last and counted forfeited.
    assert game.outcome["forfeited"] == [1] and game.outcome["ranking"][-1] == [1]
    assert sorted(s for place in game.outcome["ranking"] for s in place) == [0, 1, 2]
    assert verify_ledger(game) == []
    # The replay viewer goes through the skip to the same end.
    entries = list(game.moves.order_by("ply").values_list("seat", "text"))
    texts = [text for _seat, text in entries]
    final = positions.position_at(game, game.ply, entries).to_json()
    assert json.loads(json.dumps(final)) == game.state
    # Its record says where the seat was skipped, and replays on import to the same end.
    text = records.export_text(game, list(game.seats.all()), texts)
    assert f'[Skipped "1@{game.seat_actions.get().ply}"]' in text
    record = records.parse_record(text)
    assert json.loads(json.dumps(record.final.to_json())) == game.state
    assert record.position_at(game.ply).to_json() == record.final.to_json()
    with pytest.raises(records.RecordError):  # a malformed Skipped tag is refused
        records.parse_record(text.replace(f'"1@{game.seat_actions.get().ply}"', '"one@two"'))


def test_out_of_time_in_the_middle_of_an_action_the_clock_finishes_it_then_skips(
    db, travel, alice, bob, carol
):
    rng = random.Random(4)
    game = start([alice, bob, carol])
    # The deal is random: a game that ends before bob is caught mid-action gives way to another.
    while not (game.is_running and game.seat_to_act() == 1 and engine_state(game).pending):
        if not game.is_running:
            game = start([alice, bob, carol])
        play_one(game, rng)
    ply = game.ply
    travel.shift(DAY)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    clock_moves = list(game.moves.filter(ply__gt=ply))
    assert clock_moves and all(m.user_id is None and m.seat == 1 for m in clock_moves)
    action = game.seat_actions.get()
    assert (action.kind, action.ply) == ("timeout-skip", game.ply)
    assert game.seat_to_act() != 1 and engine_state(game).skipped_seats == [1]
    assert verify_ledger(game) == []


def test_two_players_with_skipping_the_last_one_in_claims_the_victory(db, travel, alice, bob):
    game = start([alice, bob])
    travel.shift(DAY)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    assert game.is_running and game.seat_to_act() == 1
    forfeits.claim_victory(game.pk, bob, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.outcome["ranking"][0] == [1] and game.outcome["forfeited"] == [0]
    assert verify_ledger(game) == []
    assert SeatAction.objects.filter(game=game).count() == 2


def test_the_table_form_offers_skipping_and_the_table_and_board_say_it(client, alice, bob, carol):
    client.force_login(alice)
    form = client.get(reverse("new_table")).content.decode()
    assert 'value="skip"' in form and "Their crews are skipped; the others play on" in form
    client.post(
        reverse("new_table"),
        {
            "ruleset": "classic",
            "setup": "3",
            "visibility": "public",
            "bots": "0",
            "timeout_policy": "skip",
        },
    )
    game = Game.objects.get()
    assert game.timeout_policy == "skip"
    table = client.get(game.get_absolute_url()).content.decode()
    assert "their crews are skipped to the end" in table
    join_table(game.pk, bob)
    join_table(game.pk, carol)
    game.refresh_from_db()
    sweep_timeouts(game.deadline)
    board = client.get(game.get_absolute_url()).content.decode()
    assert 'alice: <span class="muted">out of time; their crews are skipped</span>' in board
    assert game.seats.get(index=0).stand_in == ""  # no bot plays for a skipped seat


def test_a_batch_of_timeouts_is_rated_after_its_commit_with_one_task(
    db, travel, alice, bob, carol, django_capture_on_commit_callbacks
):
    from ratings.models import RatedGame

    games = [start([alice, bob], policy="end"), start([carol, alice], policy="end")]
    for game in games:
        game.rated = True
        game.save(update_fields=["rated"])
    travel.shift(DAY)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert sweep_timeouts() == 2
    assert not RatedGame.objects.exists()  # nothing before the commit
    for callback in callbacks:
        callback()
    assert RatedGame.objects.filter(game__in=games).count() == 2
