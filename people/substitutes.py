"""Human substitutes for a seat a bot took over after a timeout (docs/people.md).

The consent rules, as the site states them beside the seat and enforces them here:

- A seat a bot took over after its player's **timeout** (`timeout-bot`) may go to a substitute;
  a resigned seat, a bot's own seat, a private game's seat never.
- For a day after the timeout (`CONSENT_WAIT`) the seat is not offered: its player may take it
  back (as they may at any moment until a substitute takes it), and any other player of the
  game may object (`object_to_substitute`), which keeps the bot for that timeout. Without an
  objection, the seat is offered to everyone from then on: consent is automatic unless a
  player objects.
- A substitute must meet the table's reliability minimum and not be blocked by anyone at the
  table (people.seating), and may not already sit at it.

Taking the seat is a seat action of the ledger (`substitute`), written as every seat action is,
under the game's row lock (`services.game_with_seats(lock=True)`, the lock a move takes): of a
substitute taking the seat, its player taking it back and a timeout, whichever holds the lock
first wins, and the others find the seat changed and are refused. From then on the seat is the
substitute's: they play through the move service (`submit_move`) with the seat's view, and the
first player has left the game (no seat, no view of it).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import ledger, services
from games.clock import forfeits
from games.lists import listing
from games.live import notify
from games.models import Game, Seat, SeatAction

from . import seating
from .models import Objection, Substitution

logger = logging.getLogger(__name__)

CONSENT_WAIT = timedelta(days=1)
Kind = SeatAction.Kind
SHOWN = 100  # the seats the list shows at most


class SubstituteError(services.GameError):
    code = "substitute"


@dataclass
class Vacancy:
    """A seat a bot stands in for after its player's timeout."""

    game: Game
    seat: Seat
    timeout: SeatAction
    objected: bool

    @property
    def opens_at(self) -> datetime:
        return self.timeout.created_at + CONSENT_WAIT

    def is_offered(self, now: datetime) -> bool:
        return not self.objected and now >= self.opens_at


def _standing_in(game: Game, seats: list[Seat], actions: list[SeatAction]) -> dict:
    """The timeout of each of the game's seats a bot took over after it, by index."""
    if not game.is_running or game.visibility != Game.Visibility.PUBLIC:
        return {}
    latest = {action.seat: action for action in actions}
    return {
        seat.index: latest[seat.index]
        for seat in seats
        if seat.stand_in
        and seat.user_id is not None
        and seat.index in latest
        and latest[seat.index].kind == Kind.TIMEOUT_BOT
    }


def _objected(timeouts) -> set[int]:
    ids = [timeout.pk for timeout in timeouts]
    if not ids:
        return set()
    return set(Objection.objects.filter(timeout_id__in=ids).values_list("timeout_id", flat=True))


def vacancies(game: Game, seats: list[Seat], actions: list[SeatAction]) -> dict[int, Vacancy]:
    """The game's seats a bot took over after a timeout, by index (`actions` in order)."""
    found = _standing_in(game, seats, actions)
    objected = _objected(found.values())
    by_index = {seat.index: seat for seat in seats}
    return {
        index: Vacancy(game, by_index[index], timeout, timeout.pk in objected)
        for index, timeout in found.items()
    }


def offered_seats(now: datetime | None = None) -> list[Vacancy]:
    """Every seat offered to substitutes now, the longest waiting first (three queries)."""
    now = now or timezone.now()
    seats = list(
        Seat.objects.filter(
            ~Q(stand_in=""),
            user__isnull=False,
            game__status=Game.Status.RUNNING,
            game__visibility=Game.Visibility.PUBLIC,
        ).select_related("game", "user")[: SHOWN * 4]
    )
    actions: dict[int, list[SeatAction]] = {}
    if seats:
        games = {seat.game_id for seat in seats}
        for action in SeatAction.objects.filter(game_id__in=games).order_by("pk"):
            actions.setdefault(action.game_id, []).append(action)
    standing = [
        (seat, timeout)
        for seat in seats
        for timeout in _standing_in(seat.game, [seat], actions.get(seat.game_id, [])).values()
    ]
    objected = _objected(timeout for _seat, timeout in standing)
    found = [
        Vacancy(seat.game, seat, timeout, timeout.pk in objected) for seat, timeout in standing
    ]
    found = [vacancy for vacancy in found if vacancy.is_offered(now)]
    found.sort(key=lambda vacancy: vacancy.timeout.created_at)
    return found[:SHOWN]


def _vacancy_of(game: Game, seats: list[Seat], seat_index: int) -> Vacancy:
    vacancy = vacancies(game, seats, list(game.seat_actions.order_by("pk"))).get(seat_index)
    if vacancy is None:
        raise SubstituteError(_("This seat does not need a player."))
    return vacancy


def take_seat(game_id: int, user, seat_index: int, *, expected_ply: int) -> SeatAction:
    """`user` takes the seat `seat_index` of `game_id` from the bot, at the ply they saw."""
    now = timezone.now()
    with transaction.atomic():
        game, seats = services.game_with_seats(game_id, lock=True)
        if not game.is_running:
            raise services.BoardChanged(_("This game is not running any more."))
        if game.ply != expected_ply:
            raise services.BoardChanged(str(services.BOARD_CHANGED))
        if any(seat.user_id == user.pk for seat in seats):
            raise SubstituteError(_("You have a seat at this table already."))
        vacancy = _vacancy_of(game, seats, seat_index)
        if vacancy.objected:
            raise SubstituteError(_("A player of this game asked to keep the bot."))
        if not vacancy.is_offered(now):
            raise SubstituteError(
                _("This seat is offered from %(when)s: its player may still take it back.")
                % {"when": timezone.localtime(vacancy.opens_at).strftime("%Y-%m-%d %H:%M")}
            )
        refusal = seating.refusal_to_join(game, seats, user)
        if refusal:
            raise SubstituteError(refusal)
        seat = vacancy.seat
        original = seat.user
        action = SeatAction(
            game=game, ply=game.ply, seat=seat.index, kind=Kind.SUBSTITUTE, user=user
        )
        actions = [*game.seat_actions.all(), action]
        seat.user, seat.joined_at = user, now
        moves = forfeits.apply(game, seats, seat, action, actions, now)
        ledger.write(game, *moves, action)
        Seat.objects.bulk_update(seats, [*forfeits.SEAT_FIELDS, "user", "joined_at"])
        bot_to_act = services.mark_bot_turn(game, seats)
        game.save(update_fields=forfeits.GAME_FIELDS)
        listing.relist(game)
        Substitution.objects.create(
            action=action, game=game, seat=seat.index, original=original, substitute=user
        )
        logger.info("game %s ply %s: seat %s taken by a substitute", game.pk, game.ply, seat.index)
    ply = game.ply
    transaction.on_commit(lambda: notify.game_changed(game_id, ply, bot_to_act=bot_to_act))
    return action


def object_to_substitute(game_id: int, user, seat_index: int) -> Objection:
    """A player of the game (not the seat's own) keeps the bot: no substitute for this
    timeout. Allowed until a substitute has taken the seat."""
    with transaction.atomic():
        game, seats = services.game_with_seats(game_id, lock=True)
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
        if mine is None or mine.index == seat_index:
            raise SubstituteError(_("Only the other players of this game may object."))
        vacancy = _vacancy_of(game, seats, seat_index)
        objection, _made = Objection.objects.get_or_create(
            timeout=vacancy.timeout, defaults={"by": user}
        )
    transaction.on_commit(lambda: notify.game_changed(game_id, game.ply, bot_to_act=False))
    return objection


def substituted_seats(game_id: int) -> set[int]:
    """The seats of the game that a substitute took (the ratings leave them out)."""
    return set(Substitution.objects.filter(game_id=game_id).values_list("seat", flat=True))


def holders_before(actions: list[SeatAction]) -> dict[int, str]:
    """For the seat actions of a game with substitutes (`actions`, in order), the name of the
    seat's player at each action written before a substitute took the seat (one query)."""
    taken = list(
        Substitution.objects.filter(action__in=actions)
        .select_related("original")
        .order_by("action_id")
    )
    names = {}
    for action in actions:
        first = next((s for s in taken if s.seat == action.seat and action.pk < s.action_id), None)
        if first is not None:
            names[action.pk] = first.original.public_name
    return names
