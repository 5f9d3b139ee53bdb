"""Who runs what of the championships (the permission layer, on
apps.accounts.permissions.roles_of): federation staff set each season's competitions and
quotas and run the national finals; a committee runs its own stages; a zone runs the
stages of its groups of committees. The competitions, their stages and qualified players
are public."""

from apps.accounts.permissions import roles_of
from apps.competitions.models import Stage
from apps.federation.models import Committee, Zone


def can_set_season(user) -> bool:
    """Create a season's competitions, set the quotas and outgoing champions of France."""
    return roles_of(user).federation


def can_organise(user, *, committee: Committee | None, zone: Zone | None) -> bool:
    """Create and run stages for this organiser (neither: the federation)."""
    roles = roles_of(user)
    if roles.federation:
        return True
    if committee is not None:
        return committee.pk in roles.committee_ids
    if zone is not None:
        return zone.pk in roles.zone_ids
    return False


def can_run_stage(user, stage: Stage) -> bool:
    """Register players, enter the regulation table, seat the sessions, qualify."""
    return can_organise(user, committee=stage.committee, zone=stage.zone)


def can_oversee_stage(user, stage: Stage) -> bool:
    """See the stage's licence numbers and its bordereau des qualifiés: its organiser and
    the zone it belongs to (the federation sees everything)."""
    if can_run_stage(user, stage):
        return True
    zone_id = stage.zone_of_organiser_id
    return zone_id is not None and zone_id in roles_of(user).zone_ids


def can_approve_regulation(user, stage: Stage) -> bool:
    """Give the zone's « aval » to a stage's regulation (art. 3, 8, 13)."""
    roles = roles_of(user)
    return roles.federation or stage.zone_of_organiser_id in roles.zone_ids


def organisers_for_user(user) -> tuple[list[Committee], list[Zone], bool]:
    """The committees and zones the user may organise stages for, and whether they may
    organise national stages (the federation)."""
    roles = roles_of(user)
    if roles.federation:
        return list(Committee.objects.all()), list(Zone.objects.all()), True
    return (
        list(Committee.objects.filter(pk__in=roles.committee_ids)),
        list(Zone.objects.filter(pk__in=roles.zone_ids)),
        False,
    )


def can_create_stage(user) -> bool:
    committees, zones, national = organisers_for_user(user)
    return bool(committees or zones or national)
