"""A move costs a fixed number of queries (issue 51): the same for 2, 4 and 6 seats, in every
family, so that it cannot creep up again as features are added around it.

The htmx move of a player, a few plies into the game, whose move hands the turn to another
person, as a player makes it: from the board page. Its eight: the session and the user; the
transaction (BEGIN, or a savepoint inside the test's; the game and its seats read and locked in
one statement; the ledger row; the game's row; the seats' row, in one statement; COMMIT). The
board it answers with reads nothing: the log's tail and the seat actions are kept under the
ledger's seal (games.ledger_tail), and the turn e-mails' reminders are written after the commit
(a test of their own below). Nothing in it grows with the seats."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.ledger_tail import KEPT
from games.models import Game
from games.presenters.board import board_context
from games.services import head_state, submit_move
from reminders.models import Reminder
from tests.factories import make_user, start_game

CEILING = 8
# A cold cache (nothing kept: a restarted Redis) reads the log's tail and the seat actions
# again, and Archipelago's board asks once whether its game belongs to a series.
COLD = {"classic": 2, "second-edition": 2, "jamaica": 2, "archipelago": 3}
TABLES = [(ruleset, n) for ruleset in ("classic", "second-edition", "archipelago") for n in (2, 4)]
TABLES += [("jamaica", 2), ("jamaica", 4), ("jamaica", 6)]
WARM_UP = 5  # plies played before the move measured


def a_table(ruleset: str, players: int, plies: int = WARM_UP):
    """A running game `plies` into play (each played through the move service), and its
    people by seat."""
    people = [make_user(f"{ruleset}-{players}-{n}") for n in range(players)]
    game = start_game(*people, ruleset=ruleset)
    rng = random.Random(players)
    played = 0
    # On, past `plies`, to a position where a move hands the turn on (not Jamaica's
    # resolution, where one seat decides several times in a row).
    while played < plies or handing_on(game) is None:
        played += 1
        state = head_state(game)
        seat = min(state.to_act())
        moves = [str(m) for m in state.legal_moves(seat) if not str(m).startswith("offer")]
        submit_move(game.pk, seat_index=seat, text=rng.choice(moves), expected_ply=game.ply)
        game.refresh_from_db()
    return game, people


def handing_on(game: Game) -> tuple[int, str] | None:
    """A seat to act and a move of it that begins another seat's turn, if there is one."""
    state = head_state(game)
    for seat in sorted(state.to_act()):
        for move in state.legal_moves(seat):
            if not str(move).startswith("offer") and _hands_on(state, seat, move):
                return seat, str(move)
    return None


def _hands_on(state, seat: int, move) -> bool:
    """Whether `move` begins another seat's turn (Jamaica: every seat's card choice; Jackal: the
    next crew's, unless the move leaves a choice of its own in a chain)."""
    after = state.copy()
    after.apply(seat, move)
    return bool(after.to_act() - {seat})


def queries_of_a_move(
    client, game: Game, people, *, page_first: bool = True, after_commit: list | None = None
) -> list[str]:
    """The queries of an htmx move up to its answer, the commit's work aside: what runs once
    the move commits (the turn e-mails' rows) is run too, and its queries put in
    `after_commit`."""
    seat, move = handing_on(game)  # a_table played on to one
    client.force_login(people[seat])
    if page_first:
        assert client.get(game.get_absolute_url()).status_code == 200
    url = reverse("game_move", args=[game.pk])
    with (
        CaptureQueriesContext(connection) as captured,
        TestCase.captureOnCommitCallbacks() as callbacks,
    ):
        response = client.post(
            url, {"move": move, "expected_ply": game.ply}, HTTP_HX_REQUEST="true"
        )
    with CaptureQueriesContext(connection) as committed:
        for callback in callbacks:
            callback()
    if after_commit is not None:
        after_commit += [query["sql"] for query in committed.captured_queries]
    assert response.status_code == 200 and "is not" not in response.content.decode()
    ply = game.ply
    game.refresh_from_db()
    assert game.ply == ply + 1
    return [query["sql"] for query in captured.captured_queries]


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_a_move_costs_no_more_than_its_ceiling(client, db, ruleset, players):
    game, people = a_table(ruleset, players)
    after_commit = []
    queries = queries_of_a_move(client, game, people, after_commit=after_commit)
    assert len(queries) <= CEILING, "\n".join(queries)
    # Once committed, the turn e-mails of every seat whose turn began: at most one statement
    # (inside its own transaction on a real connection: BEGIN and COMMIT besides); none when
    # no turn began (Jamaica's resolution hands on to seats that owed already).
    assert len(after_commit) <= 1, after_commit
    assert all("reminders_reminder" in sql for sql in after_commit), after_commit


@pytest.mark.parametrize("ruleset", ["classic", "second-edition", "archipelago", "jamaica"])
def test_a_move_costs_the_same_whatever_the_number_of_seats(client, db, ruleset):
    counts = {}
    for family, players in TABLES:
        if family == ruleset:
            game, people = a_table(ruleset, players)
            counts[players] = len(queries_of_a_move(client, game, people))
    assert len(set(counts.values())) == 1, counts


@pytest.mark.parametrize("ruleset", ["classic", "archipelago", "jamaica"])
def test_a_cold_cache_costs_the_reads_it_saves_and_no_more(client, db, ruleset):
    game, people = a_table(ruleset, 2)
    cache.clear()
    queries = queries_of_a_move(client, game, people, page_first=False)
    assert len(queries) <= CEILING + COLD[ruleset], "\n".join(queries)


def test_the_first_move_of_a_game_costs_the_same(client, db):
    game, people = a_table("classic", 4, plies=0)
    assert len(queries_of_a_move(client, game, people)) <= CEILING


def test_the_board_of_a_move_shows_the_ledger_as_the_database_has_it(client, db):
    """The log the move's answer shows, from the kept tail, is the database's: each of the last
    moves in order, with a cache kept along the whole game and with one cleared halfway."""
    from games import ledger_tail

    game, people = a_table("classic", 2, plies=KEPT + 5)
    stored = list(game.moves.order_by("-ply").values(*ledger_tail.MOVE_COLUMNS)[:KEPT])
    assert ledger_tail.recent_moves(game, KEPT) == stored
    cache.clear()
    seat, move = handing_on(game)
    submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    game.refresh_from_db()
    stored = list(game.moves.order_by("-ply").values(*ledger_tail.MOVE_COLUMNS)[:KEPT])
    assert ledger_tail.recent_moves(game, KEPT) == stored  # read again, then kept
    seat, move = handing_on(game)
    submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    game.refresh_from_db()
    stored = list(game.moves.order_by("-ply").values(*ledger_tail.MOVE_COLUMNS)[:KEPT])
    assert ledger_tail.recent_moves(game, KEPT) == stored


def test_a_seat_action_is_seen_by_the_next_board(client, db):
    """A resignation is a ledger row of its own: it moves the seal, so the board after it does
    not show the buttons of before it (a resigned player offered to resign again)."""
    game, people = a_table("classic", 4)
    client.force_login(people[1])
    page = client.get(game.get_absolute_url()).content.decode()
    assert reverse("game_seat_action", args=[game.pk, "resign"]) in page
    response = client.post(
        reverse("game_seat_action", args=[game.pk, "resign"]), {"expected_ply": game.ply}
    )
    assert response.status_code in (200, 302)
    page = client.get(game.get_absolute_url()).content.decode()
    assert reverse("game_seat_action", args=[game.pk, "resign"]) not in page


def test_the_turn_emails_reminders_are_written_once_the_move_commits(
    client, db, django_capture_on_commit_callbacks
):
    cache.clear()  # no page of another test's game of the same number open (games.live.presence)
    game, people = a_table("jamaica", 4, plies=0)
    seat, move = handing_on(game)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    assert callbacks
    game.refresh_from_db()
    told = set(Reminder.objects.filter(game=game, ply=game.ply).values_list("user", flat=True))
    owing = {people[s.index].pk for s in game.seats.filter(must_act=True)}
    assert told == owing and len(told) == 4


def test_a_jamaica_card_chosen_stays_hidden_when_read_from_the_kept_tail(client, db):
    """Jamaica's boards find the cards still face down from the kept tail (not a query): the
    same plies as the ledger says, and the other seats' board does not name the card."""
    from games import ledger_tail
    from games.families.jamaica import ledger

    game, people = a_table("jamaica", 3, plies=0)
    for _ in range(10):  # on to the first card chosen (after the captain's order of the dice)
        state = head_state(game)
        chooser = min(state.to_act())
        moves = [str(m) for m in state.legal_moves(chooser) if not str(m).startswith("offer")]
        card = next((m for m in moves if m.startswith("play ")), None)
        submit_move(game.pk, seat_index=chooser, text=card or moves[0], expected_ply=game.ply)
        game.refresh_from_db()
        if card:
            break
    assert card and game.is_running
    state = head_state(game)
    kept = ledger.secret_plies(game, state, ledger_tail.recent_moves(game, KEPT))
    assert kept == ledger.secret_plies(game, state) == {game.ply}
    other = next(seat for seat in range(3) if seat != chooser)
    shown = {
        seat: {
            entry.ply: entry.text
            for entry in board_context(game, people[seat], seats=list(game.seats.all()))["log"]
        }
        for seat in (other, chooser)
    }
    assert shown[other][game.ply] == "play" and shown[chooser][game.ply] == card
