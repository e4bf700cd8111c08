"""Both halves of the ledger, moves and seat actions, become one chain of keyed seals per game
(games.ledger), and the seat actions as append-only in the database as the moves (0006).

- Each move and seat action gains its `seal` and each game the last of its chain
  (`ledger_seal`); empty by default in the database too, so that a row written behind the site's
  back without one (raw SQL) is stored, and reported by verify_ledgers. `created_at` is set when
  a row is made rather than when it is saved: the seal covers it.
- On PostgreSQL the seat actions, which refuse UPDATE since 0010, refuse DELETE too, and
  TRUNCATE unless the session says it wipes a whole database on purpose (`jackal.ledger_flush`,
  as the moves: 0006). SQLite keeps the ORM's refusals only (0006 says why).
- The rows written before are sealed here, every game from its first row, with the settings'
  key (LEDGER_KEY; set it before migrating: a key changed afterwards breaks every chain). Both
  ledgers refuse UPDATE: this migration, and only it, lifts their triggers for its own
  transaction, as 0015 did.
"""

import django.utils.timezone
from django.db import migrations, models

from games import ledger
from games.clock import bulk_writes

CREATE = """
CREATE OR REPLACE FUNCTION games_seataction_refuse_delete() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the ledger is append-only: DELETE of games_seataction is refused'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_seataction_no_delete
    BEFORE DELETE ON games_seataction
    FOR EACH ROW EXECUTE FUNCTION games_seataction_refuse_delete();

CREATE OR REPLACE FUNCTION games_seataction_refuse_truncate() RETURNS trigger AS $$
BEGIN
    IF coalesce(current_setting('jackal.ledger_flush', true), '') <> 'on' THEN
        RAISE EXCEPTION 'the ledger is append-only: TRUNCATE of games_seataction is refused '
            '(to wipe a whole database on purpose: SET jackal.ledger_flush = ''on'')'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_seataction_no_truncate
    BEFORE TRUNCATE ON games_seataction
    FOR EACH STATEMENT EXECUTE FUNCTION games_seataction_refuse_truncate();
"""

DROP = """
DROP TRIGGER IF EXISTS games_seataction_no_truncate ON games_seataction;
DROP FUNCTION IF EXISTS games_seataction_refuse_truncate();
DROP TRIGGER IF EXISTS games_seataction_no_delete ON games_seataction;
DROP FUNCTION IF EXISTS games_seataction_refuse_delete();
"""

# The triggers that refuse UPDATE of the ledger's rows (0002, 0010).
APPEND_ONLY = (
    ("games_move", "games_move_append_only"),
    ("games_seataction", "games_seataction_append_only"),
)


def seal_ledgers(apps, schema_editor):
    postgres = schema_editor.connection.vendor == "postgresql"
    if postgres:
        # ALTER TABLE waits for no deferred check: run the pending ones (foreign keys) now.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table, trigger in APPEND_ONLY:
            schema_editor.execute(f"ALTER TABLE {table} DISABLE TRIGGER {trigger}")
    ledger.seal_existing(
        apps.get_model("games", "Game"),
        apps.get_model("games", "Move"),
        apps.get_model("games", "SeatAction"),
        bulk_writes.update_rows,
    )
    if postgres:
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table, trigger in APPEND_ONLY:
            schema_editor.execute(f"ALTER TABLE {table} ENABLE TRIGGER {trigger}")


def create_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


def _seal_field(name: str):
    return models.CharField(
        db_default="", default="", editable=False, max_length=64, verbose_name=name
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0022_rulesets_from_the_families")]

    operations = [
        migrations.AddField(model_name="game", name="ledger_seal", field=_seal_field("last seal")),
        migrations.AddField(model_name="move", name="seal", field=_seal_field("seal")),
        migrations.AddField(model_name="seataction", name="seal", field=_seal_field("seal")),
        migrations.AlterField(
            model_name="move",
            name="created_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now, editable=False, verbose_name="made"
            ),
        ),
        migrations.AlterField(
            model_name="seataction",
            name="created_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now, editable=False, verbose_name="when"
            ),
        ),
        migrations.RunPython(create_triggers, drop_triggers),
        migrations.RunPython(seal_ledgers, migrations.RunPython.noop),
    ]
