"""Rating finished games with openskill (Plackett-Luce), once each, in game-end order.

`rate_pending` is the one entry point: it rates every finished game not yet looked at, oldest
end first, so a run after each game (the post-commit task) and a rebuild from nothing
(`recompute`) apply the same games in the same order and give the same numbers. A game is rated
once: its `RatedGame` row is unique, and runs are serialised by locking the ladder rows.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from openskill.models import PlackettLuce

from games.models import Game, Seat
from people.substitutes import substituted_seats
from rules.core import ruleset

from .models import Ladder, RatedGame, Rating, RatingChange, Standing, shown_rating

logger = logging.getLogger(__name__)
MODEL = PlackettLuce()


def ladder_for(game: Game) -> str:
    if ruleset(game.ruleset).game == "jamaica":
        return Ladder.Kind.JAMAICA
    if game.players == 4:
        return Ladder.Kind.TEAMS if game.teams else Ladder.Kind.FOUR
    return Ladder.Kind.DUEL if game.players == 2 else Ladder.Kind.THREE


def is_rated(game: Game, seats: list[Seat]) -> bool:
    """Whether a finished game counts: never with a bot at the table or a seat without a person;
    otherwise as chosen when the table opened, and by default public tables are rated and
    invitation-only tables (friends' games) are not."""
    if game.status != Game.Status.FINISHED or not game.outcome:
        return False
    if len(seats) != game.players or any(seat.bot or seat.user_id is None for seat in seats):
        return False
    if game.rated is not None:
        return game.rated
    return game.visibility == Game.Visibility.PUBLIC


@dataclass(frozen=True)
class Place:
    seat: int
    place: int
    won: bool
    coins: int


def places(game: Game) -> list[Place]:
    """Each seat's place from the game's outcome (ties share a place). A seat listed in the
    outcome's `forfeited` (taken over by the bot after a timeout, or resigned) is placed below
    every seat that played on, whatever was scored for it afterwards."""
    outcome = game.outcome or {}
    scores = outcome.get("scores", {})
    forfeited = set(outcome.get("forfeited", []))
    ranking = [
        [seat for seat in group if seat not in forfeited] for group in outcome.get("ranking", [])
    ]
    ranking = [group for group in ranking if group]
    if forfeited:
        ranking.append(sorted(forfeited))
    result, place = [], 1
    for group in ranking:
        for seat in group:
            won = place == 1 and len(group) < game.players
            result.append(Place(seat, place, won, int(scores.get(str(seat), 0))))
        place += len(group)
    return sorted(result, key=lambda p: p.seat)


def _teams(game: Game) -> list[list[int]]:
    """The seats that play as one side: partners sit opposite in 2-vs-2, else each alone."""
    if game.teams:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(game.players)]


def rate_pending(*, from_ledgers: bool = False) -> int:
    """Rate every finished game not yet rated, in end order. Returns how many were rated.

    With `from_ledgers`, each game's result is first derived again by replaying its seed and
    ledger, and a game whose cached outcome differs is refused (LedgerMismatch): the cached
    outcome is what the incremental updates read, so the two must agree.
    """
    done = 0
    _ensure_ladders()
    while True:
        with transaction.atomic():
            # Serialise runs: two workers must not both read a rating and write its successor.
            list(Ladder.objects.select_for_update().all())
            batch = list(
                Game.objects.filter(
                    status=Game.Status.FINISHED,
                    finished_at__isnull=False,
                    rating_record__isnull=True,
                ).order_by("finished_at", "id")[:500]
            )
            for game in batch:
                if from_ledgers:
                    _check_outcome(game)
                done += _rate(game)
        if len(batch) < 500:
            return done


def _ensure_ladders() -> None:
    # The migration creates them; a database flushed by tests (or by hand) may have lost them.
    if Ladder.objects.count() < len(Ladder.Kind.values):
        for kind in Ladder.Kind.values:
            Ladder.objects.get_or_create(slug=kind)


def _rate(game: Game) -> int:
    seats = list(game.seats.all())
    seat_of = {seat.index: seat for seat in seats}
    standing = places(game)
    Standing.objects.bulk_create(
        Standing(
            game=game,
            seat=p.seat,
            user_id=seat_of[p.seat].user_id if p.seat in seat_of else None,
            place=p.place,
            won=p.won,
            coins=p.coins,
        )
        for p in standing
    )
    # A seat a substitute took is nobody's result (docs/people.md): its first player left
    # (reliability counts that), its substitute played only the end. The other sides are
    # rated among themselves, if two are left.
    substituted = substituted_seats(game.pk)
    teams = [team for team in _teams(game) if not substituted & set(team)]
    if not is_rated(game, seats) or len(teams) < 2:
        RatedGame.objects.create(game=game, ladder=None, ended_at=game.finished_at)
        return 0
    ladder = Ladder.objects.get(slug=ladder_for(game))
    record = RatedGame.objects.create(game=game, ladder=ladder, ended_at=game.finished_at)
    place_of = {p.seat: p for p in standing}
    users = [[seat_of[seat].user_id for seat in team] for team in teams]
    existing = {
        r.user_id: r
        for r in Rating.objects.filter(ladder=ladder, user_id__in=[u for t in users for u in t])
    }
    before = [
        [
            MODEL.rating(mu=existing[u].mu, sigma=existing[u].sigma)
            if u in existing
            else MODEL.rating()
            for u in team
        ]
        for team in users
    ]
    # A side's place is its best seat's (partners share their team's score and place).
    ranks = [min(place_of[seat].place for seat in team) for team in teams]
    after = MODEL.rate(before, ranks=ranks)
    changes = []
    for team, team_users, old, new in zip(teams, users, before, after, strict=True):
        for seat, user_id, was, now in zip(team, team_users, old, new, strict=True):
            shown = shown_rating(now.mu, now.sigma)
            rating = existing.get(user_id) or Rating(ladder=ladder, user_id=user_id)
            rating.mu, rating.sigma, rating.shown = now.mu, now.sigma, shown
            rating.games += 1
            rating.wins += int(place_of[seat].won)
            rating.last_played_at = game.finished_at
            rating.save()
            changes.append(
                RatingChange(
                    rated_game=record,
                    ladder=ladder,
                    user_id=user_id,
                    place=place_of[seat].place,
                    mu_before=was.mu,
                    sigma_before=was.sigma,
                    mu=now.mu,
                    sigma=now.sigma,
                    shown=shown,
                    ended_at=game.finished_at,
                )
            )
    RatingChange.objects.bulk_create(changes)
    return 1


class LedgerMismatch(Exception):
    pass


def _check_outcome(game: Game) -> None:
    from games.services import replay_ledger

    final = replay_ledger(game)
    replayed = final.outcome().to_json() if final.is_over() else None
    cached = game.outcome or {}
    if replayed is None or (replayed["scores"], replayed["ranking"]) != (
        cached.get("scores"),
        cached.get("ranking"),
    ):
        raise LedgerMismatch(f"game {game.pk}: its ledger does not give its recorded result")


def recompute(*, from_ledgers: bool = False) -> int:
    """Forget every rating and rate all finished games again, in end order, in one transaction:
    the ladders are never seen half rebuilt, and a refused game leaves them as they were."""
    with transaction.atomic():
        _ensure_ladders()
        list(Ladder.objects.select_for_update().all())
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        Standing.objects.all().delete()
        RatedGame.objects.all().delete()
        return rate_pending(from_ledgers=from_ledgers)
