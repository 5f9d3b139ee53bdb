"""The licensee import service: all or nothing, updates, rights, audit, queries, task."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from apps.core.models import AuditLog
from apps.federation import imports, tasks
from apps.federation.models import Licensee, LicenseeImport
from tests import factories as f
from tests.factories import HEADER, csv_bytes, licensee_rows, upload, xlsx_bytes
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

IMPORTERS = {"federation_staff", "club_manager"}


def _create(actor, rows, *, header=HEADER, name="licencies.csv"):
    content = (
        xlsx_bytes(rows, header=header)
        if name.endswith(".xlsx")
        else csv_bytes(rows, header=header)
    )
    return imports.licensee_import_create(actor=actor, file=upload(content, name))


def _errors(licensee_import):
    return [(e["row"], e["field"], e["code"]) for e in licensee_import.errors]


def _pending(world, rows, actor=None):
    """An import stored but not run yet, as a worker finds it."""
    content = csv_bytes(rows)
    return LicenseeImport.objects.create(
        created_by=actor or world.federation_staff,
        filename="gros.csv",
        content=content,
        total_rows=len(rows),
    )


def test_small_csv_is_imported_at_once(world):
    rows = licensee_rows(world.club.number, 3)
    done = _create(world.club_manager, rows)
    assert bytes(done.content) == csv_bytes(rows)
    assert (done.state, done.created_count, done.updated_count) == ("done", 3, 0)
    assert (done.total_rows, done.processed_rows, done.errors) == (3, 3, [])
    lea = Licensee.objects.get(licence_number="3000001")
    assert (lea.last_name, lea.first_name, lea.club, lea.series) == (
        "Martin0",
        "Léa",
        world.club,
        "P",
    )
    assert lea.birth_date == datetime.date(1970, 5, 17)


def test_one_audit_row_sums_up_the_import(world):
    done = _create(world.club_manager, licensee_rows(world.club.number, 3), name="saison.csv")
    audit = AuditLog.objects.get()
    assert (audit.actor, audit.object_id) == (world.club_manager, str(done.pk))
    assert "saison.csv" in audit.object_repr
    assert audit.changes["created_count"] == [0, 3]
    assert audit.changes["updated_count"] == [0, 0]
    assert audit.changes["state"] == ["running", "done"]


def test_xlsx_with_typed_cells(world):
    rows = [
        [3000001, "Dupont", "Jean", datetime.datetime(1960, 2, 1), int(world.club.number), 1],
        [3000002.0, "Durand", "Anne", None, int(world.other_club.number), None],
    ]
    done = _create(world.federation_staff, rows, name="licencies.xlsx")
    assert done.state == "done"
    jean, anne = Licensee.objects.filter(licence_number__in=["3000001", "3000002"]).order_by("pk")
    assert (jean.birth_date, jean.series, jean.club) == (datetime.date(1960, 2, 1), "1", world.club)
    assert (anne.birth_date, anne.series, anne.club) == (None, "NC", world.other_club)


def test_known_licence_numbers_are_updated(world):
    lic = world.licensee
    rows = [
        [lic.licence_number, "Nouveau", "Prénom", "02/03/1980", world.club.number, "1"],
        *licensee_rows(world.club.number, 1),
    ]
    done = _create(world.club_manager, rows)
    assert (done.created_count, done.updated_count, done.unchanged_count) == (1, 1, 0)
    lic.refresh_from_db()
    assert (lic.last_name, lic.first_name, lic.series) == ("Nouveau", "Prénom", "1")
    assert lic.birth_date == datetime.date(1980, 3, 2)


def test_rows_identical_to_the_stored_licensee_are_unchanged(world):
    lic = world.licensee
    row = [lic.licence_number, lic.last_name, lic.first_name, "", world.club.number, lic.series]
    done = _create(world.club_manager, [row])
    assert (done.created_count, done.updated_count, done.unchanged_count) == (0, 0, 1)


def test_empty_birth_date_and_absent_series_keep_the_stored_values(world):
    lic = world.licensee
    header = ["Licence", "Nom", "Prénom", "Date de naissance", "Club"]
    _create(
        world.club_manager,
        [[lic.licence_number, "Autre", "Nom", "", world.club.number]],
        header=header,
    )
    lic.refresh_from_db()
    assert (lic.last_name, lic.birth_date, lic.series) == ("Autre", datetime.date(1970, 5, 17), "P")


def test_federation_staff_move_a_licensee_to_another_club(world):
    lic = world.other_licensee
    row = [lic.licence_number, lic.last_name, lic.first_name, "", world.club.number, ""]
    assert _create(world.federation_staff, [row]).updated_count == 1
    lic.refresh_from_db()
    assert (lic.club, lic.series) == (world.club, "NC")


def test_one_bad_row_and_nothing_is_written(world):
    lic = world.licensee
    rows = [
        *licensee_rows(world.club.number, 3),
        [lic.licence_number, "Changé", "Nom", "", world.club.number, "1"],
        ["3000009", "Bad", "Date", "31/02/1990", world.club.number, ""],
    ]
    before = Licensee.objects.count()
    failed = _create(world.club_manager, rows)
    assert failed.state == "failed"
    assert _errors(failed) == [(6, "birth_date", "date")]
    assert (failed.created_count, failed.updated_count, failed.processed_rows) == (0, 0, 5)
    assert Licensee.objects.count() == before
    lic.refresh_from_db()
    assert lic.last_name != "Changé"
    assert not AuditLog.objects.exists()


def test_every_row_error_is_reported(world):
    club, other = world.club.number, world.other_club.number
    rows = [
        ["12a", "Bad", "Licence", "", club, ""],  # row 2
        ["3000001", "", "Missing", "", club, ""],  # row 3
        ["3000002", "Bad", "Date", "1970-13-01", club, ""],  # row 4
        ["3000003", "Bad", "Series", "", club, "4"],  # row 5
        ["3000004", "Unknown", "Club", "", "999999", ""],  # row 6
        ["3000005", "Other", "Club", "", other, ""],  # row 7
        [world.other_licensee.licence_number, "Take", "Over", "", club, ""],  # row 8
        ["3000006", "Twice", "First", "", club, ""],  # row 9
        ["3000006", "Twice", "Second", "", club, ""],  # row 10
        ["3000007", "Long", "x" * 101, "", club, ""],  # row 11
    ]
    failed = _create(world.club_manager, rows)
    assert _errors(failed) == [
        (2, "licence_number", "licence"),
        (3, "last_name", "required"),
        (4, "birth_date", "date"),
        (5, "series", "series"),
        (6, "club", "club_unknown"),
        (7, "club", "club_forbidden"),
        (8, "licence_number", "licence_other_club"),
        (9, "licence_number", "duplicate"),
        (10, "licence_number", "duplicate"),
        (11, "first_name", "too_long"),
    ]
    assert not Licensee.objects.filter(licence_number__startswith="300000").exists()


def test_error_messages_name_the_problem(world):
    rows = [
        ["3000001", "Unknown", "Club", "", "999999", ""],
        ["3000002", "Twice", "A", "", world.club.number, ""],
        ["3000002", "Twice", "B", "", world.club.number, ""],
        ["1a", "Bad", "Licence", "", world.club.number, ""],
    ]
    failed = _create(world.club_manager, rows, header=["N° licence", *HEADER[1:]])
    with translation.override("en"):
        shown = imports.import_errors(failed)
    assert shown == [
        {"row": 2, "column": "Club", "message": "No club has the number “999999”."},
        {
            "row": 3,
            "column": "N° licence",
            "message": "Licence number 3000002 is on several rows (3, 4).",
        },
        {
            "row": 4,
            "column": "N° licence",
            "message": "Licence number 3000002 is on several rows (3, 4).",
        },
        {
            "row": 5,
            "column": "N° licence",
            "message": "numéro de licence « 1a » : chiffres uniquement",
        },
    ]


@pytest.mark.parametrize(
    "name, content, code",
    [
        ("licencies.ods", b"x", "file_type"),
        ("licencies.csv", b"", "file_empty"),
        ("licencies.xlsx", b"not a workbook", "file_unreadable"),
        ("licencies.csv", "Nom;Prénom\nDupont;Jean\n".encode(), "missing_columns"),
        ("licencies.csv", csv_bytes([]), "no_rows"),
    ],
)
def test_unusable_files_are_refused_and_nothing_is_stored(world, name, content, code):
    with pytest.raises(ValidationError) as caught:
        imports.licensee_import_create(actor=world.club_manager, file=upload(content, name))
    assert caught.value.code == code
    assert not LicenseeImport.objects.exists()


def test_missing_columns_message_names_them(world):
    with pytest.raises(ValidationError) as caught:
        imports.licensee_import_create(
            actor=world.club_manager, file=upload("Nom;Prénom\nA;B\n".encode())
        )
    with translation.override("en"):
        assert caught.value.messages == [
            "Missing columns: Licence, Club. The first row must name the columns."
        ]
    assert caught.value.messages == [  # the interface language
        "Colonnes manquantes\u00a0: Licence, Club. La première ligne doit nommer les colonnes."
    ]


def test_too_large_files_are_refused(world, monkeypatch):
    monkeypatch.setattr(imports, "IMPORT_MAX_BYTES", 100)
    with pytest.raises(ValidationError) as caught:
        _create(world.club_manager, licensee_rows(world.club.number, 5))
    assert caught.value.code == "file_too_large"
    assert not LicenseeImport.objects.exists()


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - IMPORTERS))
def test_only_federation_staff_and_club_managers_import(world, persona):
    with pytest.raises(PermissionDenied):
        _create(world.persona(persona), licensee_rows(world.club.number, 1))
    assert not LicenseeImport.objects.exists()


def test_large_file_is_left_to_a_worker_after_commit(
    world, settings, django_capture_on_commit_callbacks
):
    settings.LICENSEE_IMPORT_SYNC_MAX_ROWS = 2
    with django_capture_on_commit_callbacks() as callbacks:
        waiting = _create(world.club_manager, licensee_rows(world.club.number, 3))
    assert (waiting.state, waiting.total_rows) == ("pending", 3)
    assert len(callbacks) == 1
    callbacks[0]()  # Celery runs eagerly in these tests
    waiting.refresh_from_db()
    assert (waiting.state, waiting.created_count) == ("done", 3)


@pytest.mark.parametrize("rows, state", [(3, "done"), (4, "pending")])
def test_the_row_count_limit_decides_between_now_and_later(
    world, settings, django_capture_on_commit_callbacks, rows, state
):
    settings.LICENSEE_IMPORT_SYNC_MAX_ROWS = 3
    with django_capture_on_commit_callbacks():
        assert _create(world.club_manager, licensee_rows(world.club.number, rows)).state == state


@pytest.mark.parametrize("state", ["running", "done", "failed"])
def test_an_import_already_claimed_is_not_run_again(world, state):
    """Claimed by a live run (its heartbeat is fresh), or over."""
    claimed = _pending(world, licensee_rows(world.club.number, 2))
    LicenseeImport.objects.filter(pk=claimed.pk).update(state=state, heartbeat_at=timezone.now())
    assert imports.licensee_import_execute(import_id=claimed.pk) is False
    assert not Licensee.objects.filter(licence_number__startswith="300000").exists()
    claimed.refresh_from_db()
    assert (claimed.state, claimed.created_count) == (state, 0)


def test_the_task_is_idempotent(world):
    pending = _pending(world, licensee_rows(world.club.number, 2))
    tasks.licensee_import_run.delay(pending.pk)
    tasks.licensee_import_run.delay(pending.pk)
    pending.refresh_from_db()
    assert (pending.state, pending.created_count) == ("done", 2)
    assert Licensee.objects.filter(licence_number__startswith="300000").count() == 2
    assert AuditLog.objects.count() == 1


def test_unknown_import_id_does_nothing(db):
    assert imports.licensee_import_execute(import_id=987654) is False


def test_the_task_moves_the_progress_bar_while_checking(world, monkeypatch):
    pending = _pending(world, licensee_rows(world.club.number, 7))
    seen = []
    real_row_read = imports.row_read

    def spying_row_read(*args, **kwargs):
        seen.append(LicenseeImport.objects.get(pk=pending.pk).processed_rows)
        return real_row_read(*args, **kwargs)

    monkeypatch.setattr(imports, "row_read", spying_row_read)
    monkeypatch.setattr(imports, "PROGRESS_EVERY", 3)
    tasks.licensee_import_run.delay(pending.pk)
    assert seen == [0, 0, 0, 3, 3, 3, 6]
    pending.refresh_from_db()
    assert (pending.processed_rows, pending.progress_percent) == (7, 100)


def test_a_licensee_created_meanwhile_rejects_the_import(world, monkeypatch):
    pending = _pending(world, licensee_rows(world.club.number, 2))
    real_rows_check = imports.rows_check

    def racing_rows_check(*args, **kwargs):
        f.LicenseeFactory(licence_number="3000002", club=world.club)
        return real_rows_check(*args, **kwargs)

    monkeypatch.setattr(imports, "rows_check", racing_rows_check)
    imports.licensee_import_execute(import_id=pending.pk)
    pending.refresh_from_db()
    assert pending.state == "failed"
    assert _errors(pending) == [(None, "", "changed")]
    assert not Licensee.objects.filter(licence_number="3000001").exists()


def test_an_unexpected_error_fails_the_import_and_writes_nothing(world, monkeypatch):
    pending = _pending(world, licensee_rows(world.club.number, 2))

    def broken_audit(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(imports, "audit_record", broken_audit)
    with pytest.raises(RuntimeError):
        imports.licensee_import_execute(import_id=pending.pk)
    pending.refresh_from_db()
    assert (pending.state, _errors(pending)) == ("failed", [(None, "", "internal")])
    assert not Licensee.objects.filter(licence_number__startswith="300000").exists()


def test_an_unreadable_stored_file_fails_the_import(world):
    pending = _pending(world, [])
    LicenseeImport.objects.filter(pk=pending.pk).update(content=b"", filename="x.csv")
    imports.licensee_import_execute(import_id=pending.pk)
    pending.refresh_from_db()
    assert (pending.state, _errors(pending)) == ("failed", [(None, "", "file_empty")])


def test_rights_are_checked_again_when_the_import_runs(world):
    pending = _pending(world, licensee_rows(world.club.number, 1), actor=world.club_manager)
    world.club_manager.role_assignments.all().delete()
    imports.licensee_import_execute(import_id=pending.pk)
    pending.refresh_from_db()
    assert _errors(pending) == [(2, "club", "club_forbidden")]


def _mixed_rows(world, count):
    """count rows: half new licensees, half updates of existing ones."""
    base = 1000 * count
    existing = [
        f.LicenseeFactory(licence_number=str(4000000 + base + i), club=world.club)
        for i in range(count // 2)
    ]
    updates = [
        [lic.licence_number, "Changé", "Nom", "", world.club.number, "1"] for lic in existing
    ]
    return updates + licensee_rows(world.club.number, count - len(existing), start=5000000 + base)


def test_the_number_of_queries_does_not_grow_with_the_rows(world, django_assert_max_num_queries):
    small = _pending(world, _mixed_rows(world, 10))
    with CaptureQueriesContext(connection) as small_run:
        imports.licensee_import_execute(import_id=small.pk)
    large = _pending(world, _mixed_rows(world, 300))
    with django_assert_max_num_queries(len(small_run)):
        imports.licensee_import_execute(import_id=large.pk)
    large.refresh_from_db()
    assert (large.state, large.created_count, large.updated_count) == ("done", 150, 150)
