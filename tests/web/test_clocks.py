"""Clock arithmetic (games.clock.clocks): controls, weekends in the player's own zone, words,
vacation."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.clock.clocks import (
    BANK,
    PER_MOVE,
    UNLIMITED,
    VACATION_CAP,
    ClockError,
    TimeControl,
    accrued_vacation,
    clock_time,
    deadline_after,
    describe_remaining,
)

TOKYO = ZoneInfo("Asia/Tokyo")
LOS_ANGELES = ZoneInfo("America/Los_Angeles")
BERLIN = ZoneInfo("Europe/Berlin")
DAY = timedelta(days=1)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_days_per_move_runs_out_that_many_days_after_the_turn_begins():
    control = TimeControl(PER_MOVE, days=3)
    start = utc(2026, 11, 23, 9, 30)
    budget = control.time_for_turn(bank=None)
    assert deadline_after(start, budget, TOKYO, weekends_off=False) == utc(2026, 11, 26, 9, 30)
    # Each turn starts afresh, however fast the last one was.
    assert control.bank_after_turn(3 * DAY, used=timedelta(hours=1)) == 3 * DAY


def test_a_time_bank_spends_what_a_turn_used_and_earns_the_increment_up_to_the_start():
    control = TimeControl(BANK, days=10, increment_days=1)
    assert control.starting_bank == 10 * DAY
    assert control.bank_after_turn(10 * DAY, used=timedelta(hours=2)) == 10 * DAY  # capped
    assert control.bank_after_turn(6 * DAY, used=2 * DAY) == 5 * DAY
    assert control.bank_after_turn(DAY, used=3 * DAY) == DAY  # overdrawn: nothing, then +1
    assert control.time_for_turn(bank=4 * DAY) == 4 * DAY


def test_unlimited_has_no_bank_and_no_deadline():
    control = TimeControl(UNLIMITED, days=0)
    assert control.is_unlimited
    assert control.starting_bank is None
    assert control.time_for_turn(bank=None) is None
    assert control.bank_after_turn(None, used=40 * DAY) is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": "blitz"},
        {"kind": PER_MOVE, "days": 4},
        {"kind": PER_MOVE, "days": 3, "increment_days": 1},
        {"kind": BANK, "days": 1000},
        {"kind": BANK, "days": 10, "increment_days": 9},
    ],
)
def test_a_control_the_site_does_not_offer_is_refused_with_words(kwargs):
    with pytest.raises(ClockError) as refused:
        TimeControl(**kwargs)
    assert str(refused.value).strip()


def test_weekends_off_skips_saturday_and_sunday_in_each_players_own_zone():
    # Saturday 21 November 2026, 20:00 UTC: already Sunday morning in Tokyo, Saturday noon in
    # Los Angeles. Neither clock runs until that player's Monday begins.
    start = utc(2026, 11, 21, 20, 0)
    tokyo = deadline_after(start, DAY, TOKYO, weekends_off=True)
    los_angeles = deadline_after(start, DAY, LOS_ANGELES, weekends_off=True)
    assert tokyo == utc(2026, 11, 23, 15, 0)  # Tuesday 00:00 in Tokyo
    assert los_angeles == utc(2026, 11, 24, 8, 0)  # Tuesday 00:00 in Los Angeles
    # The same half-week costs each of them only its weekdays.
    end = utc(2026, 11, 24, 0, 0)
    assert clock_time(start, end, TOKYO, weekends_off=True) == timedelta(hours=33)
    assert clock_time(start, end, LOS_ANGELES, weekends_off=True) == timedelta(hours=16)
    assert clock_time(start, end, TOKYO, weekends_off=False) == timedelta(hours=52)


def test_a_weekend_with_a_change_of_clocks_is_skipped_as_it_really_was():
    # Europe's clocks go forward on Sunday 29 March 2026: that weekend lasted 47 hours.
    friday_noon = datetime(2026, 3, 27, 12, 0, tzinfo=BERLIN)
    deadline = deadline_after(friday_noon, DAY, BERLIN, weekends_off=True)
    assert deadline == datetime(2026, 3, 30, 12, 0, tzinfo=BERLIN)
    assert deadline - friday_noon == timedelta(hours=24 + 47)


@given(
    start=st.datetimes(
        min_value=datetime(2025, 1, 1), max_value=datetime(2028, 12, 31), timezones=st.just(UTC)
    ),
    minutes=st.integers(min_value=1, max_value=30 * 24 * 60),
    zone=st.sampled_from([TOKYO, LOS_ANGELES, BERLIN, ZoneInfo("UTC")]),
    weekends_off=st.booleans(),
)
def test_the_deadline_is_exactly_where_the_clock_time_reaches_the_budget(
    start, minutes, zone, weekends_off
):
    budget = timedelta(minutes=minutes)
    deadline = deadline_after(start, budget, zone, weekends_off=weekends_off)
    assert clock_time(start, deadline, zone, weekends_off=weekends_off) == budget
    if weekends_off:  # a clock runs out on a weekday of its own zone, never at the weekend
        assert (deadline - timedelta(microseconds=1)).astimezone(zone).weekday() < 5


@pytest.mark.parametrize(
    ("left", "words"),
    [
        (timedelta(days=2, hours=4, minutes=59), "2 days 4 h"),
        (timedelta(days=1), "1 day"),
        (timedelta(hours=5, minutes=12), "5 h 12 min"),
        (timedelta(minutes=12), "12 min"),
        (timedelta(seconds=20), "1 min"),
        (timedelta(0), "time is up"),
        (timedelta(hours=-3), "time is up"),
    ],
)
def test_time_left_in_words(left, words):
    assert describe_remaining(left) == words


def test_controls_in_words():
    assert TimeControl(PER_MOVE, days=1).describe() == "1 day per move"
    assert TimeControl(BANK, days=10, increment_days=1, weekends_off=True).describe() == (
        "a bank of 10 days +1 day a move, weekends off"
    )
    assert TimeControl(UNLIMITED, days=0).describe() == "no time limit"


def test_vacation_is_earned_a_day_a_week_up_to_the_cap():
    since = utc(2026, 1, 5)
    assert accrued_vacation(7 * DAY, since, since + 14 * DAY) == 9 * DAY
    assert accrued_vacation(7 * DAY, since, since + timedelta(days=3, hours=12)) == 7.5 * DAY
    assert accrued_vacation(29 * DAY, since, since + 70 * DAY) == VACATION_CAP
    assert accrued_vacation(40 * DAY, since, since + 7 * DAY) == 40 * DAY  # staff's gift kept
    assert accrued_vacation(7 * DAY, since, since - DAY) == 7 * DAY
