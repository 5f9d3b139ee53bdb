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
        names = [field.attname for field in fields]
        values = [
            _converted(field, value)
            for field, value in zip(fields, row[start : start + len(fields)], strict=True)
        ]
        objects.append(model.from_db(connection.alias, names, values))
        start += len(fields)
    return objects


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
    model: type[models.Model], where: str, params: Sequence, *, lock: bool = False
) -> list[models.Model]:
    """The objects of ``model`` whose row (named ``x``) meets the SQL condition ``where``,
    locked until the transaction ends if asked (FOR UPDATE), in no particular order."""
    sql = f"SELECT {model_columns(model, 'x')} FROM {model._meta.db_table} x WHERE {where}"
    rows = rows_read(f"{sql} FOR UPDATE" if lock else sql, params)
    return [models_from_row(row, model)[0] for row in rows]
