"""The one-player Archipelago puzzles on the site (issue 16): the list of puzzles, a puzzle
started and solved over HTTP, its score in turns and the best-results table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.services import TableError, open_table, verify_ledger
from tests.factories import make_user
from tests.rules.archipelago.test_arch_puzzles import FIRST_STEPS


def start(client, user, key: str) -> Game:
    client.force_login(user)
    response = client.post(reverse("puzzle_start", args=[key]))
    assert response.status_code == 302
    game = Game.objects.filter(created_by=user).latest("pk")
    assert response.url == game.get_absolute_url()
    return game


def play(client, game: Game, moves: list[str]) -> None:
    for move in moves:
        game.refresh_from_db()
        if not game.is_running:  # a failed puzzle ends before its moves run out
            break
        ply = game.ply
        response = client.post(
            reverse("game_move", args=[game.pk]), {"move": move, "expected_ply": ply}
        )
        assert response.status_code == 302
        game.refresh_from_db()
        assert game.ply == ply + 1, f"{move} was refused"
    game.refresh_from_db()


def test_the_puzzle_page_lists_every_puzzle_with_its_limits(client, db):
    html = client.get(reverse("puzzles")).content.decode()
    assert "One coin, three turns" in html and "At most 3 turns; at least 3 pirates alive." in html
    assert "Three coins and a balloon" in html and "Nobody has solved it yet." in html
    assert "Play this puzzle" not in html  # only for the signed in
    lobby = client.get(reverse("lobby")).content.decode()
    assert reverse("puzzles") in lobby


def test_a_puzzle_solved_over_http_scores_its_turns_in_the_best_results(client, db, settings):
    settings.MOVE_RATE_LIMIT = 10**6  # a test plays faster than the site lets a person move
    alice, bob = make_user("alice"), make_user("bob")
    game = start(client, alice, "first-steps")
    assert game.ruleset == "archipelago-puzzle" and game.players == 1 and game.is_running
    assert game.options == {"puzzle": "first-steps"} and game.rated is False
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Your turn: turn 1 of 3." in html and 'class="island archipelago"' in html
    assert 'value="W1 B2-C2"' in html
    play(client, game, FIRST_STEPS)
    assert game.status == Game.Status.FINISHED
    assert game.outcome["scores"] == {"0": 3}
    assert verify_ledger(game) == []
    assert "Puzzle solved in 3 turns." in client.get(game.get_absolute_url()).content.decode()

    # bob fails the same puzzle (he walks about until the turns run out): no row for him.
    failed = start(client, bob, "first-steps")
    wander = ["W1 B2-C2", "W2 B2-C2", "W3 B2-C2", "W1 C2-D2", "W2 C2-D2", "W3 C2-D2"]
    play(client, failed, [*wander, "W1 D2-E2", "W2 D2-E2", "W3 D2-E2"])
    assert failed.status == Game.Status.FINISHED and failed.outcome["scores"] == {"0": 0}
    page = client.get(reverse("puzzles")).content.decode()
    table = page.split('id="puzzle-first-steps"')[1].split("</section>")[0]
    assert "<td>alice</td><td>3</td>" in table and "bob" not in table


def test_an_unknown_puzzle_or_option_is_refused_and_changes_nothing(client, db):
    alice = make_user("alice")
    client.force_login(alice)
    assert client.post(reverse("puzzle_start", args=["no-such-puzzle"])).status_code == 404
    with pytest.raises(TableError):
        open_table(creator=alice, players=1, ruleset="archipelago-puzzle", options={"puzzle": "x"})
    with pytest.raises(TableError):
        open_table(creator=alice, players=2, ruleset="archipelago", options={"island": "moon"})
    assert not Game.objects.exists()
