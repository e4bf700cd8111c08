"""Jamaica a newcomer can read (issue 43 item 4): the dice drawn as dice, the cards in words with
what they would do this round, the pictured hand that plays, a hold choice that says what it
loads and what it throws out, a log that numbers the squares as the board does, a name for each
bot of a table, and the bots' thinking capped for Jamaica by the site."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from django.urls import reverse

from games import tasks
from games.families.jamaica.words import event_line
from games.services import head_state
from rules.bots import THINKING_SECONDS
from rules.jamaica import track
from tests.factories import make_user
from tests.web.jamaica_kit import clients_of, jamaica_table, post_move

pytestmark = pytest.mark.django_db


def page(client, game) -> str:
    return client.get(reverse("game_board", args=[game.pk])).content.decode()


def ordered(game, clients):
    """Play on until the captain has ordered the dice and every seat owes its card."""
    for _ in range(5):
        game.refresh_from_db()
        state = head_state(game)
        view = state.view(None)
        if view["phase"] == "choose" and view["morning"] is not None:
            return state
        seat = game.seats_to_act()[0]
        user_id = game.seats.get(index=seat).user_id
        assert post_move(clients[user_id], game, state.legal_moves(seat)[0]).status_code == 302
    raise AssertionError("no card choice came")


@pytest.fixture
def two(db):
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob])
    return game, clients[alice.pk], ordered(game, clients)


def test_the_dice_are_drawn_as_dice_with_their_pips(two):
    game, alice, state = two
    view = state.view(0)
    html = page(alice, game)
    dice = re.findall(r'<span class="die"><svg[^>]*aria-label="([^"]+)">(.*?)</svg>', html, re.S)
    assert [label for label, _svg in dice] == [
        f"Morning die: {view['morning']}",
        f"Evening die: {view['evening']}",
    ]
    assert [svg.count("<circle") for _label, svg in dice] == [view["morning"], view["evening"]]
    assert f"Morning die: {view['morning']}, evening die" not in html  # no text line instead


def test_each_card_says_what_it_would_do_with_this_rounds_dice(two):
    game, alice, state = two
    view = state.view(0)
    html = page(alice, game)
    names = {"A": "advance", "B": "back", "G": "gold", "F": "food", "C": "cannons"}
    for card in view["hand"]:
        button = re.search(
            rf'<button[^>]*value="play {card}"[^>]*class="card-button".*?</button>', html, re.S
        )
        # The words, without the symbols' glyphs (the picture beside them).
        words = re.sub(r'<span class="card-symbol".*?</span>', "", button[0])
        words = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", words))).strip()
        morning, evening = names[card[0]], names[card[1]]
        assert words == (
            f"morning {morning} {view['morning']} evening {evening} {view['evening']}"
        ), words


def test_the_pictured_cards_of_the_hand_play_too(two):
    game, alice, state = two
    hand = state.view(0)["hand"]
    html = page(alice, game)
    pictured = re.findall(
        r'<button type="submit" name="move" value="(play \w+)" id="pictured-', html
    )
    assert pictured == [f"play {card}" for card in hand]
    # Each lies over its picture: the hand's cards, left to right, in the board's overlay.
    lefts = [
        float(x) for x in re.findall(r'class="spot target hand-card"\s+style="left:([\d.]+)%', html)
    ]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(hand)
    # And it plays: the form it belongs to posts it like the buttons below.
    response = alice.post(
        reverse("game_move", args=[game.pk]),
        {"move": pictured[0], "expected_ply": game.ply},
        follow=True,
    )
    assert "Your card this round" in response.content.decode()


def test_the_words_of_the_picture_name_each_symbol(two):
    game, alice, state = two
    svg = re.search(
        r'<g id="my-hand".*?</g>\s*</g>\s*</g>|<g id="my-hand".*', page(alice, game), re.S
    )[0]
    card = state.view(0)["hand"][0]
    names = {"A": "advance", "B": "back", "G": "gold", "F": "food", "C": "cannons"}
    assert f">{names[card[0]]}</text>" in svg and f">{names[card[1]]}</text>" in svg


def test_a_hold_choice_says_what_it_loads_and_what_goes_overboard(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    # A race played at random until alice must choose a hold for a load (all holds taken).
    state = head_state(game)
    rng = random.Random(4)
    for _ in range(3000):
        pending = state.view(0).get("pending") or {}
        if pending.get("kind") == "hold" and pending.get("seat") == 0:
            break
        assert not state.is_over(), "no hold choice came"
        seat = min(state.to_act())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    else:
        raise AssertionError("no hold choice came")
    game.state, game.ply = state.to_json(), state.ply
    game.save(update_fields=["state", "ply"])
    client.force_login(alice)
    html = unescape(page(client, game))
    tokens = {"gold": "gold", "food": "food", "cannons": "cannons"}[pending["tokens"]]
    assert f"Load {pending['n']} {tokens}: choose the hold that takes them" in html
    holds = state.view(0)["holds"][0]
    for number in pending["options"]:
        kind, count = holds[number - 1]
        words = (
            f"Hold {number}: its {count} {kind} go overboard" if count else f"Hold {number} (empty)"
        )
        assert f'value="hold {number}" class="secondary">{words}</button>' in html


def test_the_log_numbers_squares_as_the_board_does():
    names = {0: "alice"}
    back = {"kind": "move", "seat": 0, "from": 2, "to": -6}
    assert event_line(back, names) == (
        f"red ship (alice) sails from square 2 to square {track.LENGTH - 6}."
    )
    home = {"kind": "move", "seat": 0, "from": track.LENGTH - 2, "to": track.LENGTH}
    assert event_line(home, names).endswith(f"from square {track.LENGTH - 2} to Port Royal.")
    fell = {"kind": "shortage", "seat": 0, "to": -3}
    assert event_line(fell, names).endswith(f"falls back to square {track.LENGTH - 3}.")


def test_each_bot_of_a_table_has_a_name_of_its_own(client):
    alice = make_user("alice")
    game = jamaica_table(alice, [], bot_seats=range(1, 6), bot_level="normal")
    client.force_login(alice)
    html = page(client, game)
    for number in range(1, 6):
        assert f"Normal bot {number}" in html
    assert re.search(r"Normal bot(?! \d)", html) is None
    listed = client.get(reverse("my_games")).content.decode()
    assert "Normal bot 5" in listed


def test_a_lone_bot_keeps_its_plain_name(client):
    alice = make_user("alice")
    game = jamaica_table(alice, [], bot_seats=[1], bot_level="normal")
    client.force_login(alice)
    assert "Normal bot 1" not in page(client, game) and "Normal bot" in page(client, game)


def test_jamaica_bots_think_under_the_sites_shorter_cap(monkeypatch):
    alice = make_user("alice")
    game = jamaica_table(alice, [], bot_seats=[1, 2], bot_level="normal")
    asked = []
    real_play = tasks.play

    def recording_play(level, state, seat, seed, seconds=None):
        asked.append((level, seconds))
        return real_play(level, state, seat, seed, seconds=seconds)

    monkeypatch.setattr(tasks, "play", recording_play)
    game.refresh_from_db()
    while set(game.seats_to_act()) & {1, 2}:
        assert tasks.play_bot_turn(game.pk, game.ply) == "moved"
        game.refresh_from_db()
    assert asked and all(seconds == 0.2 for _level, seconds in asked)
    assert THINKING_SECONDS["normal"] > 0.2
