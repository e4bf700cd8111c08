from django.core.management.base import BaseCommand, CommandError

from ratings.models import Rating
from ratings.services import LedgerMismatch, recompute


class Command(BaseCommand):
    help = "Rebuild every ladder from the finished games' results, in game-end order."

    def add_arguments(self, parser):
        parser.add_argument(
            "--from-ledgers",
            action="store_true",
            help="replay every game's seed and ledger and check its result before rating it",
        )

    def handle(self, *args, from_ledgers: bool = False, **options):
        try:
            rated = recompute(from_ledgers=from_ledgers)
        except LedgerMismatch as error:
            raise CommandError(f"{error}; nothing was changed") from None
        players = Rating.objects.count()
        self.stdout.write(f"rated {rated} games; {players} ratings on the ladders")
