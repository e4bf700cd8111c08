"""The site's proposal to end an Archipelago game after quiet rounds (ruling A21), on the board: a
person sees it and answers it by buttons; a bot agrees; one refusal plays on."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.services import head_state, join_table, open_table
from rules.archipelago.position import QUIET_ROUNDS
from tests.factories import make_user

PROPOSAL = (
    "Nothing has happened for 30 rounds: the site proposes to end the game as it stands. "
    "Accept or refuse."
)


def quiet_table(players: dict[int, object], bot_seats=()) -> Game:
    """A game one quiet turn short of the site's proposal: white to move, boats landed."""
    creator = players[0]
    game = open_table(
        creator=creator,
        players=2,
        ruleset="archipelago",
        options={"landing": "recommended"},
        bot_seats=bot_seats,
    )
    for seat, user in players.items():
        if seat:
            join_table(game.pk, user)
    game = Game.objects.get(pk=game.pk)
    state = head_state(game)
    state.quiet = QUIET_ROUNDS * 2 - 1
    Game.objects.filter(pk=game.pk).update(state=state.to_json())
    return Game.objects.get(pk=game.pk)


def post(client, game, move):
    game.refresh_from_db()
    url = reverse("game_move", args=[game.pk])
    response = client.post(url, {"move": move, "expected_ply": game.ply}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def quiet_move(game) -> str:
    return next(m for m in head_state(game).legal_moves(0) if m.startswith("boat "))


@pytest.mark.django_db
def test_A21_a_player_sees_the_sites_proposal_and_answers_it_with_buttons(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = quiet_table({0: alice, 1: bob})
    client.force_login(alice)
    html = post(client, game, quiet_move(game))
    assert PROPOSAL in html
    assert "the site proposes to end the game" in html  # the event, in the log
    assert 'value="accept end"' in html and 'value="refuse end"' in html
    assert "Accept to end the game" in html and "Refuse to end the game" in html
    html = post(client, game, "accept end")
    assert "Waiting for bob." in html
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    assert PROPOSAL in html and 'value="accept end"' in html
    post(client, game, "accept end")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "agreement"


@pytest.mark.django_db
def test_A21_one_refusal_plays_on(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = quiet_table({0: alice, 1: bob})
    client.force_login(alice)
    post(client, game, quiet_move(game))
    client.force_login(bob)
    html = post(client, game, "refuse end")
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.seats_to_act() == [1]
    assert "Your turn." in html and 'value="refuse end"' not in html


@pytest.mark.django_db
def test_A21_the_russian_board_asks_too(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = quiet_table({0: alice, 1: bob})
    client.force_login(alice)
    post(client, game, quiet_move(game))
    bob.language = "ru"
    bob.save(update_fields=["language"])
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "За 30 кругов ничего не произошло: сайт предлагает закончить игру" in html


@pytest.mark.django_db
def test_A21_a_bot_agrees_to_the_sites_proposal(client):
    from games.tasks import play_bot_turn

    alice = make_user("alice")
    game = quiet_table({0: alice}, bot_seats=(1,))
    client.force_login(alice)
    post(client, game, quiet_move(game))
    post(client, game, "accept end")
    game.refresh_from_db()
    assert game.seats_to_act() == [1]
    assert play_bot_turn(game.pk, game.ply) == "moved"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "agreement"


def sail_quietly(game, rounds: int) -> Game:
    """Every seat sails its boat (a turn with no tile turned up, no coin moved) for ``rounds``."""
    from games.services import submit_move

    for _ in range(rounds * game.players):
        game.refresh_from_db()
        if not game.is_running or head_state(game).phase != "play":
            break
        seat = game.seats_to_act()[0]
        move = sorted(m for m in head_state(game).legal_moves(seat) if m.startswith("boat "))[0]
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_A21_the_proposal_and_its_answers_replay_from_the_ledger(settings):
    from games.services import submit_move, verify_ledger

    settings.MOVE_RATE_LIMIT = 10**9
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(
        creator=alice, players=2, ruleset="archipelago", options={"landing": "recommended"}
    )
    join_table(game.pk, bob)
    game = sail_quietly(Game.objects.get(pk=game.pk), QUIET_ROUNDS)
    assert head_state(game).phase == "vote" and game.seats_to_act() == [0, 1]
    for seat in (1, 0):
        game.refresh_from_db()
        submit_move(game.pk, seat_index=seat, text="accept end", expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "agreement"
    assert verify_ledger(game) == []


@pytest.mark.django_db
def test_a_game_begun_under_rulings_1_still_ends_after_30_quiet_rounds_and_verifies(settings):
    # A game stored before issue 41 (no "rulings" in its position) keeps the old A21.
    from games.services import verify_ledger

    settings.MOVE_RATE_LIMIT = 10**9
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(
        creator=alice, players=2, ruleset="archipelago", options={"landing": "recommended"}
    )
    join_table(game.pk, bob)
    game = Game.objects.get(pk=game.pk)
    state = game.state
    del state["rulings"]
    Game.objects.filter(pk=game.pk).update(state=state)
    game = sail_quietly(Game.objects.get(pk=game.pk), QUIET_ROUNDS)
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "stalemate"
    assert "rulings" not in game.state
    assert verify_ledger(game) == []


# The button; the typing box's list of suggestions keeps every move the rules accept.
OFFER_BUTTON = 'name="move" value="offer end"'


def landed_table(players: dict[int, object], bot_seats=()) -> Game:
    game = open_table(
        creator=players[0],
        players=2,
        ruleset="archipelago",
        options={"landing": "recommended"},
        bot_seats=bot_seats,
    )
    for seat, user in players.items():
        if seat:
            join_table(game.pk, user)
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_no_offer_to_end_at_the_first_move_of_play_nor_to_a_bot(client):
    """Issue 43, item 14: the rules allow "offer end" from the first turn of play; the board
    shows it only once a move is made, and not where only a bot would answer it."""
    alice, bob = make_user("alice"), make_user("bob")
    game = landed_table({0: alice, 1: bob})
    assert "offer end" in head_state(game).legal_moves(0)
    client.force_login(alice)
    page = game.get_absolute_url()
    assert OFFER_BUTTON not in client.get(page).content.decode()
    game = sail_quietly(game, 1)  # a round: alice to move again
    assert OFFER_BUTTON in client.get(page).content.decode()
    with_bot = sail_quietly(landed_table({0: alice}, bot_seats=(1,)), 1)
    assert with_bot.ply == 2 and "offer end" in head_state(with_bot).legal_moves(0)
    assert OFFER_BUTTON not in client.get(with_bot.get_absolute_url()).content.decode()
