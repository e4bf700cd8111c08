"""`manage.py messages`: gather every marked string into locale/<lang>/LC_MESSAGES/django.po
(new ones untranslated, changed ones fuzzy) and compile every catalogue to its .mo.

Re-run it after adding or changing a marked string; then translate what the catalogue test
lists as missing and run it again (docs/translating.md).
"""

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from jackal_site.catalogues import compile_catalogue, po_files

# Not the site's own words: the tests, the benchmarks, and what a run leaves behind.
IGNORED = ["tests/*", "bench/*", "var/*", "docs/*", "static/*"]


class Command(BaseCommand):
    help = "Update the translation catalogues from the code and compile them (needs xgettext)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--compile-only",
            action="store_true",
            help="Only compile the .po files (no xgettext needed).",
        )

    def handle(self, *args, compile_only=False, **options):
        if not compile_only:
            languages = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
            call_command(
                "makemessages",
                locale=languages,
                ignore_patterns=IGNORED,
                no_location=True,
                no_obsolete=True,
                verbosity=options["verbosity"],
            )
        for po_path in po_files():
            mo_path = compile_catalogue(po_path)
            self.stdout.write(f"compiled {mo_path}")
