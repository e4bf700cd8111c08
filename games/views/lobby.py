"""The lobby: open tables, a new table, joining and leaving, my games, invitations."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Case, F, IntegerField, OuterRef, Q, Subquery, Value, When
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import access, services
from games.models import RULESET_CHOICES, Game, Seat
from games.views import board

SETUPS = {
    "2": (2, False),
    "3": (3, False),
    "4": (4, False),
    "2v2": (4, True),
}


class NewTableForm(forms.Form):
    ruleset = forms.ChoiceField(label=_("Rules"), choices=RULESET_CHOICES, initial="classic")
    setup = forms.ChoiceField(
        label=_("Players"),
        choices=[
            ("2", _("2 players (each commands two crews)")),
            ("3", _("3 players")),
            ("4", _("4 players, each for themselves")),
            ("2v2", _("4 players, 2 against 2")),
        ],
    )
    visibility = forms.ChoiceField(label=_("Who may join"), choices=Game.Visibility.choices)
    bots = forms.IntegerField(
        label=_("Bots"),
        min_value=0,
        max_value=3,
        initial=0,
        help_text=_("Bots take the last seats; the game starts when every seat is taken."),
    )

    def clean(self):
        cleaned = super().clean()
        setup, bots = cleaned.get("setup"), cleaned.get("bots")
        if setup in SETUPS and bots is not None:
            players = SETUPS[setup][0]
            if bots >= players:
                raise forms.ValidationError(
                    _("A table of %(n)d has room for at most %(m)d bots: you take a seat too.")
                    % {"n": players, "m": players - 1}
                )
        return cleaned


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    tables = (
        Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
        .select_related("created_by")
        .prefetch_related("seats__user")[:50]
    )
    running = (
        Game.objects.filter(status=Game.Status.RUNNING, visibility=Game.Visibility.PUBLIC)
        .order_by("-last_move_at")
        .prefetch_related("seats__user")[:20]
    )
    return render(request, "games/lobby.html", {"tables": tables, "running": running})


@login_required
@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest) -> HttpResponse:
    form = NewTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        players, teams = SETUPS[form.cleaned_data["setup"]]
        bots = form.cleaned_data["bots"]
        game = services.open_table(
            creator=request.user,
            ruleset=form.cleaned_data["ruleset"],
            players=players,
            teams=teams,
            visibility=form.cleaned_data["visibility"],
            bot_seats=tuple(range(players - bots, players)),
        )
        if game.status == Game.Status.RUNNING:
            messages.success(request, _("Your game against the bots has started."))
        elif game.visibility == Game.Visibility.PRIVATE:
            messages.success(request, _("Table opened. Send the invitation link to your friends."))
        else:
            messages.success(request, _("Table opened. It starts when every seat is taken."))
        return redirect(game)
    return render(request, "games/new_table.html", {"form": form})


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    games = (
        Game.objects.filter(seats__user=request.user)
        .annotate(
            my_seat=Subquery(
                Seat.objects.filter(game=OuterRef("pk"), user=request.user).values("index")[:1]
            )
        )
        .annotate(
            # Games waiting for me first, then the other running ones, then open, then over.
            rank=Case(
                When(Q(status=Game.Status.RUNNING) & Q(to_act_seat=F("my_seat")), then=0),
                When(status=Game.Status.RUNNING, then=1),
                When(status=Game.Status.OPEN, then=2),
                default=Value(3),
                output_field=IntegerField(),
            )
        )
        .order_by("rank", "-last_move_at", "-created_at")
        .prefetch_related("seats__user")
    )
    return render(request, "games/my_games.html", {"games": games})


@login_required
@require_GET
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    game = get_object_or_404(Game, invite_token=token)
    return _game_page(request, game, invite_token=token)


@login_required
@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return _game_page(request, game)


def _game_page(request: HttpRequest, game: Game, invite_token: str | None = None) -> HttpResponse:
    if not access.can_watch(game, request.user, invite_token):
        # Private games do not admit to existing.
        raise Http404
    if game.status == Game.Status.OPEN:
        seats = list(game.seats.select_related("user"))
        context = {
            "game": game,
            "seats": seats,
            "my_seat": next((s for s in seats if s.user_id == request.user.pk), None),
            "invite_url": request.build_absolute_uri(
                reverse("game_invitation", args=[game.invite_token])
            ),
            "invite_token": invite_token or "",
        }
        return render(request, "games/table.html", context)
    return board.board_page(request, game)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    if not access.can_watch(game, request.user, request.POST.get("invite_token")):
        raise Http404
    seat_index = request.POST.get("seat", "")
    if seat_index and not seat_index.isdigit():
        messages.error(request, _("Choose one of the free seats."))
        return redirect(game)
    try:
        services.join_table(game.pk, request.user, int(seat_index) if seat_index else None)
    except services.GameError as error:
        messages.error(request, error.message)
    return redirect(game)


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        services.leave_table(game.pk, request.user)
    except services.GameError as error:
        messages.error(request, error.message)
        return redirect(game)
    messages.success(request, _("You left the table."))
    return redirect("lobby")
