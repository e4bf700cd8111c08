"""Writing many rows in one statement (the clock sweep's batches): their changed columns, or
new rows.

Django's `bulk_update` builds a `CASE WHEN id = … THEN …` per column and row: for a batch of 500
games that is seconds of Python compiling expressions and a quadratic CASE for the database
(bench/sweep.py). On PostgreSQL the new values go as one JSON document instead, a list of rows,
which `jsonb_to_recordset` turns back into typed columns joined to the table by primary key. One
parameter, whatever the batch's size: a placeholder per value (or an array per column, whose
text form escapes every quote of the positions' JSON one by one) made the driver spend seconds
building the statement. Elsewhere (SQLite, a single writer) `bulk_update` does.

A JSON column may be given, on PostgreSQL, as `KEEP` instead of a document: the stored document
stays as it is, neither read nor sent (the sweep leaves the positions it did not read).
"""

from __future__ import annotations

import json
from datetime import date, timedelta

from django.db import connection
from django.db.models import JSONField


class _Keep:
    """The marker `KEEP`: a JSON column's stored document left as it is."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP = _Keep()


def _keep_column(name: str) -> str:
    return f"{name}__keep"


def update_rows(model, rows: list, fields: list[str]) -> None:
    """Write `fields` of each of `rows` (instances of `model`, with their primary keys)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_update(rows, fields)
        return
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    documents = [column for column in columns if isinstance(column, JSONField)]
    values = [{column.attname: getattr(row, column.attname) for column in columns} for row in rows]
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    names = [quote(column.column) for column in columns]
    typed = [
        f"{name} {column.db_type(connection)}" for name, column in zip(names, columns, strict=True)
    ]
    typed += [f"{quote(_keep_column(column.column))} boolean" for column in documents]
    setting = []
    for name, column in zip(names[1:], columns[1:], strict=True):
        if column in documents:
            keep = f"new.{quote(_keep_column(column.column))}"
            setting.append(f"{name} = CASE WHEN {keep} THEN {table}.{name} ELSE new.{name} END")
        else:
            setting.append(f"{name} = new.{name}")
    sql = (
        f"UPDATE {table} SET "
        + ", ".join(setting)
        + f" FROM jsonb_to_recordset(%s::jsonb) AS new({', '.join(typed)})"
        + f" WHERE {table}.{names[0]} = new.{names[0]}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [_document(values, columns)])


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
    values = [{column.attname: column.pre_save(row, True) for column in columns} for row in rows]
    quote = connection.ops.quote_name
    names = ", ".join(quote(column.column) for column in columns)
    types = ", ".join(f"{quote(column.column)} {column.db_type(connection)}" for column in columns)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({names})"
        f" SELECT {names} FROM jsonb_to_recordset(%s::jsonb) AS new({types})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [_document(values, columns)])


def _document(rows: list[dict], columns: list) -> str:
    """The rows (each column's attname to its value) as the one JSON parameter: each column's
    value, and for a JSON column whether it is kept as stored (`KEEP`)."""
    out = []
    for row in rows:
        values = {}
        for column in columns:
            value = row[column.attname]
            if isinstance(column, JSONField):
                values[_keep_column(column.column)] = value is KEEP
                value = None if value is KEEP else value
            values[column.column] = _as_json(value)
        out.append(values)
    return json.dumps(out)


def _as_json(value):
    """A column's value as `jsonb_to_recordset` reads it back into the column's type."""
    if isinstance(value, date):  # a datetime too, with its zone
        return value.isoformat()
    if isinstance(value, timedelta):
        return f"{value.total_seconds()} seconds"  # PostgreSQL's interval input, to the µs
    return value  # numbers, text, booleans, None; a JSON column's own value (its document)
