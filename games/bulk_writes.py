"""Writing many rows in one statement (the clock sweep's batches): their changed columns, or
new rows.

Django's `bulk_update` builds a `CASE WHEN id = … THEN …` per column and row: for a batch of 500
games that is seconds of Python compiling expressions and a quadratic CASE for the database
(bench/sweep.py). On PostgreSQL the new values go as one JSON document instead, a list of rows,
which `jsonb_to_recordset` turns back into typed columns joined to the table by primary key. One
parameter, whatever the batch's size: a placeholder per value (or an array per column, whose
text form escapes every quote of the positions' JSON one by one) made the driver spend seconds
building the statement. Elsewhere (SQLite, a single writer) `bulk_update` does.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

from django.db import connection


def update_rows(model, rows: list, fields: list[str]) -> None:
    """Write `fields` of each of `rows` (instances of `model`, with their primary keys)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_update(rows, fields)
        return
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    document = json.dumps(
        [
            {column.column: _as_json(getattr(row, column.attname)) for column in columns}
            for row in rows
        ]
    )
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    names = [quote(column.column) for column in columns]
    types = ", ".join(
        f"{name} {column.db_type(connection)}" for name, column in zip(names, columns, strict=True)
    )
    sql = (
        f"UPDATE {table} SET "
        + ", ".join(f"{name} = new.{name}" for name in names[1:])
        + f" FROM jsonb_to_recordset(%s::jsonb) AS new({types})"
        + f" WHERE {table}.{names[0]} = new.{names[0]}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [document])


def insert_rows(model, rows: list) -> None:
    """Insert `rows` (new instances of `model`) in one statement, the same way; their primary
    keys are not read back (the sweep's ledger entries need none)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_create(rows)
        return
    meta = model._meta
    columns = [field for field in meta.concrete_fields if not field.primary_key]
    document = json.dumps(
        [
            {column.column: _as_json(column.pre_save(row, True)) for column in columns}
            for row in rows
        ]
    )
    quote = connection.ops.quote_name
    names = ", ".join(quote(column.column) for column in columns)
    types = ", ".join(f"{quote(column.column)} {column.db_type(connection)}" for column in columns)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({names})"
        f" SELECT {names} FROM jsonb_to_recordset(%s::jsonb) AS new({types})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [document])


def _as_json(value):
    """A column's value as `jsonb_to_recordset` reads it back into the column's type."""
    if isinstance(value, date):  # a datetime too, with its zone
        return value.isoformat()
    if isinstance(value, timedelta):
        return f"{value.total_seconds()} seconds"  # PostgreSQL's interval input, to the µs
    return value  # numbers, text, booleans, None; a JSON column's own value (its document)
