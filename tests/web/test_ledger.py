"""The move ledger: the one door, append-only rows, the cached head, verify_ledgers."""

import random

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from games.models import Game, Move
from games.services import (
    BoardChanged,
    MoveRefused,
    NotYourTurn,
    head_state,
    submit_move,
    verify_ledger,
)
from rules.jackal import State, replay
from tests.factories import make_user, start_game

pytestmark = pytest.mark.django_db

LEGAL = object()  # stands for "the first legal move" in parametrised cases


@pytest.fixture
def game():
    return start_game(make_user("alice"), make_user("bob"))


def legal(game: Game) -> list[str]:
    game.refresh_from_db()
    return [str(move) for move in head_state(game).legal_moves()]


def play(game: Game, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return
        submit_move(
            game.pk,
            seat_index=game.to_act_seat,
            text=rng.choice(legal(game)),
            expected_ply=game.ply,
        )


def test_a_move_appends_one_ledger_row_and_moves_the_head(game):
    move = legal(game)[0]
    result = submit_move(game.pk, seat_index=0, text=move, expected_ply=0)
    game.refresh_from_db()
    assert result.ply == game.ply == 1
    (row,) = Move.objects.filter(game=game)
    assert (row.ply, row.text, row.seat) == (1, move, 0)
    assert row.events and all(isinstance(line, str) for line in row.events)
    # The cached turn owner is the engine's (a move may leave its own crew a chain choice).
    assert game.to_act_seat == head_state(game).to_act()


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
    before = (game.ply, game.state, game.to_act_seat)
    with pytest.raises(error, match=f"(?i){message}") as refused:
        text = legal(game)[0] if text is LEGAL else text
        submit_move(game.pk, seat_index=seat, text=text, expected_ply=ply)
    assert refused.value.message
    game.refresh_from_db()
    assert (game.ply, game.state, game.to_act_seat) == before
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


def test_verify_ledgers_passes_clean_games_and_fails_a_tampered_one(game, capsys):
    other = start_game(make_user("carol"), make_user("dave"))
    play(game, 20, random.Random(1))
    play(other, 20, random.Random(2))
    call_command("verify_ledgers")
    assert "2 games checked" in capsys.readouterr().out

    # Someone edits the cached state behind the ledger's back.
    tampered = head_state(other)
    tampered.apply(tampered.legal_moves()[0])
    Game.objects.filter(pk=other.pk).update(state=tampered.to_json(), ply=other.ply)
    with pytest.raises(CommandError, match=rf"1 of 2 games differ.*\[{other.pk}\]"):
        call_command("verify_ledgers")


def test_verify_ledger_finds_a_gap(game):
    play(game, 5, random.Random(3))
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_move WHERE game_id = %s AND ply = 3", [game.pk])
    game.refresh_from_db()
    assert verify_ledger(game) == ["the ledger has a gap: ply 3 is missing"]


def test_a_game_plays_through_the_service_to_its_end(game):
    play(game, 20000, random.Random(11))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.to_act_seat is None
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
