"""Blocks and follows between players (docs/people.md).

A block keeps two players apart: neither takes a seat at a table where the other sits (asked by
`people.seating` under the table's lock), the blocked player cannot challenge the blocker, and
the blocker no longer sees the blocked one's messages in any thread (games.chat reads
`hidden_authors`). Following is the friendly side: the lobby shows the tables friends open, and
a friend can be challenged in one step (people.challenges)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from .models import Block, Follow


class PeopleError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _other(user, other):
    if other is None or other.pk == user.pk:
        raise PeopleError(_("That is you."))
    return other


def set_blocked(user, other, blocked: bool) -> None:
    other = _other(user, other)
    if blocked:
        Block.objects.get_or_create(user=user, blocked=other)
        Follow.objects.filter(user=user, followed=other).delete()  # no friend of one blocked
    else:
        Block.objects.filter(user=user, blocked=other).delete()


def set_followed(user, other, followed: bool) -> None:
    other = _other(user, other)
    if followed:
        if Block.objects.filter(user=user, blocked=other).exists():
            raise PeopleError(_("Unblock them first."))
        Follow.objects.get_or_create(user=user, followed=other)
    else:
        Follow.objects.filter(user=user, followed=other).delete()


def blocks(user, other) -> bool:
    return Block.objects.filter(user=user, blocked=other).exists()


def follows(user, other) -> bool:
    return Follow.objects.filter(user=user, followed=other).exists()


def apart(user_id: int, others) -> bool:
    """Whether `user_id` and any of `others` (ids) blocked each other, either way."""
    others = [other for other in others if other is not None and other != user_id]
    if not others:
        return False
    return Block.objects.filter(
        Q(user_id=user_id, blocked_id__in=others) | Q(blocked_id=user_id, user_id__in=others)
    ).exists()


def hidden_authors(user) -> set[int]:
    """The players whose messages `user` does not see: those they blocked."""
    return set(Block.objects.filter(user=user).values_list("blocked_id", flat=True))


def followed_ids(user) -> list[int]:
    return list(Follow.objects.filter(user=user).values_list("followed_id", flat=True))
