"""What the text records of every family share: the `[Name "value"]` tags, the error that names
the line, the seed's hash and the result tag. Each family's own format (its moves, its checks)
is in its `records` module (games.families.jackal.records, games.families.jamaica.records)."""

from __future__ import annotations

import hashlib
import re

from django.utils.translation import gettext as _

from games.models import Game

TAG = re.compile(r'^\[(?P<name>[A-Za-z][A-Za-z0-9]*) "(?P<value>(?:[^"\\]|\\.)*)"\]$')


def quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def tag_line(name: str, value: str) -> str:
    return f'[{name} "{quote(value)}"]'


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def result_text(game: Game) -> str:
    """The result tag: scores by seat ("12-8", "9-9-3"), or why there is none."""
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if game.status != Game.Status.FINISHED or not game.outcome:
        return "*"
    scores = game.outcome.get("scores", {})
    return "-".join(str(scores.get(str(i), 0)) for i in range(game.players))


class RecordError(ValueError):
    """A record that cannot be shown; `line` is where (1-based, 0 for the record as a whole)."""

    def __init__(self, line: int, reason: str):
        self.line, self.reason = line, reason
        where = _("line %(line)d") % {"line": line} if line else _("the record")
        super().__init__(f"{where}: {reason}")
