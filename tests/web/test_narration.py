"""The words of the log and of the flash after a move (issue 43, item 10): players' names as
they wrote them, sentences that begin with a capital, and one sentence after another."""

import pytest
from django.utils import translation

from games.families import family_of
from games.families.archipelago.words import event_line as archipelago_line
from games.families.jamaica.words import event_lines as jamaica_lines

NAMES = {0: "bob", 1: "alice"}


def test_an_archipelago_player_is_named_as_they_wrote_their_name():
    assert archipelago_line({"kind": "sail", "seat": 0, "to": "B3"}, NAMES) == "bob sails to B3"
    placed = {"kind": "boat placed", "seat": 1, "cell": "A5"}
    assert archipelago_line(placed, NAMES) == "alice puts the boat at A5"
    # The site's own words still begin with a capital.
    assert archipelago_line({"kind": "bear", "to": "C3"}, NAMES) == "The bear goes to C3"
    with translation.override("ru"):
        assert archipelago_line({"kind": "sail", "seat": 0, "to": "B3"}, NAMES).startswith("bob ")


@pytest.mark.parametrize(
    ("language", "line"),
    [("en", "Red ship (bob) draws 1 card."), ("ru", "Красный корабль (bob) берёт 1 карту.")],
)
def test_a_jamaica_line_begins_with_a_capital(language, line):
    with translation.override(language):
        assert jamaica_lines([{"kind": "draw", "seat": 0, "n": 1}], NAMES) == [line]


def test_the_flash_after_a_move_keeps_its_sentences_apart():
    """Lines that are sentences already (an old row's English) were run together with "; "
    and a second period; every family's flash now puts one sentence after another."""
    words = family_of("classic").played_words(
        "WS G1-H1",
        ["The white ship sails from G1 to H1.", "Nothing else happens"],
        ruleset="classic",
        seat_names=NAMES,
    )
    assert words == (
        "You played WS G1-H1 (Sail the white ship to H1). The white ship sails from G1 to H1. "
        "Nothing else happens."
    )
    sailed = family_of("archipelago").played_words(
        "boat A5-B3",
        [{"kind": "sail", "seat": 0, "to": "B3"}, {"kind": "bear", "to": "C3"}],
        ruleset="archipelago",
        seat_names=NAMES,
    )
    assert sailed == (
        "You played boat A5-B3 (Sail the boat to B3). bob sails to B3. The bear goes to C3."
    )
    drew = family_of("jamaica").played_words(
        "the card", [{"kind": "draw", "seat": 0, "n": 2}], ruleset="jamaica", seat_names=NAMES
    )
    assert drew.endswith(". Red ship (bob) draws 2 cards.")
