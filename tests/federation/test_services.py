import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext

from apps.core.models import AuditLog
from apps.federation import services
from apps.federation.models import Licensee
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

MANAGERS = {"federation_staff", "club_manager"}


def _new(world, actor, **extra):
    data = {"licence_number": "2002002", "last_name": "Leroy", "first_name": "Anne"} | extra
    return services.licensee_create(actor=actor, club=world.club, **data)


@pytest.mark.parametrize("persona", PERSONAS)
def test_licensee_create_by_persona(world, persona):
    actor = world.persona(persona)
    if persona in MANAGERS:
        licensee = _new(world, actor)
        audit = AuditLog.objects.get(object_id=str(licensee.pk))
        assert audit.changes["licence_number"] == [None, "2002002"]
    else:
        with pytest.raises(PermissionDenied):
            _new(world, actor)
        assert not Licensee.objects.filter(licence_number="2002002").exists()


@pytest.mark.parametrize(
    "extra, field",
    [
        ({"licence_number": "12a"}, "licence_number"),
        ({"licence_number": "1 002 002"}, "licence_number"),
        ({"last_name": ""}, "last_name"),
        ({"series": "X"}, "series"),
    ],
)
def test_licensee_create_validation(world, extra, field):
    with pytest.raises(ValidationError) as error:
        _new(world, world.club_manager, **extra)
    assert field in error.value.message_dict
    assert not AuditLog.objects.exists()


def test_licence_numbers_are_unique(world):
    with pytest.raises(ValidationError) as error:
        _new(world, world.club_manager, licence_number=world.licensee.licence_number)
    assert "licence_number" in error.value.message_dict


def test_licensee_update(world):
    services.licensee_update(actor=world.club_manager, licensee=world.licensee, series="1")
    assert AuditLog.objects.get().changes == {"series": ["P", "1"]}


def test_club_manager_cannot_move_a_licensee_out_of_reach(world):
    with pytest.raises(PermissionDenied):
        services.licensee_update(
            actor=world.club_manager, licensee=world.licensee, club=world.other_club
        )
    with pytest.raises(PermissionDenied):
        services.licensee_update(
            actor=world.club_manager, licensee=world.other_licensee, series="1"
        )
    world.licensee.refresh_from_db()
    assert world.licensee.club == world.club


def test_a_licence_number_taken_between_the_check_and_the_save_is_a_form_error(world, monkeypatch):
    """A concurrent insert lands after full_clean's uniqueness check: the constraint's
    IntegrityError becomes a French ValidationError, and nothing is written."""
    taken = world.licensee.licence_number
    monkeypatch.setattr(Licensee, "validate_unique", lambda self, exclude=None: None)
    with pytest.raises(ValidationError) as error:
        _new(world, world.club_manager, licence_number=taken)
    assert error.value.message_dict == {
        "licence_number": [
            gettext("Licence number %(number)s is already taken.") % {"number": taken}
        ]
    }
    assert Licensee.objects.filter(licence_number=taken).count() == 1
    assert not AuditLog.objects.exists()
