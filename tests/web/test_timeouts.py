"""Correspondence clocks at work: deadlines kept on the rows, the sweep's timeouts (a bot takes
over, or the game ends), resignations and claims, as seat actions of the ledger."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import connection

from games import services
from games.clock import forfeits, sweep, turns
from games.clock.clocks import BANK, TimeControl
from games.clock.sweep import sweep_timeouts
from games.families.jackal import engine_state
from games.models import Game, Seat, SeatAction
from games.services import (
    MoveRefused,
    NotYourTurn,
    abort_game,
    join_table,
    open_table,
    submit_move,
    verify_ledger,
)
from tests.at_once import at_once
from tests.factories import make_user

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def start(people, control=None, policy=""):
    game = open_table(
        creator=people[0], players=len(people), control=control, timeout_policy=policy
    )
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def play_one(game: Game):
    """The seat to act plays its first legal move, as its player."""
    seat = game.seats.get(index=game.seat_to_act())
    move = str(engine_state(game).legal_moves()[0])
    submit_move(game.pk, text=move, expected_ply=game.ply, user=seat.user)
    game.refresh_from_db()


def play_turn(game: Game):
    """Moves until another seat is to act (a turn may hold several decisions)."""
    mover = game.seat_to_act()
    while game.is_running and game.seat_to_act() == mover:
        play_one(game)


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def test_a_per_move_clock_gives_each_turn_its_days(db, travel, alice, bob):
    game = start([alice, bob], TimeControl(days=1))
    assert game.deadline == MONDAY + DAY
    travel.shift(timedelta(hours=20))
    play_turn(game)
    assert game.seat_to_act() == 1
    assert game.deadline == MONDAY + timedelta(hours=20) + DAY


def test_a_decision_within_the_turn_does_not_restart_the_clock(db, travel, alice, bob):
    game = start([alice, bob], TimeControl(days=1))
    seats = list(game.seats.select_related("user"))
    deadline, started = game.deadline, game.turn_started_at
    travel.shift(timedelta(hours=5))
    # The seat that moved is still to act (a chain choice, a bottle): the same turn.
    turns.after_move(game, seats, game.seat_to_act(), turns.timezone.now())
    assert (game.deadline, game.turn_started_at) == (deadline, started)
    # And through real play: whenever the mover is still to act within its turn, nothing moved;
    # a new turn (another seat's, or the same seat's when the rules passed the turn back to it,
    # a crew of the other seat having no move) starts a new day.
    for _ in range(60):
        before, mover = game.deadline, game.seat_to_act()
        state = services.head_state(game)
        turns_before = state.turns_begun()
        state.apply(mover, str(engine_state(game).legal_moves()[0]))
        travel.shift(timedelta(minutes=5))
        play_one(game)
        if not game.is_running:
            break
        if game.seat_to_act() == mover and state.turns_begun() == turns_before:
            assert game.deadline == before
        else:
            assert game.deadline == turns.timezone.now() + DAY


def test_a_bank_spends_the_time_used_and_adds_the_increment_capped(db, travel, alice, bob):
    game = start([alice, bob], TimeControl(kind=BANK, days=5, increment_days=1))
    assert game.deadline == MONDAY + 5 * DAY
    travel.shift(2 * DAY)
    play_turn(game)
    assert Seat.objects.get(game=game, index=0).bank == 4 * DAY  # 5 - 2 + 1
    travel.shift(timedelta(hours=1))
    play_turn(game)
    assert Seat.objects.get(game=game, index=1).bank == 5 * DAY  # never above the start
    assert game.deadline == turns.timezone.now() + 4 * DAY


def test_weekends_off_follow_the_players_own_time_zones(db, alice, bob):
    alice.time_zone, bob.time_zone = "Asia/Tokyo", "America/Los_Angeles"
    alice.save(), bob.save()
    friday_evening_utc = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)  # Saturday 05:00 in Tokyo
    with time_machine.travel(friday_evening_utc, tick=False):
        game = start([alice, bob], TimeControl(days=1, weekends_off=True))
    # Tokyo's weekend has begun: alice's day starts on Monday 00:00 Tokyo (Sunday 15:00 UTC).
    assert game.deadline == datetime(2026, 11, 30, 15, 0, tzinfo=UTC)
    with time_machine.travel(friday_evening_utc + timedelta(hours=1), tick=False):
        play_turn(game)
    # In Los Angeles it is still Friday 13:00: bob's clock runs until midnight, then Monday.
    # 11 h of it run on Friday (until midnight there, 08:00 UTC); the other 13 h from Monday
    # 00:00 in Los Angeles (08:00 UTC).
    assert game.deadline == datetime(2026, 11, 30, 21, 0, tzinfo=UTC)


def test_two_players_the_sweep_ends_the_game_and_the_late_player_loses(db, travel, alice, bob):
    game = start([alice, bob], TimeControl(days=1))
    travel.shift(DAY - timedelta(seconds=1))
    assert sweep_timeouts() == 0
    travel.shift(timedelta(seconds=1))
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.outcome["forfeited"] == [0]
    assert game.outcome["ranking"][-1] == [0]
    assert game.outcome["reason"] == "timeout"
    assert list(game.seat_actions.values_list("kind", "seat")) == [("timeout-end", 0)]
    assert verify_ledger(game) == []
    assert sweep_timeouts() == 0  # nothing due twice


def test_a_position_the_sweep_ends_is_ended_on_reading(db, travel, alice, bob, client):
    """On PostgreSQL the sweep ends games set-based and leaves their stored positions as the
    last move left them; everything that reads one (the board, the ledger check) reads it
    ended, as the rules end it (services.stored_position)."""
    game = start([alice, bob], TimeControl(days=1))
    play_turn(game)
    stored_before = Game.objects.get(pk=game.pk).state
    travel.shift(2 * DAY)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    if connection.vendor == "postgresql":
        assert game.state == stored_before and not game.state["over"]
    read = services.stored_position(game)
    assert read["over"] is True and read["reason"] == "timeout"
    assert read == {**stored_before, **read}  # the end changed only what ending changes
    assert services.head_state(game).is_over()
    assert verify_ledger(game) == []
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Game over after" in page and 'id="notation"' not in page


@pytest.mark.django_db(transaction=True)
def test_a_backlog_is_swept_on_two_connections_each_game_once(postgres, monkeypatch):
    """A backlog bigger than a batch: a second connection sweeps beside the first, from the
    latest deadlines (each skips the rows the other holds), and every game times out once,
    with one ledger entry."""
    monkeypatch.setattr(sweep, "BATCH", 3)
    beside = []
    on_own_connection = sweep._sweep_on_own_connection

    def counted(now):
        beside.append(on_own_connection(now))
        return beside[-1]

    monkeypatch.setattr(sweep, "_sweep_on_own_connection", counted)
    people = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    games = [start([people[i % 4], people[(i + 1) % 4]], TimeControl(days=1)) for i in range(20)]
    later = datetime.now(UTC) + 2 * DAY
    assert sweep_timeouts(later) == len(games)
    assert len(beside) == 1
    assert SeatAction.objects.count() == len(games)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == len(games)
    assert all(verify_ledger(game) == [] for game in Game.objects.all())


def test_three_players_a_bot_takes_over_and_the_player_may_take_the_seat_back(
    db, travel, alice, bob, carol
):
    game = start([alice, bob, carol], TimeControl(days=2))
    assert game.policy_on_timeout == "bot"
    travel.shift(2 * DAY)
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    seat = game.seats.get(index=0)
    assert game.is_running and seat.stand_in == "easy" and game.deadline is None
    # The player's own moves are refused while the bot stands in.
    with pytest.raises(NotYourTurn):
        submit_move(
            game.pk,
            text=str(engine_state(game).legal_moves()[0]),
            expected_ply=game.ply,
            user=alice,
        )
    forfeits.reclaim_seat(game.pk, alice, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.seats.get(index=0).stand_in == ""
    assert game.deadline == turns.timezone.now() + 2 * DAY
    assert forfeits.forfeited_seats(game) == []


def test_a_typed_resign_is_refused_and_the_button_ends_a_two_player_game(db, alice, bob):
    game = start([alice, bob])
    with pytest.raises(MoveRefused):
        submit_move(game.pk, text="resign", expected_ply=game.ply, user=alice)
    assert not SeatAction.objects.exists()
    forfeits.resign(game.pk, bob, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.outcome["ranking"][0] == [0] and game.outcome["forfeited"] == [1]
    assert verify_ledger(game) == []


def test_when_all_but_one_resign_the_last_one_wins(db, alice, bob, carol):
    game = start([alice, bob, carol])
    forfeits.resign(game.pk, alice, expected_ply=game.ply)  # a bot plays on for her
    game.refresh_from_db()
    assert game.is_running and game.seats.get(index=0).stand_in
    forfeits.resign(game.pk, bob, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.outcome["ranking"] == [[2], [0, 1]]
    assert game.outcome["reason"] == "resignation"
    assert verify_ledger(game) == []


def test_the_last_player_in_claims_the_victory_after_timeouts(
    db, travel, alice, bob, carol, django_capture_on_commit_callbacks
):
    game = start([alice, bob, carol], TimeControl(days=1))
    with pytest.raises(forfeits.ForfeitError):
        forfeits.claim_victory(game.pk, carol, expected_ply=game.ply)
    for late in (0, 1):
        travel.shift(DAY)
        # The commit queues the stand-in bot, which plays (inline here) until a person is due.
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep_timeouts() == 1
        game.refresh_from_db()
        assert game.seats.get(index=late).stand_in
    assert game.seat_to_act() == 2 and game.is_running
    forfeits.claim_victory(game.pk, carol, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.outcome["ranking"][0] == [2] and game.outcome["forfeited"] == [0, 1]
    assert game.outcome["reason"] == "claim"
    assert verify_ledger(game) == []


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_time_out_each_game_exactly_once(postgres):
    people = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    games = [start([people[i % 4], people[(i + 1) % 4]], TimeControl(days=1)) for i in range(12)]
    later = datetime.now(UTC) + 2 * DAY
    counts = at_once(lambda: sweep_timeouts(later), lambda: sweep_timeouts(later))
    assert sum(counts) == len(games)
    assert SeatAction.objects.count() == len(games)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == len(games)


@pytest.mark.django_db(transaction=True)
def test_a_last_second_move_and_the_sweep_never_both_win(postgres):
    alice, bob = make_user("ann"), make_user("ben")
    outcomes = []
    for round_ in range(6):
        game = start([alice, bob], TimeControl(days=1))
        move = str(engine_state(game).legal_moves()[0])
        later = game.deadline  # due at once; a move's new deadline comes after it

        def player(game=game, move=move):
            try:
                submit_move(game.pk, text=move, expected_ply=0, user=alice)
                return True
            except Exception:
                return False

        def sweeper(game=game, later=later):
            sweep_timeouts(later)  # may time out earlier rounds' games too: look at this one
            return SeatAction.objects.filter(game=game).exists()

        moved, swept = at_once(player, sweeper)
        assert moved != swept, round_
        outcomes.append(moved)
        game.refresh_from_db()
        assert verify_ledger(game) == []


def test_a_sweep_tells_only_the_pages_open_now(
    db, travel, alice, bob, carol, monkeypatch, django_capture_on_commit_callbacks
):
    from games.live import notify, presence

    sent = []
    monkeypatch.setattr(notify, "_publish", lambda _game, _ply, messages: sent.extend(messages))
    watched, unwatched = start([alice, bob], TimeControl(days=1)), start([bob, alice])
    travel.shift(3 * DAY)
    presence.opened(carol.pk, watched.pk)  # a spectator's board, twice, one closed again
    presence.opened(carol.pk, watched.pk)
    presence.closed(carol.pk, watched.pk)
    presence.player_opened(alice.pk)  # alice has a page of the site open; bob has none
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_timeouts() == 2
    groups = {group for group, _message in sent}
    assert groups == {
        notify.view_group(watched.pk, "spectators"),
        notify.view_group(watched.pk, "seat-0"),
        notify.view_group(watched.pk, "seat-1"),
        notify.player_group(alice.pk),
    }
    # Once the last page of the game closes and alice leaves, a sweep sends nothing at all.
    presence.closed(carol.pk, watched.pk)
    presence.player_closed(alice.pk)
    assert presence.watched_games([watched.pk, unwatched.pk]) == set()
    assert presence.players_online([alice.pk, bob.pk]) == set()


def test_a_batch_of_skips_costs_the_same_queries_however_many_and_tells_the_next(
    db, travel, alice, bob, carol
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from reminders.models import Reminder

    queries = []
    for tables in (2, 5):
        games = [start([alice, bob, carol], TimeControl(days=1), "skip") for _ in range(tables)]
        Reminder.objects.all().delete()
        travel.shift(DAY)
        with CaptureQueriesContext(connection) as captured:
            assert sweep_timeouts() == tables
        queries.append(len(captured))
        for game in games:
            game.refresh_from_db()
            # bob is next, and his turn e-mail is on its way, as after a move of alice's.
            assert game.is_running and game.seat_to_act() == 1
            assert game.deadline == turns.timezone.now() + DAY
        assert sorted(Reminder.objects.values_list("user__username", "game_id", "kind")) == [
            ("bob", game.pk, "turn") for game in games
        ]
        for game in games:  # out of the next round's way
            abort_game(game.pk, "measured")
    assert queries[0] == queries[1]


def test_a_batch_of_bot_takeovers_queues_one_task_that_plays_them_all(
    db, travel, alice, bob, carol, django_capture_on_commit_callbacks
):
    from celery.signals import task_prerun

    ran = []

    def record(sender=None, **kwargs):
        ran.append(sender.name)

    games = [start([alice, bob, carol], TimeControl(days=1)) for _ in range(3)]
    assert {game.policy_on_timeout for game in games} == {"bot"}
    travel.shift(DAY)
    task_prerun.connect(record, weak=False)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep_timeouts() == 3
    finally:
        task_prerun.disconnect(record)
    # One task for the batch, not one per game; the single-turn tasks after it are the stand-in
    # bots' own moves asking for the next bot turn (a turn may hold several decisions).
    assert ran[0] == "games.tasks.play_bot_turns" and ran.count(ran[0]) == 1
    for game in games:
        ply = game.ply
        game.refresh_from_db()
        assert game.ply > ply and game.seats.get(index=0).stand_in  # the stand-in played
        assert verify_ledger(game) == []
