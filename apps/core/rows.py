"""Model objects read by plain SQL, for the few reads every request of an evening makes (a
phone's post reads its table's code with its movement, session and tournament): the ORM
compiles a query with joins on every call, which costs more than the database's own work.
The columns are listed from each model's fields, so a field added later is read too."""

from collections.abc import Sequence

from django.db import connection, models


def model_columns(model: type[models.Model], alias: str) -> str:
    """The SQL listing every column of ``model``'s table named ``alias``, in field order."""
    return ", ".join(f'{alias}."{field.column}"' for field in model._meta.concrete_fields)


def models_columns(joined: Sequence[tuple[type[models.Model], str]]) -> str:
    """The SQL listing every column of each (model, alias) of ``joined``, one model after
    the other, as ``models_from_row`` reads them back."""
    return ", ".join(model_columns(model, alias) for model, alias in joined)


def models_from_row(row: Sequence, *kinds: type[models.Model]) -> list[models.Model]:
    """One object of each model of ``kinds`` from a row that lists their columns one model
    after the other (``model_columns``), as the ORM would have loaded them; the values
    after theirs are left."""
    objects, start = [], 0
    for model in kinds:
        fields = model._meta.concrete_fields
        objects.append(_object(model, fields, row[start : start + len(fields)]))
        start += len(fields)
    return objects


def _object(model: type[models.Model], fields: Sequence, values: Sequence) -> models.Model:
    """The object of ``model`` loaded with the ``values`` of its ``fields``."""
    names = [field.attname for field in fields]
    converted = [_converted(field, value) for field, value in zip(fields, values, strict=True)]
    return model.from_db(connection.alias, names, converted)


def _converted(field, value):
    """The value as the ORM gives it (a JSON field's text decoded, for example)."""
    if value is None or not hasattr(field, "from_db_value"):
        return value
    return field.from_db_value(value, None, connection)


def rows_read(sql: str, params: Sequence) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def objects_where(
    model: type[models.Model],
    where: str,
    params: Sequence,
    *,
    lock: bool = False,
    only: Sequence[str] = (),
) -> list[models.Model]:
    """The objects of ``model`` whose row (named ``x``) meets the SQL condition ``where``,
    locked until the transaction ends if asked (FOR UPDATE), in no particular order;
    ``only``: the fields read (with the primary key), the others deferred as by the
    ORM's ``only()``: reading one of them costs a query."""
    fields = model._meta.concrete_fields
    if only:
        fields = [f for f in fields if f.primary_key or f.name in only or f.attname in only]
    columns = ", ".join(f'x."{field.column}"' for field in fields)
    sql = f"SELECT {columns} FROM {model._meta.db_table} x WHERE {where}"
    rows = rows_read(f"{sql} FOR UPDATE" if lock else sql, params)
    return [_object(model, fields, row) for row in rows]
