"""Model objects read by plain SQL are the objects the ORM loads: every field, JSON decoded,
and a lock held when asked."""

import pytest
from django.db import connection, transaction
from django.db.models import signals
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from apps.core.rows import model_columns, models_columns, models_from_row, objects_where, rows_read
from apps.movements import services as movement_services
from apps.movements.models import SessionMovement
from apps.tournaments.models import Session, Tournament
from tests.factories import register


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.fixture
def movement(world):
    session = world.tournament.sessions.get()
    register(world.tournament, 20)
    return movement_services.movement_generate(
        actor=world.referee, session=session, tables=5, seed=1
    )


def test_a_row_of_several_models_gives_each_object_as_the_orm_loads_it(movement):
    sql = (
        f"SELECT {models_columns(((SessionMovement, 'm'), (Session, 's')))}, 7 "
        f"FROM {SessionMovement._meta.db_table} m "
        f"JOIN {Session._meta.db_table} s ON s.id = m.session_id WHERE m.id = %s"
    )
    row = rows_read(sql, [movement.pk])[0]
    read, session = models_from_row(row, SessionMovement, Session)
    assert _fields(read) == _fields(SessionMovement.objects.get(pk=movement.pk))
    assert isinstance(read.sections, list) and read.sections  # JSON decoded, not its text
    assert _fields(session) == _fields(Session.objects.get(pk=movement.session_id))
    assert not read._state.adding  # saved objects, as the ORM's are
    assert row[-1] == 7  # the values after the models' are left to the caller


def test_a_models_columns_are_each_of_its_fields_columns():
    listed = model_columns(Session, "s").split(", ")
    assert listed == [f's."{field.column}"' for field in Session._meta.concrete_fields]
    assert models_columns(((Session, "s"), (Tournament, "t"))) == (
        f"{model_columns(Session, 's')}, {model_columns(Tournament, 't')}"
    )


def test_objects_where_reads_what_the_condition_names(world):
    other = Tournament.objects.exclude(pk=world.tournament.pk).first()
    found = objects_where(Tournament, "x.id = %s", [world.tournament.pk])
    assert [t.pk for t in found] == [world.tournament.pk]
    assert model_to_dict(found[0]) == model_to_dict(world.tournament)
    assert other is None or other.pk not in {t.pk for t in found}
    assert objects_where(Tournament, "x.id = %s", [-1]) == []


@pytest.mark.django_db(transaction=True)
def test_objects_where_locks_the_rows_until_the_transaction_ends(world):
    with transaction.atomic():
        objects_where(Tournament, "x.id = %s", [world.tournament.pk], lock=True)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                "WHERE c.relname = %s AND l.pid = pg_backend_pid() AND l.mode = 'RowShareLock'",
                [Tournament._meta.db_table],
            )
            assert cursor.fetchone()[0] == 1  # FOR UPDATE takes a row-share lock on the table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "WHERE c.relname = %s AND l.pid = pg_backend_pid()",
            [Tournament._meta.db_table],
        )
        assert cursor.fetchone()[0] == 0


def test_objects_where_reads_only_the_fields_asked_the_others_deferred(world):
    (read,) = objects_where(Tournament, "x.id = %s", [world.tournament.pk], only=("name",))
    assert read.get_deferred_fields() == {
        f.attname for f in Tournament._meta.concrete_fields if f.name not in ("id", "name")
    }
    with CaptureQueriesContext(connection) as queries:
        assert read.name == world.tournament.name and read.pk == world.tournament.pk
    assert len(queries) == 0
    with CaptureQueriesContext(connection) as queries:
        assert read.venue == world.tournament.venue  # deferred: read when asked
    assert len(queries) == 1


def test_an_object_read_saves_as_the_orms_does(world):
    (read,) = objects_where(Tournament, "x.id = %s", [world.tournament.pk])
    assert read == world.tournament and read._state.db == "default"
    read.name = "Renamed"
    read.save(update_fields=["name"])  # an update of the saved row, not a second row
    assert Tournament.objects.get(pk=world.tournament.pk).name == "Renamed"
    read.venue = "Salle B"
    read.save()
    assert Tournament.objects.filter(venue="Salle B").count() == 1


def test_the_models_init_signals_are_sent_when_something_listens(world):
    made = []

    def listener(sender, instance, **kwargs):
        made.append(instance.pk)

    signals.post_init.connect(listener, sender=Tournament)
    try:
        objects_where(Tournament, "x.id = %s", [world.tournament.pk])
    finally:
        signals.post_init.disconnect(listener, sender=Tournament)
    assert made == [world.tournament.pk]
    objects_where(Tournament, "x.id = %s", [world.tournament.pk])
    assert made == [world.tournament.pk]  # none listens any more
