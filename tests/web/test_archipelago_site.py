"""Jackal Archipelago on the site (issue 16): the board page of its variable island, moves as
buttons and in notation, a whole game over HTTP with bots, and the lobby offering it."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games.models import Game, Move
from games.services import head_state, open_table, submit_move, verify_ledger
from rules.archipelago import search
from tests.factories import make_user, start_game


@pytest.fixture
def duo(db):
    alice, bob = make_user("alice"), make_user("bob")
    return start_game(alice, bob, ruleset="archipelago"), alice, bob


def page(client, user, game, query: str = "") -> str:
    client.force_login(user)
    response = client.get(reverse("game_board", args=[game.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def test_the_board_draws_the_island_face_down_and_offers_the_landing_as_buttons(client, duo):
    game, alice, bob = duo
    html = page(client, alice, game)
    state = head_state(game)
    view = state.view(0)
    assert 'class="island archipelago"' in html
    # Every square of the island is drawn, face down, by its back only.
    for square in view["squares"]:
        assert f'data-cell="{square["cell"]}"' in html
    assert "face down (mountain back)" in html
    # The landing: one button per legal square, over the square and in the list.
    for move in state.legal_moves(0):
        cell = move.split()[1]
        assert f'id="target-{cell}"' in html and f'value="{move}"' in html
    assert "Your turn: choose where your boat lands." in html
    bobs = page(client, bob, game)
    assert "Waiting for alice." in bobs and 'name="move"' not in bobs


def test_a_landing_by_button_then_a_step_by_notation_over_http(client, duo):
    game, alice, bob = duo
    client.force_login(alice)
    url = reverse("game_move", args=[game.pk])
    landing = sorted(head_state(game).legal_moves(0))[0]
    response = client.post(url, {"move": landing, "expected_ply": 0}, follow=True)
    assert "You played " + landing in response.content.decode()
    game.refresh_from_db()
    assert game.ply == 1 and game.seats_to_act() == [1]
    assert Move.objects.get(game=game, ply=1).text == landing
    html = page(client, bob, game)
    assert "puts the boat at" in html  # the event in words, in the log
    assert 'data-boat="0"' in html


def test_a_refused_move_says_why_and_changes_nothing(client, duo):
    game, alice, _bob = duo
    client.force_login(alice)
    url = reverse("game_move", args=[game.pk])
    response = client.post(url, {"notation": "boat Z99", "expected_ply": 0}, follow=True)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'class="message error"' in body
    game.refresh_from_db()
    assert game.ply == 0 and game.seats_to_act() == [0]


def test_htmx_gets_the_partial_and_selecting_a_pirate_shows_its_squares(client, duo):
    game, alice, bob = duo
    for seat, user in ((0, alice), (1, bob)):
        game.refresh_from_db()
        move = sorted(head_state(game).legal_moves(seat))[0]
        submit_move(game.pk, user=user, text=move, expected_ply=game.ply)
    game.refresh_from_db()
    client.force_login(alice)
    partial = client.get(
        reverse("game_board_partial", args=[game.pk]) + "?select=W1", headers={"HX-Request": "1"}
    ).content.decode()
    assert partial.startswith('\n<section id="board"') or '<section id="board"' in partial[:200]
    assert "<html" not in partial
    moves = [m for m in head_state(game).legal_moves(0) if m.startswith("W1 ")]
    assert moves
    for move in moves:
        assert f'value="{move}"' in partial
        assert f'id="target-{move.split("-")[-1].split()[0]}"' in partial


def play_over_http(game, clients: dict, rng: random.Random, limit: int) -> None:
    """People's seats post a random legal move each over HTTP, bots answer through their task."""
    from games.tasks import play_bot_turn

    url = reverse("game_move", args=[game.pk])
    for _ in range(limit):
        game.refresh_from_db()
        if not game.is_running:
            return
        seat = game.seats_to_act()[0]
        if seat in clients:
            move = rng.choice(sorted(head_state(game).legal_moves(seat)))
            ply = game.ply
            response = clients[seat].post(url, {"move": move, "expected_ply": ply})
            assert response.status_code == 302
            game.refresh_from_db()
            assert game.ply > ply, f"{move} was refused"
        else:
            assert play_bot_turn(game.pk, game.ply) == "moved"


def test_a_whole_game_of_a_person_and_a_bot_over_http_ends_and_the_ledger_replays(
    client, db, settings, monkeypatch
):
    settings.MOVE_RATE_LIMIT = 10**6  # a test plays faster than the site lets a person move
    # The strong bot searches (rules/archipelago/search.py); a small budget keeps the game quick.
    monkeypatch.setattr(search, "ROLLOUTS", {"normal": 2, "strong": 3})
    monkeypatch.setattr(search, "MIN_EACH", 1)
    monkeypatch.setattr(search, "CANDIDATES", 3)
    alice = make_user("alice")
    game = open_table(
        creator=alice, players=2, ruleset="archipelago", bot_seats=(1,), bot_level="strong"
    )
    game.refresh_from_db()
    client.force_login(alice)
    play_over_http(game, {0: client}, random.Random(5), limit=3000)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.ply
    assert verify_ledger(game) == []
    assert sorted(game.outcome["scores"]) == ["0", "1"]
    html = page(client, alice, game)
    assert "Game over after" in html and "The game is over" in html


def test_the_lobby_offers_archipelago_and_quick_play_starts_it(client, db):
    alice = make_user("alice")
    client.force_login(alice)
    assert 'value="archipelago"' in client.get(reverse("lobby")).content.decode()
    response = client.post(
        reverse("play_bots"), {"opponents": "3", "level": "easy", "ruleset": "archipelago"}
    )
    assert response.status_code == 302
    game = Game.objects.get(created_by=alice)
    assert game.ruleset == "archipelago" and game.players == 4 and game.is_running
    assert 'class="island archipelago"' in client.get(game.get_absolute_url()).content.decode()


def test_the_board_and_its_log_speak_russian(client, duo):
    game, alice, bob = duo
    landing = sorted(head_state(game).legal_moves(0))[0]
    submit_move(game.pk, user=alice, text=landing, expected_ply=0)
    bob.language = "ru"  # a signed-in player reads the site in the language of his settings
    bob.save(update_fields=["language"])
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Ваш ход: выберите, где причалит ваша лодка." in html
    assert f"ставит лодку на {landing.split()[1]}" in html  # the event of alice's landing
    assert "рубашкой вверх (горы)" in html and "Шакал: Архипелаг" in html


def test_a_table_of_two_against_two_opens_from_the_lobby_form(client, db):
    alice = make_user("alice")
    client.force_login(alice)
    form = {"ruleset": "archipelago", "setup": "2v2", "visibility": "public", "bots": "3"}
    response = client.post(reverse("new_table"), {**form, "bot_level": "easy"})
    assert response.status_code == 302
    game = Game.objects.get(created_by=alice)
    assert (game.ruleset, game.players, game.teams, game.is_running) == (
        "archipelago",
        4,
        True,
        True,
    )
    assert head_state(game).view(0)["teams"] is True


def test_a_running_games_record_sends_it_back_to_its_board(client, duo):
    """Its record would carry the seed, the whole face-down island: only once it is over
    (tests/web/test_archipelago_records.py)."""
    game, alice, _bob = duo
    client.force_login(alice)
    for url in (
        reverse("game_export", args=[game.pk, "json"]),
        reverse("game_export", args=[game.pk, "txt"]),
    ):
        response = client.get(url, follow=True)
        assert response.redirect_chain == [(game.get_absolute_url(), 302)]
        assert "can be downloaded once it is over" in response.content.decode()
