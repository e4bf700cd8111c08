"""The clock sweep's bulk writes (games.clock.bulk_writes) give back every column as it was set, and
the new rows as made: dates with their zone, durations to the microsecond, JSON documents,
flags, big numbers and NULLs; on SQLite (Django's bulk_update) and on PostgreSQL (one JSON
parameter for the batch)."""

from datetime import UTC, datetime, timedelta

import pytest

from games.clock import bulk_writes, forfeits
from games.clock.clocks import BANK, TimeControl
from games.lists import listing
from games.models import Game, Move, Seat, SeatAction
from games.services import join_table, open_table
from tests.factories import make_user


def check_round_trip():
    people = [make_user(name) for name in ("ann", "ben", "cat")]
    games = []
    for first, second in ((0, 1), (1, 2), (2, 0)):
        game = open_table(creator=people[first], players=2, control=TimeControl(kind=BANK, days=5))
        join_table(game.pk, people[second])
        games.append(Game.objects.get(pk=game.pk))
    when = datetime(2026, 11, 23, 9, 0, 0, 123456, tzinfo=UTC)
    for n, game in enumerate(games):
        game.ply = 7 + n
        game.state = {**game.state, "over": True, "reason": 'it\'s "quoted" \\ here'}
        game.status = Game.Status.FINISHED
        game.outcome = {"scores": {"0": n}, "ranking": [[0], [1]], "reason": "timeout"}
        game.finished_at = when + timedelta(hours=n)
        game.deadline = game.warn_at = game.turn_started_at = None
        game.paused_at = when if n == 1 else None
        game.paused_left = timedelta(days=2, microseconds=7) if n == 1 else None
        game.paused_for = "staff" if n == 1 else ""
    bulk_writes.update_rows(Game, games, forfeits.GAME_FIELDS)
    seats = list(Seat.objects.filter(game__in=games))
    for n, seat in enumerate(seats):
        seat.stand_in = "easy" if n % 2 else ""
        seat.bank = timedelta(days=4, hours=3, microseconds=n) if n % 3 else None
        seat.must_act = bool(n % 2)
        seat.list_section, seat.list_key = 3, -(1 << 45) - n
    bulk_writes.update_rows(Seat, seats, forfeits.SEAT_FIELDS + listing.LIST_FIELDS)
    for game in games:
        stored = Game.objects.get(pk=game.pk)
        for field in forfeits.GAME_FIELDS:
            assert getattr(stored, field) == getattr(game, field), field
    for seat in seats:
        stored = Seat.objects.get(pk=seat.pk)
        for field in forfeits.SEAT_FIELDS + listing.LIST_FIELDS:
            assert getattr(stored, field) == getattr(seat, field), field

    # New rows: the ledger's entries, with their JSON, their empty user and their time.
    actions = [
        SeatAction(game=game, ply=game.ply, seat=0, kind=SeatAction.Kind.TIMEOUT_END)
        for game in games
    ]
    moves = [
        Move(game=game, ply=1, text="W1 B2-C2", seat=1, user=None, events=[{"kind": "x"}])
        for game in games
    ]
    bulk_writes.insert_rows(SeatAction, actions)
    bulk_writes.insert_rows(Move, moves)
    stored = SeatAction.objects.order_by("game_id")
    assert [(a.game_id, a.ply, a.seat, a.kind, a.user_id) for a in stored] == [
        (g.pk, g.ply, 0, "timeout-end", None) for g in games
    ]
    assert all(a.created_at is not None for a in stored)
    assert [(m.game_id, m.events) for m in Move.objects.order_by("game_id")] == [
        (g.pk, [{"kind": "x"}]) for g in games
    ]


def test_bulk_writes_give_back_every_column(db):
    check_round_trip()


@pytest.mark.django_db(transaction=True)
def test_bulk_writes_give_back_every_column_on_postgresql(postgres):
    check_round_trip()


@pytest.mark.django_db(transaction=True)
def test_a_kept_json_column_stays_as_stored_on_postgresql(postgres):
    # The sweep writes games whose positions it did not read: those stay as stored.
    people = [make_user(name) for name in ("ann", "ben")]
    games = []
    for _ in range(2):
        game = open_table(creator=people[0], players=2)
        join_table(game.pk, people[1])
        games.append(Game.objects.get(pk=game.pk))
    before = [dict(game.state) for game in games]
    games[0].state = bulk_writes.KEEP
    games[1].state = {"whole": ["document"]}  # a whole document still goes as it is
    for game in games:
        game.ply = 5
    bulk_writes.update_rows(Game, games, ["state", "ply"])
    stored = [Game.objects.get(pk=game.pk) for game in games]
    assert stored[0].state == before[0]
    assert stored[1].state == {"whole": ["document"]}
    assert [game.ply for game in stored] == [5, 5]
