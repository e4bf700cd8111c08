"""Ending a stored position without reading it: the clock's sweep ends thousands of games at once.

Reading a position (``State.from_json``: every tile parsed, the legal moves rebuilt) and writing
it again costs about a millisecond; ending a game as it stands (``end_by_forfeit``) changes only
a few fields. ``end_stored`` makes those changes on the JSON document itself and computes the
outcome from its scores, giving exactly the document and the outcome that reading, ending and
writing would (tests/rules/test_stored_end.py compares the two on positions of every kind).
"""

from __future__ import annotations

from .errors import IllegalMove, SetupError
from .outcome import Outcome, outcome_of
from .position import POSITION_FORMAT, POSITION_VERSION

# Every key `end_stored` reads or changes: a document of these alone ends as the whole would.
STORED_END_KEYS = (
    "format",
    "version",
    "ruleset",
    "players",
    "teams",
    "scores",
    "over",
    "reason",
    "pending",
    "chain",
    "after",
    "agreement",
)


def end_stored(doc: dict, reason: str) -> tuple[dict, Outcome]:
    """The stored position `doc` ended now for `reason` (the site's timeout, resignation or
    claim): the new document (`doc` is left as it was) and the outcome."""
    if not isinstance(doc, dict) or doc.get("format") != POSITION_FORMAT:
        raise SetupError("not a jackal-position document")
    if doc.get("version") != POSITION_VERSION:
        raise SetupError(f"unsupported jackal-position version {doc.get('version')!r}")
    if doc.get("over"):
        raise IllegalMove("the game is over")
    try:
        scores = {crew: int(n) for crew, n in doc["scores"].items()}
        outcome = outcome_of(int(doc["players"]), bool(doc["teams"]), scores, reason)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SetupError(f"malformed jackal-position: {error!r}") from None
    ended = dict(doc)
    # What `_finish` clears, as `to_json` writes it: no chain choice, no bottle offer after the
    # action (second edition), no open offer to end the game.
    ended.update(over=True, reason=reason, pending=None, chain=None)
    if "after" in ended:
        ended["after"] = None
    ended.pop("agreement", None)
    return ended, outcome
