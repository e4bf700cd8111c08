"""Find English words in a page rendered in Russian: what a reader sees (text, titles, labels,
placeholders, button values), outside names and move notation."""

import re
from html.parser import HTMLParser

# Words a Russian page may hold: the brand, notation and its tags, key names, file and format
# names, and the test's own usernames.
ALLOWED = {
    "jackal",
    # Names of services and of a header the alerts page gives as they are (alerts/).
    "discord",
    "slack",
    "hmac",
    "signature",
    "online",
    "json",
    "sha",
    "seed",
    "seedhash",
    "deck",
    "result",
    "name",
    "value",
    "home",
    "end",
    "openskill",
    "mu",
    "sigma",
    "docs",
    "records",
    "md",
    "sha256",
    "ws",
    # Keywords of the move notation (docs/notation.md), shown in move lists as typed.
    "revive",
    "stay",
    "offer",
    "accept",
    "turn",
    "bottle",
    "peek",
    "quake",
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
}
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "label")
# Not read as words: scripts, styles, and the text diagram of the board (notation: tile codes).
SKIPPED_TAGS = {"script", "style", "pre", "code", "datalist", "option"}
WORD = re.compile(r"[A-Za-z]{2,}")
NOTATION = re.compile(r"\b[WYBR][123S]\b|\b[A-M]\d{1,2}\b|\b(?:BG|MI|FR)\b")
# E-mail addresses are a user's own; "E-mail" is the word Russian uses (and allauth's catalogue).
NOT_WORDS = re.compile(r"\S+@\S+|\bE-mail\b", re.IGNORECASE)


class _Reader(HTMLParser):
    def __init__(self, skipped_classes: frozenset[str]):
        super().__init__(convert_charrefs=True)
        self.skipped_classes = skipped_classes
        self.skipping = 0
        self.skipped_open: list[str] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED_TAGS:
            self.skipping += 1
        elif set((dict(attrs).get("class") or "").split()) & self.skipped_classes:
            self.skipping += 1
            self.skipped_open.append(tag)
        elif self.skipped_open and tag == self.skipped_open[-1]:
            self.skipped_open.append(tag)
            self.skipping += 1
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.texts.append(value)
            if name == "value" and tag == "input" and dict(attrs).get("type") == "submit":
                self.texts.append(value or "")

    def handle_endtag(self, tag):
        if tag in SKIPPED_TAGS and self.skipping:
            self.skipping -= 1
        elif self.skipped_open and tag == self.skipped_open[-1]:
            self.skipped_open.pop()
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.texts.append(data)


def english_words(
    html: str, *, allowed: set[str] = frozenset(), skipped_classes: frozenset[str] = frozenset()
) -> set[str]:
    """The English words a reader of `html` meets; elements of `skipped_classes` are not read."""
    reader = _Reader(skipped_classes)
    reader.feed(html)
    found = set()
    for text in reader.texts:
        text = NOT_WORDS.sub(" ", NOTATION.sub(" ", text))
        for word in WORD.findall(text):
            if word.lower() not in ALLOWED and word.lower() not in allowed:
                found.add(word)
    return found
