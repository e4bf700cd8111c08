"""Hidden information of Jamaica on the site (issue 15): other players' hands, the piles, the
treasure deck and a card chosen face down never reach another seat's page, the spectators' page,
a live frame, the admin or the stored events while the game runs; the card shows once revealed.

The strongest check is differential: Alice chooses one card, or another, from the same position;
everything Bob and the spectators are shown must be the same either way.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from unittest import mock

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.db import transaction
from django.urls import reverse

from games.live.boards import render_board
from games.models import Move
from games.services import head_state
from tests.factories import make_user
from tests.web.jamaica_kit import clients_of, jamaica_table, post_move

pytestmark = pytest.mark.django_db

# Per-request tokens differ from one page to the next whatever the game holds, and so do the
# admin's links to the new ledger entry (PostgreSQL's sequences do not roll back).
TOKEN = re.compile(
    r'name="csrfmiddlewaretoken" value="[^"]*"|CSRFToken": "[^"]*"|nonce="[^"]*"|/move/\d+/'
)


@pytest.fixture(autouse=True)
def no_move_limit(settings):
    settings.MOVE_RATE_LIMIT = 10**9


@pytest.fixture(autouse=True)
def still_clock():
    """The clocks on the pages do not tick between the two versions compared."""
    with time_machine.travel(datetime(2026, 11, 23, 12, 0, tzinfo=UTC), tick=False):
        yield


@pytest.fixture
def table():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    erin = make_user("erin")
    erin.is_staff = True
    erin.save(update_fields=["is_staff"])
    erin.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_game", "view_move", "change_game"])
    )
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob, carol, erin])
    # The captain orders the dice; then both owe their card at once.
    for _ in range(3):
        game.refresh_from_db()
        state = head_state(game)
        if state.view(None)["phase"] == "choose":
            break
        seat = game.seats_to_act()[0]
        post_move(clients[game.seats.get(index=seat).user_id], game, state.legal_moves(seat)[0])
    game.refresh_from_db()
    assert game.seats_to_act() == [0, 1]
    for client in clients.values():  # each reads the messages of the moves so far
        client.get(reverse("game_board", args=[game.pk]))
    return game, clients, alice, bob, carol, erin


class Undo(Exception):
    pass


def shown_after(game, clients, alice_card: str, viewers) -> dict[str, str]:
    """What each viewer is shown once Alice has chosen `alice_card`; then it is undone."""
    shown = {}
    game.refresh_from_db()  # as it is again after the last undo
    try:
        with transaction.atomic():
            post_move(clients[0], game, f"play {alice_card}")
            game.refresh_from_db()
            assert game.seats_to_act() == [1]
            for name, client in viewers.items():
                if name == "frames":
                    # The live frames of Bob's seat and of the spectators (the test's database
                    # connection stays open: a worker thread's clean-up is not the test's).
                    with mock.patch("games.live.boards.close_old_connections"):
                        shown[name] = render_board(game.pk, 1, "en") + render_board(
                            game.pk, None, "en"
                        )
                elif name == "admin":
                    url = reverse("admin:games_game_change", args=[game.pk])
                    shown[name] = client.get(url).content.decode()
                    moves = reverse("admin:games_move_changelist")
                    shown[name] += client.get(f"{moves}?game__id__exact={game.pk}").content.decode()
                    last = Move.objects.get(game=game, ply=game.ply)
                    change = reverse("admin:games_move_change", args=[last.pk])
                    shown[name] += client.get(change).content.decode()
                elif name == "events":
                    shown[name] = repr(Move.objects.get(game=game, ply=game.ply).events)
                else:
                    shown[name] = client.get(reverse("game_board", args=[game.pk])).content.decode()
                    partial = reverse("game_board_partial", args=[game.pk])
                    shown[name] += client.get(partial).content.decode()
            raise Undo
    except Undo:
        pass
    return {name: TOKEN.sub("", html) for name, html in shown.items()}


def test_a_card_chosen_face_down_changes_nothing_others_are_shown(table):
    game, clients, alice, bob, carol, erin = table
    hand = head_state(game).view(0)["hand"]
    assert len(set(hand)) >= 2
    first, second = sorted(set(hand))[:2]
    by_seat = {0: clients[alice.pk]}
    viewers = {
        "bob": clients[bob.pk],
        "spectator": clients[carol.pk],
        "admin": clients[erin.pk],
        "frames": None,
        "events": None,
    }
    one = shown_after(game, by_seat, first, viewers)
    other = shown_after(game, by_seat, second, viewers)
    for name in viewers:
        assert one[name] == other[name], name
    # And what they are shown says she has chosen, without the card.
    assert "alice" in one["bob"] and "card chosen" in one["bob"]
    # Bob's buttons are his own cards; the spectators have no hand and no buttons.
    bobs_hand = head_state(game).view(1)["hand"]
    assert set(re.findall(r'value="play (\w\w)"', one["bob"])) == set(bobs_hand)
    assert 'value="play ' not in one["spectator"] and "Your hand" not in one["spectator"]
    assert f"play {first}" not in one["admin"] and f"play {second}" not in one["admin"]


def test_the_chooser_sees_her_card_and_it_is_revealed_when_its_turn_comes(table):
    game, clients, alice, bob, carol, _erin = table
    alice_card = head_state(game).view(0)["hand"][0]
    post_move(clients[alice.pk], game, f"play {alice_card}")
    game.refresh_from_db()
    mine = clients[alice.pk].get(reverse("game_board", args=[game.pk])).content.decode()
    assert "Your card this round" in mine and f"<strong>play {alice_card}</strong>" in mine
    bobs = clients[bob.pk].get(reverse("game_board", args=[game.pk])).content.decode()
    assert "<strong>play</strong>" in bobs and f"<strong>play {alice_card}</strong>" not in bobs
    post_move(clients[bob.pk], game, "play " + head_state(game).view(1)["hand"][0])
    # Play on until the resolution reaches Alice's card: the reveal event shows it to all.
    for _ in range(40):
        game.refresh_from_db()
        state = head_state(game)
        if "0" in state.view(None)["revealed"] or state.view(None)["phase"] == "choose":
            break
        seat = game.seats_to_act()[0]
        user = alice if seat == 0 else bob
        post_move(clients[user.pk], game, state.legal_moves(seat)[0])
    page = clients[carol.pk].get(reverse("game_board", args=[game.pk])).content.decode()
    assert f"<strong>play {alice_card}</strong>" in page
    reveals = [
        event
        for events in Move.objects.filter(game=game).values_list("events", flat=True)
        for event in events
        if event["kind"] == "reveal" and event["seat"] == 0
    ]
    assert reveals == [{"kind": "reveal", "seat": 0, "card": alice_card}]


def test_the_admin_finds_no_chosen_card_by_searching_or_filtering(table):
    game, clients, alice, _bob, _carol, erin = table
    card = head_state(game).view(0)["hand"][0]
    post_move(clients[alice.pk], game, f"play {card}")
    client = clients[erin.pk]
    moves = reverse("admin:games_move_changelist")
    found = client.get(moves, {"q": card}).content.decode()
    assert f"play {card}" not in found
    assert client.get(moves, {"text__startswith": f"play {card}"}).status_code == 400
    assert client.get(moves, {"text": f"play {card}"}).status_code == 400
