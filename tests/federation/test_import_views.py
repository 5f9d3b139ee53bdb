"""Import pages: who may upload and read a report, the upload flows, the progress bar."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from apps.federation import imports
from apps.federation.models import Licensee, LicenseeImport
from tests.factories import csv_bytes, licensee_rows, upload
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

IMPORTERS = {"federation_staff", "club_manager"}
NEW_URL = reverse("federation:import_new")
TEMPLATE_URL = reverse("federation:import_template")
POLLING = 'hx-trigger="every 1s"'


def _post(client, rows, name="licencies.csv"):
    return client.post(NEW_URL, {"file": upload(csv_bytes(rows), name)})


def _import_by(world, persona="club_manager"):
    return imports.licensee_import_create(
        actor=world.persona(persona), file=upload(csv_bytes(licensee_rows(world.club.number, 1)))
    )


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("url", [NEW_URL, TEMPLATE_URL])
def test_upload_page_and_template_are_for_importers(world, login, persona, url):
    response = login(world.persona(persona)).get(url)
    assert response.status_code == (200 if persona in IMPORTERS else 403)


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - IMPORTERS))
def test_others_cannot_post_a_file(world, login, persona):
    response = _post(login(world.persona(persona)), licensee_rows(world.club.number, 1))
    assert response.status_code == 403
    assert not LicenseeImport.objects.exists()


@pytest.mark.parametrize("url", [NEW_URL, TEMPLATE_URL])
def test_anonymous_users_are_sent_to_sign_in(client, db, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("view", ["import_detail", "import_progress"])
def test_a_report_is_for_its_uploader_and_federation_staff(world, login, persona, view):
    url = reverse(f"federation:{view}", args=[_import_by(world).pk])
    response = login(world.persona(persona)).get(url)
    assert response.status_code == (200 if persona in IMPORTERS else 404)


def test_a_club_manager_cannot_read_federation_staff_imports(world, login):
    url = reverse("federation:import_detail", args=[_import_by(world, "federation_staff").pk])
    assert login(world.club_manager).get(url).status_code == 404


@pytest.mark.parametrize("view", ["import_detail", "import_progress"])
def test_anonymous_users_sign_in_to_read_a_report(world, client, view):
    response = client.get(reverse(f"federation:{view}", args=[_import_by(world).pk]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_the_template_is_an_empty_csv_with_the_expected_header(world, login):
    response = login(world.club_manager).get(TEMPLATE_URL)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert text == "\ufeffLicence;Nom;Prénom;Date de naissance;Club;Série\r\n"


def test_a_small_file_lands_on_its_report(world, login):
    client = login(world.club_manager)
    response = _post(client, licensee_rows(world.club.number, 2))
    done = LicenseeImport.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("federation:import_detail", args=[done.pk])
    page = client.get(response.url)
    assert page.context["licensee_import"].created_count == 2
    assert POLLING not in page.content.decode()
    assert Licensee.objects.filter(licence_number__in=["3000001", "3000002"]).count() == 2


def test_the_report_lists_every_error_with_its_row(world, login):
    client = login(world.club_manager)
    rows = [
        ["3000001", "Dupont", "Jean", "", "999999", ""],
        ["3000002", "", "Anne", "", world.club.number, ""],
    ]
    response = client.get(_post(client, rows).url)
    shown = response.context["errors"]
    assert [(e["row"], e["column"]) for e in shown] == [(2, "Club"), (3, "Nom")]
    content = response.content.decode()
    for error in shown:
        assert escape(error["message"]) in content
    assert not Licensee.objects.filter(licence_number__in=["3000001", "3000002"]).exists()


def test_an_unusable_file_is_refused_on_the_form(world, login):
    response = login(world.club_manager).post(NEW_URL, {"file": upload(b"x", "licencies.ods")})
    assert response.status_code == 200
    assert escape(str(imports.MESSAGES["file_type"])) in response.content.decode()
    assert not LicenseeImport.objects.exists()


def test_the_form_needs_a_file(world, login):
    response = login(world.club_manager).post(NEW_URL, {})
    assert response.status_code == 200
    assert response.context["form"].errors["file"]


def test_a_large_file_shows_a_progress_bar_until_done(
    world, login, settings, django_capture_on_commit_callbacks
):
    settings.LICENSEE_IMPORT_SYNC_MAX_ROWS = 2
    client = login(world.club_manager)
    with django_capture_on_commit_callbacks() as callbacks:
        detail_url = _post(client, licensee_rows(world.club.number, 3)).url
    progress_url = reverse("federation:import_progress", args=[LicenseeImport.objects.get().pk])
    for url in (detail_url, progress_url):
        content = client.get(url).content.decode()
        assert POLLING in content
        assert f'hx-get="{progress_url}"' in content
        assert "<progress" in content
    callbacks[0]()  # the worker's turn (eager in tests)
    partial = client.get(progress_url, headers={"HX-Request": "true"})
    assert POLLING not in partial.content.decode()
    assert partial.context["licensee_import"].created_count == 3


def test_the_upload_page_lists_only_my_own_imports(world, login):
    mine, theirs = _import_by(world), _import_by(world, "federation_staff")
    assert list(login(world.club_manager).get(NEW_URL).context["recent"]) == [mine]
    assert list(login(world.federation_staff).get(NEW_URL).context["recent"]) == [theirs]
