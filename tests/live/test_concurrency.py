"""Many threads submit moves to one game at once: exactly one applies per ply, the others are
told the board changed, and the ledger has no gap and replays to the cached state."""

import random
import threading

import pytest
from django.db import connection

from games.families.jackal import engine_state
from games.models import Game
from games.services import BoardChanged, submit_move, verify_ledger
from tests.factories import make_user, start_game

THREADS = 8
PLIES = 12


def race(game: Game, texts: list[str]) -> list[str]:
    """Submit every text for the game's current ply from its own thread, all at once."""
    barrier = threading.Barrier(len(texts))
    outcomes: list[str] = []
    lock = threading.Lock()
    seat, ply = game.seat_to_act(), game.ply

    def submit(text: str) -> None:
        try:
            barrier.wait()
            submit_move(game.pk, seat_index=seat, text=text, expected_ply=ply)
            result = "applied"
        except BoardChanged:
            result = "stale"
        finally:
            connection.close()  # each thread has its own connection
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=submit, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return sorted(outcomes)


@pytest.mark.django_db(transaction=True)
def test_simultaneous_submissions_apply_exactly_once_per_ply():
    game = start_game(make_user("alice"), make_user("bob"))
    rng = random.Random(5)
    for _ in range(PLIES):
        moves = [str(m) for m in engine_state(game).legal_moves()]
        # Every thread submits a legal move (some the same, some different) for the same ply.
        outcomes = race(game, [rng.choice(moves) for _ in range(THREADS)])
        assert outcomes == ["applied"] + ["stale"] * (THREADS - 1)
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break

    assert list(game.moves.values_list("ply", flat=True)) == list(range(1, game.ply + 1))
    assert verify_ledger(game) == []
