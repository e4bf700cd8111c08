"""The move log says the engine's events in the reader's language: the ledger keeps them as data,
and rows written before that (English sentences) stay readable."""

import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.families.jackal.event_words import event_lines
from games.models import Game, Move
from rules.jackal import AGREEMENT_KINDS, new_game
from tests.factories import make_user, start_game
from tests.web.english_words import english_words
from tests.web.history_kit import play_out


def _events_of_playouts(ruleset: str, games: int) -> list[list[dict]]:
    """Every move's events, as the ledger stores them, from random games of `ruleset`."""
    moves = []
    for seed in range(games):
        state = new_game(ruleset, 4 if seed % 2 else 2, seed=f"log-{seed}")
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            # Now and then an offer to end, so that agreement events are said too.
            choices = (
                legal
                if state.ply % 97 == 5
                else [m for m in legal if m.kind not in AGREEMENT_KINDS]
            )
            moves.append([event.as_data() for event in state.apply(rng.choice(choices))])
    return moves


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_every_event_the_engine_tells_has_words_in_both_languages(ruleset):
    moves = _events_of_playouts(ruleset, games=30)
    # Kinds random play rarely meets (the rules tests make them), in the shapes the engine gives.
    moves.append(
        [
            {"kind": "stay", "piece": "R1", "cell": "K5"},
            {"kind": "accept", "seat": 1},
            {"kind": "offer-lapsed", "seat": 0},
        ]
    )
    kinds = {event["kind"] for events in moves for event in events}
    assert {"reveal", "move", "end", "stay", "accept"} <= kinds
    for language in ("en", "ru"):
        with translation.override(language):
            for events in moves:
                for line in event_lines(events, ruleset=ruleset, seat_names={0: "alice"}):
                    # The fallback ("kind: data") would mean a kind without words.
                    assert not re.match(r"^[a-z-]+: ", line), line
                    if language == "ru":
                        assert english_words(f"<p>{line}</p>") == set(), line


def test_a_reveal_and_what_the_tile_did_next_make_one_line():
    events = [
        {"kind": "reveal", "piece": "W2", "cell": "F7", "tile": "ice"},
        {"kind": "ice", "piece": "W2", "origin": "F7", "target": "G8"},
        {"kind": "end-turn", "crew": "white"},
    ]
    with translation.override("en"):
        assert event_lines(events, ruleset="classic") == [
            "White 2 reveals ice at F7 and slides on over the ice to G8",
            "White ends the turn",
        ]
    with translation.override("ru"):
        assert event_lines(events, ruleset="classic") == [
            "Белый 2 открывает клетку F7 (лёд) и скользит по льду дальше на G8",
            "Белые заканчивают ход",
        ]


def test_old_english_rows_are_shown_as_they_were_written():
    old = ["White 2 reveals ice at F7 and slides on to G8"]
    with translation.override("ru"):
        assert event_lines(old, ruleset="classic") == old


def test_an_event_of_unknown_shape_shows_its_data_rather_than_failing():
    with translation.override("ru"):
        assert event_lines([{"kind": "whirlpool", "piece": "W1"}], ruleset="classic") == [
            "whirlpool: piece=W1"
        ]
        # A spinner event from before it said its number of steps still reads.
        assert event_lines(
            [{"kind": "spin", "piece": "W1", "cell": "F7", "step": 2}], ruleset="classic"
        ) == ["Белый 1 на шаге 2 на F7"]


@pytest.mark.django_db
def test_the_ledger_stores_events_as_data_not_sentences():
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), max_plies=6)
    for events in Move.objects.filter(game=game).values_list("events", flat=True):
        for event in events:
            assert isinstance(event, dict) and "kind" in event
            assert "text" not in event and "subject" not in event


@pytest.mark.django_db
def test_a_finished_games_log_reads_in_russian(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=5)
    assert game.status == Game.Status.FINISHED
    alice.language = "ru"
    alice.save()
    client.force_login(alice)
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    log = re.search(r'<ol class="move-log" reversed>(.*?)</ol>', page, re.S).group(1)
    assert "Партия окончена" in log  # the last move ends the game
    assert re.search(r"(идёт|плывёт|открывает клетку) ", log)
    assert english_words(log) == set()


@pytest.mark.django_db
def test_the_same_log_reads_in_english_for_an_english_reader(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=5)
    client.force_login(alice)
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert "The game is over (" in page
