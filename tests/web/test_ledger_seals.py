"""The ledger's seals (games.ledger): every move and seat action is a link of its game's keyed
chain, so that a row written, changed or removed behind the site's back is reported by
verify_ledgers with its ply; and the seat actions are as append-only as the moves."""

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from importlib import import_module
from types import SimpleNamespace

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.families.jackal import engine_state
from games.models import Game, Move, SeatAction
from games.services import join_table, open_table, submit_move, verify_ledger
from jackal_site.env import key_made_once
from tests.web.test_ledger import behind_the_ledgers_back, broken_at

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
MIGRATION = "0023_ledger_seals"


def broken_by(ply: int, kind: str, seat: int) -> str:
    return (
        f"ply {ply}: the seat action {kind!r} of seat {seat} breaks the ledger's chain: it, or a"
        " row just before it, was written, changed or removed behind the site's back"
    )


def three_players(people) -> Game:
    game = open_table(creator=people[0], players=3, control=TimeControl(days=1))
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def play(game: Game, plies: int) -> None:
    """The seat to act plays its first legal moves (a stand-in's too: no user)."""
    for _ in range(plies):
        game.refresh_from_db()
        if not game.is_running:
            return
        seat = game.seats_to_act()[0]
        move = str(engine_state(game).legal_moves()[0])
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    game.refresh_from_db()


@pytest.fixture
def running(alice, bob, carol) -> Game:
    """A three-player game with a resignation at ply 4 (a bot plays on for bob) and 8 moves."""
    game = three_players([alice, bob, carol])
    play(game, 4)
    forfeits.resign(game.pk, bob, expected_ply=4)
    play(game, 4)
    assert game.is_running and game.ply == 8 and verify_ledger(game) == []
    return game


def test_a_whole_game_with_timeouts_and_seat_actions_is_one_sealed_chain(alice, bob, carol):
    with time_machine.travel(MONDAY, tick=False) as travel:
        game = three_players([alice, bob, carol])
        travel.shift(DAY)
        assert sweep_timeouts() == 1  # at ply 0, before any move: a bot stands in for alice
        forfeits.reclaim_seat(game.pk, alice, expected_ply=0)
        play(game, 6)
        forfeits.resign(game.pk, bob, expected_ply=game.ply)
        play(game, 6)
        forfeits.resign(game.pk, carol, expected_ply=game.ply)  # the last one in: alice wins
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "resignation"
    kinds = list(game.seat_actions.order_by("pk").values_list("ply", "kind"))
    assert kinds == [(0, "timeout-bot"), (0, "reclaim"), (6, "resign"), (12, "resign")]
    seals = [*game.moves.values_list("seal", flat=True)]
    seals += game.seat_actions.values_list("seal", flat=True)
    assert all(len(seal) == 64 for seal in seals) and len(set(seals)) == len(seals) == 16
    assert game.ledger_seal == game.seat_actions.order_by("pk").last().seal
    assert verify_ledger(game) == []


def test_a_forged_resignation_in_a_running_game_is_reported_with_its_ply(running, carol, capsys):
    """Written straight into the table: the row is stored, but without the key it cannot carry
    its seal, whether it comes last or between two moves, or copies another row's seal."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_seataction (game_id, ply, seat, kind, user_id, created_at)"
            " VALUES (%s, %s, 2, 'resign', %s, %s)",
            [running.pk, 8, carol.pk, datetime.now(UTC)],
        )
    assert verify_ledger(running) == [broken_by(8, "resign", 2)]
    with pytest.raises(CommandError, match=rf"1 of 1 games differ.*\[{running.pk}\]"):
        call_command("verify_ledgers")
    assert "ply 8: the seat action 'resign' of seat 2 breaks" in capsys.readouterr().err

    behind_the_ledgers_back("DELETE FROM games_seataction WHERE ply = 8")
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_seataction (game_id, ply, seat, kind, user_id, created_at, seal)"
            " VALUES (%s, 6, 2, 'resign', %s, %s, %s)",
            [running.pk, carol.pk, datetime.now(UTC), running.moves.get(ply=6).seal],
        )
    assert verify_ledger(running) == [broken_by(6, "resign", 2)]


def test_a_deleted_seat_action_is_reported_at_the_row_after_it(running):
    behind_the_ledgers_back("DELETE FROM games_seataction WHERE game_id = %s", [running.pk])
    assert verify_ledger(running) == [broken_at(5)]


def test_a_deleted_last_row_is_reported_as_a_cut_chain(running, alice):
    forfeits.resign(running.pk, alice, expected_ply=8)
    running.refresh_from_db()
    assert verify_ledger(running) == []
    behind_the_ledgers_back("DELETE FROM games_seataction WHERE ply = 8")
    assert verify_ledger(running) == [
        "the ledger's chain ends after ply 8, short of the game's last seal: its last rows were"
        " removed",
        "cached outcome differs from the replayed ledger",  # her resignation ended the game
    ]


def test_an_edited_row_is_reported_with_its_ply(running):
    behind_the_ledgers_back("UPDATE games_seataction SET kind = 'timeout-bot'")
    assert verify_ledger(running) == [broken_by(4, "timeout-bot", 1)]
    behind_the_ledgers_back("UPDATE games_seataction SET kind = 'resign'")
    assert verify_ledger(running) == []
    # A move re-dated: nothing a replay sees, but the seal covers it.
    behind_the_ledgers_back("UPDATE games_move SET created_at = %s WHERE ply = 7", [MONDAY])
    assert verify_ledger(running) == [broken_at(7)]


def test_the_seals_are_the_keys_own(running):
    with override_settings(LEDGER_KEY="a key someone guessed"):
        assert verify_ledger(running) == [broken_at(1)]


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games_seataction SET kind = 'reclaim'",
        "DELETE FROM games_seataction",
        "TRUNCATE games_seataction CASCADE",
    ],
)
def test_postgresql_refuses_to_change_or_cut_the_seat_actions(postgres, running, sql):
    with (
        pytest.raises(DatabaseError, match="append-only: [A-Z]+ of games_seataction"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        # The test database lets Django's flush TRUNCATE (tests/conftest.py); this session not.
        cursor.execute("SET LOCAL jackal.ledger_flush = 'off'")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(sql)
    assert list(running.seat_actions.values_list("kind", flat=True)) == ["resign"]
    assert verify_ledger(running) == []


def test_the_migration_seals_the_rows_written_before_the_seals(running, alice):
    forfeits.resign(running.pk, alice, expected_ply=8)  # two seat actions: one chain, in order
    play(running, 3)
    as_sealed = (
        list(Move.objects.order_by("pk").values_list("seal", flat=True)),
        list(SeatAction.objects.order_by("pk").values_list("seal", flat=True)),
        Game.objects.get(pk=running.pk).ledger_seal,
    )
    for table in ("games_move", "games_seataction"):
        behind_the_ledgers_back(f"UPDATE {table} SET seal = ''")  # as before the seals
    behind_the_ledgers_back("UPDATE games_game SET ledger_seal = ''")
    running.refresh_from_db()
    assert verify_ledger(running) == [broken_at(1)]

    migration = import_module(f"games.migrations.{MIGRATION}")
    # The models as the migration sees them (historical: without the ledger's Python guard).
    apps = MigrationExecutor(connection).loader.project_state(("games", MIGRATION)).apps
    with connection.cursor() as cursor, transaction.atomic():
        editor = SimpleNamespace(connection=connection, execute=cursor.execute)
        migration.seal_ledgers(apps, editor)
    running.refresh_from_db()
    assert verify_ledger(running) == []
    assert as_sealed == (
        list(Move.objects.order_by("pk").values_list("seal", flat=True)),
        list(SeatAction.objects.order_by("pk").values_list("seal", flat=True)),
        running.ledger_seal,
    )
    if connection.vendor == "postgresql":  # the move ledger refuses updates again
        with (
            pytest.raises(DatabaseError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute("UPDATE games_move SET seal = ''")


def ledger_key(**env) -> str:
    """settings.LEDGER_KEY as a process with `env` (and no key set) reads it."""
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "LEDGER_KEY"}}
    code = (
        "import django; django.setup(); from django.conf import settings as s; print(s.LEDGER_KEY)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, "DJANGO_SETTINGS_MODULE": "jackal_site.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


def test_the_ledger_key_is_set_derived_from_the_secret_key_or_made_once(tmp_path):
    assert ledger_key(SECRET_KEY="s3cret", LEDGER_KEY="the ledger's own") == "the ledger's own"
    derived = ledger_key(SECRET_KEY="s3cret")
    assert len(derived) == 64 and "s3cret" not in derived
    assert ledger_key(SECRET_KEY="s3cret") == derived != ledger_key(SECRET_KEY="another")
    # A development run: its SECRET_KEY is public, so a key of its own, made when first used.
    assert ledger_key(DEBUG="true", JACKAL_DATA_DIR=str(tmp_path)) == ""
    made = key_made_once(tmp_path / "ledger-key")
    assert len(made) == 64 and key_made_once(tmp_path / "ledger-key") == made
    assert (tmp_path / "ledger-key").stat().st_mode & 0o777 == 0o600
