"""A refused move is explained in the player's language: the engine's refusal is data (a reason
key and fields) and the site says it through gettext."""

import random

import pytest
from django.urls import reverse
from django.utils import translation

from games.families.jackal.refusal_words import REASONS, refusal_text
from games.models import Move
from rules.jackal import AGREEMENT_KINDS, IllegalMove, new_game
from tests.factories import make_user, start_game
from tests.web.english_words import english_words

HTMX = {"HTTP_HX_REQUEST": "true"}


def _refusals(ruleset: str, games: int) -> list[IllegalMove]:
    """Refusals met in random games: each ply, the moves of the ply before are tried again."""
    refused = []
    for seed in range(games):
        state = new_game(ruleset, 4 if seed % 2 else 2, seed=f"refuse-{seed}")
        rng = random.Random(seed)
        before: list = []
        while not state.is_over():
            for move in before[:6]:
                try:
                    state.apply(move)
                except IllegalMove as error:
                    refused.append(error)
                    continue
                break  # it was legal again and got played: carry on from here
            else:
                legal = [m for m in state.legal_moves() if m.kind not in AGREEMENT_KINDS]
                before = state.legal_moves()
                rng.shuffle(before)
                state.apply(rng.choice(legal))
    return refused


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_every_refusal_the_engine_gives_has_words_in_russian(ruleset):
    refused = _refusals(ruleset, games=4)
    keys = {error.reason["reason"] for error in refused}
    assert len(keys) >= 5
    assert keys <= set(REASONS), keys - set(REASONS)
    with translation.override("ru"):
        for error in refused:
            text = refusal_text(error)
            assert text.startswith("Ход "), text
            assert english_words(f"<p>{text}</p>") == set(), text


def test_a_refusal_without_data_keeps_the_engines_words():
    assert refusal_text(IllegalMove("W1 A1-A2 is not possible")) == "W1 A1-A2 is not possible"


@pytest.mark.django_db
def test_a_russian_player_reads_why_a_typed_move_is_refused(client):
    alice, bob = make_user("alice"), make_user("bob")
    alice.language = "ru"
    alice.save()
    game = start_game(alice, bob)
    client.force_login(alice)
    response = client.post(
        reverse("game_move", args=[game.pk]),
        {"notation": "W1 G1-H2", "expected_ply": "0"},
        **HTMX,
    )
    html = response.content.decode()
    assert (
        "Ход W1 G1-H2 невозможен: на берег сходят только на клетку прямо перед кораблём (G2)"
        in html
    )
    assert "Сейчас можно: W1 G1-G2" in html
    assert not Move.objects.filter(game=game).exists()


def test_every_reason_the_engine_can_give_has_words():
    """Random play meets only some refusals: read every reason key out of the engine's source."""
    import ast
    from pathlib import Path

    import rules.jackal

    keys = set()
    for path in Path(rules.jackal.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            is_reason = isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "R",
                "Reason",
            )
            if is_reason and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                keys.add(node.args[1].value)
    assert len(keys) >= 40
    assert keys - set(REASONS) == set()


@pytest.mark.django_db
def test_text_that_is_no_move_is_refused_in_russian_too(client):
    alice, bob = make_user("alice"), make_user("bob")
    alice.language = "ru"
    alice.save()
    game = start_game(alice, bob)
    client.force_login(alice)
    response = client.post(
        reverse("game_move", args=[game.pk]),
        {"notation": "поднять флаг", "expected_ply": "0"},
        **HTMX,
    )
    assert "«поднять флаг» — это не ход" in response.content.decode()
