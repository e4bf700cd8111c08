"""On PostgreSQL the database itself refuses to UPDATE a move: the ledger is append-only even for
code that bypasses the ORM (a shell, a careless script)."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_move_refuse_update() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the move ledger is append-only: UPDATE of games_move is refused'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_move_append_only
    BEFORE UPDATE ON games_move
    FOR EACH ROW EXECUTE FUNCTION games_move_refuse_update();
"""

DROP = """
DROP TRIGGER IF EXISTS games_move_append_only ON games_move;
DROP FUNCTION IF EXISTS games_move_refuse_update();
"""


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(create_trigger, drop_trigger)]
