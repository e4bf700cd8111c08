"""Writing many rows in one statement (the clock sweep's batches): their changed columns, or
new rows.

Django's `bulk_update` builds a `CASE WHEN id = … THEN …` per column and row: for a batch of 500
games that is seconds of Python compiling expressions and a quadratic CASE for the database
(bench/sweep.py). On PostgreSQL the new values go as one JSON document instead, a list of rows,
which `jsonb_to_recordset` turns back into typed columns joined to the table by primary key. One
parameter, whatever the batch's size: a placeholder per value (or an array per column, whose
text form escapes every quote of the positions' JSON one by one) made the driver spend seconds
building the statement. Elsewhere (SQLite, a single writer) `bulk_update` does.

A JSON column may be given, on PostgreSQL, as a `JsonPatch` instead of its whole document: the
database changes the stored document itself (keys set, keys dropped), so a position of kilobytes
is neither read nor sent back to end a game (games.sweep).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db import connection
from django.db.models import JSONField


@dataclass(frozen=True)
class JsonPatch:
    """A change made to a stored JSON document by the database (PostgreSQL only): its top-level
    keys `put` set, its keys `drop` removed, the rest left as stored. `JsonPatch()` keeps it."""

    put: dict = field(default_factory=dict)
    drop: tuple[str, ...] = ()


def _put_column(name: str) -> str:
    return f"{name}__put"


def _drop_column(name: str) -> str:
    return f"{name}__drop"


def update_rows(model, rows: list, fields: list[str]) -> None:
    """Write `fields` of each of `rows` (instances of `model`, with their primary keys)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_update(rows, fields)
        return
    names = [model._meta.pk.attname, *(model._meta.get_field(name).attname for name in fields)]
    update_values(model, fields, [{name: getattr(row, name) for name in names} for row in rows])


def update_values(model, fields: list[str], rows: list[dict]) -> None:
    """PostgreSQL: write `fields` of the rows of `model` given as dicts (each field's attname,
    the primary key's too, to its value): no model instance made (the sweep's ends, by the
    thousand)."""
    if not rows:
        return
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    patched = [column for column in columns if isinstance(column, JSONField)]
    document = json.dumps([_row_json(row, columns) for row in rows])
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    names = [quote(column.column) for column in columns]
    typed = [
        f"{name} {column.db_type(connection)}" for name, column in zip(names, columns, strict=True)
    ]
    for column in patched:
        typed += [
            f"{quote(_put_column(column.column))} jsonb",
            f"{quote(_drop_column(column.column))} text[]",
        ]
    setting = []
    for name, column in zip(names[1:], columns[1:], strict=True):
        if column in patched:
            put = f"new.{quote(_put_column(column.column))}"
            drop = f"new.{quote(_drop_column(column.column))}"
            # No patch: the whole document given; an empty one: the stored document kept
            # (not rewritten); else the stored document less the keys dropped, with those set.
            stored = f"{table}.{name}"
            setting.append(
                f"{name} = CASE WHEN {put} IS NULL THEN new.{name}"
                f" WHEN {put} = '{{}}'::jsonb AND cardinality({drop}) = 0 THEN {stored}"
                f" ELSE ({stored} - {drop}) || {put} END"
            )
        else:
            setting.append(f"{name} = new.{name}")
    sql = (
        f"UPDATE {table} SET "
        + ", ".join(setting)
        + f" FROM jsonb_to_recordset(%s::jsonb) AS new({', '.join(typed)})"
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
    columns = [field for field in model._meta.concrete_fields if not field.primary_key]
    insert_values(
        model, [{column.attname: column.pre_save(row, True) for column in columns} for row in rows]
    )


def insert_values(model, rows: list[dict]) -> None:
    """PostgreSQL: insert rows of `model` given as dicts (each field's attname to its value;
    every row names the same fields, and the others take NULL, not their defaults)."""
    if not rows:
        return
    meta = model._meta
    columns = [meta.get_field(name) for name in rows[0]]
    document = json.dumps([_row_json(row, columns) for row in rows])
    quote = connection.ops.quote_name
    names = ", ".join(quote(column.column) for column in columns)
    types = ", ".join(f"{quote(column.column)} {column.db_type(connection)}" for column in columns)
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({names})"
        f" SELECT {names} FROM jsonb_to_recordset(%s::jsonb) AS new({types})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [document])


def _row_json(row: dict, columns: list) -> dict:
    """One row of the document: each column's value, and the patch of a JSON column given as
    a `JsonPatch` (its whole value is then null, and unused)."""
    values = {}
    for column in columns:
        value = row[column.attname]
        if isinstance(value, JsonPatch):
            values[_put_column(column.column)] = value.put
            values[_drop_column(column.column)] = list(value.drop)
            value = None
        values[column.column] = _as_json(value)
    return values


def _as_json(value):
    """A column's value as `jsonb_to_recordset` reads it back into the column's type."""
    if isinstance(value, date):  # a datetime too, with its zone
        return value.isoformat()
    if isinstance(value, timedelta):
        return f"{value.total_seconds()} seconds"  # PostgreSQL's interval input, to the µs
    return value  # numbers, text, booleans, None; a JSON column's own value (its document)
