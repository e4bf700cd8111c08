"""After the game: the panel with the rematch offer, the next game of a series and the links to
the replay and the game's record (games.rematch has the rematch's rules). For the page, the
panel's htmx answers and the live updates (games.live.consumers)."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse

from games.families import SiteFamily, family_of
from games.models import Game, RematchOffer

PANEL = "games/rematch_panel.html"


def records_ready(family: SiteFamily, game: Game) -> bool:
    """Whether `game`'s record may be downloaded now."""
    return family.records is not None and (family.records_while_running or game.is_over)


def replay_url(game: Game) -> str:
    """The replay viewer (the history work builds `game_replay`); none while it does not exist."""
    try:
        return reverse("game_replay", args=[game.pk])
    except NoReverseMatch:
        return ""


def series_panel(game: Game, user) -> dict | None:
    """The panel of the series the game belongs to, for a family that plays series."""
    series = family_of(game.ruleset).series
    return series.series_panel(game, user) if series is not None else None


def rematch_context(game: Game, user, *, csrf_token="", error: str = "") -> dict:
    over = game.is_over and game.started_at is not None
    seats = list(game.seats.select_related("user")) if over else []
    offer = RematchOffer.objects.filter(game=game).first() if over else None
    accepted = set(offer.accepted_by.values_list("pk", flat=True)) if offer else set()
    people = [seat.user for seat in seats if seat.user_id is not None]
    return {
        "game": game,
        "user": user,
        "over": over,
        "is_player": any(person.pk == user.pk for person in people),
        "offer": offer,
        "pending": offer is not None and offer.declined_by_id is None and not offer.new_game_id,
        "accepted": [person for person in people if person.pk in accepted],
        "waiting_for": [person for person in people if person.pk not in accepted],
        "i_accepted": user.pk in accepted,
        "replay_url": replay_url(game) if over else "",
        # The record's downloads beside the replay, for a family that makes records.
        "record_links": over and records_ready(family_of(game.ruleset), game),
        "csrf_token": csrf_token,
        "error": error,
        "series": series_panel(game, user) if over else None,
    }
