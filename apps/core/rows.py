"""Model objects read by plain SQL, for the few reads every request of an evening makes (a
phone's post reads its table's code with its movement, session and tournament): the ORM
compiles a query with joins on every call, which costs more than the database's own work.
The columns are listed from each model's fields, so a field added later is read too.

The objects are made as ``Model.from_db`` makes them, less the cost of ``Model.__init__``
(a progress page reads thousands of lines; ``__init__`` took six times as long as the
query): the values of the fields read are set as ``__init__`` sets them, the others left
deferred (reading one costs a query), and the model's init signals are sent when anything
listens to them, by making the object the ORM's way."""

from collections.abc import Callable, Sequence

from django.db import connection, models
from django.db.models import signals
from django.db.models.base import ModelState


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
        objects.append(_maker(model, fields)(row[start : start + len(fields)]))
        start += len(fields)
    return objects


def _maker(model: type[models.Model], fields: Sequence) -> Callable[[Sequence], models.Model]:
    """What makes an object of ``model`` from the values of its ``fields`` read from the
    database, as the ORM loads it: each value converted as the field converts it (a JSON
    field's text decoded, for example), the fields not read deferred."""
    names = [field.attname for field in fields]
    converted = [(i, field) for i, field in enumerate(fields) if hasattr(field, "from_db_value")]
    alias = connection.alias

    def values_of(row: Sequence) -> list:
        values = list(row)
        for i, field in converted:
            if values[i] is not None:
                values[i] = field.from_db_value(values[i], None, connection)
        return values

    if signals.pre_init.has_listeners(model) or signals.post_init.has_listeners(model):
        return lambda row: model.from_db(alias, names, values_of(row))

    def made(row: Sequence) -> models.Model:
        instance = model.__new__(model)
        instance.__dict__.update(zip(names, values_of(row) if converted else row, strict=True))
        instance._state = ModelState()
        instance._state.adding, instance._state.db = False, alias
        return instance

    return made


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
    locked until the transaction ends if asked (FOR UPDATE where the database has it), in
    no particular order;
    ``only``: the fields read (with the primary key), the others deferred as by the
    ORM's ``only()``: reading one of them costs a query."""
    fields = model._meta.concrete_fields
    if only:
        fields = [f for f in fields if f.primary_key or f.name in only or f.attname in only]
    columns = ", ".join(f'x."{field.column}"' for field in fields)
    sql = f"SELECT {columns} FROM {model._meta.db_table} x WHERE {where}"
    # SQLite (`make run` without PostgreSQL) has no FOR UPDATE: it lets one writer at a
    # time into the whole database, which holds the same rows still.
    locked = lock and connection.features.has_select_for_update
    rows = rows_read(f"{sql} FOR UPDATE" if locked else sql, params)
    made = _maker(model, fields)
    return [made(row) for row in rows]


def among(column: str, values: Sequence) -> tuple[str, list]:
    """The SQL condition « ``column`` is one of ``values`` » with its parameters: on
    PostgreSQL one array parameter (``= ANY``), the same statement whatever the number of
    values; elsewhere (SQLite, for `make run`) a list of placeholders."""
    values = list(values)
    if connection.vendor == "postgresql":
        return f"{column} = ANY(%s)", [values]
    if not values:
        return "1 = 0", []
    return f"{column} IN ({', '.join(['%s'] * len(values))})", values
