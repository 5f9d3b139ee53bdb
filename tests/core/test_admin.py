"""The admin is the federation's back office; its changes are audited."""

import pytest
from django.urls import reverse

from apps.core.models import AuditLog
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

ADMIN_PAGES = [
    "admin:index",
    "admin:tournaments_tournament_changelist",
    "admin:federation_licensee_changelist",
    "admin:accounts_user_changelist",
    "admin:core_auditlog_changelist",
]


@pytest.mark.parametrize("page", ADMIN_PAGES)
@pytest.mark.parametrize("persona", PERSONAS)
def test_admin_access(world, login, persona, page):
    response = login(world.persona(persona)).get(reverse(page))
    if persona == "federation_staff":
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response.url.startswith(reverse("admin:login"))


def test_admin_change_is_audited(world, login):
    client = login(world.federation_staff)
    url = reverse("admin:tournaments_tournament_change", args=[world.tournament.pk])
    form = client.get(url).context["adminform"].form
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data |= {"venue": "Maison du tarot", "date": world.tournament.date.isoformat()}
    for prefix in ("sessions", "referee_assignments"):
        data |= {f"{prefix}-TOTAL_FORMS": "0", f"{prefix}-INITIAL_FORMS": "0"}
    response = client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    entry = AuditLog.objects.get(object_id=str(world.tournament.pk), action="update")
    assert entry.changes == {"venue": ["Salle des fêtes", "Maison du tarot"]}
    assert entry.actor == world.federation_staff


def test_admin_never_audits_passwords(world, login):
    client = login(world.federation_staff)
    response = client.post(
        reverse("admin:accounts_user_add"),
        {
            "username": "nouvel-arbitre",
            "password1": "un-mot-de-passe-solide-42",
            "password2": "un-mot-de-passe-solide-42",
            "usable_password": "true",
            "role_assignments-TOTAL_FORMS": "0",
            "role_assignments-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302
    entry = AuditLog.objects.get(action="create", object_repr="nouvel-arbitre")
    assert "un-mot-de-passe-solide-42" not in str(entry.changes)
    assert not {"password", "password1", "password2"} & set(entry.changes)


@pytest.mark.parametrize("page", ["admin:core_auditlog_add", "admin:movements_sessionmovement_add"])
def test_read_only_models_cannot_be_added_even_by_federation_staff(world, login, page):
    assert login(world.federation_staff).get(reverse(page)).status_code == 403
