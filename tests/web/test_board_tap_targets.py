"""The spots over the island are big enough for a finger (issue 43): every piece is clicked
anywhere on its square, and where several that can move share one (the crew aboard its ship), a
click selects the one after the selected piece, so repeated clicks go through them in the order
of the chips below the board. alice (White) plays, bob waits."""

import re

import pytest

from tests.factories import start_game
from tests.web.board_kit import as_user, page_url

pytestmark = pytest.mark.django_db

SQUARE = re.compile(r"width:(?P<w>[\d.]+)%;height:(?P<h>[\d.]+)%")
CELL_PERCENT = 100 * 48 / (13 * 48 + 32)  # board_layout: squares of 48 in a picture of 656


def piece_spots(html: str) -> dict[str, dict]:
    """Each piece link over the island: its style's size and whether it is on top."""
    spots = {}
    for match in re.finditer(r'<a id="piece-(?P<id>\w+)" class="(?P<cls>[^"]*)"[^>]*>', html):
        tag = match.group(0)
        size = SQUARE.search(tag)
        spots[match["id"]] = {
            "on_top": "on-top" in match["cls"].split(),
            "width": float(size["w"]),
            "height": float(size["h"]),
            "title": re.search(r'title="([^"]*)"', tag)[1],
        }
    return spots


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


def test_each_piece_aboard_the_ship_is_clicked_on_the_whole_square(client, game, alice):
    spots = piece_spots(as_user(client, alice).get(page_url(game)).content.decode())
    assert set(spots) == {"W1", "W2", "W3", "WS"}
    for spot in spots.values():
        assert spot["width"] == pytest.approx(CELL_PERCENT, abs=0.01)
        assert spot["height"] == pytest.approx(CELL_PERCENT, abs=0.01)
    # Nothing selected: a click on G1 selects White 1, the first of the chips.
    assert [piece for piece, spot in spots.items() if spot["on_top"]] == ["W1"]
    assert spots["W1"]["title"] == "Select White 1 at G1"


@pytest.mark.parametrize(
    ("selected", "next_up"), [("W1", "W2"), ("W2", "W3"), ("W3", "WS"), ("WS", "W1")]
)
def test_clicks_on_a_shared_square_go_through_its_pieces(client, game, alice, selected, next_up):
    html = as_user(client, alice).get(page_url(game), {"select": selected}).content.decode()
    spots = piece_spots(html)
    assert [piece for piece, spot in spots.items() if spot["on_top"]] == [next_up]
    link = re.search(rf'<a id="piece-{next_up}"[^>]*href="([^"]*)"', html)[1]
    assert link.endswith(f"?select={next_up}")
