"""Why a game ended, in words every family's board says alike: who forfeited and how (out of
time, resigned) and why a game was stopped. The families' presenters add their own sentence
for the winner; these words are shared so that no family's board forgets the reason."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Game

FORFEIT_WORDS = {
    "timeout": gettext_lazy("Out of time: %(names)s."),
    "resignation": gettext_lazy("Resigned: %(names)s."),
    None: gettext_lazy("Forfeited (out of time or resigned): %(names)s."),
}


def stopped_words(game: Game) -> str:
    """The status line of an aborted game, with its reason."""
    return _("This game was stopped: %(reason)s.") % {"reason": abort_words(game)}


def abort_words(game: Game) -> str:
    """Why a game was stopped, in the reader's language where the site wrote the reason (staff
    may type their own, shown as typed)."""
    reason = game.abort_reason
    if reason.startswith("aborted by staff"):  # games.admin writes it with the staff's name
        return _("the site's staff stopped it")
    if reason == "closed by its creator before the start":  # games.services.leave
        return _("closed by its creator before the start")
    return reason


def forfeit_words(outcome: dict, names: dict[int, str]) -> str:
    """Who forfeited and how, as a sentence to follow the winner's ("" when no one did). The
    stored outcome places the seats that forfeited last (games.clock.standings)."""
    forfeited = ", ".join(names.get(seat, "?") for seat in outcome.get("forfeited", []))
    if not forfeited:
        return ""
    words = FORFEIT_WORDS.get(outcome.get("reason"), FORFEIT_WORDS[None])
    return " " + words % {"names": forfeited}
