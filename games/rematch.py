"""Tables after a game: the rematch (issue 19.8).

A player of a game that is over offers a rematch: the same players and settings, a new deal (a
new seed), every seat moved one place on so that someone else begins. Every person who played
accepts; the last acceptance opens the new table through `games.services` and seats everyone,
which starts it. One refusal ends the offer; a new one may be made.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import services
from games.families import family_of
from games.live import notify
from games.models import Game, RematchOffer, Seat


class RematchError(services.GameError):
    pass


def rotated(seats: list[Seat]) -> tuple[int, dict[int, int]]:
    """The shift and the new seat of each old one: one place on, or more when a bot would take
    seat 0 (a table's first seat is its creator's, and a bot creates nothing)."""
    players = len(seats)
    by_index = {seat.index: seat for seat in seats}
    for shift in range(1, players + 1):
        first = by_index[(0 - shift) % players]
        if first.user_id is not None:
            return shift, {seat.index: (seat.index + shift) % players for seat in seats}
    raise RematchError(_("A rematch needs a player."))


def _locked_game_and_seats(game_id: int, user) -> tuple[Game, list[Seat], RematchOffer | None]:
    game, seats = services.game_with_seats(game_id, lock=True)
    if not any(seat.user_id == user.pk for seat in seats):
        raise RematchError(_("Only the players of a game can ask for a rematch."))
    if not game.is_over or game.started_at is None:
        raise RematchError(_("A rematch is offered once the game is over."))
    offer = RematchOffer.objects.filter(game=game).first()
    if offer is not None and offer.new_game_id is not None:
        raise RematchError(_("The rematch has started already."))
    return game, seats, offer


def offer_rematch(game_id: int, user) -> RematchOffer:
    with transaction.atomic():
        game, seats, offer = _locked_game_and_seats(game_id, user)
        if offer is not None and offer.declined_by_id is None:
            raise RematchError(_("A rematch is offered already: accept or decline it."))
        if offer is not None:
            offer.delete()  # the refused one: a new offer starts afresh
        series = family_of(game.ruleset).series
        if series is not None:
            series.check_draw_over(game)
        offer = RematchOffer.objects.create(game=game, offered_by=user)
        offer.accepted_by.add(user)
        _start_if_all_accepted(game, seats, offer)
        transaction.on_commit(lambda: notify.rematch_changed(game.pk))
    return offer


def answer_rematch(game_id: int, user, *, accept: bool) -> RematchOffer:
    with transaction.atomic():
        game, seats, offer = _locked_game_and_seats(game_id, user)
        if offer is None or offer.declined_by_id is not None:
            raise RematchError(_("Nobody offers a rematch now."))
        if accept:
            offer.accepted_by.add(user)
            _start_if_all_accepted(game, seats, offer)
        else:
            offer.declined_by = user
            offer.save(update_fields=["declined_by"])
        transaction.on_commit(lambda: notify.rematch_changed(game.pk))
    return offer


def _start_if_all_accepted(game: Game, seats: list[Seat], offer: RematchOffer) -> None:
    people = {seat.user_id for seat in seats if seat.user_id is not None}
    if not people <= set(offer.accepted_by.values_list("pk", flat=True)):
        return
    _shift, new_index = rotated(seats)
    by_new_index = {new_index[seat.index]: seat for seat in seats}
    # The same island options; a series' next game also carries the abilities won (S3).
    series = family_of(game.ruleset).series
    following = series.next_game(game, new_index) if series is not None else None
    new_game = services.open_table(
        creator=by_new_index[0].user,
        players=game.players,
        teams=game.teams,
        visibility=game.visibility,
        ruleset=game.ruleset,
        bot_seats=tuple(sorted(i for i, seat in by_new_index.items() if seat.bot)),
        bot_level=next((seat.bot for seat in seats if seat.bot), Seat.Bot.RANDOM),
        options=following.options if following else game.options,
    )
    if following:
        series.continue_series(game, new_game, following.members)
    Game.objects.filter(pk=new_game.pk).update(spectators_read_chat=game.spectators_read_chat)
    for index, seat in sorted(by_new_index.items()):
        if index != 0 and seat.user_id is not None:
            services.join_table(new_game.pk, seat.user, index)  # the last one starts it
    offer.new_game = new_game
    offer.save(update_fields=["new_game"])
