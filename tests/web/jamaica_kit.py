"""Playing Jamaica games through the site in tests: people by HTTP, bots by their task."""

from __future__ import annotations

import random

from django.test import Client
from django.urls import reverse

from games.models import Game
from games.services import head_state, join_table, open_table
from games.tasks import play_bot_turn


def jamaica_table(creator, others, *, bot_seats=(), bot_level="easy"):
    """A running Jamaica game of `creator`, the users `others` and bots in `bot_seats`."""
    players = 1 + len(others) + len(bot_seats)
    game = open_table(
        creator=creator,
        players=players,
        ruleset="jamaica",
        bot_seats=tuple(bot_seats),
        bot_level=bot_level,
    )
    for user in others:
        join_table(game.pk, user)
    game.refresh_from_db()
    return game


def clients_of(users) -> dict[int, Client]:
    clients = {}
    for user in users:
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    return clients


def user_of_seat(game: Game, index: int):
    return game.seats.get(index=index).user


def post_move(client: Client, game: Game, move: str):
    return client.post(
        reverse("game_move", args=[game.pk]), {"move": move, "expected_ply": game.ply}
    )


def play_out(game: Game, clients: dict[int, Client], *, seed: int = 0, max_steps: int = 5000):
    """Play the game to its end: each person by HTTP (a random legal move), each bot by its task.
    Returns how many moves people sent."""
    rng = random.Random(seed)
    sent = 0
    for _step in range(max_steps):
        game.refresh_from_db()
        if not game.is_running:
            return sent
        owing = game.seats_to_act()
        seats = {seat.index: seat for seat in game.seats.all()}
        person = next((i for i in owing if seats[i].user_id and not seats[i].plays_by_bot), None)
        if person is None:
            assert play_bot_turn(game.pk, game.ply) == "moved"
            continue
        move = rng.choice(head_state(game).legal_moves(person))
        ply = game.ply
        response = post_move(clients[seats[person].user_id], game, move)
        assert response.status_code == 302, response
        game.refresh_from_db()
        assert game.ply == ply + 1, f"{move!r} was refused"
        sent += 1
    raise AssertionError("the game did not end")
