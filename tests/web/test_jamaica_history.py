"""Jamaica's history (issue 15): the replay viewer steps through a game's plies over HTTP, shows
a running game only as the viewer's seat saw it (no card chosen face down, no other hand), shows
everything once the game is over; and the record of a finished game exports, re-imports and
replays to the same end."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings
from django.urls import reverse

from games.families.jamaica import records
from games.families.jamaica.words import card_words
from games.models import Game
from games.services import head_state, replay_ledger
from rules.jamaica import COLOURS, JAMAICA
from tests.factories import make_user
from tests.web.jamaica_kit import clients_of, jamaica_table, play_out, post_move

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache(settings):
    settings.MOVE_RATE_LIMIT = 10**9
    cache.clear()


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    """One whole three-seat game (two people by HTTP, a bot), shared by the module's tests."""
    # The ledger refuses deletes: the game is made in a transaction rolled back at the end.
    fast = override_settings(MOVE_RATE_LIMIT=10**9)  # a whole game moves faster than a person
    with django_db_blocker.unblock(), transaction.atomic(), fast:
        alice, bob = make_user("jh-alice"), make_user("jh-bob")
        game = jamaica_table(alice, [bob], bot_seats=[2])
        play_out(game, clients_of([alice, bob]), seed=4)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        yield game
        transaction.set_rollback(True)


def entries(game: Game) -> list[tuple[int, str]]:
    return list(game.moves.order_by("ply").values_list("seat", "text"))


def engine_at(game: Game, ply: int):
    return JAMAICA.replay(game.players, game.seed, entries(game)[:ply])


def replay_page(client, game: Game, ply=None, **headers):
    query = {} if ply is None else {"ply": ply}
    return client.get(reverse("game_replay", args=[game.pk]), query, **headers)


def test_every_ply_shown_is_the_engines_and_the_end_shows_everything(client, finished):
    client.force_login(finished.seats.get(index=0).user)
    ledger = entries(finished)
    plies = sorted({0, 1, 2, 3, len(ledger) // 3, len(ledger) // 2, len(ledger) - 1, len(ledger)})
    for ply in plies:
        page = replay_page(client, finished, ply)
        assert page.status_code == 200
        state = engine_at(finished, ply)
        assert page.context["view"] == state.view(0), ply
        html = page.content.decode()
        assert page.context["svg"] in html
        # The game is over: every seat's hand at that ply is shown, with the card it had chosen.
        position = state.to_json()
        for seat, player in enumerate(page.context["players"]):
            assert list(player.hand) == [card_words(c) for c in sorted(position["hands"][seat])]
            chosen = position["chosen"].get(str(seat))
            if chosen and str(seat) not in position["revealed"]:
                assert player.chosen == card_words(chosen)
                assert f"chose {card_words(chosen)}, face down" in html
    last = replay_page(client, finished).content.decode()
    assert "The game is over: at every move the replay shows every hand" in last
    for score in finished.outcome["scores"].values():
        assert f"{score} points" in last
    # A card chosen face down is in the move list as played, once the game is over.
    assert re.search(r">play [ABGFC]{2}</a>", last)


def test_a_ply_where_a_card_was_still_face_down_names_it_after_the_game(client, finished):
    """At the ply where Bob had chosen and nobody had seen his card yet, the finished game's
    replay says which card it was."""
    client.force_login(finished.seats.get(index=0).user)
    ledger = entries(finished)
    ply = next(n for n, (seat, text) in enumerate(ledger, start=1) if text.startswith("play "))
    seat, text = ledger[ply - 1]
    page = replay_page(client, finished, ply).content.decode()
    assert f"chose {card_words(text.split()[1])}, face down" in page


def test_the_controls_step_through_the_plies_without_javascript_and_with_htmx(client, finished):
    client.force_login(finished.seats.get(index=1).user)
    url = reverse("game_replay", args=[finished.pk])
    page = replay_page(client, finished, 5).content.decode()
    for anchor, ply in (("first", 0), ("prev", 4), ("next", 6), ("last", finished.ply)):
        assert re.search(rf'id="replay-{anchor}"[^>]*href="{url}\?ply={ply}"', page), anchor
    assert "Move 5 of" in page and 'value="5"' in page  # the status and the slider
    # The start has no way back; the end no way on.
    start = replay_page(client, finished, 0).content.decode()
    assert 'id="replay-prev"' not in start and 'id="replay-next"' in start
    end = replay_page(client, finished, finished.ply).content.decode()
    assert 'id="replay-next"' not in end and 'id="replay-prev"' in end
    # A ply out of the game is the nearest end; text is the last ply.
    assert replay_page(client, finished, 10**6).context["ply"] == finished.ply
    assert replay_page(client, finished, -3).context["ply"] == 0
    assert replay_page(client, finished, "x").context["ply"] == finished.ply
    # htmx swaps only the viewer.
    partial = replay_page(client, finished, 6, HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<section id="replay"') and "<html" not in partial
    # The history links the replay.
    history = client.get(reverse("game_history")).content.decode()
    assert f'href="/games/{finished.pk}/replay/"' in history


def test_the_record_round_trips_as_text_and_as_json(client, finished):
    client.force_login(finished.seats.get(index=0).user)
    text = client.get(reverse("game_export", args=[finished.pk, "txt"])).content.decode()
    assert '[Format "jamaica-record 1"]' in text and f'[Seed "{finished.seed}"]' in text
    assert '[Seat1 "jh-bob"]' in text and '[Colour2 "green"]' in text
    scores = finished.outcome["scores"]
    assert f'[Result "{scores["0"]}-{scores["1"]}-{scores["2"]}"]' in text
    ledger = entries(finished)
    lines = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]
    assert lines == [f"{n}. {COLOURS[s]} {t}" for n, (s, t) in enumerate(ledger, start=1)]
    answer = client.post(reverse("import_record"), {"record": text})
    assert answer.status_code == 302
    page = client.get(answer["Location"], {"ply": finished.ply})
    record = page.context["record"]
    assert record.entries == ledger
    assert record.final.to_json() == replay_ledger(finished).to_json()
    assert record.final.outcome().to_json()["scores"] == scores
    assert page.context["view"] == record.final.view(None)
    middle = client.get(answer["Location"], {"ply": 7})
    assert middle.context["ply"] == 7 and middle.context["players"][0].hand is not None
    data = client.get(reverse("game_export", args=[finished.pk, "json"])).json()
    assert data["format"] == "jamaica-record" and len(data["moves"]) == finished.ply
    again = records.parse_record(json.dumps(data))
    assert again.entries == ledger and again.final.to_json() == record.final.to_json()
    assert client.post(reverse("import_record"), {"record": json.dumps(data)}).status_code == 302


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda t: re.sub(r"\n1\. (\w+) ", r"\n1. nocolour ", t), "ship's colour"),
        (lambda t: re.sub(r"\n2\. ", "\n3. ", t), "move 3 where move 2 was expected"),
        (lambda t: re.sub(r'\[Seed "[0-9a-f]', '[Seed "z', t), "published seed hash"),
        (lambda t: re.sub(r'\[Result "[^"]*"\]', '[Result "99-0-0"]', t), "Result tag"),
        (lambda t: re.sub(r'\[Seed "[^"]*"\]\n', "", t), "no Seed tag"),
        (lambda t: re.sub(r'\[Players "3"\]', '[Players "7"]', t), "2 to 6 players"),
    ],
)
def test_bad_records_are_refused_with_the_reason(client, finished, change, why):
    client.force_login(finished.seats.get(index=0).user)
    text = client.get(reverse("game_export", args=[finished.pk, "txt"])).content.decode()
    bad = change(text)
    assert bad != text
    with pytest.raises(records.RecordError, match=why):
        records.parse_record(bad)
    answer = client.post(reverse("import_record"), {"record": bad})
    assert answer.status_code == 400 and why in html.unescape(answer.content.decode())


def test_an_illegal_move_is_refused_naming_its_line(finished):
    text = _export(finished)
    assert records.parse_record(text).final.is_over()
    # Move 5 played by another seat, or a move nobody may make there: refused at its line.
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row.startswith("5. "))
    for bad in ("5. black take hold 9", "5. red give cursed"):
        broken = re.sub(r"(?m)^5\. .*$", bad, text)
        with pytest.raises(records.RecordError, match=rf"line {line}: "):
            records.parse_record(broken)


def _export(game: Game) -> str:
    seats = list(game.seats.all())
    texts = [text for _seat, text in entries(game)]
    return records.export_text(game, seats, texts)


# --- A running game ------------------------------------------------------------------------------


@pytest.fixture
def running():
    """Alice and Bob at the moment both owe their card; Carol watches."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = jamaica_table(alice, [bob])
    clients = clients_of([alice, bob, carol])
    for _ in range(3):
        game.refresh_from_db()
        state = head_state(game)
        if state.view(None)["phase"] == "choose":
            break
        seat = game.seats_to_act()[0]
        user = game.seats.get(index=seat).user
        post_move(clients[user.pk], game, state.legal_moves(seat)[0])
    game.refresh_from_db()
    assert game.seats_to_act() == [0, 1]
    for client in clients.values():  # each reads the messages of the moves so far
        client.get(reverse("game_board", args=[game.pk]))
    return game, clients, alice, bob, carol


class Undo(Exception):
    pass


# Per-request tokens differ from one page to the next whatever the game holds.
NONCE = re.compile(r'nonce="[^"]*"|name="csrfmiddlewaretoken" value="[^"]*"|CSRFToken": "[^"]*"')


def replays_after(game, clients, alice, card: str, viewers) -> dict[str, str]:
    """Every ply of the replay as each viewer gets it once Alice has chosen `card` (undone)."""
    shown = {}
    try:
        with transaction.atomic():
            post_move(clients[alice.pk], game, f"play {card}")
            game.refresh_from_db()
            for name, user in viewers.items():
                pages = [
                    replay_page(clients[user.pk], game, ply).content.decode()
                    for ply in range(game.ply + 1)
                ]
                shown[name] = NONCE.sub("", "".join(pages))
            raise Undo
    except Undo:
        pass
    game.refresh_from_db()
    cache.clear()
    return shown


def test_a_running_replay_never_shows_a_card_chosen_face_down(running):
    game, clients, alice, bob, carol = running
    first, second = sorted(set(head_state(game).view(0)["hand"]))[:2]
    viewers = {"bob": bob, "spectator": carol}
    one = replays_after(game, clients, alice, first, viewers)
    other = replays_after(game, clients, alice, second, viewers)
    for name in viewers:
        assert one[name] == other[name], name
        assert f"play {first}" not in one[name] and f"play {second}" not in one[name]
        assert ">play</a>" in one[name]  # her choice is in the list, without its card
    assert "Hand:" not in one["bob"] and "face down</small>" not in one["bob"]
    assert "The record can be downloaded once the game is over." in one["bob"]
    # Alice sees her own card in her replay, and her own hand, nobody else's.
    post_move(clients[alice.pk], game, f"play {first}")
    game.refresh_from_db()
    mine = replay_page(clients[alice.pk], game).content.decode()
    assert f">play {first}</a>" in mine and "Your chosen card: " + card_words(first) in mine
    bobs = replay_page(clients[bob.pk], game).content.decode()
    assert ">play</a>" in bobs and "Your chosen card" not in bobs
    spectators = replay_page(clients[carol.pk], game).content.decode()
    assert 'id="my-hand"' not in spectators and 'id="my-hand"' in bobs


def test_a_running_games_record_is_not_given(running):
    game, clients, alice, _bob, _carol = running
    card = head_state(game).view(0)["hand"][0]
    post_move(clients[alice.pk], game, f"play {card}")
    for kind in ("txt", "json"):
        answer = clients[alice.pk].get(reverse("game_export", args=[game.pk, kind]), follow=True)
        assert answer.redirect_chain == [(game.get_absolute_url(), 302)]
        page = answer.content.decode()
        assert "can be downloaded once it is over" in page
    game.refresh_from_db()
    with pytest.raises(records.NotOverYet):
        records.export_text(game, list(game.seats.all()), [t for _s, t in entries(game)])


def test_a_resigned_two_player_game_ends_and_replays_with_its_record(client):
    """A resignation ends a two-seat race as it stands (ruling J24): no error page, the game is
    over, its replay shows everything and its record replays (to the position it ended in)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = jamaica_table(alice, [bob])
    client.force_login(alice)
    answer = client.post(
        reverse("game_seat_action", args=[game.pk, "resign"]), {"expected_ply": game.ply}
    )
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "resignation"
    assert game.outcome["ranking"][-1] == [0]  # the seat that resigned is last
    assert replay_ledger(game).outcome().reason == "resignation"
    page = replay_page(client, game)
    assert page.status_code == 200 and page.context["players"][1].hand is not None
    text = client.get(reverse("game_export", args=[game.pk, "txt"])).content.decode()
    assert '[Reason "resignation"]' in text
    record = records.parse_record(text)
    assert record.entries == entries(game)
