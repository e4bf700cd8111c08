"""How seat actions (games.forfeits) shape a game's result: who forfeited, the outcome with them
placed last, and the end a replay of the ledger must reproduce. Read by the move service, the
seat actions and the ledger check alike."""

from __future__ import annotations

from rules.core import GameState

from .models import Game, SeatAction

Kind = SeatAction.Kind
# The seat actions that can end a game, with the reason the engine records.
ENDING = {Kind.TIMEOUT_END: "timeout", Kind.RESIGN: "resignation", Kind.CLAIM: "claim"}
FORFEITS = (Kind.TIMEOUT_BOT, Kind.TIMEOUT_END, Kind.TIMEOUT_SKIP, Kind.RESIGN)


def forfeited_from(actions) -> list[int]:
    """The seats that forfeited: timed out or resigned, and not back since (a reclaim)."""
    out: set[int] = set()
    for action in actions:
        if action.kind in FORFEITS:
            out.add(action.seat)
        elif action.kind == Kind.RECLAIM:
            out.discard(action.seat)
    return sorted(out)


def forfeited_seats(game: Game) -> list[int]:
    return forfeited_from(game.seat_actions.all())


def outcome_with_forfeits(outcome: dict, actions) -> dict:
    """The outcome with the forfeited seats moved to the last place (ranking) and listed."""
    forfeited = forfeited_from(actions)
    if not forfeited:
        return outcome
    ranking = [[s for s in place if s not in forfeited] for place in outcome["ranking"]]
    ranking = [place for place in ranking if place] + [forfeited]
    return {**outcome, "ranking": ranking, "forfeited": forfeited}


def replay_end(game: Game, state: GameState) -> None:
    """End the replayed position `state` of `game` as a seat action ended it, if one did: the
    game is finished, its moves do not finish it, and its last seat action is an ending."""
    if game.status != Game.Status.FINISHED or state.is_over():
        return
    last = game.seat_actions.order_by("-pk").first()
    if last is not None and last.kind in ENDING:
        state.end_now(ENDING[last.kind])


def skips_of(game: Game) -> list[tuple[int, int]]:
    """(ply, seat) of each seat the clock skipped for a timeout, in the order it did: a replay
    passes them after the moves of their ply, as the sweep did (`games.forfeits`)."""
    return list(
        game.seat_actions.filter(kind=Kind.TIMEOUT_SKIP)
        .order_by("ply", "pk")
        .values_list("ply", "seat")
    )
