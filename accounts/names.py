"""Names that pass for someone else (issue 41, item 8): a display name or a new username that
looks like another player's username or display name (`alice`, `ALICE`, a Cyrillic `аlice`,
`AIice` with a capital i), or like the site or its staff (`staff`, `Jackal Online`).

Looks are compared through the confusables skeleton of Unicode TR39: NFD, each character
replaced by the prototype of its confusables class, NFD again. The data is Unicode's
confusables.txt as the confusable-homoglyphs package ships it. That package detects confusable
characters but offers no skeleton, and keeps the data both ways (each prototype lists its
sources, each source its prototype), so `prototype_of` reads the direction back; where a class
has just two members, each listing the other, either can serve as prototype and the lower code
point is taken. Skeletons compare equal exactly when TR39's do; the keys below are not TR39's
strings, and are never shown.

Each name has two keys, both stored (accounts.NameKey), since no single key can say both that
`ALICE` is `alice` (case) and that `AIice` is `Alice` (shape) without saying that `aiice` is
`alice`: `skeleton(casefold(name))` and `skeleton(casefold(skeleton(name)))`. What is neither a
letter, a digit nor a mark is left out of the key (`a.lice`, `jackal_online`, a zero-width
space). Casefolding after the skeleton makes `ALLCE` look like `ALICE` too (L and the I
taken for l): a few names refused that a careful eye would tell apart, the price of catching
`AIice`. Left open: a name that needs both a case change and a shape change on the same letters
to meet another (`CAPTAlN FLlNT`, with small Ls, against `Captain Flint`).
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext_lazy as _

# Marks that confusables.txt puts around right-to-left characters; not part of any glyph.
DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")

# Names that would speak for the site. The built-in bots' names and the site's name are added in
# every language the site speaks (reserved_keys).
RESERVED = (
    "admin",
    "administrator",
    "staff",
    "moderator",
    "support",
    "jackal",
    "jackal online",
    "system",
    "root",
)


@cache
def prototype_of() -> dict[str, str]:
    """Each confusable character's prototype (a character or a sequence: `m` → `rn`)."""
    glyphs = {
        key.translate(DIRECTION_MARKS): [entry["c"].translate(DIRECTION_MARKS) for entry in found]
        for key, found in confusables_data.items()
    }
    mapping = {}
    for char, alike in glyphs.items():
        # A source lists its prototype alone; a prototype lists its sources (sequences are only
        # ever prototypes: confusables.txt maps single code points).
        if len(char) != 1 or len(alike) != 1:
            continue
        target = alike[0]
        if glyphs.get(target) == [char] and char < target:
            continue  # a class of two: `char` is taken as the prototype
        mapping[char] = target
    return mapping


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, prototypes, NFD. Repeated until nothing changes, since a
    prototype taken in a class of two may be a character of a longer prototype."""
    mapping = prototype_of()
    text = unicodedata.normalize("NFD", text)
    for _round in range(4):
        mapped = unicodedata.normalize("NFD", "".join(mapping.get(ch, ch) for ch in text))
        if mapped == text:
            break
        text = mapped
    return text


def _kept(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LNM")


def name_keys(name: str) -> set[str]:
    """The keys under which `name` is compared (empty for a name with no letter or digit)."""
    keys = {
        _kept(skeleton(name.casefold())),
        _kept(skeleton(skeleton(name).casefold())),
    }
    return {key for key in keys if key}


def word_keys(name: str) -> set[str]:
    """The keys of each word of `name` (split where it is neither letter, digit nor mark)."""
    words, word = [], []
    for ch in name + " ":
        if unicodedata.category(ch)[0] in "LNM":
            word.append(ch)
        elif word:
            words.append("".join(word))
            word = []
    return {key for word in words for key in name_keys(word)}


@cache
def reserved_keys() -> frozenset[str]:
    from games.models import Seat  # the bots' names; accounts load before games

    names = list(RESERVED)
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            names += [str(label) for label in Seat.Bot.labels]
            names.append(translation.gettext("Jackal Online"))
    return frozenset(key for name in names for key in name_keys(name))


def is_reserved(name: str) -> bool:
    """The whole name, or one of its words (`Staff`, `alice (admin)`), is one of the site's."""
    return bool((name_keys(name) | word_keys(name)) & reserved_keys())


def taken_by_another(name: str, user=None) -> bool:
    """Whether `name` looks like the username or the display name of a player other than
    `user` (one indexed lookup of NameKey)."""
    from .models import NameKey

    keys = name_keys(name)
    if not keys:
        return False
    others = NameKey.objects.filter(key__in=keys)
    if user is not None and user.pk is not None:
        others = others.exclude(user=user)
    return others.exists()


def keys_of(user) -> set[str]:
    return name_keys(user.username) | name_keys(user.display_name or "")


def refuse_impersonation(name: str, user=None) -> None:
    """Raise ValidationError, with the reason in the reader's language, when `name` (a display
    name, or a username at sign-up) would pass for the site or for another player."""
    if is_reserved(name):
        raise ValidationError(
            _("That name belongs to the site and its staff: please choose another."),
            code="reserved",
        )
    if taken_by_another(name, user):
        raise ValidationError(
            _("That name looks too much like another player's: please choose another."),
            code="lookalike",
        )
