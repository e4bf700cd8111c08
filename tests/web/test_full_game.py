"""A whole game between two signed-in people, through HTTP only, to its end.

Alice opens a table in the lobby, bob joins it, and they take turns posting moves (chosen at
random from the legal moves their own board offers them) until the game is over. Then the
ledger replays to the cached state and the seed is revealed.
"""

import hashlib
import html
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.services import verify_ledger
from rules.jackal import AGREEMENT_KINDS, Move
from tests.factories import make_user

TARGET_BUTTON = re.compile(r'name="move" value="([^"]+)"')
PIECE_LINK = re.compile(r'hx-get="[^"]*\?select=([A-Z0-9]+)')


def everything_the_board_offers(client: Client, game: Game) -> set[str]:
    """Every move the viewer's board offers as a button: for each piece, with and without the
    coin, and the moves that belong to no square."""
    url = reverse("game_board_partial", args=[game.pk])
    page = client.get(url).content.decode()
    offered = set(TARGET_BUTTON.findall(page))
    for piece in set(PIECE_LINK.findall(page)):
        for coin in ("0", "1"):
            selected = client.get(url, {"select": piece, "coin": coin}).content.decode()
            offered |= set(TARGET_BUTTON.findall(selected))
    return {html.unescape(move) for move in offered}


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_two_people_play_a_whole_game_through_http(ruleset, settings):
    # Two players clicking as fast as the test runs: far past the per-player move limit.
    settings.MOVE_RATE_LIMIT = 10**9
    alice, bob = make_user("alice"), make_user("bob")
    clients = {}
    for user in (alice, bob):
        clients[user.username] = Client()
        clients[user.username].force_login(user)

    clients["alice"].post(
        reverse("new_table"),
        {"ruleset": ruleset, "setup": "2", "visibility": "public", "bots": "0"},
    )
    game = Game.objects.get()
    assert game.ruleset == ruleset
    clients["bob"].post(reverse("game_join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING

    rng = random.Random(2026)
    by_seat = {0: clients["alice"], 1: clients["bob"]}
    while game.status == Game.Status.RUNNING:
        client = by_seat[game.seat_to_act()]
        legal = game_state_moves(game)
        # They play the game out: an offer to end it, once accepted, would cut it short.
        playing = [move for move in legal if Move.parse(move).kind not in AGREEMENT_KINDS]
        if game.ply % 10 == 0:
            # The board offers exactly the legal moves (but the offer to end the game before
            # the first move: games.presenters.seat_actions.may_offer_end), and the player
            # clicks one of them.
            offered = everything_the_board_offers(client, game)
            assert offered == set(legal) - ({"offer end"} if game.ply == 0 else set())
            form = {"move": rng.choice(sorted(offered & set(playing)))}
        else:
            form = {"notation": rng.choice(playing)}  # typed in notation
        response = client.post(
            reverse("game_move", args=[game.pk]),
            {**form, "expected_ply": game.ply},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200
        assert "You played" in response.content.decode(), response.content.decode()[:400]
        game.refresh_from_db()
        assert game.ply < 5000

    assert game.status == Game.Status.FINISHED
    assert game.outcome["reason"] in {"all coins gone", "stalemate"}
    assert game.moves.count() == game.ply
    assert verify_ledger(game) == []
    final = clients["bob"].get(reverse("game_board", args=[game.pk])).content.decode()
    assert game.seed in final  # the provably fair reveal
    assert hashlib.sha256(game.seed.encode()).hexdigest() == game.seed_hash


def game_state_moves(game: Game) -> list[str]:
    from games.families.jackal import engine_state

    return [str(move) for move in engine_state(game).legal_moves()]
