"""Archipelago's game records: a finished game exports as text and JSON (its options, seats and
seed revealed), re-imports and replays to the same end; a running game has none (its seed is the
whole face-down island); a bad record is refused with its reason and nothing is kept."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings
from django.urls import reverse

from games.clock import forfeits
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.families import record_family
from games.families.archipelago import records
from games.families.archipelago.replay_board import revealed_view
from games.models import Game
from games.services import (
    head_state,
    join_table,
    open_table,
    replay_ledger,
    replay_moves,
    submit_move,
)
from games.views.replay import IMPORT_SESSION_KEY
from rules.archipelago import bot
from tests.factories import make_user
from tests.rules.archipelago.test_arch_puzzles import THE_ARROWS

pytestmark = pytest.mark.django_db

FACE_DOWN = re.compile(r"<title>[A-Z]\d+: [^<]*back\)?</title>")


@pytest.fixture(autouse=True)
def _fresh_cache(settings):
    settings.MOVE_RATE_LIMIT = 10**9  # the tests move faster than a person may
    cache.clear()


def play_bots(game: Game, limit: int, until=None) -> Game:
    """Every seat plays the heuristic bot's move (from its own view) through the move service,
    until the game ends, `limit` moves were played or `until(game)` holds."""
    for _ in range(limit):
        game.refresh_from_db()
        if not game.is_running or (until and until(game)):
            break
        seat = game.seats_to_act()[0]
        move = bot.choose(head_state(game).view(seat), game.ply)
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
    game.refresh_from_db()
    return game


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    """One whole two-player game played to its natural end, shared by the module's tests."""
    # The ledger refuses deletes: the game is made in a transaction rolled back at the end.
    fast = override_settings(MOVE_RATE_LIMIT=10**9)
    with django_db_blocker.unblock(), transaction.atomic(), fast:
        alice, bob = make_user("ar-alice"), make_user("ar-bob")
        game = open_table(creator=alice, players=2, ruleset="archipelago")
        join_table(game.pk, bob)
        game = play_bots(game, 3000)
        # Since ruling A21 changed (issue 41) the bots' game ends when both agree to the site's
        # proposal after quiet rounds ("agreement", the vote's answers in the record), where 30
        # quiet rounds used to end it by themselves ("stalemate"); never by a seat's own offer.
        assert game.status == Game.Status.FINISHED
        assert game.outcome["reason"] in ("all coins", "agreement", "stalemate")
        offers = game.moves.filter(text="offer end").count()
        assert offers == 0
        yield game
        transaction.set_rollback(True)


def entries(game: Game) -> list[tuple[int, str]]:
    return list(game.moves.order_by("ply").values_list("seat", "text"))


def export(client, game: Game, kind: str):
    return client.get(reverse("game_export", args=[game.pk, kind]))


def result_of(game: Game) -> str:
    return "-".join(str(game.outcome["scores"][str(i)]) for i in range(game.players))


def round_trip(client, text: str, game: Game):
    """Import `text`; the imported replay's record, checked against the game's own ledger."""
    answer = client.post(reverse("import_record"), {"record": text})
    assert answer.status_code == 302, html.unescape(answer.content.decode())
    page = client.get(answer["Location"], {"ply": game.ply})
    assert page.status_code == 200
    record = page.context["record"]
    assert record.entries == entries(game)
    assert record.final.to_json() == replay_ledger(game).to_json()
    assert json.loads(json.dumps(record.final.to_json())) == game.state  # the board's own
    assert record.final.outcome().to_json()["scores"] == game.outcome["scores"]
    return answer["Location"], page, record


# --- Export of a finished game -------------------------------------------------------------------


def test_a_finished_games_record_as_text_has_its_tags_and_a_line_per_move(client, finished):
    client.force_login(finished.seats.get(index=0).user)
    response = export(client, finished, "txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert f'filename="archipelago-game-{finished.pk}.txt"' in response["Content-Disposition"]
    text = response.content.decode()
    for tag in (
        '[Format "archipelago-record 1"]',
        '[Ruleset "archipelago"]',
        '[Players "2"]',
        '[Island "first"]',
        '[Landing "choose"]',
        '[Teams "no"]',
        '[Seat0 "ar-alice"]',
        '[Colour0 "white"]',
        '[Seat1 "ar-bob"]',
        '[Colour1 "yellow"]',
        f'[Result "{result_of(finished)}"]',
        f'[Reason "{finished.outcome["reason"]}"]',
        f'[SeedHash "{finished.seed_hash}"]',
        f'[Seed "{finished.seed}"]',
    ):
        assert tag in text, tag
    assert "Abilities" not in text and "Skipped" not in text  # neither was in this game
    colours = ("white", "yellow")
    lines = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]
    assert lines == [f"{n}. {colours[s]} {t}" for n, (s, t) in enumerate(entries(finished), 1)]
    assert record_family(text).name == "archipelago"


def test_a_finished_games_record_as_json_holds_the_same(client, finished):
    client.force_login(finished.seats.get(index=1).user)
    response = export(client, finished, "json")
    assert f'filename="archipelago-game-{finished.pk}.json"' in response["Content-Disposition"]
    data = response.json()
    assert (data["format"], data["version"]) == ("archipelago-record", 1)
    text = export(client, finished, "txt").content.decode()
    assert data["tags"] == records.parse_record(text).tags
    assert data["moves"][:2] == [
        {"seat": seat, "colour": ("white", "yellow")[seat], "move": move}
        for seat, move in entries(finished)[:2]
    ]
    assert len(data["moves"]) == finished.ply
    assert record_family(json.dumps(data)).name == "archipelago"


def test_the_replay_and_the_board_of_a_finished_game_link_its_record(client, finished):
    client.force_login(finished.seats.get(index=0).user)
    txt = reverse("game_export", args=[finished.pk, "txt"])
    json_url = reverse("game_export", args=[finished.pk, "json"])
    replay = client.get(reverse("game_replay", args=[finished.pk])).content.decode()
    assert f'href="{txt}"' in replay and f'href="{json_url}"' in replay
    board = client.get(finished.get_absolute_url()).content.decode()
    assert f'href="{txt}"' in board and f'href="{json_url}"' in board
    verify = client.get(reverse("game_verify", args=[finished.pk])).content.decode()
    assert f'href="{txt}"' in verify and 'id="replay-check" class="message success"' in verify


def test_the_links_and_the_import_page_speak_russian(client, finished):
    user = finished.seats.get(index=0).user
    type(user).objects.filter(pk=user.pk).update(language="ru")
    client.force_login(user)
    replay = client.get(reverse("game_replay", args=[finished.pk])).content.decode()
    assert "Запись (текст)" in replay and "Запись (JSON)" in replay
    bad = export(client, finished, "txt").content.decode().replace("1. white", "1. green", 1)
    refused = client.post(reverse("import_record"), {"record": bad})
    assert "ход начинается с цвета команды" in html.unescape(refused.content.decode())


# --- A running game has no record ----------------------------------------------------------------


def test_a_running_game_has_no_record_and_shows_no_seed_or_hidden_tile(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(creator=alice, players=2, ruleset="archipelago")
    join_table(game.pk, bob)
    game = play_bots(game, 30)
    assert game.is_running
    tiles = head_state(game).to_json()["tiles"]
    hidden = {cell: tile["face"] for cell, tile in tiles.items() if not tile["up"]}
    assert hidden
    client.force_login(alice)
    served = []
    for kind in ("txt", "json"):
        response = export(client, game, kind)
        assert response.status_code == 302 and response.url == game.get_absolute_url()
        assert response.content == b""
        board = client.get(response.url).content.decode()
        assert "The record of this game can be downloaded once it is over." in board
        served += [response.content.decode(), board]
    replay = client.get(reverse("game_replay", args=[game.pk])).content.decode()
    assert "The record can be downloaded once the game is over." in replay
    assert reverse("game_export", args=[game.pk, "txt"]) not in replay
    served.append(replay)
    for page in served:
        assert game.seed not in page and "[Seed " not in page
        for cell in hidden:  # a face-down square shows its back, never its face
            title = re.search(rf"<title>{cell}: [^<]*</title>", page)
            assert title is None or FACE_DOWN.match(title.group()), title.group()
    with pytest.raises(records.NotOverYet):
        records.export_text(game, list(game.seats.all()), [t for _s, t in entries(game)])


# --- Import --------------------------------------------------------------------------------------


def test_export_then_import_replays_to_the_same_end(client, finished):
    client.force_login(finished.seats.get(index=0).user)
    text = export(client, finished, "txt").content.decode()
    location, page, record = round_trip(client, text, finished)
    assert page.context["view"] == revealed_view(record.final, whole_island=True)
    assert not FACE_DOWN.search(page.content.decode())  # the deal revealed at the last ply
    assert f"{result_of(finished)}" in page.content.decode()
    middle = client.get(location, {"ply": 12})
    assert middle.context["ply"] == 12 and FACE_DOWN.search(middle.content.decode())
    assert middle.context["view"]["ply"] == 12
    # The move list names who sent each move.
    assert [m.name for m in middle.context["moves"][:2]] == ["ar-alice", "ar-bob"]
    data = export(client, finished, "json").content.decode()
    round_trip(client, data, finished)
    assert records.parse_record(data).final.to_json() == record.final.to_json()


@pytest.fixture
def travel():
    with time_machine.travel(datetime(2026, 11, 23, 9, tzinfo=UTC), tick=False) as traveller:
        yield traveller


def test_options_abilities_and_a_skipped_seat_replay_exactly(client, travel):
    """Two on two on the twin islands with the recommended landings and a series' abilities; the
    clock skips one seat mid-game: the record carries all of it and deals the same island."""
    people = [make_user(name) for name in ("alice", "bob", "carol", "dora")]
    abilities = {"W2": "climber", "R1": "swimmer", "K3": "navigator"}
    game = open_table(
        creator=people[0],
        players=4,
        teams=True,
        ruleset="archipelago",
        control=TimeControl(days=1),
        timeout_policy="skip",
        options={"island": "twin", "landing": "recommended", "abilities": abilities},
    )
    for person in people[1:]:
        join_table(game.pk, person)
    game = play_bots(game, 40, until=lambda g: g.ply >= 12 and g.seats_to_act() == [3])
    travel.shift(timedelta(days=1, hours=1))
    assert sweep_timeouts() == 1
    game = play_bots(game, 40)
    game = end_by_agreement(game)
    assert game.seat_actions.filter(kind="timeout-skip").count() == 1
    client.force_login(people[0])
    text = export(client, game, "txt").content.decode()
    skipped = game.seat_actions.get()
    for tag in (
        '[Island "twin"]',
        '[Landing "recommended"]',
        '[Teams "yes"]',
        '[Abilities "K3:navigator R1:swimmer W2:climber"]',
        f'[Skipped "3@{skipped.ply}"]',
        '[Colour3 "black"]',
    ):
        assert tag in text, tag
    _location, _page, record = round_trip(client, text, game)
    assert record.final.options["abilities"] == abilities
    # Each tag is needed: without it the same seed deals another game, refused or different.
    for tag in ("Island", "Abilities", "Skipped"):
        without = re.sub(rf'\[{tag} "[^"]*"\]\n', "", text)
        try:
            other = records.parse_record(without)
        except records.RecordError:
            continue
        assert other.final.to_json() != record.final.to_json(), tag


def end_by_agreement(game: Game) -> Game:
    """Every seat still playing accepts an offer to end, made at the first turn that may."""
    while game.is_running:
        seat = game.seats_to_act()[0]
        legal = head_state(game).legal_moves(seat)
        vote = next((m for m in ("accept end", "offer end") if m in legal), None)
        move = vote or bot.choose(head_state(game).view(seat), game.ply)
        submit_move(game.pk, seat_index=seat, text=move, expected_ply=game.ply)
        game.refresh_from_db()
    assert game.outcome["reason"] == "agreement"
    return game


def test_a_game_the_site_ended_replays_to_the_same_end(client):
    """A resignation ends the game as it stands: the import ends it there too."""
    alice, bob = make_user("alice"), make_user("bob")
    game = open_table(creator=alice, players=2, ruleset="archipelago")
    join_table(game.pk, bob)
    game = play_bots(game, 40)
    forfeits.resign(game.pk, bob, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "resignation"
    client.force_login(alice)
    text = export(client, game, "txt").content.decode()
    assert '[Reason "resignation"]' in text
    _location, page, record = round_trip(client, text, game)
    assert record.final.is_over() and record.final.outcome().reason == "resignation"
    assert page.context["revealed"]


def test_a_puzzle_records_its_name_and_replays(client):
    alice = make_user("alice")
    client.force_login(alice)
    assert client.post(reverse("puzzle_start", args=["the-arrows"])).status_code == 302
    game = Game.objects.get(created_by=alice)
    for move in THE_ARROWS:
        if not game.is_running:
            break
        submit_move(game.pk, seat_index=0, text=move, expected_ply=game.ply)
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "solved"
    text = export(client, game, "txt").content.decode()
    assert '[Ruleset "archipelago-puzzle"]' in text and '[Puzzle "the-arrows"]' in text
    assert "Island" not in text
    round_trip(client, text, game)
    with pytest.raises(records.RecordError, match="not legal here"):
        records.parse_record(text.replace("the-arrows", "first-steps"))


# --- Bad records ---------------------------------------------------------------------------------


def _text(finished: Game) -> str:
    seats = list(finished.seats.all())
    return records.export_text(finished, seats, [text for _seat, text in entries(finished)])


def _line_of(text: str, ply: int) -> int:
    return next(n for n, row in enumerate(text.splitlines(), start=1) if row.startswith(f"{ply}. "))


def _other_seat_plays(text: str, ply: int) -> str:
    """Move `ply` sent by the other seat: the same notation, out of its turn."""
    swap = {"white": "yellow", "yellow": "white"}
    return re.sub(rf"(?m)^{ply}\. (\w+) ", lambda m: f"{ply}. {swap[m[1]]} ", text)


def _truncate(text: str) -> str:
    """The record cut after its tenth move, as a file whose download broke off."""
    cut = text.index("\n11. ")
    return text[:cut] + "\n"


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda t: re.sub(r"(?m)^5\. (\w+) .*$", r"5. \1 W1 A1-A2", t), "move 5 (W1 A1-A2)"),
        (lambda t: _other_seat_plays(t, 5), "move 5 "),
        (lambda t: t.replace("\n1. white", "\n1. green"), "crew's colour"),
        (lambda t: re.sub(r"\n2\. ", "\n3. ", t), "move 3 where move 2 was expected"),
        (_truncate, "the game is not over after its last move"),
        (lambda t: t.replace("archipelago-record 1", "archipelago-record 2"), "version 2"),
        (lambda t: re.sub(r'\[SeedHash "[0-9a-f]', '[SeedHash "z', t), "published seed hash"),
        (lambda t: re.sub(r'\[Seed "[0-9a-f]', '[Seed "z', t), "published seed hash"),
        (lambda t: re.sub(r'\[Seed "[^"]*"\]\n', "", t), "no Seed tag"),
        (lambda t: re.sub(r'\[Result "[^"]*"\]', '[Result "19-0"]', t), "Result tag"),
        (lambda t: t.replace('[Players "2"]', '[Players "5"]'), "2, 3 or 4 players"),
        (lambda t: t.replace('[Island "first"]', '[Island "atlantis"]'), "these options"),
        (lambda t: t.replace('[Teams "no"]', '[Abilities "W2-climber"]'), "pirate:ability"),
    ],
)
def test_bad_records_are_refused_with_the_reason_and_nothing_is_kept(client, finished, change, why):
    client.force_login(finished.seats.get(index=0).user)
    text = _text(finished)
    bad = change(text)
    assert bad != text
    with pytest.raises(records.RecordError, match=re.escape(why)):
        records.parse_record(bad)
    games_before = Game.objects.count()
    answer = client.post(reverse("import_record"), {"record": bad})
    assert answer.status_code == 400
    assert why in html.unescape(answer.content.decode())
    assert not client.session.get(IMPORT_SESSION_KEY)
    assert Game.objects.count() == games_before


def _illegal_at(game: Game, ply: int) -> str:
    """A well-formed move the seat to play at ``ply`` may not send there. The module's game is
    dealt from a fresh random seed each run: a fixed "fire NE" was legal at move 7 in one (a
    cannon's pending shot) and the test failed."""
    moves = list(game.moves.filter(ply__lte=ply).order_by("ply").values_list("ply", "seat", "text"))
    *before, (_ply, seat, _text) = moves
    state, _events = replay_moves(game.ruleset, game.players, game.seed, game.state, before)
    legal = set(state.legal_moves(seat))
    return next(m for m in ("fire NE", "fire SW", "W1 A1-A2", "Y1 A1-A2") if m not in legal)


def test_an_illegal_move_is_refused_naming_its_line(finished):
    text = _text(finished)
    line = _line_of(text, 7)
    bad = _illegal_at(finished, 7)
    broken = re.sub(r"(?m)^7\. (\w+) .*$", lambda m: f"7. {m[1]} {bad}", text)
    with pytest.raises(records.RecordError, match=rf"^line {line}: move 7 \({bad}\)"):
        records.parse_record(broken)


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda d: {**d, "version": 2}, "version 2 of this record format is not known"),
        (lambda d: {**d, "moves": d["moves"][:10]}, "not over after its last move"),
        (lambda d: {**d, "moves": [{"move": "boat E1"}]}, "crew's colour and its notation"),
        (lambda d: {**d, "tags": {**d["tags"], "SeedHash": "0" * 64}}, "seed hash"),
    ],
)
def test_bad_json_records_are_refused(client, finished, change, why):
    client.force_login(finished.seats.get(index=0).user)
    data = export(client, finished, "json").json()
    bad = json.dumps(change(data))
    with pytest.raises(records.RecordError, match=why):
        records.parse_record(bad)
    answer = client.post(reverse("import_record"), {"record": bad})
    assert answer.status_code == 400 and why in html.unescape(answer.content.decode())
    assert not client.session.get(IMPORT_SESSION_KEY)


def test_a_json_record_cut_short_or_of_another_format_is_refused(client, finished):
    client.force_login(finished.seats.get(index=0).user)
    data = export(client, finished, "json").content.decode()
    with pytest.raises(records.RecordError, match="not valid JSON"):
        records.parse_record(data[: len(data) // 2])
    with pytest.raises(records.RecordError, match="not an Archipelago game record"):
        records.parse_record(data.replace('"archipelago-record"', '"jamaica-record"'))
    text = _text(finished)
    with pytest.raises(records.RecordError, match="not an Archipelago game record"):
        records.parse_record(text.replace("archipelago-record 1", "jackal-record 1"))


def test_a_game_begun_under_rulings_1_says_so_in_its_record_and_imports_by_them():
    # Issue 41: games begun before the rulings' version 2 keep their rules (position.RULINGS);
    # their records carry the version, newer ones need no tag.
    from games.families.archipelago.records import option_tags, options_of_tags
    from rules.archipelago import ARCHIPELAGO

    new = ARCHIPELAGO.new_game(2, "tags")
    assert "Rulings" not in dict(option_tags("archipelago", ARCHIPELAGO.options_of(new.to_json())))
    old = new.to_json()
    del old["rulings"]
    tags = dict(option_tags("archipelago", ARCHIPELAGO.options_of(old)))
    assert tags["Rulings"] == "1"
    again = ARCHIPELAGO.new_game(2, "tags", **options_of_tags({"Ruleset": "archipelago", **tags}))
    assert again.rulings == 1 and again.to_json() == old
