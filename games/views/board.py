"""The board page: the game as the viewer's seat sees it, and making a move.

A request flows one way: this view asks the services for the game and its head position (and,
for a move, the one door for moves), the game's site family (`games.families`) presents what the
viewer's seat may see of it as template context and draws the board, and the family's template
lays it out. Nothing here knows which game is played. The page works without JavaScript (links
and forms); with htmx the same links and forms swap only the board partial.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import access, limits, services
from games.families import family_of
from games.families.record_text import MAX_PLY
from games.models import Game, Seat
from games.presenters.board import board_context
from jackal_site.request_input import parse_int

# The query parameters of the board page that a family's presenter reads (a selected piece...).
BOARD_QUERY = ("select", "coin", "part")
# The ply a form says it was looking at: none is a stale board (a fresh board and a word say
# so); past MAX_PLY (a record's most) no game goes.
STALE = -1


def board_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The whole game page; `games.views.lobby` has checked that this user may watch."""
    family = family_of(game.ruleset)
    context = board_context(game, request.user, query=_query(request))
    return render(request, family.page_template, context)


@login_required
@require_GET
def board_partial(request: HttpRequest, game_id: int) -> HttpResponse:
    game, seats, _seat = _watchable_game_and_seats(request, game_id)
    query = _query(request)
    context = board_context(game, request.user, seats=seats, query=query)
    return render(request, family_of(game.ruleset).partial_for(query), context)


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play the move in `move` (a target button) or `notation` (typed) at `expected_ply`.

    Whatever happens, the answer is a fresh board: with htmx the partial with a notice (status
    200, so that htmx swaps it in), without it a redirect to the page with a message.
    """
    text = (request.POST.get("move") or request.POST.get("notation") or "").strip()
    # A form without the ply it was looking at is treated as stale; one with a ply that is not
    # a number is refused.
    expected_ply = parse_int(
        request.POST.get("expected_ply"), minimum=0, maximum=MAX_PLY, default=STALE
    )
    typed, state = "", None
    try:
        # The service finds the user's seat under its lock; the access check of the other views
        # runs below only when it refuses (a spectator, a stranger, a stale or illegal move).
        limits.count_move(request.user)
        result = services.submit_move(
            game_id, text=text, expected_ply=expected_ply, user=request.user
        )
    except services.NoSuchGame:
        raise Http404 from None
    except services.GameError as error:
        game, seats, _seat = _watchable_game_and_seats(request, game_id)
        notice = (error.message, "error")
        if isinstance(error, services.MoveRefused):
            typed = text
    else:
        game, seats, state = result.game, result.seats, result.state
        words = family_of(game.ruleset).played_words(
            result.move,
            result.events,
            ruleset=game.ruleset,
            seat_names={seat.index: seat.occupant_name for seat in seats},
        )
        notice = (words, "success")
    if request.htmx:
        context = board_context(
            game, request.user, seats=seats, state=state, notice=notice, typed=typed
        )
        return render(request, family_of(game.ruleset).partial_template, context)
    level = messages.ERROR if notice[1] == "error" else messages.SUCCESS
    messages.add_message(request, level, notice[0])
    return redirect(game)


def _query(request: HttpRequest) -> dict[str, str]:
    return {name: request.GET[name] for name in BOARD_QUERY if name in request.GET}


def _watchable_game_and_seats(
    request: HttpRequest, game_id: int
) -> tuple[Game, list[Seat], Seat | None]:
    """The game, its seats (with their users) and the viewer's seat, in one query."""
    try:
        game, seats = services.game_with_seats(game_id)
    except services.NoSuchGame:
        raise Http404 from None
    seat = access.viewer_seat(seats, request.user)
    # Players may always watch their games; for anyone else, ask (seat_of is then asked again,
    # but only for spectators).
    if game.started_at is None or (seat is None and not access.can_watch(game, request.user)):
        # A private game does not admit to existing; a table not (or never) started has no board.
        raise Http404
    return game, seats, seat
