"""The accounts point at nothing above them: a user's licensee and roles are the
federation's (``Licensee.user``, ``RoleAssignment``), which registers the reader the
permission layer's base asks, in one query."""

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts import permissions
from apps.federation.roles import roles_read


def test_no_account_model_points_at_the_federation():
    pointing = [
        f"{model.__name__}.{field.name}"
        for model in apps.get_app_config("accounts").get_models()
        for field in model._meta.get_fields()
        if field.is_relation
        and field.concrete
        and field.related_model._meta.app_label == "federation"
    ]
    assert pointing == []


def test_the_federation_registers_the_roles_reader():
    assert permissions.readers == [roles_read]


@pytest.mark.django_db
def test_roles_and_licensee_are_read_in_one_query(world):
    with CaptureQueriesContext(connection) as queries:
        roles = permissions.roles_of(world.player)
        assert permissions.roles_of(world.player) is roles  # cached on the user
    assert len(queries) == 1
    assert roles.licensee_id == world.licensee.pk and not roles.manages_clubs
    manager = permissions.roles_of(world.club_manager)
    assert (manager.club_ids, manager.licensee_id) == (frozenset({world.club.pk}), None)


@pytest.mark.django_db
def test_without_the_reader_a_user_has_no_role(world, monkeypatch):
    monkeypatch.setattr(permissions, "readers", [])
    assert permissions.roles_of(world.club_manager) == permissions.Roles()
    world.federation_staff.is_superuser = True
    assert permissions.roles_of(world.federation_staff).federation
