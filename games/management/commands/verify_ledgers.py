"""`manage.py verify_ledgers`: replay every game from its seed and ledger; report any whose
cached state differs, or whose seats break what the seat actions say (a seat to act that nothing
moves on, a stand-in taken back twice, a player's move while a bot stood in: verify_ledger).
Exits non-zero when one does, so it can run from cron or CI."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.services import verify_ledger


class Command(BaseCommand):
    help = "Replay every started game from its seed and ledger and compare with the cached state."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, help="only these games")

    def handle(self, *args, game_ids, **options):
        games = Game.objects.exclude(status=Game.Status.OPEN).order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
        checked, bad = 0, []
        for game in games.iterator(chunk_size=100):
            checked += 1
            problems = verify_ledger(game)
            if problems:
                bad.append(game.pk)
                self.stderr.write(f"game {game.pk}: {'; '.join(problems)}")
        if bad:
            raise CommandError(f"{len(bad)} of {checked} games differ from their ledgers: {bad}")
        self.stdout.write(f"{checked} games checked: every cached state matches its ledger.")
