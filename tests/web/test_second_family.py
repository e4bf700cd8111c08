"""A second family of games plugs into the site without touching games/ (issue 18).

Dice duel (tests/rules/dice_duel.py) is a test-only game with what Jackal lacks: a simultaneous
choice (every seat bids at once, each bid hidden until the last is in) and a chance node (a die
from the seed and the ply). Here it gets a site family of its own (a presenter and a template,
registered by this test) and is played through the one door for moves and the board page, as a
person plays Jackal: the services, the clocks, the ledger check and the views serve it unchanged.
The lobby offers it and the how-to pages list it from the same registration (issue 42).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from games import families
from games.families import SiteFamily, register_family
from games.models import Game, Move
from games.services import NotYourTurn, open_table, submit_move, verify_ledger
from tests.factories import make_user

# The test-only game, imported under the name the rules tests give it (tests/rules is not a
# package): one module, so the ruleset "dice-duel" is registered once.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
import dice_duel  # noqa: E402


class DiceDuelFamily(SiteFamily):
    """The whole of what the site needs to show dice duels: a presenter, a template, its name in
    the lobby and a how-to page."""

    name = "dice-duel"
    page_template = "dice_duel/board.html"
    partial_template = "dice_duel/board.html#board"
    rulesets = (("dice-duel", "Dice duel: bid, roll, score"),)
    howto_rulesets = ("dice-duel",)
    title = "Dice duel"

    def how_to_play(self, ruleset):
        return "dice_duel/how_to_play.html", {"rounds": dice_duel.MAX_ROUNDS}

    def setup_words(self, setup):
        return "2 duellists" if setup == "2" else None

    def board_context(self, game, seat_index, *, seats, state, query, notice, typed):
        owing = state.to_act()
        names = {seat.index: seat.occupant_name for seat in seats}
        if state.is_over():
            status = "Over: " + ", ".join(names[s] for s in state.outcome().ranking[0]) + " won."
        else:
            status = "Waiting for " + ", ".join(names[s] for s in sorted(owing)) + "."
        log = [
            "; ".join(self.event_lines(row["events"], ruleset=game.ruleset, seat_names=names))
            for row in game.moves.order_by("ply").values("events")
        ]
        return {
            "game": game,
            "view": state.view(seat_index),
            "moves": state.legal_moves(seat_index) if seat_index is not None else [],
            "status": status,
            "log": log,
            "notice": {"text": notice[0], "level": notice[1]} if notice else None,
        }

    def event_lines(self, events, *, ruleset, seat_names):
        words = {
            "bid": lambda e: f"{seat_names.get(e['seat'])} has bid",
            "bids": lambda e: "bids " + ", ".join(f"{k}:{v}" for k, v in e["bids"].items()),
            "roll": lambda e: f"the die shows {e['die']}",
            "score": lambda e: f"{seat_names.get(e['seat'])} scores {e['points']}",
            "over": lambda e: "the duel is over",
        }
        return [words[event["kind"]](event) for event in events]


@pytest.fixture
def duel_site(settings, monkeypatch):
    """The family registered and its template found (test templates live beside this test);
    the registry as it was afterwards, so the other tests' lobby lists the site's games only."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0]["DIRS"], Path(__file__).parent / "templates"]
    settings.TEMPLATES = templates
    families.families()  # the site's own families loaded first, in their order
    monkeypatch.setattr(families, "_FAMILIES", dict(families._FAMILIES))
    register_family(DiceDuelFamily())


@pytest.fixture
def duel(db, duel_site):
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(creator=alice, players=2, ruleset="dice-duel", bot_seats=())
    from games.services import join_table

    join_table(game.pk, bob)
    game.refresh_from_db()
    return game, alice, bob


def page(client, user, game):
    client.force_login(user)
    return client.get(reverse("game_board", args=[game.pk])).content.decode()


def test_a_simultaneous_choice_waits_for_every_seat_and_hides_early_bids(client, duel):
    game, alice, bob = duel
    assert game.status == Game.Status.RUNNING
    assert game.seats_to_act() == [0, 1]  # both owe their bid at once
    assert "Waiting for alice, bob." in page(client, alice, game)

    submit_move(game.pk, user=alice, text="bid 2", expected_ply=0)
    game.refresh_from_db()
    assert game.seats_to_act() == [1]
    # Alice sees her own bid; Bob, who has not bid yet, sees only that she has.
    assert "Your bid: 2." in page(client, alice, game)
    bobs = page(client, bob, game)
    assert "Your bid" not in bobs and "alice has bid" in bobs and "bid 2" in bobs  # his buttons
    with pytest.raises(NotYourTurn):  # she owes nothing until the round resolves
        submit_move(game.pk, user=alice, text="bid 1", expected_ply=1)

    submit_move(game.pk, user=bob, text="bid 3", expected_ply=1)
    game.refresh_from_db()
    assert game.seats_to_act() == [0, 1]  # the next round: both owe again
    events = Move.objects.get(game=game, ply=2).events
    assert {"kind": "bids", "bids": {"0": 2, "1": 3}} in events
    assert any(event["kind"] == "roll" for event in events)  # the chance node, from the seed
    assert verify_ledger(game) == []


def test_a_whole_duel_over_http_ends_with_an_outcome_the_ledger_replays(client, duel):
    game, alice, bob = duel
    clients = {}
    for user in (alice, bob):
        clients[user.pk] = type(client)()
        clients[user.pk].force_login(user)
    url = reverse("game_move", args=[game.pk])
    for _round in range(dice_duel.MAX_ROUNDS):
        game.refresh_from_db()
        if not game.is_running:
            break
        for user in (alice, bob):
            game.refresh_from_db()
            response = clients[user.pk].post(url, {"move": "bid 1", "expected_ply": game.ply})
            assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats_to_act() == []
    assert set(game.outcome["scores"]) == {"0", "1"}
    assert verify_ledger(game) == []
    html = page(client, bob, game)
    assert "Over:" in html and "the die shows" in html


def test_a_bad_bid_is_refused_with_a_clear_message_and_changes_nothing(client, duel):
    game, alice, _bob = duel
    client.force_login(alice)
    response = client.post(
        reverse("game_move", args=[game.pk]), {"move": "bid 9", "expected_ply": 0}, follow=True
    )
    assert "“bid 9” is not a move" in response.content.decode()
    game.refresh_from_db()
    assert game.ply == 0 and game.seats_to_act() == [0, 1]


def test_bots_play_a_game_of_a_family_without_bots_of_its_own(db, duel_site):
    """A table of a person and a bot: the bot's seat gets a random legal bid (rules.bots.play)."""
    from games.tasks import play_bot_turn

    alice = make_user("alice")
    game = open_table(creator=alice, players=2, ruleset="dice-duel", bot_seats=(1,))
    game.refresh_from_db()
    assert play_bot_turn(game.pk, 0) == "moved"
    game.refresh_from_db()
    assert game.seats_to_act() == [0] and game.ply == 1
    assert Move.objects.get(game=game, ply=1).seat == 1


def test_the_lobby_offers_the_new_game_with_its_own_words(client, db, duel_site):
    client.force_login(make_user("alice"))
    html = client.get(reverse("new_table")).content.decode()
    assert '<option value="dice-duel">Dice duel: bid, roll, score</option>' in html
    lobby = client.get(reverse("lobby")).content.decode()
    how_to = reverse("how_to_play_ruleset", args=["dice-duel"])
    assert f'<a href="{how_to}">Dice duel</a>' in lobby
    chosen = client.get(reverse("new_table"), {"ruleset": "dice-duel"}).content.decode()
    assert "2 duellists" in chosen  # the family's words for its setup
    response = client.post(
        reverse("new_table"),
        {"ruleset": "dice-duel", "setup": "2", "visibility": "public", "bots": "1"},
    )
    game = Game.objects.get(ruleset="dice-duel")
    assert response.status_code == 302 and game.is_running
    assert game.get_ruleset_display() == "Dice duel: bid, roll, score"


def test_the_how_to_pages_list_the_new_game_and_serve_its_page(client, db, duel_site):
    index = client.get(reverse("how_to_play")).content.decode()
    assert reverse("how_to_play_ruleset", args=["dice-duel"]) in index
    page = client.get(reverse("how_to_play_ruleset", args=["dice-duel"])).content.decode()
    assert "Each duel lasts at most" in page and "Jackal, classic" in page  # its tabs too


def test_without_its_registration_the_site_knows_nothing_of_the_game(client, db):
    client.force_login(make_user("alice"))
    assert "dice-duel" not in client.get(reverse("new_table")).content.decode()
    assert client.get(reverse("how_to_play_ruleset", args=["dice-duel"])).status_code == 404
