"""The reminder e-mails themselves: text and HTML parts in the recipient's language, a direct
link to each game, the settings link, and a signed one-click unsubscribe (RFC 8058:
`List-Unsubscribe` and `List-Unsubscribe-Post`) that works without logging in."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.adapter import public_url
from games import teams
from games.clock import turns

from .bounces import return_address

UNSUBSCRIBE_SALT = "reminders.unsubscribe"


def unsubscribe_token(user) -> str:
    """A signed token naming the user and their `turn_emails_version`; it does not expire (an
    old e-mail's link still works) until the player changes their turn e-mails."""
    return signing.dumps(
        {"u": user.pk, "v": user.turn_emails_version}, salt=UNSUBSCRIBE_SALT, compress=True
    )


def subscription_from_token(token: str) -> tuple[int, int] | None:
    """(user id, turn e-mails version) of a token, or None if it is not one of ours. Tokens sent
    before links had a version name version 0."""
    try:
        payload = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        return int(payload["u"]), int(payload.get("v", 0))
    except (signing.BadSignature, AttributeError, KeyError, TypeError, ValueError):
        return None


def unsubscribe_url(user) -> str:
    return public_url(reverse("reminders_unsubscribe", args=[unsubscribe_token(user)]))


def game_lines(user, games) -> list[dict]:
    """Each game with its link and the time left for `user`, most urgent first."""
    lines = []
    for game in games:
        seats = list(game.seats.select_related("user"))
        mine = next((s for s in seats if s.user_id == user.pk), None)
        left = turns.time_left(game, mine) if mine else None
        # Two against two, the partner plays with the recipient, not against them.
        team = teams.team_of(mine.index, game.teams) if mine else None
        partners = [
            s for s in seats if s is not mine and teams.team_of(s.index, game.teams) == team
        ]
        others = [s for s in seats if s is not mine and s not in partners]
        lines.append(
            {
                "id": game.pk,
                "url": public_url(game.get_absolute_url()),
                "partners": teams.names_in_words([s.occupant_name for s in partners]),
                "against": teams.names_in_words([s.occupant_name for s in others]),
                "left": left,
                "left_words": turns.clocks.describe_remaining(left) if left is not None else "",
            }
        )
    lines.sort(key=lambda line: (line["left"] is None, line["left"] or 0))
    return lines


def turn_email(user, games, *, kind: str = "turn") -> EmailMultiAlternatives:
    """One e-mail for `games` now waiting for `user` (several make one e-mail): `kind` is
    "turn", "low" (a clock under 24 h or 2 h) or "digest"."""
    with translation.override(user.language):
        lines = game_lines(user, games)
        if kind == "turn":
            # One game names it; several are counted (a plural form cannot name a game: in
            # Russian the "one" form also serves 21, 31, ...).
            if len(lines) == 1:
                subject = _("Your turn in game %(id)d") % {"id": lines[0]["id"]}
            else:
                subject = ngettext(
                    "Your turn in %(n)d game", "Your turn in %(n)d games", len(lines)
                ) % {"n": len(lines)}
        elif kind == "digest":
            subject = ngettext(
                "Your daily digest: %(n)d game waits for you",
                "Your daily digest: %(n)d games wait for you",
                len(lines),
            ) % {"n": len(lines)}
        else:
            subject = _("Your clock runs low in game %(id)d") % {"id": lines[0]["id"]}
        context = {
            "user": user,
            "games": lines,
            "kind": kind,
            "settings_url": public_url(reverse("edit_profile")),
            "unsubscribe_url": unsubscribe_url(user),
        }
        text = render_to_string("reminders/turn_email.txt", context)
        html = render_to_string("reminders/turn_email.html", context)
    message = EmailMultiAlternatives(
        subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + subject,
        body=text,
        # The envelope sender is the player's signed bounce address (reminders.bounces); the
        # From the reader sees stays the site's.
        from_email=return_address(user),
        to=[user.email],
        headers={
            "From": settings.DEFAULT_FROM_EMAIL,
            "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(html, "text/html")
    return message


def vacation_email(user, game, now) -> EmailMultiAlternatives:
    """The notice that `user`'s clock in `game` ran out and a day of their vacation was spent
    instead (games.clock.auto_vacation): until when their clocks stop, the days left, and the
    switch that turns it off."""
    with translation.override(user.language):
        subject = _("Your time ran out in game %(id)d: a day of your vacation began") % {
            "id": game.pk
        }
        context = {
            "user": user,
            "game_id": game.pk,
            "game_url": public_url(game.get_absolute_url()),
            "until": user.vacation_until,
            "days_left": user.vacation_balance(now).days,
            "settings_url": public_url(reverse("edit_profile")),
            "unsubscribe_url": unsubscribe_url(user),
        }
        text = render_to_string("reminders/vacation_email.txt", context)
        html = render_to_string("reminders/vacation_email.html", context)
    message = EmailMultiAlternatives(
        subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + subject,
        body=text,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(html, "text/html")
    return message
