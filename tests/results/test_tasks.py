"""The room's feuilles de route built by a Celery task (run eagerly here): enqueued once
the transaction commits, stored under the results' fingerprint, built once however often
it is delivered, rebuilt when a score changes, and followed on a page with a progress bar."""

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse

from apps.results import printing
from apps.results.models import SHEETS_DIR
from apps.results.printing import room_sheets_build, room_sheets_request, room_sheets_state
from apps.results.tasks import room_sheets_build as task
from apps.scoring.services import play_score_set
from tests.builders import ETUI_1, enter, played, table_of
from tests.pdf import pdf_pages

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def session(world):
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    return movement.session


def build(session) -> bool:
    """Ask for the room's sheets, then run the job as a worker would."""
    return room_sheets_build(job_id=room_sheets_request(session).pk)


def stored() -> list[str]:
    return default_storage.listdir(SHEETS_DIR)[1] if default_storage.exists(SHEETS_DIR) else []


def test_a_request_enqueues_the_build_on_commit(world, session, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        job = room_sheets_request(session)
        assert (job.state, job.total) == ("pending", 20)
        assert stored() == []  # nothing runs before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    job = room_sheets_state(session)
    assert (job.state, job.done, job.total, job.percent) == ("done", 20, 20, 100)
    with default_storage.open(job.path) as pdf:
        assert pdf_pages(pdf.read()) == 20


def test_a_second_delivery_does_nothing(world, session):
    job = room_sheets_request(session)
    assert task.delay(job.pk).get() is True
    (name,) = stored()
    modified = default_storage.get_modified_time(f"{SHEETS_DIR}/{name}")
    assert task.delay(job.pk).get() is False
    assert stored() == [name]
    assert default_storage.get_modified_time(f"{SHEETS_DIR}/{name}") == modified


def test_a_delivery_while_another_runs_does_nothing(world, session, monkeypatch):
    render, nested = printing.sheets_render, []
    job = room_sheets_request(session)

    def render_and_deliver_again(*args, **kwargs):
        nested.append(room_sheets_build(job_id=job.pk))  # finds the work claimed
        return render(*args, **kwargs)

    monkeypatch.setattr(printing, "sheets_render", render_and_deliver_again)
    assert room_sheets_build(job_id=job.pk) is True
    assert nested == [False] and len(stored()) == 1


def test_a_changed_score_builds_a_new_file_and_drops_the_old(world, session):
    build(session)
    (first,) = stored()
    table = table_of(session.movement, 2, 1)
    play_score_set(actor=world.referee, table=table, etui=2, score=56)
    assert room_sheets_request(session).state == "pending"
    room_sheets_build(job_id=room_sheets_state(session).pk)
    (second,) = stored()
    assert second != first and room_sheets_state(session).state == "done"


def test_asking_again_for_unchanged_results_finds_the_stored_file(world, session):
    build(session)
    assert room_sheets_request(session).state == "done"


def test_a_failed_build_can_run_again(world, session, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("no fonts")

    monkeypatch.setattr(printing, "sheets_render", broken)
    with pytest.raises(RuntimeError):
        build(session)
    assert room_sheets_state(session).state == "failed"
    monkeypatch.undo()
    assert build(session) is True


def test_a_file_gone_from_storage_is_no_longer_offered(world, session):
    build(session)
    default_storage.delete(room_sheets_state(session).path)
    assert room_sheets_state(session).state == "none"


# --- the page --------------------------------------------------------------------


def _url(name, session):
    return reverse(f"results:{name}", args=[session.pk])


def test_the_page_offers_to_prepare_then_to_download(
    world, login, session, django_capture_on_commit_callbacks
):
    browser = login(world.referee)
    page = browser.get(_url("room_sheets", session)).content.decode()
    assert 'data-test="room-sheets-build"' in page and "<progress" not in page
    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(_url("room_sheets_request", session))
    assert response.status_code == 302 and response.url == _url("room_sheets", session)
    page = browser.get(_url("room_sheets", session)).content.decode()
    assert _url("room_sheets_pdf", session) in page
    assert 'data-test="room-sheets-build"' not in page  # up to date
    download = browser.get(_url("room_sheets_pdf", session))
    assert download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    assert 'filename="feuilles-de-route-seance-1.pdf"' in download["Content-Disposition"]


def test_the_progress_bar_polls_until_the_pdf_is_ready(
    world, login, session, django_capture_on_commit_callbacks
):
    browser = login(world.referee)
    with django_capture_on_commit_callbacks() as callbacks:
        browser.post(_url("room_sheets_request", session))
    partial = browser.get(_url("room_sheets_progress", session), headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert "<progress" in html and 'hx-trigger="every 1s"' in html
    callbacks[0]()
    html = browser.get(_url("room_sheets_progress", session)).content.decode()
    assert "<progress" not in html and _url("room_sheets_pdf", session) in html


def test_the_page_says_when_scores_changed_since(world, login, session):
    build(session)
    play_score_set(actor=world.referee, table=table_of(session.movement, 2, 1), etui=2, score=56)
    page = login(world.referee).get(_url("room_sheets", session)).content.decode()
    assert _url("room_sheets_pdf", session) in page and 'data-test="room-sheets-build"' in page


def test_nothing_to_download_before_it_is_prepared(world, login, session):
    assert login(world.referee).get(_url("room_sheets_pdf", session)).status_code == 404


@pytest.mark.parametrize("persona", ["player", "outsider"])
def test_only_overseers_prepare_the_rooms_sheets(world, login, session, persona):
    browser = login(world.persona(persona))
    assert browser.post(_url("room_sheets_request", session)).status_code == 403
    assert browser.get(_url("room_sheets_progress", session)).status_code == 403
    assert browser.get(_url("room_sheets_pdf", session)).status_code == 403
    assert stored() == []
