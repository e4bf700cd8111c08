"""Challenging a friend in one step (docs/people.md): a private table with the settings of the
challenger's latest table (or the usual ones), the challenger seated, and the invitation sent to
the friend by e-mail in their language. Refused between players who blocked each other."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.adapter import public_url
from games import limits, services
from games.clock import turns
from games.models import Game

from . import blocks
from .blocks import PeopleError


def challenge(user, friend) -> Game:
    if friend.pk == user.pk:
        raise PeopleError(_("That is you."))
    if blocks.apart(user.pk, [friend.pk]):
        raise PeopleError(_("You cannot challenge this player."))
    refusal = limits.may_open_table(user)
    if refusal:
        raise PeopleError(refusal)
    latest = (
        Game.objects.filter(created_by=user)
        .exclude(players=1)
        .exclude(seats__bot__gt="")  # a game against bots is no setting for a friend
        .order_by("-pk")
        .defer("state")
        .first()
    )
    settings_of = {}
    if latest is not None:
        settings_of = {
            "ruleset": latest.ruleset,
            "players": latest.players,
            "teams": latest.teams,
            "control": turns.control_of(latest),
            "timeout_policy": latest.timeout_policy,
            "vacation_allowed": latest.vacation_allowed,
        }
    try:
        game = services.open_table(
            creator=user, visibility=Game.Visibility.PRIVATE, **{"players": 2, **settings_of}
        )
    except services.GameError as error:
        raise PeopleError(error.message) from None
    _tell(friend, user, game)
    return game


def _tell(friend, user, game: Game) -> None:
    with translation.override(friend.language):
        context = {
            "friend": friend,
            "name": user.public_name,
            "url": public_url(reverse("game_invitation", args=[game.invite_token])),
            "control": turns.control_of(game).describe(),
            "ruleset": game.get_ruleset_display(),
            "players": game.players,
        }
        subject = _("%(name)s challenges you to a game") % {"name": user.public_name}
        text = render_to_string("people/challenge_email.txt", context)
    EmailMultiAlternatives(
        subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + subject, body=text, to=[friend.email]
    ).send()
