"""Reports to the staff and what staff do about a player (docs/people.md): a report keeps its
context as it was (the name, the message); a sanction (mute, suspend, lift) is a row of its own,
with who and why, and the admin logs it too."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import ChatMessage, Game

from .blocks import PeopleError
from .models import Report, Sanction

MAX_TEXT = 1000


def report(reporter, about, kind: str, text: str, *, game_id=None, message_id=None) -> Report:
    """`reporter` tells the staff about `about`; the message, if any, must be one of theirs in
    a thread the reporter may read."""
    text = " ".join((text or "").split())
    if about is None or about.pk == reporter.pk:
        raise PeopleError(_("You cannot report yourself."))
    if kind not in Report.Kind.values:
        raise PeopleError(_("Say what the report is about."))
    if not text:
        raise PeopleError(_("Say what happened."))
    if len(text) > MAX_TEXT:
        raise PeopleError(_("A report has at most %(n)d characters.") % {"n": MAX_TEXT})
    message = None
    if message_id is not None:
        from games import chat  # the threads' own rules of who reads what

        message = ChatMessage.objects.filter(pk=message_id, author=about).first()
        if message is None or not chat.may_read(message.game, reporter):
            raise PeopleError(_("There is no such message of theirs."))
        game_id = message.game_id
    game = Game.objects.filter(pk=game_id).first() if game_id is not None else None
    return Report.objects.create(
        reporter=reporter,
        about=about,
        kind=Report.Kind.MESSAGE if message else kind,
        text=text,
        game=game,
        message=message,
        name_then=about.public_name,
        message_then=message.text if message else "",
    )


def sanction(user, kind: str, reason: str, by, *, report: Report | None = None) -> Sanction:
    """Staff act: mute the player in every thread, suspend the account, or lift both."""
    with transaction.atomic():
        done = Sanction.objects.create(user=user, kind=kind, reason=reason, by=by, report=report)
        if kind == Sanction.Kind.SUSPEND and user.is_active:
            user.is_active = False
            user.save(update_fields=["is_active"])
        elif kind == Sanction.Kind.LIFT and not user.is_active:
            user.is_active = True
            user.save(update_fields=["is_active"])
        if report is not None and report.status == Report.Status.OPEN:
            report.status = Report.Status.CLOSED
            report.save(update_fields=["status"])
    return done


def is_muted(user) -> bool:
    """The latest of the player's mutes and lifts is a mute."""
    latest = (
        Sanction.objects.filter(user=user, kind__in=[Sanction.Kind.MUTE, Sanction.Kind.LIFT])
        .order_by("-pk")
        .values_list("kind", flat=True)
        .first()
    )
    return latest == Sanction.Kind.MUTE
