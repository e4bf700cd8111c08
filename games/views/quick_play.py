"""Play bots now: one click in the lobby starts a game of you against 1-3 bots (issue 12).

The long way (open a table, choose bots for every other seat) gives the same game; this is the
short way for someone who just wants to play. The game is public, so others may watch, and never
rated (a table with a bot never is: ratings.services).
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import limits, services
from games.families import lobby_rulesets
from games.models import Game, Seat
from rules.core import ruleset


def seats_refusal(ruleset_name: str, players: int, teams: bool = False) -> str | None:
    """Why the rules `ruleset_name` are not played by `players` (in teams), or None: the form
    says it before the services would refuse the table."""
    rules = ruleset(ruleset_name)
    if players not in rules.seat_counts:
        counts = ", ".join(str(n) for n in rules.seat_counts)
        return _("These rules are played by %(counts)s players.") % {"counts": counts}
    if teams and "teams" not in rules.options:
        return _("These rules have no teams.")
    return None


class PlayBotsForm(forms.Form):
    opponents = forms.TypedChoiceField(
        label=_("Opponents"),
        choices=[
            (1, _("1 bot")),
            (2, _("2 bots")),
            (3, _("3 bots")),
            (4, _("4 bots (Jamaica)")),
            (5, _("5 bots (Jamaica)")),
        ],
        coerce=int,
        initial=1,
    )
    level = forms.ChoiceField(label=_("Bot level"), choices=Seat.Bot.choices, initial="easy")
    ruleset = forms.ChoiceField(label=_("Rules"), choices=lobby_rulesets, initial="classic")

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("ruleset") and cleaned.get("opponents"):
            refusal = seats_refusal(cleaned["ruleset"], cleaned["opponents"] + 1)
            if refusal:
                raise forms.ValidationError(refusal)
        if self.user is not None:
            refusal = limits.may_start_bot_game(self.user)
            if refusal:
                raise forms.ValidationError(refusal)
        return cleaned


@login_required
@require_POST
def play_bots(request: HttpRequest) -> HttpResponse:
    form = PlayBotsForm(request.POST, user=request.user)
    if not form.is_valid():
        # The form sits in the lobby: back there, with every reason it was refused, each
        # named by its field.
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else None
            for error in errors:
                messages.error(request, f"{label}: {error}" if label else error)
        return redirect("lobby")
    players = form.cleaned_data["opponents"] + 1
    game = services.open_table(
        creator=request.user,
        ruleset=form.cleaned_data["ruleset"],
        players=players,
        visibility=Game.Visibility.PUBLIC,
        bot_seats=tuple(range(1, players)),
        bot_level=form.cleaned_data["level"],
    )
    messages.success(request, _("Your game against the bots has started."))
    return redirect(game)
