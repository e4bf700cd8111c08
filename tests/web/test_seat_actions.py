"""The seat actions beside the board (resign, claim the victory, take the seat back) are one
partial, templates/games/_seat_actions.html, drawn alike for every family's board (issue 42)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_user, start_game

FAMILIES = ["classic", "archipelago", "jamaica"]


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_every_family_asks_to_confirm_a_resignation_and_says_what_it_costs(client, db, ruleset):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob, ruleset=ruleset)
    client.force_login(alice)
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert '<details class="resign">' in page and "Yes, resign" in page
    assert "The game ends and you lose." in page
    assert reverse("game_seat_action", args=[game.pk, "resign"]) in page


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_a_three_seat_game_says_a_bot_plays_on(client, db, ruleset):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob, carol, ruleset=ruleset)
    client.force_login(carol)
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert "A bot plays on for you, and you finish last." in page


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_a_spectator_sees_no_seat_action(client, db, ruleset):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_game(alice, bob, ruleset=ruleset)
    client.force_login(carol)
    page = client.get(reverse("game_board", args=[game.pk])).content.decode()
    assert 'class="seat-actions"' not in page and "game_seat_action" not in page


def test_only_the_partial_draws_the_seat_action_forms():
    from django.conf import settings

    root = settings.BASE_DIR / "templates"
    drawn = sorted(
        str(path.relative_to(root))
        for path in root.rglob("*.html")
        if "'game_seat_action'" in path.read_text()
    )
    assert drawn == ["games/_seat_actions.html"]
