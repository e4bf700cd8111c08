"""Where each game stands in its players' "my games": the order of that list, all of it here.

Games waiting for the player come first, the least time left first (the earliest deadline; games
without one, unlimited or paused, after them, the longest waiting first); then their other
running games, latest move first; then their tables still waiting for players, newest first; then
their finished and stopped games, latest end first.

Each seat keeps its player's section and a key that sorts ascending within it (`list_section`,
`list_key`), written by the move service with every change of the game (`relist`). So a player's
page of "my games" is one range of the `seat_by_player` index, however many games they have.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Case, F, IntegerChoices, Q, Value, When
from django.utils.translation import gettext_lazy as _


class Section(IntegerChoices):
    MY_TURN = 0, _("Your turn")
    OTHERS_TURN = 1, _("Waiting for the others")
    TABLE = 2, _("Tables waiting for players")
    OVER = 3, _("Finished")


# Above every deadline in milliseconds (~1.8e12 now): games with no clock come after the others.
NO_DEADLINE = 1 << 50


def _ms(moment: datetime | None) -> int:
    return int(moment.timestamp() * 1000) if moment else 0


def list_order(game, must_act: bool) -> tuple[int, int]:
    """(section, key) of `game` in the list of a player whose seat must act now, or not."""
    if game.status == "running":
        since = game.last_move_at or game.started_at
        if must_act:
            if game.deadline is not None:
                return Section.MY_TURN, _ms(game.deadline)  # least time left first
            return Section.MY_TURN, NO_DEADLINE + _ms(since)  # then the longest waiting
        return Section.OTHERS_TURN, -_ms(since)  # latest move first
    if game.status == "open":
        return Section.TABLE, -_ms(game.created_at)
    return Section.OVER, -_ms(game.finished_at or game.created_at)


def place_seats(game, seats) -> None:
    """Set where `game` now stands on each of its `seats` in memory (a sweep writes a batch of
    games' seats at once); `relist` is the same for one game, straight to the database."""
    for seat in seats:
        seat.list_section, seat.list_key = list_order(game, seat.must_act)


LIST_FIELDS = ["list_section", "list_key"]


def relist(game, seats=None, *, banks: bool = False) -> None:
    """Write where `game` now stands in its players' lists (one UPDATE of its seats), from the
    seats' `must_act` flags as stored; given the game's `seats` in memory, their `must_act` is
    written in the same UPDATE (the move's one write of its seats), and with `banks` their
    time banks too (a move charges the mover's: games.clock.turns.after_move)."""
    from games.models import Seat

    acting, waiting = list_order(game, True), list_order(game, False)
    if seats is None:
        must_act = Q(must_act=True)
        flags = {}
    else:
        must_act = Q(index__in=[seat.index for seat in seats if seat.must_act])
        flags = {"must_act": Case(When(must_act, then=Value(True)), default=Value(False))}
        if banks and any(seat.bank is not None for seat in seats):
            field = Seat._meta.get_field("bank")
            flags["bank"] = Case(
                *(
                    When(index=seat.index, then=Value(seat.bank, output_field=field))
                    for seat in seats
                ),
                default=F("bank"),
            )
    Seat.objects.filter(game_id=game.pk).update(
        list_section=Case(When(must_act, then=Value(acting[0])), default=Value(waiting[0])),
        list_key=Case(When(must_act, then=Value(acting[1])), default=Value(waiting[1])),
        **flags,
    )
