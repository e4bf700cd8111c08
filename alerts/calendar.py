"""The calendar of a player's deadlines (iCalendar, RFC 5545), read at a secret address that a
calendar application polls. It is written afresh at each read from the games as they stand, so
it follows the moves: an event per running game of the player with a deadline, at the deadline,
with its board's link. It tells what any seat may see: the game, its players, whose turn, when.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from accounts.adapter import public_url
from games.models import Game

from .models import CalendarFeed

EVENT_LENGTH = timedelta(minutes=30)


def feed_url(feed: CalendarFeed) -> str:
    from django.urls import reverse

    return public_url(reverse("alerts_calendar", args=[feed.token]))


def calendar_for(user) -> bytes:
    now = timezone.now()
    with translation.override(user.language):
        cal = Calendar()
        cal.add("prodid", "-//Jackal Online//deadlines//EN")
        cal.add("version", "2.0")
        cal.add("x-wr-calname", _("Jackal Online: deadlines"))
        games = (
            Game.objects.filter(status=Game.Status.RUNNING, seats__user=user)
            .exclude(deadline__isnull=True)
            .distinct()
            .prefetch_related("seats__user")
            .order_by("deadline")
        )
        for game in games:
            seats = list(game.seats.all())
            to_act = [s for s in seats if s.must_act]
            mine = any(s.user_id == user.pk for s in to_act)
            names = ", ".join(s.occupant_name for s in to_act)
            event = Event()
            # One event per game: a calendar application updates it in place as turns pass.
            event.add("uid", f"game-{game.pk}@jackal-online")
            event.add(
                "summary",
                _("Your move in game %(id)d") % {"id": game.pk}
                if mine
                else _("Game %(id)d: %(names)s to move") % {"id": game.pk, "names": names},
            )
            event.add("dtstart", game.deadline - EVENT_LENGTH)
            event.add("dtend", game.deadline)
            event.add("dtstamp", now)
            event.add("last-modified", game.turn_started_at or game.started_at or now)
            event.add("sequence", game.ply)
            event.add("url", public_url(game.get_absolute_url()))
            event.add(
                "description",
                _("Deadline of the turn. Players: %(players)s.")
                % {"players": ", ".join(s.occupant_name for s in seats)},
            )
            cal.add_component(event)
    return cal.to_ical()
