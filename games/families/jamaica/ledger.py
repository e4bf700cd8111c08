"""What others may read of a Jamaica ledger while the game runs.

The ledger stores every decision as played, a card choice included ("play AG"): the replay
needs it. Until the round's resolution reaches that seat and reveals the card (the `reveal`
event, ruling J21), anyone but its owner may read only `public_move`'s form ("play"). Which
entries are still secret follows from the public view of the head position: the seats that
have chosen (`ready`) and are not yet revealed (`revealed`) — for each, its latest "play" entry.
"""

from __future__ import annotations

from rules.jamaica.moves import public_move


def secret_plies(game, state, recent: list[dict] = ()) -> set[int]:
    """The plies whose text still hides a card from everyone but its owner. `recent` are the
    game's last moves, newest first (games.ledger_tail): where they hold every such seat's
    latest card, the ledger is not read."""
    if state.is_over():
        return set()
    view = state.view(None)  # the spectators' view: what anybody may know
    unrevealed = set(view["ready"]) - {int(seat) for seat in view["revealed"]}
    if not unrevealed:
        return set()
    plies: dict[int, int] = {}
    for row in recent:
        if row["seat"] in unrevealed and row["text"].startswith("play "):
            plies.setdefault(row["seat"], row["ply"])
    if set(plies) == unrevealed:
        return set(plies.values())
    plies = {}
    rows = (
        game.moves.filter(seat__in=unrevealed, text__startswith="play ")
        .order_by("-ply")
        .values_list("seat", "ply")[: 4 * len(unrevealed)]
    )
    for seat, ply in rows:
        plies.setdefault(seat, ply)
    return set(plies.values())


def shown_text(text: str, ply: int, secret: set[int], viewer_seat: int | None, mover: int) -> str:
    """The text of ledger entry `ply` as `viewer_seat` may read it (None: anyone else)."""
    if ply in secret and viewer_seat != mover:
        return public_move(text)
    return text
