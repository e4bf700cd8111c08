"""Ledger entries written before events were data (issue 13) hold English sentences. Their events
are re-derived here by replaying each such game's ledger from its seed (the rules tell the same
events for the same moves), so that every game's log is said in its reader's language and
`verify_ledgers` can check every entry's events against the replay.

The ledger is append-only (a PostgreSQL trigger refuses updates, 0002): this migration, and only
it, lifts the trigger for its own transaction. The moves themselves are not touched."""

from django.db import migrations

from rules.core import GameError, ruleset


def _has_sentences(events) -> bool:
    return any(isinstance(event, str) for event in events or [])


def rederive(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    postgres = schema_editor.connection.vendor == "postgresql"
    started = Game.objects.exclude(seed="").filter(ply__gt=0).order_by("pk")
    for game in started.iterator(chunk_size=200):
        rows = list(Move.objects.filter(game_id=game.pk).order_by("ply"))
        if not any(_has_sentences(row.events) for row in rows):
            continue
        rules = ruleset(game.ruleset)
        state = rules.new_game(game.players, game.seed, **rules.options_of(game.state or {}))
        changed = []
        try:
            for row in rows:
                events = rules.replay_move(state, row.seat, row.text)
                if _has_sentences(row.events):
                    row.events = events
                    changed.append(row)
        except GameError:
            continue  # a ledger that does not replay is verify_ledgers' to report, not ours
        if postgres:
            # ALTER TABLE waits for no deferred check: run the pending ones (foreign keys) now.
            schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            schema_editor.execute("ALTER TABLE games_move DISABLE TRIGGER games_move_append_only")
        Move.objects.bulk_update(changed, ["events"], batch_size=500)
        if postgres:
            schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            schema_editor.execute("ALTER TABLE games_move ENABLE TRIGGER games_move_append_only")


class Migration(migrations.Migration):
    dependencies = [("games", "0014_seats_that_must_act")]

    operations = [migrations.RunPython(rederive, migrations.RunPython.noop)]
