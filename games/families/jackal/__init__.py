"""Jackal (classic, second edition) on the site: the presenter of its board (presenter.py), the
island's drawing (board_svg.py, with the island kit's tiles: games.families.island), its words
(words.py, event_words.py, refusal_words.py), the text board and the how-to-play pages.
`family.py` registers them as the site family "jackal" (`games.families`)."""

from __future__ import annotations

from rules.jackal import State


def engine_state(game) -> State:
    """The Jackal engine's own state of `game`'s head position (server side only: the whole deal),
    for Jackal's presenter, tools and tests; the services use the protocol's `head_state`."""
    from games.services import head_state

    return head_state(game).state
