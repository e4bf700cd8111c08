"""Jamaica on the site (issue 15): whole games over HTTP with people and bots, the board page,
the my-turn queue during a simultaneous card choice, and the lobby's seat counts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import Game
from games.services import head_state, verify_ledger
from ratings.models import Rating, Standing
from ratings.services import rate_pending
from rules.jamaica import search, track
from tests.factories import make_user
from tests.web.jamaica_kit import clients_of, jamaica_table, play_out, post_move

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_move_limit(settings):
    settings.MOVE_RATE_LIMIT = 10**9  # whole games move faster than a person may


def page(client, game) -> str:
    return client.get(reverse("game_board", args=[game.pk])).content.decode()


def to_choose(game, clients):
    """Play on (the captain orders the dice) until every seat owes its card."""
    for _ in range(5):
        game.refresh_from_db()
        state = head_state(game)
        if state.view(None)["phase"] == "choose" and len(game.seats_to_act()) == game.players:
            return state
        seat = game.seats_to_act()[0]
        user_id = game.seats.get(index=seat).user_id
        assert post_move(clients[user_id], game, state.legal_moves(seat)[0]).status_code == 302
    raise AssertionError("no card choice came")


def test_a_whole_two_player_game_over_http_replays_from_the_ledger(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob])
    html = page(clients[alice.pk], game)
    assert 'class="jamaica-board"' in html and "Ships" in html
    sent = play_out(game, clients, seed=2)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and sent == game.ply > 20
    assert set(game.outcome["scores"]) == {"0", "1"}
    assert verify_ledger(game) == []
    final = page(clients[bob.pk], game)
    assert "The race is over. Winner:" in final and "points" in final
    # Rated on Jamaica's own ladder (a public table of two people is rated by default).
    assert rate_pending() == 1
    assert Standing.objects.filter(game=game).count() == 2
    assert set(Rating.objects.values_list("ladder_id", flat=True)) == {"jamaica"}
    # History, the profile, the rankings and the fairness check read the finished game.
    client.force_login(alice)
    history = client.get(reverse("game_history")).content.decode()
    assert "the race is over" in history
    assert f'href="/games/{game.pk}/replay/"' in history  # the viewer: test_jamaica_history
    assert "Jamaica" in client.get(reverse("player_profile", args=["alice"])).content.decode()
    assert "alice" in client.get(reverse("rankings"), {"ladder": "jamaica"}).content.decode()
    verify = client.get(reverse("game_verify", args=[game.pk])).content.decode()
    assert game.seed in verify and f"/games/{game.pk}/replay/" in verify
    assert f"The {game.ply} moves replay from this seed to the recorded result." in verify


def test_six_seats_of_a_person_and_five_bots_play_to_the_end(monkeypatch):
    # The strong bots search (rules/jamaica/search.py); a small budget keeps the whole race quick.
    monkeypatch.setitem(search.ROLLOUTS, "strong", 12)
    alice = make_user("alice")
    game = jamaica_table(alice, [], bot_seats=range(1, 6), bot_level="strong")
    assert game.players == 6 and game.status == Game.Status.RUNNING
    play_out(game, clients_of([alice]), seed=6)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert len(game.outcome["scores"]) == 6
    assert verify_ledger(game) == []


def test_a_card_is_chosen_by_a_button_and_typed_notation_works_too():
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob])
    state = to_choose(game, clients)
    hand = state.view(0)["hand"]
    html = page(clients[alice.pk], game)
    for card in hand:  # every card of her hand is a button of the move form
        assert f'name="move" value="play {card}"' in html
    assert "Your turn: choose a card, face down." in html
    # Typed, in lower case: the notation box takes it.
    response = clients[alice.pk].post(
        reverse("game_move", args=[game.pk]),
        {"notation": f"play {hand[0].lower()}", "expected_ply": game.ply},
        follow=True,
    )
    text = response.content.decode()
    assert "You played the card" in text and "Your card this round" in text
    game.refresh_from_db()
    assert game.seats_to_act() == [1]
    # With htmx, the answer is the board partial alone, to swap in.
    partial = clients[bob.pk].post(
        reverse("game_move", args=[game.pk]),
        {"move": "play " + head_state(game).view(1)["hand"][0], "expected_ply": game.ply},
        HTTP_HX_REQUEST="true",
    )
    html = partial.content.decode()
    assert partial.status_code == 200 and html.lstrip().startswith('<section id="board"')
    assert "You played the card" in html and "<html" not in html


def test_a_refused_move_says_why_and_changes_nothing():
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob])
    to_choose(game, clients)
    game.refresh_from_db()
    ply = game.ply
    bad = clients[alice.pk].post(
        reverse("game_move", args=[game.pk]),
        {"notation": "sail home", "expected_ply": ply},
        follow=True,
    )
    assert "“sail home” is not a move" in bad.content.decode()
    illegal = clients[alice.pk].post(
        reverse("game_move", args=[game.pk]),
        {"notation": "hold 3", "expected_ply": ply},
        follow=True,
    )
    assert "“hold 3” is not possible now" in illegal.content.decode()
    game.refresh_from_db()
    assert game.ply == ply and game.seats_to_act() == [0, 1]


def test_both_seats_owe_their_card_at_once_and_both_see_it_in_their_turn_queue():
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob])
    to_choose(game, clients)
    for user in (alice, bob):
        lobby = clients[user.pk].get(reverse("lobby")).content.decode()
        assert "Your turn (1)" in lobby
        assert clients[user.pk].get(reverse("next_game")).url == game.get_absolute_url()
    game.refresh_from_db()
    assert game.deadline is not None  # one clock for the simultaneous turn
    post_move(clients[alice.pk], game, "play " + head_state(game).view(0)["hand"][0])
    assert "Your turn (" not in clients[alice.pk].get(reverse("lobby")).content.decode()
    assert "Your turn (1)" in clients[bob.pk].get(reverse("lobby")).content.decode()


@pytest.mark.parametrize(
    ("ruleset", "setup", "bots", "error"),
    [
        ("jamaica", "2v2", "0", "These rules have no teams."),
        ("classic", "6", "0", "These rules are played by"),
        ("second-edition", "5", "0", "These rules are played by"),
        ("jamaica", "3", "3", "at most 2 bots"),
    ],
)
def test_the_table_form_follows_the_rules_seat_counts(client, ruleset, setup, bots, error):
    client.force_login(make_user("alice"))
    form = {"ruleset": ruleset, "setup": setup, "visibility": "public", "bots": bots}
    response = client.post(reverse("new_table"), form)
    assert response.status_code == 200 and error in response.content.decode()
    assert not Game.objects.exists()


def test_a_six_seat_jamaica_table_with_five_bots_starts_from_the_lobby(client):
    client.force_login(make_user("alice"))
    form = {"ruleset": "jamaica", "setup": "6", "visibility": "public", "bots": "5"}
    form["bot_level"] = "easy"
    client.post(reverse("new_table"), form)
    game = Game.objects.get()
    assert (game.ruleset, game.players, game.status) == ("jamaica", 6, Game.Status.RUNNING)
    assert "Jamaica" in client.get(reverse("new_table")).content.decode()


def test_play_bots_offers_up_to_five_bots_for_jamaica_only(client):
    client.force_login(make_user("alice"))
    client.post(reverse("play_bots"), {"opponents": "5", "level": "easy", "ruleset": "jamaica"})
    game = Game.objects.get()
    assert (game.ruleset, game.players) == ("jamaica", 6)
    response = client.post(
        reverse("play_bots"), {"opponents": "4", "level": "easy", "ruleset": "classic"}, follow=True
    )
    assert "These rules are played by" in response.content.decode()
    assert Game.objects.count() == 1


def test_a_running_jamaica_game_replays_but_gives_no_record_yet(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    client.force_login(alice)
    replay = client.get(reverse("game_replay", args=[game.pk]))
    assert replay.status_code == 200 and 'class="jamaica-board"' in replay.content.decode()
    for kind in ("txt", "json"):
        response = client.get(reverse("game_export", args=[game.pk, kind]), follow=True)
        assert response.redirect_chain == [(game.get_absolute_url(), 302)]
        assert "can be downloaded once it is over" in response.content.decode()


def test_an_open_jamaica_table_fills_up_through_the_lobby(client):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    client.force_login(alice)
    form = {"ruleset": "jamaica", "setup": "3", "visibility": "public", "bots": "0"}
    client.post(reverse("new_table"), form)
    game = Game.objects.get()
    assert game.status == Game.Status.OPEN
    assert f"Game {game.pk}" in client.get(reverse("lobby")).content.decode()
    table = client.get(game.get_absolute_url()).content.decode()
    assert "Red" in table and "Blue" in table and "Green" in table  # the ships' colours
    for index, user in ((1, bob), (2, carol)):
        client.force_login(user)
        client.post(reverse("game_join", args=[game.pk]), {"seat": str(index)})
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.players == 3
    for user in (alice, bob, carol):
        client.force_login(user)
        assert 'class="jamaica-board"' in page(client, game)


def test_every_square_of_the_track_carries_its_number_on_the_board(client):
    """The squares are numbered on the picture (0 at Port Royal) so that the log's "square 17"
    and the costs can be followed; the number sits in the square's own group with its title."""
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    client.force_login(alice)
    html = page(client, game)
    for square in range(track.LENGTH):
        group = re.search(rf'<g id="square-{square}" [^>]*>(.*?)</g>', html, re.S)
        assert group, square
        number = re.search(r'<text [^>]*class="square-number"[^>]*>(\d+)</text>', group[1])
        assert number and int(number[1]) == square
        assert f"Square {square}:" in group[1]  # its title says the same
