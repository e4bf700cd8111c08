"""The lobby: open tables, a new table, joining and leaving, my games, invitations."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import access, limits, services
from games.clock import clocks
from games.families import family_of, lobby_rulesets, ruleset_descriptions
from games.lists import my_turn, paging
from games.live import notify
from games.models import CLOCK_KINDS, Game, Seat, TimeoutPolicy
from games.presenters.lobby import lobby_context, my_games_context
from games.presenters.tables import invitation_context, table_seats_context
from games.views import board
from games.views.quick_play import PlayBotsForm, seats_refusal
from jackal_site.request_input import MAX_ID, BadNumber, parse_int
from rules.core import ruleset

SETUPS = {
    "2": (2, False),
    "3": (3, False),
    "4": (4, False),
    "2v2": (4, True),
    "5": (5, False),
    "6": (6, False),
}


# The site's words for each setup; a family may say a setup its own way (two Jackal players
# command two crews each: `SiteFamily.setup_words`).
SETUP_WORDS = {
    "2": _("2 players"),
    "3": _("3 players"),
    "4": _("4 players, each for themselves"),
    "2v2": _("4 players, 2 against 2"),
    "5": _("5 players"),
    "6": _("6 players"),
}


def setup_choices(ruleset_name: str, *, every: bool = False) -> list[tuple[str, str]]:
    """The setups the rules `ruleset_name` are played with (`every`: all of them, so that a
    posted setup those rules refuse gets the form's own reason), in that game's words."""
    rules = ruleset(ruleset_name)
    family = family_of(ruleset_name)
    choices = []
    for setup, (players, teams) in SETUPS.items():
        played = players in rules.seat_counts and (not teams or "teams" in rules.options)
        if played or every:
            choices.append((setup, family.setup_words(setup) or SETUP_WORDS[setup]))
    return choices


class NewTableForm(forms.Form):
    ruleset = forms.ChoiceField(label=_("Rules"), choices=lobby_rulesets, initial="classic")
    setup = forms.ChoiceField(label=_("Players"), choices=[])
    visibility = forms.ChoiceField(
        label=_("Who may join"),
        choices=[
            (Game.Visibility.PUBLIC, _("Anyone; all may watch")),
            (Game.Visibility.PRIVATE, _("By invitation only")),
        ],
        help_text=_("A table by invitation has no spectators."),
    )
    # Jackal Archipelago only: the games follow one another at this table
    # (games.families.archipelago.series).
    series = forms.BooleanField(
        label=_("A series with special abilities (Archipelago)"),
        required=False,
        help_text=_(
            "After each game, players with 3 coins or more draw ability cards for their pirates; "
            "the next game of the series starts at the same table with the same players."
        ),
    )
    spectators_read_chat = forms.BooleanField(
        label=_("Spectators may read the players' messages"),
        required=False,
        initial=True,
        help_text=_("Only the players write; a private table has no spectators anyway."),
    )
    # Empty: the default for the kind of table (ratings.services.is_rated: public tables of
    # people are rated, invitation-only ones are not); a table with a bot is never rated.
    rated = forms.TypedChoiceField(
        label=_("Rated"),
        choices=[
            ("", _("As usual")),
            ("yes", _("Rated")),
            ("no", _("Unrated: a friendly game")),
        ],
        coerce=lambda value: value == "yes",
        empty_value=None,
        required=False,
        help_text=_(
            "As usual, public tables are rated and invitation-only ones are not; a rated "
            "result counts for the rankings. A game with bots is never rated."
        ),
    )
    bots = forms.IntegerField(
        label=_("Bots"),
        min_value=0,
        max_value=5,
        initial=0,
        help_text=_("Bots take the last seats; the game starts when every seat is taken."),
    )
    # Optional: a form posted without it (older pages, scripts) keeps today's random bots.
    bot_level = forms.ChoiceField(
        label=_("Bot level"), choices=Seat.Bot.choices, initial="easy", required=False
    )
    # The time control (games.clock.clocks). Optional, like the bot level: a form posted without it
    # gets 3 days per move.
    clock_kind = forms.ChoiceField(
        label=_("Time control"), choices=CLOCK_KINDS, initial=clocks.PER_MOVE, required=False
    )
    days_per_move = forms.TypedChoiceField(
        label=_("Days per move"),
        choices=[(n, n) for n in clocks.PER_MOVE_DAYS],
        coerce=int,
        initial=3,
        required=False,
    )
    bank_days = forms.TypedChoiceField(
        label=_("Time bank (days)"),
        choices=[(n, n) for n in clocks.BANK_DAYS],
        coerce=int,
        initial=10,
        required=False,
        help_text=_("With a time bank: what each player starts with, and the most they can save."),
    )
    increment_days = forms.TypedChoiceField(
        label=_("Days added after each move"),
        choices=[(n, n) for n in clocks.INCREMENT_DAYS],
        coerce=int,
        initial=1,
        required=False,
    )
    weekends_off = forms.BooleanField(
        label=_("Weekends off"),
        required=False,
        help_text=_("Saturday and Sunday, in each player's own time zone, do not count."),
    )
    vacation_allowed = forms.BooleanField(
        label=_("Players may take vacations"),
        required=False,
        initial=True,
        help_text=_("Untick for a tournament-style table: the clocks never stop."),
    )
    # Optional: a form posted without it lets anyone in (people.reliability).
    min_reliability = forms.TypedChoiceField(
        label=_("Reliability needed to join"),
        choices=Game._meta.get_field("min_reliability").choices,
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
        help_text=_("How often a player plays their games to the end: see their profile."),
    )
    # Short options (a phone cuts a long one off); what each means is listed under the field.
    timeout_policy = forms.ChoiceField(
        label=_("When a player runs out of time"),
        choices=[
            ("", _("As usual")),
            (TimeoutPolicy.BOT, _("A bot takes over")),
            (TimeoutPolicy.END, _("The game ends")),
            (TimeoutPolicy.SKIP, _("Their crews are skipped")),
        ],
        required=False,
        help_text=_("Not every game can do each: the choices follow the rules chosen above."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        # What the short options mean, listed under their fields (new_table.html).
        self.notes = {
            "ruleset": ruleset_descriptions(),
            "timeout_policy": [
                ("", _("As usual: the game ends with 2 players; with more, a bot takes over.")),
                *((code, f"{words}.") for code, words in TimeoutPolicy.choices),
            ],
        }
        # The setups in the words of the rules chosen (posted, or asked for by ?ruleset=); the
        # page's script (js/new_table.js) changes them when another ruleset is chosen.
        chosen = self.data.get("ruleset") or self.initial.get("ruleset") or "classic"
        known = dict(lobby_rulesets())
        chosen = chosen if chosen in known else "classic"
        self.fields["setup"].choices = setup_choices(chosen, every=self.is_bound)
        self.setup_words = {code: setup_choices(code) for code in known}
        # The answers each game's rules can honour, for the page's script (new_table.js) to offer
        # only those; clean() refuses the others whatever was posted.
        self.fields["timeout_policy"].widget.attrs["data-offered"] = json.dumps(
            {name: TimeoutPolicy.offered_for(name) for name, _label in lobby_rulesets()}
        )

    def clean(self):
        cleaned = super().clean()
        refusal = limits.may_open_table(self.user)
        if refusal:
            raise forms.ValidationError(refusal)
        setup, bots = cleaned.get("setup"), cleaned.get("bots")
        chosen = cleaned.get("ruleset")
        if cleaned.get("series") and (not chosen or family_of(chosen).series is None):
            raise forms.ValidationError(_("Series with special abilities are for Archipelago."))
        if setup in SETUPS and cleaned.get("ruleset"):
            refusal = seats_refusal(cleaned["ruleset"], *SETUPS[setup])
            if refusal:
                raise forms.ValidationError(refusal)
        if setup in SETUPS and bots is not None:
            players = SETUPS[setup][0]
            if bots >= players:
                raise forms.ValidationError(
                    _("A table of %(n)d has room for at most %(m)d bots: you take a seat too.")
                    % {"n": players, "m": players - 1}
                )
            if bots == players - 1:  # bots fill the table: the game starts at once
                refusal = limits.may_start_bot_game(self.user)
                if refusal:
                    raise forms.ValidationError(refusal)
        policy, ruleset = cleaned.get("timeout_policy"), cleaned.get("ruleset")
        if policy and ruleset and policy not in TimeoutPolicy.offered_for(ruleset):
            self.add_error("timeout_policy", services.policy_refusal(policy))
        kind = cleaned.get("clock_kind") or clocks.PER_MOVE
        try:
            cleaned["control"] = clocks.TimeControl(
                kind=kind,
                days=(
                    cleaned.get("bank_days") or 10
                    if kind == clocks.BANK
                    else cleaned.get("days_per_move") or 3
                ),
                increment_days=(cleaned.get("increment_days") or 0) if kind == clocks.BANK else 0,
                weekends_off=bool(cleaned.get("weekends_off")) and kind != clocks.UNLIMITED,
            )
        except clocks.ClockError as error:
            raise forms.ValidationError(str(error)) from None
        return cleaned


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby's lists (games.presenters.lobby says what each holds), and the form that starts
    a game against bots."""
    context = lobby_context(
        request.user,
        tables_page=paging.page_number(request.GET.get("tables")),
        running_page=paging.page_number(request.GET.get("running")),
    )
    context["play_bots"] = PlayBotsForm()
    return render(request, "games/lobby.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest) -> HttpResponse:
    initial = {"ruleset": request.GET.get("ruleset", "classic")}
    form = NewTableForm(request.POST or None, user=request.user, initial=initial)
    if request.method == "POST" and form.is_valid():
        players, teams = SETUPS[form.cleaned_data["setup"]]
        bots = form.cleaned_data["bots"]
        with transaction.atomic():
            game = _open_table(request.user, form.cleaned_data, players, teams, bots)
        # A setting of the thread beside the board (games.chat), not of the table's seats.
        # Settings beside the seats: the thread's readers (games.chat) and whether the result
        # counts for the ratings.
        Game.objects.filter(pk=game.pk).update(
            spectators_read_chat=form.cleaned_data["spectators_read_chat"],
            rated=form.cleaned_data["rated"],
        )
        if game.status == Game.Status.RUNNING:
            messages.success(request, _("Your game against the bots has started."))
        elif game.visibility == Game.Visibility.PRIVATE:
            messages.success(request, _("Table opened. Send the invitation link to your friends."))
        else:
            messages.success(request, _("Table opened. It starts when every seat is taken."))
        return redirect(game)
    return render(request, "games/new_table.html", {"form": form})


def _open_table(user, data: dict, players: int, teams: bool, bots: int) -> Game:
    game = services.open_table(
        creator=user,
        ruleset=data["ruleset"],
        players=players,
        teams=teams,
        visibility=data["visibility"],
        bot_seats=tuple(range(players - bots, players)),
        bot_level=data["bot_level"] or Seat.Bot.RANDOM,
        control=data["control"],
        timeout_policy=data["timeout_policy"],
        vacation_allowed=data["vacation_allowed"],
        min_reliability=data.get("min_reliability") or 0,
    )
    if data.get("series"):
        family_of(game.ruleset).series.start_series(game)
    return game


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    """The player's games in sections, a page at a time (games.presenters.lobby)."""
    page_number = paging.page_number(request.GET.get("page"))
    context = my_games_context(request.user, page_number=page_number)
    return render(request, "games/my_games.html", context)


@login_required
@require_GET
def next_game(request: HttpRequest) -> HttpResponse:
    """The most urgent game waiting for me (besides the one I come from), or my games."""
    besides = parse_int(request.GET.get("from"), minimum=1, maximum=MAX_ID, default=None)
    game = my_turn.most_urgent(request.user, besides=besides)
    if game is None:
        messages.info(request, _("No other game is waiting for you."))
        return redirect("my_games")
    return redirect(game)


@require_GET
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: the table to sit down at while it is open; otherwise a page that says
    what became of it. Logged out, a page that says who invites to what, whose sign-in and
    sign-up links come back here."""
    game = get_object_or_404(Game.objects.select_related("created_by"), invite_token=token)
    user = request.user
    if user.is_authenticated:
        if game.status == Game.Status.OPEN or access.seat_of(game, user) is not None:
            return _game_page(request, game, invite_token=token)
        if never_started(game):
            return _table_closed(request, game)
    context = invitation_context(game, user, request.get_full_path())
    return render(request, "games/invitation.html", context)


def never_started(game: Game) -> bool:
    """A table closed before every seat was taken: it has no board, and never will."""
    return game.status == Game.Status.ABORTED and game.started_at is None


def _table_closed(request: HttpRequest, game: Game) -> HttpResponse:
    # 410 Gone: the address was good once, and will not be again.
    return render(request, "games/table_closed.html", {"game": game}, status=410)


@login_required
@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return _game_page(request, game)


def _game_page(request: HttpRequest, game: Game, invite_token: str | None = None) -> HttpResponse:
    if never_started(game) and (
        game.visibility == Game.Visibility.PUBLIC or game.created_by_id == request.user.pk
    ):
        # Its creator's history, the lobby tab, or anyone who saw a public table.
        return _table_closed(request, game)
    if not access.can_watch(game, request.user, invite_token):
        # Private games do not admit to existing.
        raise Http404
    if game.status == Game.Status.OPEN:
        context = table_seats_context(game, request.user)
        context.update(
            invite_url=request.build_absolute_uri(
                reverse("game_invitation", args=[game.invite_token])
            ),
            invite_token=invite_token or "",
        )
        return render(request, "games/table.html", context)
    return board.board_page(request, game)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    if not access.can_join(game, request.user, request.POST.get("invite_token")):
        raise Http404
    try:
        # None: the first free seat. A number no seat has is the services' to refuse.
        seat_index = parse_int(request.POST.get("seat"), minimum=0, maximum=99, default=None)
    except BadNumber:
        messages.error(request, _("Choose one of the free seats."))
        return redirect(game)
    try:
        game = services.join_table(game.pk, request.user, seat_index)
    except services.GameError as error:
        messages.error(request, error.message)
        return redirect(game)
    if game.status == Game.Status.OPEN:
        # The other pages of the table show the seat taken (a start is announced by services).
        notify.table_changed(game.pk)
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
    notify.table_changed(game.pk)
    messages.success(request, _("You left the table."))
    return redirect("lobby")
