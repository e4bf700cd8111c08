"""The people's pages: the seats that need a player, taking one, keeping the bot instead;
blocking, following and reporting a player."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import User
from games import services
from games.models import Game
from jackal_site.request_input import MAX_ID, BadNumber, parse_int

from . import blocks, challenges, conduct, presenters, substitutes
from .models import Report


@require_GET
def seats_needing_players(request: HttpRequest) -> HttpResponse:
    """'A seat needs a player': every seat offered to substitutes, filtered by the rating of
    the table and the reliability it asks for."""
    try:
        low = parse_int(request.GET.get("rating_from"), minimum=0, maximum=9999, default=None)
        high = parse_int(request.GET.get("rating_to"), minimum=0, maximum=9999, default=None)
    except BadNumber:
        messages.error(request, _("A rating is a whole number from 0 to 9999."))
        low = high = None
    context = presenters.seats_context(request.user, low, high)
    return render(request, "people/seats.html", context)


@login_required
@require_POST
def take_seat(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        ply = parse_int(request.POST.get("expected_ply"), minimum=0, maximum=10**6)
        substitutes.take_seat(game.pk, request.user, seat, expected_ply=ply)
    except BadNumber:
        messages.error(request, _("The board has changed: look again."))
        return redirect("seats_needing_players")
    except services.GameError as error:
        messages.error(request, error.message)
        return redirect("seats_needing_players")
    messages.success(request, _("The seat is yours: play on from here."))
    return redirect(game)


@login_required
@require_POST
def object_to_substitute(request: HttpRequest, game_id: int, seat: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        substitutes.object_to_substitute(game.pk, request.user, seat)
    except services.GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The bot keeps the seat: no substitute will be offered it."))
    return redirect(game)


def _player(username: str):
    return get_object_or_404(User, username=username, is_active=True)


@login_required
@require_POST
def set_block(request: HttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    on = request.POST.get("block") == "1"
    try:
        blocks.set_blocked(request.user, other, on)
    except blocks.PeopleError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("You blocked %(name)s.") % {"name": other.public_name}
            if on
            else _("You unblocked %(name)s.") % {"name": other.public_name},
        )
    return redirect(other)


@login_required
@require_POST
def set_follow(request: HttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    on = request.POST.get("follow") == "1"
    try:
        blocks.set_followed(request.user, other, on)
    except blocks.PeopleError as error:
        messages.error(request, error.message)
    return redirect(other)


@login_required
@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, username: str) -> HttpResponse:
    other = _player(username)
    source = request.POST if request.method == "POST" else request.GET
    try:
        message_id = parse_int(source.get("message"), minimum=1, maximum=MAX_ID, default=None)
        game_id = parse_int(source.get("game"), minimum=1, maximum=MAX_ID, default=None)
    except BadNumber:
        message_id = game_id = None
    if request.method == "POST":
        try:
            conduct.report(
                request.user,
                other,
                request.POST.get("kind", ""),
                request.POST.get("text", ""),
                game_id=game_id,
                message_id=message_id,
            )
        except blocks.PeopleError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Thank you: the staff will read your report."))
            return redirect(other)
    context = {
        "other": other,
        "kinds": Report.Kind.choices,
        "message_id": message_id,
        "game_id": game_id,
        "kind": source.get("kind") or (Report.Kind.MESSAGE if message_id else ""),
        "text": source.get("text", ""),
    }
    return render(request, "people/report.html", context)


@login_required
@require_POST
def challenge(request: HttpRequest, username: str) -> HttpResponse:
    """A private table like my latest, and its invitation sent to the friend: one click."""
    friend = _player(username)
    try:
        game = challenges.challenge(request.user, friend)
    except blocks.PeopleError as error:
        messages.error(request, error.message)
        return redirect(friend)
    messages.success(
        request, _("Table opened; %(name)s has the invitation.") % {"name": friend.public_name}
    )
    return redirect(game)
