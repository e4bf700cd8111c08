"""What an alert says, in the player's language: which game, who played what, the link to the
board. Built from what every seat may see only: a move's text as anyone but its mover reads it
while the game runs (`SiteFamily.public_move`: a card chosen face down stays "play"), never its
events (a tile turned up, a hand), never the position."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _

from accounts.adapter import public_url
from games.families import family_of
from games.models import Game, Move


def last_played(game: Game) -> tuple[str, str, bool] | None:
    """(who, what, hidden) of the game's last move, as the other seats may read it now; hidden:
    its text is kept back while the game runs (a card face down)."""
    move = Move.objects.filter(game=game).order_by("-ply").first()
    if move is None:
        return None
    seat = game.seats.filter(index=move.seat).select_related("user").first()
    who = seat.occupant_name if seat else "?"
    text = family_of(game.ruleset).public_move(move.text) if game.is_running else move.text
    return who, text, text != move.text


def alert(user, game: Game, kind: str, *, by=None) -> dict:
    """The alert of `kind` ("turn", "clock", "nudge", "next") about `game` for `user`: a title,
    a line of text and the board's address, and the facts a webhook's JSON carries."""
    with translation.override(user.language):
        played = last_played(game)
        if kind == "nudge":
            title = _("%(name)s nudges you in game %(id)d") % {
                "name": by.public_name if by else "?",
                "id": game.pk,
            }
        elif kind == "next":
            title = _("You're next in game %(id)d") % {"id": game.pk}
        elif kind == "clock":
            title = _("Your clock runs low in game %(id)d") % {"id": game.pk}
        else:
            title = _("Your turn in game %(id)d") % {"id": game.pk}
        if played is None:
            body = _("The game has begun.")
        elif played[2]:
            body = _("%(who)s played a move that stays hidden for now.") % {"who": played[0]}
        else:
            body = _("%(who)s played %(move)s.") % {"who": played[0], "move": played[1]}
        if game.deadline:
            body += " " + _("Deadline: %(when)s UTC.") % {
                "when": game.deadline.strftime("%Y-%m-%d %H:%M")
            }
    return {
        "kind": kind,
        "game": game.pk,
        "ply": game.ply,
        "title": title,
        "body": body,
        "url": public_url(game.get_absolute_url()),
        "played_by": played[0] if played else None,
        "move": played[1] if played else None,
        "deadline": game.deadline.isoformat() if game.deadline else None,
    }
