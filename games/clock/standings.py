"""How seat actions (games.clock.forfeits) shape a game's result: who forfeited, the outcome with
them placed last, and the end a replay of the ledger must reproduce. Read by the move service, the
seat actions and the ledger check alike."""

from __future__ import annotations

from games.models import Game, SeatAction
from rules.core import GameState

Kind = SeatAction.Kind
# The seat actions that can end a game, with the reason the engine records.
ENDING = {Kind.TIMEOUT_END: "timeout", Kind.RESIGN: "resignation", Kind.CLAIM: "claim"}
FORFEITS = (Kind.TIMEOUT_BOT, Kind.TIMEOUT_END, Kind.TIMEOUT_SKIP, Kind.RESIGN)
# A person plays the seat again: its player took it back, or a substitute took it
# (people.substitutes), each only from a timeout's stand-in.
BACK_IN_PLAY = (Kind.RECLAIM, Kind.SUBSTITUTE)


def forfeited_from(actions) -> list[int]:
    """The seats that forfeited: timed out or resigned, and not back since (a reclaim)."""
    out: set[int] = set()
    for action in actions:
        if action.kind in FORFEITS:
            out.add(action.seat)
        elif action.kind in BACK_IN_PLAY:
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
    passes them after the moves of their ply, as the sweep did (`games.clock.forfeits`)."""
    return list(
        game.seat_actions.filter(kind=Kind.TIMEOUT_SKIP)
        .order_by("ply", "pk")
        .values_list("ply", "seat")
    )


# The seat actions after which a bot plays the seat for its player (games.clock.forfeits.apply):
# until a reclaim, which only a timeout's stand-in allows (a resignation is for good).
STANDING_IN = (Kind.TIMEOUT_BOT, Kind.RESIGN)


def stand_in_problems(actions, players_moves) -> list[str]:
    """What the seat actions say about who plays each seat, against the ledger: every reclaim
    takes a seat back from a timeout's stand-in, once, and no player moves in a seat while a
    bot stands in for it. `actions` in the order they were written; `players_moves` the (ply,
    seat) of the moves a person made (a bot's and the clock's have no user)."""
    problems, spans, standing, reclaimed = [], [], {}, set()
    players_moves = sorted(players_moves)
    for action in actions:
        if action.kind in STANDING_IN:
            standing.setdefault(action.seat, action)
            reclaimed.discard(action.seat)
        elif action.kind in BACK_IN_PLAY:
            begun = standing.pop(action.seat, None)
            if begun is not None:
                spans.append((action.seat, begun.ply, action.ply))
                if begun.kind != Kind.TIMEOUT_BOT:
                    problems.append(
                        f"seat {action.seat} took back at ply {action.ply} a seat it resigned"
                    )
            elif action.seat in reclaimed:
                problems.append(
                    f"seat {action.seat} took its seat back twice from one stand-in"
                    f" (again at ply {action.ply})"
                )
            else:
                problems.append(
                    f"seat {action.seat} took its seat back at ply {action.ply}"
                    " with no bot standing in for it"
                )
            reclaimed.add(action.seat)
    spans += [(seat, begun.ply, None) for seat, begun in standing.items()]
    # A seat action at ply p comes after the move of ply p: the stand-in plays from p + 1 on,
    # and its player again after the reclaim's ply.
    for seat, since, until in spans:
        moved = next(
            (
                ply
                for ply, mover in players_moves
                if mover == seat and ply > since and (until is None or ply <= until)
            ),
            None,
        )
        if moved is not None:
            problems.append(
                f"ply {moved}: seat {seat} was moved by its player while a bot stood in for it"
                f" (from ply {since + 1})"
            )
    return problems
