"""Check a finished game's deal: the revealed seed hashes to the hash published at the start,
and the ledger replays from that seed to the recorded result."""

import sys

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.presenters.deal import check_deal


class Command(BaseCommand):
    help = "Verify a finished game's deal against its published seed hash, and replay its ledger."

    def add_arguments(self, parser):
        parser.add_argument("game", type=int, help="the game's id")

    def handle(self, *args, game: int, **options):
        found = Game.objects.filter(pk=game).first()
        if found is None:
            raise CommandError(f"there is no game {game}")
        if not found.is_over or not found.seed:
            # The seed stays secret while the game runs: not even this command prints it.
            self.stderr.write(f"game {game} is not over: its seed is revealed only at the end")
            sys.exit(2)
        result = check_deal(found)
        self.stdout.write(f"game {found.pk}: {found.ruleset}, {found.players} players")
        self.stdout.write(f"published seed hash  {result['published_hash']}")
        self.stdout.write(f"revealed seed        {result['seed']}")
        self.stdout.write(f"sha256(seed)         {result['computed_hash']}")
        if result["hash_ok"]:
            self.stdout.write("the hash matches: the deal was fixed before the first move")
        else:
            self.stdout.write("the hash DOES NOT MATCH the published one")
        if result["replay_ok"]:
            self.stdout.write(f"the {result['plies']} moves replay from this seed to the result")
        else:
            self.stdout.write("the ledger does not replay: " + "; ".join(result["problems"]))
        if not (result["hash_ok"] and result["replay_ok"]):
            sys.exit(1)
