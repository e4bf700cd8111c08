"""Writing many rows' changed columns in one statement (the clock sweep's batches).

Django's `bulk_update` builds a `CASE WHEN id = … THEN …` per column and row: for a batch of 500
games that is seconds of Python compiling expressions and a quadratic CASE for the database
(bench/sweep.py). On PostgreSQL one `UPDATE … FROM (VALUES …)` joins the new values by primary
key instead: the values go as parameters, each cast to its column's type. Elsewhere (SQLite, a
single writer) `bulk_update` does.
"""

from __future__ import annotations

from django.db import connection


def update_rows(model, rows: list, fields: list[str]) -> None:
    """Write `fields` of each of `rows` (instances of `model`, with their primary keys)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_update(rows, fields)
        return
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    pk = meta.pk
    casts = [f"%s::{pk.db_type(connection)}"] + [
        f"%s::{field.db_type(connection)}" for field in columns
    ]
    row_sql = "(" + ", ".join(casts) + ")"
    params = []
    for row in rows:
        params.append(pk.get_db_prep_save(row.pk, connection))
        params += [
            field.get_db_prep_save(getattr(row, field.attname), connection) for field in columns
        ]
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    names = [quote(field.column) for field in columns]
    sql = (
        f"UPDATE {table} SET "
        + ", ".join(f"{name} = new.{name}" for name in names)
        + f" FROM (VALUES {', '.join([row_sql] * len(rows))})"
        + f" AS new({quote(pk.column)}, {', '.join(names)})"
        + f" WHERE {table}.{quote(pk.column)} = new.{quote(pk.column)}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
