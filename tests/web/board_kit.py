"""Helpers of the board page's tests (test_board.py, test_board_second_edition.py): its URLs,
a logged-in client, a position put into a game, the moves its buttons offer."""

import re
from html import unescape

from django.urls import reverse

from games.families.jackal import engine_state
from rules.jackal import player_view

HTMX = {"HTTP_HX_REQUEST": "true"}
# Sailing reveals nothing, so the turn surely passes to bob whatever the deal.
SAIL = "WS G1-H1"


def page_url(game):
    return reverse("game_board", args=[game.pk])


def partial_url(game):
    return reverse("game_board_partial", args=[game.pk])


def move_url(game):
    return reverse("game_move", args=[game.pk])


def legal_moves(game, seat):
    return player_view(engine_state(game), seat).legal_moves


def target_values(html):
    """The moves of the target buttons laid over the board."""
    return [unescape(v) for v in re.findall(r'id="target-\w+"[^>]*value="([^"]+)"', html)]


def as_user(client, user):
    client.force_login(user)
    return client


def set_position(game, state):
    game.state = state.to_json()
    game.ply = state.ply
    game.save(update_fields=["state", "ply"])
    for seat in game.seats.all():
        seat.must_act = seat.index == state.to_act()
        seat.save(update_fields=["must_act"])


def buttons(html):
    """Every move button of the page (targets on the board and the list below): value -> words."""
    found = re.findall(r'<button type="submit"[^>]*name="move" value="([^"]+)"[^>]*>([^<]*)<', html)
    return {unescape(v): unescape(text) for v, text in found}
