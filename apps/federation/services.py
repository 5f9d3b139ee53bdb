"""Write services for licensees (one transaction each, audit row included)."""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from apps.core.audit import audit_record, audit_records, audit_snapshot, model_update
from apps.core.writes import unique_save
from apps.federation import permissions
from apps.federation.models import Club, Licensee

LICENSEE_FIELDS = ["licence_number", "last_name", "first_name", "birth_date", "club", "series"]


def _save(licensee: Licensee) -> None:
    unique_save(
        licensee,
        field="licence_number",
        message=_("Licence number %(number)s is already taken.")
        % {"number": licensee.licence_number},
    )


@transaction.atomic
def licensee_create(*, actor, club: Club, **data) -> Licensee:
    if not permissions.can_manage_club(actor, club):
        raise PermissionDenied(_("You cannot add licensees to this club."))
    licensee = Licensee(club=club, **data)
    licensee.full_clean()
    _save(licensee)
    audit_record(
        actor=actor,
        action="create",
        instance=licensee,
        changes={k: [None, v] for k, v in audit_snapshot(licensee, LICENSEE_FIELDS).items()},
    )
    return licensee


@transaction.atomic
def licensee_update(*, actor, licensee: Licensee, **data) -> Licensee:
    if not permissions.can_manage_licensee(actor, licensee):
        raise PermissionDenied(_("You cannot change this licensee."))
    new_club = data.get("club")
    if new_club is not None and not permissions.can_manage_club(actor, new_club):
        raise PermissionDenied(_("You cannot move a licensee to this club."))
    changes = model_update(licensee, data)
    if changes:
        licensee.full_clean()
        _save(licensee)
        audit_record(actor=actor, action="update", instance=licensee, changes=changes)
    return licensee


def licensee_guest_record(*, actor, club: Club, last_name: str, first_name: str) -> Licensee:
    """A guest without a licence who plays at ``club`` (no PCN, in no list), audited; the
    caller has checked who may (the tournament's referee). Call it inside the caller's
    transaction."""
    guest = Licensee(
        club=club, guest=True, last_name=last_name.strip(), first_name=first_name.strip()
    )
    guest.full_clean()
    guest.save()
    audit_record(
        actor=actor,
        action="create",
        instance=guest,
        changes={
            "guest": [None, True],
            "last_name": [None, guest.last_name],
            "first_name": [None, guest.first_name],
        },
    )
    return guest


def licensees_record(*, actor, club: Club, people: list[dict]) -> list[Licensee]:
    """Write new licensees of ``club`` at once (each ``{"licence_number", "last_name",
    "first_name"}``), an audit row each; the caller has checked who may. A licence number
    taken meanwhile raises IntegrityError. Call it inside the caller's transaction."""
    created = Licensee.objects.bulk_create(Licensee(club=club, **person) for person in people)
    for licensee in created:
        changes = audit_snapshot(licensee, ["licence_number", "last_name", "first_name", "club"])
        audit_record(
            actor=actor,
            action="create",
            instance=licensee,
            changes={name: [None, value] for name, value in changes.items()},
        )
    return created


def licensees_series_set(*, actor, series: dict[int, str]) -> int:
    """Federation staff move licensees to new séries at once ({licensee id: série}), an
    audit row each; how many changed. Call it inside the caller's transaction (the séries
    proposal of apps.rankings applies in one step)."""
    if not permissions.can_set_series(actor):
        raise PermissionDenied(_("Only the federation changes the séries."))
    licensees = list(Licensee.objects.select_for_update().filter(pk__in=series))
    moved = [(licensee, licensee.series) for licensee in licensees]
    for licensee, _before in moved:
        licensee.series = series[licensee.pk]
    Licensee.objects.bulk_update(licensees, ["series"], batch_size=1000)
    audit_records(
        actor=actor,
        action="update",
        changes=[(licensee, {"series": [before, licensee.series]}) for licensee, before in moved],
    )
    return len(licensees)
