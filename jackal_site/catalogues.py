"""The translation catalogues (locale/<lang>/LC_MESSAGES/django.po) and their compiled .mo files.

The .mo files are committed beside their .po: a fresh clone serves Russian with nothing but pip
(GNU gettext's msgfmt is a system package, and a site that silently falls back to English when it
is missing would be worse than one more file in a commit). They are compiled here with polib,
in Python, so `python3 dev.py messages` needs msgfmt on no machine; only extracting the strings
(makemessages) needs xgettext. The tests fail when a .mo no longer matches its .po.
"""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings


def po_files() -> list[Path]:
    return sorted(
        po for folder in settings.LOCALE_PATHS for po in Path(folder).glob("*/LC_MESSAGES/*.po")
    )


def compile_catalogue(po_path: Path) -> Path:
    """Write the .mo beside `po_path` from its translated entries (fuzzy ones left out, as msgfmt
    does) and return its path."""
    mo_path = po_path.with_suffix(".mo")
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return mo_path


def _messages(catalogue) -> dict[tuple, tuple]:
    """(context, msgid, plural) -> the translations, of the entries a .mo would hold."""
    found = {}
    for entry in catalogue:
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        key = (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")
        if entry.msgid_plural:
            found[key] = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        elif entry.msgstr or not entry.msgid:
            found[key] = (entry.msgstr,)
    return found


def stale_reason(po_path: Path) -> str | None:
    """Why the .mo beside `po_path` does not hold exactly its translations, or None."""
    mo_path = po_path.with_suffix(".mo")
    if not mo_path.exists():
        return f"{mo_path} is missing"
    wanted, compiled = _messages(polib.pofile(str(po_path))), _messages(polib.mofile(str(mo_path)))
    if wanted != compiled:
        differing = sorted(set(wanted.items()) ^ set(compiled.items()))[:3]
        return f"{mo_path} differs from its .po, e.g. {differing}"
    return None


def untranslated(po_path: Path) -> list[str]:
    """The msgids of `po_path` that are untranslated or fuzzy (each plural form must be filled)."""
    missing = []
    for entry in polib.pofile(str(po_path)):
        if entry.obsolete:
            continue
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if "fuzzy" in entry.flags or not all(forms):
            missing.append(entry.msgid)
    return missing
