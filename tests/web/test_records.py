"""Export and import of game records: the round trip, and bad records refused with their line."""

import json

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from games.families.jackal import records
from games.models import Game
from games.views.replay import IMPORT_SESSION_KEY
from rules.jackal import new_game, replay
from tests.factories import make_user, start_game
from tests.web.history_kit import play_out

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    """One whole game, shared by the module's tests (playing it is the slow part)."""
    # The ledger refuses deletes, so the game is made inside a transaction that is rolled back
    # after the module's tests (each test's own transaction is a savepoint within it).
    with django_db_blocker.unblock(), transaction.atomic():
        alice, bob = make_user("rec-alice"), make_user("rec-bob")
        game = play_out(start_game(alice, bob, ruleset="second-edition"), seed=21)
        yield game
        transaction.set_rollback(True)


def ledger(game):
    return list(game.moves.order_by("ply").values_list("text", flat=True))


def test_export_then_import_reproduces_the_game(client, finished):
    client.force_login(finished.created_by)
    text = client.get(reverse("game_export", args=[finished.pk, "txt"])).content.decode()
    assert f'[Seed "{finished.seed}"]' in text and f'[SeedHash "{finished.seed_hash}"]' in text
    assert '[Ruleset "second-edition"]' in text and '[Seat1 "rec-bob"]' in text
    answer = client.post(reverse("import_record"), {"record": text})
    assert answer.status_code == 302
    page = client.get(answer["Location"], {"ply": finished.ply})
    record = page.context["record"]
    assert record.moves == ledger(finished)
    truth = replay(finished.ruleset, finished.players, finished.seed, ledger(finished))
    assert record.final.to_json() == truth.to_json()
    assert record.final.outcome().to_json()["scores"] == finished.outcome["scores"]
    # The imported game is shown by the same viewer, the deal revealed on its last ply.
    assert not [c for c in page.context["view"].cells if c.get("face_down")]
    assert "Jackal, second edition" in page.content.decode()  # the rules by their short name
    middle = client.get(answer["Location"], {"ply": 10})
    assert middle.context["ply"] == 10 and 'href="' in middle.content.decode()


def test_the_json_record_round_trips_too(client, finished):
    client.force_login(finished.created_by)
    data = client.get(reverse("game_export", args=[finished.pk, "json"])).json()
    assert data["format"] == "jackal-record" and data["moves"] == ledger(finished)
    record = records.parse_record(json.dumps(data))
    assert record.moves == ledger(finished) and record.final.is_over()
    answer = client.post(reverse("import_record"), {"record": json.dumps(data)})
    assert answer.status_code == 302


def test_a_running_games_record_has_no_seed_and_cannot_be_imported(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=2, max_plies=6)
    client.force_login(alice)
    text = client.get(reverse("game_export", args=[game.pk, "txt"])).content.decode()
    assert game.seed not in text and "[Seed " not in text and game.seed_hash in text
    refused = client.post(reverse("import_record"), {"record": text})
    assert refused.status_code == 400
    assert "no Seed tag" in refused.content.decode()


def test_a_bad_move_is_refused_with_its_line_and_nothing_is_kept(client, finished):
    client.force_login(finished.created_by)
    text = client.get(reverse("game_export", args=[finished.pk, "txt"])).content.decode()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    lines[at] = "5. W1 A1-M13"
    refused = client.post(reverse("import_record"), {"record": "\n".join(lines)})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert f"line {at + 1}: move 5 (W1 A1-M13) is not legal here" in html
    assert IMPORT_SESSION_KEY not in client.session


@pytest.mark.parametrize(
    ("change", "line", "why"),
    [
        (lambda ls: ls.insert(1, "[Oops"), 2, 'a tag is written [Name "value"]'),
        (lambda ls: ls.append("7 W1 G1-G2"), None, "a move is written as its number"),
        (lambda ls: ls.append("9999. W1 G1-G2"), None, "where move"),
        (lambda ls: ls.append('[Late "tag"]'), None, "a tag after the moves"),
    ],
)
def test_malformed_records_name_the_line(finished, change, line, why):
    seats = list(finished.seats.select_related("user"))
    lines = records.export_text(finished, seats, ledger(finished)).splitlines()
    change(lines)
    with pytest.raises(records.RecordError) as refused:
        records.parse_record("\n".join(lines))
    assert refused.value.line == (line or len(lines))
    assert why in refused.value.reason


def test_a_seed_that_is_not_the_published_one_is_refused(finished):
    seats = list(finished.seats.select_related("user"))
    text = records.export_text(finished, seats, ledger(finished))
    forged = text.replace(finished.seed, "f" * 64)
    with pytest.raises(records.RecordError, match="does not match the published seed hash"):
        records.parse_record(forged)


def test_a_game_dealt_from_an_older_deck_exports_its_deck_and_imports_exactly(client, alice, bob):
    """Decks are versioned (ruling E18): the record names the deck, so the import deals the same
    island the game was played on, not the latest deck's."""
    game = start_game(alice, bob)
    old_deal = new_game(game.ruleset, players=2, seed=game.seed, deck=1)
    Game.objects.filter(pk=game.pk).update(state=old_deal.to_json())
    play_out(game, seed=3, max_plies=30)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    client.force_login(alice)
    text = client.get(reverse("game_export", args=[game.pk, "txt"])).content.decode()
    assert '[Deck "1"]' in text
    record = records.parse_record(text)
    truth = replay(game.ruleset, 2, game.seed, ledger(game), deck=1)
    assert record.final.to_json() == truth.to_json()
    with pytest.raises(records.RecordError, match="Deck"):
        records.parse_record(text.replace('[Deck "1"]', '[Deck "one"]'))


def test_a_game_ended_by_a_resignation_imports_ended_the_same_way(client):
    """The site, not a move, ended it: the record says so (Reason) and the import ends the
    replayed game there too, so it is shown over and revealed, with the site's result."""
    from games.clock import forfeits

    alice, bob = make_user("rs-alice"), make_user("rs-bob")
    game = play_out(start_game(alice, bob), seed=4, max_plies=30)
    forfeits.resign(game.pk, bob, expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "resignation"
    client.force_login(alice)
    text = client.get(reverse("game_export", args=[game.pk, "txt"])).content.decode()
    assert '[Reason "resignation"]' in text
    record = records.parse_record(text)
    assert record.final.is_over() and record.final.outcome().reason == "resignation"
    assert record.position_at(len(record.moves)).is_over()
    assert not record.position_at(len(record.moves) - 1).is_over()
    answer = client.post(reverse("import_record"), {"record": text})
    page = client.get(answer["Location"])
    assert page.context["revealed"]


def test_a_resigned_games_record_says_who_won(client):
    """Issue 43 (polish): the record of a resignation said only `[Result "0-0"]`: the scores as
    they stood. The Winner tag names the seat placed first (the one that did not resign)."""
    from games.clock import forfeits

    alice, bob = make_user("rw-alice"), make_user("rw-bob")
    game = start_game(alice, bob)
    forfeits.resign(game.pk, alice, expected_ply=game.ply)
    client.force_login(bob)
    text = client.get(reverse("game_export", args=[game.pk, "txt"])).content.decode()
    assert '[Result "0-0"]\n[Winner "1"]\n[Reason "resignation"]' in text
    data = client.get(reverse("game_export", args=[game.pk, "json"])).json()
    assert data["tags"]["Winner"] == "1"
    assert records.parse_record(text).final.outcome().reason == "resignation"


def test_a_running_game_names_no_winner(client):
    game = start_game(make_user("rn-alice"), make_user("rn-bob"))
    client.force_login(game.created_by)
    text = client.get(reverse("game_export", args=[game.pk, "txt"])).content.decode()
    assert '[Result "*"]' in text and "Winner" not in text
