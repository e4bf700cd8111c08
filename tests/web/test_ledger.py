"""The move ledger: the one door, append-only rows, the cached head, verify_ledgers."""

import json
import random
from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError

from games.families.jackal import engine_state
from games.models import Game, Move
from games.services import (
    BoardChanged,
    MoveRefused,
    NotYourTurn,
    submit_move,
    verify_ledger,
)
from rules.jackal import LATEST_DECK, State, new_game, player_view, replay
from rules.jackal.bots.random_bot import choose_move
from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db

LEGAL = object()  # stands for "the first legal move" in parametrised cases


@pytest.fixture
def game():
    return start_game(make_user("alice"), make_user("bob"))


def legal(game: Game) -> list[str]:
    game.refresh_from_db()
    return [str(move) for move in engine_state(game).legal_moves()]


def play(game: Game, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return
        # As the random bot plays: an accepted offer to end the game would cut it short.
        view = player_view(engine_state(game), game.seat_to_act())
        submit_move(
            game.pk,
            seat_index=game.seat_to_act(),
            text=choose_move(view, rng),
            expected_ply=game.ply,
        )


def test_a_move_appends_one_ledger_row_and_moves_the_head(game):
    move = legal(game)[0]
    result = submit_move(game.pk, seat_index=0, text=move, expected_ply=0)
    game.refresh_from_db()
    assert result.ply == game.ply == 1
    (row,) = Move.objects.filter(game=game)
    assert (row.ply, row.text, row.seat) == (1, move, 0)
    # Events are data (kind and fields), said in words when shown
    # (games.families.jackal.event_words).
    assert row.events and all(isinstance(event, dict) and event["kind"] for event in row.events)
    # The cached turn owner is the engine's (a move may leave its own crew a chain choice).
    assert game.seat_to_act() == engine_state(game).to_act()


@pytest.mark.parametrize(
    ("seat", "text", "ply", "error", "message"),
    [
        (0, LEGAL, 1, BoardChanged, "board has changed"),
        (1, LEGAL, 0, NotYourTurn, "not your turn"),
        (0, "W1 A1-M13", 0, MoveRefused, ""),
        (0, "fly me to the moon", 0, MoveRefused, "is not a move"),
        (0, "", 0, MoveRefused, "Type a move"),
        (0, "W" * 500, 0, MoveRefused, "not a move"),
    ],
)
def test_refused_moves_change_nothing(game, seat, text, ply, error, message):
    before = (game.ply, game.state, game.seat_to_act())
    with pytest.raises(error, match=f"(?i){message}") as refused:
        text = legal(game)[0] if text is LEGAL else text
        submit_move(game.pk, seat_index=seat, text=text, expected_ply=ply)
    assert refused.value.message
    game.refresh_from_db()
    assert (game.ply, game.state, game.seat_to_act()) == before
    assert not Move.objects.exists()


def test_moves_are_never_updated_through_the_orm(game):
    submit_move(game.pk, seat_index=0, text=legal(game)[0], expected_ply=0)
    row = Move.objects.get()
    row.text = "W1 A1-A2"
    with pytest.raises(TypeError, match="append-only"):
        row.save()
    with pytest.raises(TypeError, match="append-only"):
        Move.objects.filter(pk=row.pk).update(text="W1 A1-A2")


def test_postgresql_refuses_an_update_of_a_move(postgres, game):
    submit_move(game.pk, seat_index=0, text=legal(game)[0], expected_ply=0)
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE games_move SET text = 'W1 A1-A2'")
    assert Move.objects.get().text != "W1 A1-A2"


def test_cached_head_equals_the_replayed_ledger(game):
    play(game, 60, random.Random(7))
    game.refresh_from_db()
    texts = list(game.moves.order_by("ply").values_list("text", flat=True))
    replayed = replay(game.ruleset, game.players, game.seed, texts, teams=game.teams)
    assert replayed.to_json() == State.from_json(game.state).to_json()
    assert verify_ledger(game) == []


def test_a_game_dealt_before_the_deck_correction_plays_on_and_replays_exactly(game):
    """Decks are versioned (rulings E18): a game whose stored position predates the versions was
    dealt from deck 1 (the T arrow); it keeps that island, and the ledger replays to it."""
    old_deal = new_game(
        game.ruleset, players=game.players, seed=game.seed, teams=game.teams, deck=1
    )
    assert "deck" not in old_deal.to_json()  # as positions were stored before versioning
    Game.objects.filter(pk=game.pk).update(state=old_deal.to_json())
    play(game, 40, random.Random(5))
    game.refresh_from_db()
    assert "deck" not in game.state and engine_state(game).deck == 1
    assert verify_ledger(game) == []
    texts = list(game.moves.order_by("ply").values_list("text", flat=True))
    with_latest = new_game(game.ruleset, players=game.players, seed=game.seed, deck=LATEST_DECK)
    assert with_latest.to_json()["tiles"] != old_deal.to_json()["tiles"]
    assert replay(game.ruleset, game.players, game.seed, texts, deck=1).to_json() == game.state


def test_verify_ledgers_passes_clean_games_and_fails_a_tampered_one(game, capsys):
    other = start_game(make_user("carol"), make_user("dave"))
    play(game, 20, random.Random(1))
    play(other, 20, random.Random(2))
    call_command("verify_ledgers")
    assert "2 games checked" in capsys.readouterr().out

    # Someone edits the cached state behind the ledger's back.
    other.refresh_from_db()
    tampered = engine_state(other)
    tampered.apply(tampered.legal_moves()[0])
    Game.objects.filter(pk=other.pk).update(state=tampered.to_json(), ply=other.ply)
    with pytest.raises(CommandError, match=rf"1 of 2 games differ.*\[{other.pk}\]"):
        call_command("verify_ledgers")


def behind_the_ledgers_back(sql: str, params=()) -> None:
    """Raw SQL as the tables' owner could run it, the ledger's triggers switched off (PostgreSQL
    refuses DELETE of moves and winding a game back): what verify_ledgers is there to catch."""
    postgresql = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if postgresql:
            cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(sql, params)
        if postgresql:
            cursor.execute("SET LOCAL session_replication_role = origin")


def broken_at(ply: int) -> str:
    """verify_ledger's report of a move that breaks the ledger's chain of seals (games.ledger)."""
    return (
        f"ply {ply}: the move breaks the ledger's chain: it, or a row just before it, was"
        " written, changed or removed behind the site's back"
    )


CUT_AFTER_2 = (
    "the ledger's chain ends after ply 2, short of the game's last seal: its last rows were removed"
)


def test_verify_ledger_finds_a_gap(game):
    play(game, 5, random.Random(3))
    behind_the_ledgers_back("DELETE FROM games_move WHERE game_id = %s AND ply = 3", [game.pk])
    game.refresh_from_db()
    assert verify_ledger(game) == [broken_at(4), "the ledger has a gap: ply 3 is missing"]


def end_by_agreement(game: Game) -> None:
    """alice offers, plays, and bob accepts: a finished game in three plies."""
    for seat, text in ((0, "offer end"), (0, "WS G1-H1"), (1, "accept end")):
        submit_move(game.pk, seat_index=seat, text=text, expected_ply=game.ply)
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "agreement"


def test_verify_ledgers_notices_a_cut_ledger(game):
    end_by_agreement(game)
    behind_the_ledgers_back("DELETE FROM games_move WHERE game_id = %s AND ply = 3", [game.pk])
    game.refresh_from_db()
    assert verify_ledger(game) == [
        CUT_AFTER_2,
        "the ledger was cut: it ends at ply 2 but the game has had 3 moves",
    ]


def test_verify_ledgers_notices_a_cut_ledger_even_when_the_game_was_wound_back(game):
    """The last move cut and the cached head wound back to match: the game still says it is
    finished, with an outcome its ledger no longer reaches."""
    end_by_agreement(game)
    cut = replay(game.ruleset, game.players, game.seed, ["offer end", "WS G1-H1"])
    behind_the_ledgers_back("DELETE FROM games_move WHERE game_id = %s AND ply = 3", [game.pk])
    behind_the_ledgers_back(
        "UPDATE games_game SET ply = 2, state = %s WHERE id = %s",
        [json.dumps(cut.to_json()), game.pk],
    )
    game.refresh_from_db()
    assert verify_ledger(game) == [
        CUT_AFTER_2,
        "the game is finished but its ledger does not reach the end: cut?",
    ]
    with pytest.raises(CommandError, match=rf"1 of 1 games differ.*\[{game.pk}\]"):
        call_command("verify_ledgers")


def test_moves_are_never_deleted_through_the_orm(game):
    end_by_agreement(game)
    row = Move.objects.filter(game=game).last()
    with pytest.raises(TypeError, match="append-only"):
        row.delete()
    with pytest.raises(TypeError, match="append-only"):
        Move.objects.filter(game=game).delete()
    assert game.moves.count() == 3 and verify_ledger(game) == []


def test_a_game_with_moves_cannot_be_deleted(game):
    """Deleting a game would take its ledger along: it is refused; staff abort games instead."""
    submit_move(game.pk, seat_index=0, text="WS G1-H1", expected_ply=0)
    with pytest.raises(ProtectedError):
        Game.objects.get(pk=game.pk).delete()
    assert Game.objects.filter(pk=game.pk).exists() and game.moves.count() == 1
    fresh = start_game(make_user("erin"), make_user("frank"))
    fresh.delete()  # a game without moves has no ledger to lose
    assert not Game.objects.filter(pk=fresh.pk).exists()


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM games_move",
        "TRUNCATE games_move",
        "TRUNCATE games_game CASCADE",
        "DELETE FROM games_game",  # the moves hold their game through the foreign key
        "UPDATE games_game SET ply = ply - 1",  # winding back, to hide a cut
    ],
)
def test_postgresql_refuses_to_cut_the_ledger(postgres, game, sql):
    end_by_agreement(game)
    with (
        pytest.raises(DatabaseError, match="append-only|ply never goes back|foreign key"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        # The test database lets Django's flush TRUNCATE (tests/conftest.py); this session not.
        cursor.execute("SET LOCAL jackal.ledger_flush = 'off'")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(sql)
    game.refresh_from_db()
    assert game.moves.count() == game.ply == 3 and verify_ledger(game) == []


def test_postgresql_truncates_the_ledger_only_when_told_it_wipes_the_database(postgres, game):
    end_by_agreement(game)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL jackal.ledger_flush = 'on'")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no checks pending: TRUNCATE needs it
        # CASCADE: the games' messages and ratings refer to them too.
        cursor.execute("TRUNCATE games_move, games_seat, games_game CASCADE")
    assert not Move.objects.exists() and not Game.objects.exists()


def test_a_game_plays_through_the_service_to_its_end(game):
    play(game, 20000, random.Random(11))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seat_to_act() is None
    assert game.outcome["reason"]
    assert game.moves.count() == game.ply
    assert verify_ledger(game) == []
    with pytest.raises(BoardChanged, match="not running"):
        submit_move(game.pk, seat_index=0, text="W1 A1-A2", expected_ply=game.ply)


def test_the_ledger_keeps_canonical_notation_whatever_was_typed(game):
    move = legal(game)[0]
    sloppy = "  " + move.lower().replace(" ", "   ") + " "
    submit_move(game.pk, seat_index=0, text=sloppy, expected_ply=0)
    assert Move.objects.get().text == move
    assert verify_ledger(Game.objects.get(pk=game.pk)) == []


def test_old_ledgers_english_events_are_re_derived_as_data_and_then_verified(game):
    """Entries written before events were data hold sentences; verify_ledgers notices them, and
    the migration that re-derives them (0015) makes them what the move service stores now."""
    from importlib import import_module

    from django.db.migrations.executor import MigrationExecutor

    play(game, 6, random.Random(3))
    game.refresh_from_db()
    as_stored = list(game.moves.order_by("ply").values_list("events", flat=True))
    behind_the_ledgers_back(
        "UPDATE games_move SET events = %s WHERE game_id = %s",
        [json.dumps(["W1 lands on a face-down tile"]), game.pk],
    )
    assert verify_ledger(game) == [
        broken_at(1),  # the events are sealed too
        "ply 1: the stored events differ from the replayed ledger's",
    ]

    name = "0015_events_as_data_for_old_ledgers"
    migration = import_module(f"games.migrations.{name}")
    # The models as the migration sees them (historical: without the ledger's Python guard).
    apps = MigrationExecutor(connection).loader.project_state(("games", name)).apps
    # What the migration asks of its schema editor (SQLite's cannot open inside a test's
    # transaction): the connection, and running SQL.
    with connection.cursor() as cursor, transaction.atomic():
        editor = SimpleNamespace(connection=connection, execute=cursor.execute)
        migration.rederive(apps, editor)
    assert list(game.moves.order_by("ply").values_list("events", flat=True)) == as_stored
    assert verify_ledger(game) == []
