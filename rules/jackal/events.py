"""Events: what happened when a move was applied, as readable English log lines.

An event only tells what every player can now see (a revealed tile is face-up for all).

>>> e = Event("reveal", "White 2", "reveals ice at F7", {"cell": "F7", "tile": "ice"})
>>> f = Event("ice", "White 2", "slides on to G8", {"cell": "G8"})
>>> str(e)
'White 2 reveals ice at F7'
>>> narrate([e, f])
['White 2 reveals ice at F7 and slides on to G8']
"""

from __future__ import annotations

# Why forced movement kills a pirate (ruling 5, and cycles: ruling 4): a death event's
# `reason`, with the engine's own words for its log.
DEATH_REASONS = {
    "cycle": "is caught in a cycle",
    "no-way-left": "has no way left that was not taken already: caught in a cycle",
    "coin-face-down": "cannot carry a coin onto the face-down tile at {cell}",
    "fortress-held": "cannot enter the fortress at {cell}: enemies hold it",
    "coin-attack": "cannot attack at {cell} while carrying a coin",
    "coin-fortress": "cannot carry a coin into the fortress at {cell}",
    "coin-thicket": "cannot carry a coin into the dense jungle at {cell}",
    "missionary": "cannot enter {cell}: the Missionary keeps enemies away",
    "harmless": "cannot attack at {cell}",
    "enemies": "cannot stand with the enemies at {cell}",
}


class Event:
    __slots__ = ("kind", "subject", "phrase", "data", "short")

    def __init__(
        self, kind: str, subject: str, phrase: str, data: dict | None = None, short: str = ""
    ) -> None:
        self.kind = kind
        self.subject = subject
        self.phrase = phrase
        self.data = data or {}
        self.short = short or phrase  # the phrase after "reveals <tile> at <square> and"

    @property
    def text(self) -> str:
        return f"{self.subject} {self.phrase}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Event) and self.to_json() == other.to_json()

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "subject": self.subject, **self.data}

    def as_data(self) -> dict:
        """The event for the game protocol: its kind and data, no words."""
        return {"kind": self.kind, **self.data}

    @classmethod
    def from_json(cls, d: dict) -> Event:
        data = {k: v for k, v in d.items() if k not in ("kind", "text", "subject")}
        subject = d["subject"]
        return cls(d["kind"], subject, d["text"][len(subject) + 1 :], data)


def narrate(events: list[Event]) -> list[str]:
    """Log lines, joining a reveal with what the tile did next to the same pirate."""
    lines: list[str] = []
    i = 0
    while i < len(events):
        e = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if e.kind == "reveal" and nxt is not None and nxt.subject == e.subject:
            lines.append(f"{e.subject} {e.phrase} and {nxt.short}")
            i += 2
            continue
        lines.append(e.text)
        i += 1
    return lines
