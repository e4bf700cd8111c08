"""Turns of a Jamaica game (issue 15): when the captain has ordered the dice, every seat — the
captain too — owes a card at once. That is a new turn for all: its clock starts then, and each
player is mailed once; the mails say nothing of anyone's cards."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import TestCase

from games.services import head_state, submit_move
from reminders.models import Reminder
from reminders.sending import send_due
from rules.jamaica.actions import DECK
from tests.factories import make_user
from tests.web.jamaica_kit import jamaica_table

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def table_whose_captain_orders(alice, bob):
    """A new table whose first dice are not a double (a double needs no order, ruling J10)."""
    for _ in range(30):
        game = jamaica_table(alice, [bob])
        if head_state(game).view(None)["phase"] == "order":
            return game
    raise AssertionError("thirty doubles in a row")


def test_after_the_captains_order_both_seats_begin_a_turn_and_are_mailed():
    with time_machine.travel(MONDAY, tick=False) as travel:
        alice, bob = make_user("alice"), make_user("bob")
        game = table_whose_captain_orders(alice, bob)
        (captain,) = game.seats_to_act()
        travel.shift(timedelta(hours=5))
        move = head_state(game).legal_moves(captain)[0]
        # The turn e-mails' rows are written once the move commits (games.services).
        with TestCase.captureOnCommitCallbacks(execute=True):
            submit_move(game.pk, seat_index=captain, text=move, expected_ply=game.ply)
        game.refresh_from_db()
        assert game.seats_to_act() == [0, 1]
        # A new turn for both, the captain included: its clock starts at the order.
        assert game.turn_started_at == MONDAY + timedelta(hours=5)
        assert game.deadline == MONDAY + timedelta(hours=5, days=3)
        reminders = Reminder.objects.filter(game=game, ply=game.ply, kind=Reminder.Kind.TURN)
        assert reminders.count() == 2
        travel.shift(timedelta(minutes=10))
        send_due()
        mailed = sorted(address for message in mail.outbox for address in message.to)
        assert f"{['alice', 'bob'][captain]}@example.com" in mailed  # the stale ply-0 one too
        assert mailed.count(f"{['alice', 'bob'][1 - captain]}@example.com") == 1
        for message in mail.outbox:
            assert f"/games/{game.pk}/" in message.body
            assert not any(f"play {card}" in message.body for card in DECK)
