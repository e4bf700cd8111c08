"""Finished games for the history tests: played through the move service, at random."""

import random

from games.models import Game
from games.services import submit_move
from rules.jackal import AGREEMENT_KINDS, State


def play_out(game: Game, *, seed: int = 1, max_plies: int | None = None) -> Game:
    """Play random legal moves through `submit_move` until the game ends (or `max_plies`)."""
    rng = random.Random(seed)
    game.refresh_from_db()
    while game.status == Game.Status.RUNNING and (max_plies is None or game.ply < max_plies):
        state = State.from_json(game.state)
        # Play the game out: an offer to end it, once accepted, would cut it short.
        move = rng.choice(
            [move for move in state.legal_moves() if move.kind not in AGREEMENT_KINDS]
        )
        submit_move(game.pk, seat_index=game.seat_to_act(), text=str(move), expected_ply=game.ply)
        game.refresh_from_db()
    return game


def finished_game(
    people,
    scores,
    *,
    ended,
    teams: bool = False,
    ruleset: str = "classic",
    private: bool = False,
    bots: int = 0,
    reason: str = "all coins gone",
    plies: int = 300,
    rated=None,
    forfeited=(),
) -> Game:
    """A finished game's rows as the move service leaves them (status, outcome, times), without
    playing it: for the archive and the ratings, which read only those. `scores` by seat."""
    from datetime import timedelta

    from games.models import Seat
    from rules.jackal import seat_crews

    players = len(people) + bots
    by_side: dict[int, int] = {}
    for seat, coins in enumerate(scores):
        side = seat % 2 if teams else seat
        by_side[side] = by_side.get(side, 0) + coins
    groups: dict[int, list[int]] = {}
    for seat in range(players):
        groups.setdefault(by_side[seat % 2 if teams else seat], []).append(seat)
    outcome = {
        "scores": {str(i): c for i, c in enumerate(scores)},
        "team_scores": {str(k): v for k, v in by_side.items()},
        "crew_scores": {},
        "ranking": [groups[total] for total in sorted(groups, reverse=True)],
        "reason": reason,
    }
    if forfeited:
        outcome["forfeited"] = list(forfeited)
    game = Game.objects.create(
        ruleset=ruleset,
        players=players,
        teams=teams,
        visibility=Game.Visibility.PRIVATE if private else Game.Visibility.PUBLIC,
        created_by=people[0],
        status=Game.Status.FINISHED,
        seed="s" * 64,
        seed_hash="h" * 64,
        ply=plies,
        outcome=outcome,
        started_at=ended - timedelta(days=3),
        finished_at=ended,
        rated=rated,
    )
    assert len(seat_crews(players, teams)) == players
    Seat.objects.bulk_create(
        Seat(
            game=game,
            index=i,
            user=people[i] if i < len(people) else None,
            bot="" if i < len(people) else Seat.Bot.RANDOM,
        )
        for i in range(players)
    )
    return game
