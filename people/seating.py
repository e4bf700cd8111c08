"""Who may sit down at a table with whom: the table's reliability minimum (people.reliability)
and the players' blocks (people.models.Block). Asked by the move service under the table's lock
whenever a person takes a seat (games.services.join_table), so no other door lets one in."""

from __future__ import annotations

from django.utils.translation import gettext as _

from . import blocks, reliability


def refusal_to_join(game, seats, user) -> str:
    """Why `user` may not take a seat at `game`, whose `seats` are read ("" if they may)."""
    # Whoever blocked whom, the answer is the same: it tells nobody who blocked them.
    if blocks.apart(user.pk, [seat.user_id for seat in seats]):
        return _("You cannot take a seat at this table.")
    if game.min_reliability:
        figure = reliability.of_user(user).figure
        if figure < game.min_reliability:
            return _(
                "This table asks for a reliability of %(needed)d%% or more; yours is %(figure)d%%."
            ) % {"needed": game.min_reliability, "figure": figure}
    return ""
