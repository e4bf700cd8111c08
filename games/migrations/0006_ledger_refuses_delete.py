"""The move ledger is append-only in the database too, beyond the UPDATE refused since 0002.

On PostgreSQL:

- DELETE of a move is refused, with no way around it short of dropping the trigger (what only
  the table's owner can do, on purpose). A game with moves therefore cannot be deleted either:
  its moves hold it through the foreign key, and the ORM says PROTECT. Staff abort games instead.
- TRUNCATE of the moves is refused unless the session says it is wiping a whole database on
  purpose: ``SET jackal.ledger_flush = 'on'`` (or ``PGOPTIONS='-c jackal.ledger_flush=on'``
  before ``manage.py flush``). Django's test runner empties the tables with TRUNCATE between
  transactional tests; the test set-up sets this on the test database only (tests/conftest.py).
- A game's ply never goes back. Cutting the end of a ledger is refused above; this keeps anyone
  who finds another way from winding the game back to match, so ``verify_ledgers`` notices the
  cut (the game says it has had more moves than its ledger holds).

SQLite (development) keeps the ORM's refusals only: Django empties SQLite tables with DELETE
between tests, which a DELETE trigger there would refuse.
"""

from django.db import migrations, models

CREATE = """
CREATE OR REPLACE FUNCTION games_move_refuse_delete() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the move ledger is append-only: DELETE of games_move is refused'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_move_no_delete
    BEFORE DELETE ON games_move
    FOR EACH ROW EXECUTE FUNCTION games_move_refuse_delete();

CREATE OR REPLACE FUNCTION games_move_refuse_truncate() RETURNS trigger AS $$
BEGIN
    IF coalesce(current_setting('jackal.ledger_flush', true), '') <> 'on' THEN
        RAISE EXCEPTION 'the move ledger is append-only: TRUNCATE of games_move is refused '
            '(to wipe a whole database on purpose: SET jackal.ledger_flush = ''on'')'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_move_no_truncate
    BEFORE TRUNCATE ON games_move
    FOR EACH STATEMENT EXECUTE FUNCTION games_move_refuse_truncate();

CREATE OR REPLACE FUNCTION games_game_refuse_ply_back() RETURNS trigger AS $$
BEGIN
    -- Concatenated, not formatted: the driver would read a percent sign as a parameter.
    RAISE EXCEPTION USING
        MESSAGE = 'a game''s ply never goes back (game ' || OLD.id || ': ' || OLD.ply
            || ' to ' || NEW.ply || ')',
        ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_game_ply_never_back
    BEFORE UPDATE OF ply ON games_game
    FOR EACH ROW WHEN (NEW.ply < OLD.ply) EXECUTE FUNCTION games_game_refuse_ply_back();
"""

DROP = """
DROP TRIGGER IF EXISTS games_game_ply_never_back ON games_game;
DROP FUNCTION IF EXISTS games_game_refuse_ply_back();
DROP TRIGGER IF EXISTS games_move_no_truncate ON games_move;
DROP FUNCTION IF EXISTS games_move_refuse_truncate();
DROP TRIGGER IF EXISTS games_move_no_delete ON games_move;
DROP FUNCTION IF EXISTS games_move_refuse_delete();
"""


def create_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_watch_private_permission")]

    operations = [
        migrations.AlterField(
            model_name="move",
            name="game",
            field=models.ForeignKey(
                on_delete=models.deletion.PROTECT, related_name="moves", to="games.game"
            ),
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
