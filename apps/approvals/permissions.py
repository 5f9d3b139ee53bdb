"""Who takes which step of the homologation chain (on apps.accounts.permissions.roles_of):
the organiser (the club's managers, or the organising committee of a championship stage),
the committee of the organiser's club, its zone, the federation. Every level sees the
whole history of what passes through it."""

from django.db.models import Q, QuerySet

from apps.accounts.permissions import roles_of
from apps.approvals.domain.chain import WAITING_FOR, Actor, Level
from apps.approvals.models import Homologation
from apps.competitions.models import Stage
from apps.federation.models import Committee, Zone
from apps.tournaments.models import Tournament


def _committee_id(homologation: Homologation) -> int:
    return homologation.club.committee_id


def can_act_as(user, homologation: Homologation, actor: Actor) -> bool:
    """The user takes the steps of ``actor`` for this tournament."""
    roles = roles_of(user)
    if actor == Actor.FEDERATION:
        return roles.federation
    if actor == Actor.ZONE:
        return homologation.club.committee.zone_id in roles.zone_ids
    if actor == Actor.COMMITTEE:
        return _committee_id(homologation) in roles.committee_ids
    if homologation.tournament_id is None:
        # A tournament received as the FFT's file: its committee acts for the club, not yet
        # on Donne.
        return _committee_id(homologation) in roles.committee_ids
    return can_submit(user, homologation.tournament)


def can_submit(user, tournament: Tournament) -> bool:
    """The organiser sends its tournament: the club's managers; for a championship stage,
    its organising committee, the zone of a group, or the federation for a final."""
    roles = roles_of(user)
    stage = Stage.objects.filter(tournament=tournament).first()
    if stage is None:
        return tournament.club_id in roles.club_ids
    if stage.committee_id:
        return stage.committee_id in roles.committee_ids
    if stage.zone_id:
        return stage.zone_id in roles.zone_ids
    return roles.federation


def homologations_for_user(user) -> QuerySet[Homologation]:
    """What passes through the user's levels: their clubs', committee's, zone's, or all."""
    roles = roles_of(user)
    qs = Homologation.objects.select_related("club__committee__zone", "tournament")
    if roles.federation:
        return qs.all()
    scope = Q(club_id__in=roles.club_ids)
    scope |= Q(club__committee_id__in=roles.committee_ids)
    scope |= Q(club__committee__zone_id__in=roles.zone_ids)
    return qs.filter(scope)


def inbox_levels(user) -> list[Level]:
    """The levels whose inbox the user works: committee, zone, federation."""
    roles = roles_of(user)
    levels = []
    if roles.committee_ids:
        levels.append(Level.COMMITTEE)
    if roles.zone_ids:
        levels.append(Level.ZONE)
    if roles.federation:
        levels.append(Level.FEDERATION)
    return levels


def scope_names(user) -> list[str]:
    """The committees and zones the user works for, as their inbox names them."""
    roles = roles_of(user)
    names = [str(c) for c in Committee.objects.filter(pk__in=roles.committee_ids)]
    names += [str(z) for z in Zone.objects.filter(pk__in=roles.zone_ids)]
    if roles.federation:
        names.append("Fédération Française de Tarot")
    return names


ACTOR_AT = {
    Level.ORGANISER: Actor.ORGANISER,
    Level.COMMITTEE: Actor.COMMITTEE,
    Level.ZONE: Actor.ZONE,
    Level.FEDERATION: Actor.FEDERATION,
}


def can_view_sending(user, sending, homologations) -> bool:
    """A bordereau is for its sender and its receiver (every tournament it carries must be
    the user's at one end of the sending), and for the federation, which oversees the
    whole chain and its fees."""
    if roles_of(user).federation:
        return bool(homologations)
    sender, receiver = (
        ACTOR_AT.get(Level(sending.from_level)),
        ACTOR_AT.get(Level(sending.to_level)),
    )
    return bool(homologations) and all(
        can_act_as(user, h, sender) or can_act_as(user, h, receiver) for h in homologations
    )


def can_grant_index(user, tournament: Tournament) -> bool:
    """The tournament's committee (1.2) or the federation (1.5) may open its grant page."""
    roles = roles_of(user)
    return roles.federation or tournament.club.committee_id in roles.committee_ids


def can_note_alerts(user, homologation: Homologation) -> bool:
    """The officer the tournament waits for (committee, zone or federation) notes why an
    integrity alert is fine; nobody else, and nobody once it is approved."""
    actor = WAITING_FOR.get(Level(homologation.level))
    return actor is not None and can_act_as(user, homologation, actor)


def can_correct_external(user, homologation: Homologation) -> bool:
    """A tournament received as the FFT's file: the level holding it (committee, zone or
    federation) corrects its details entered by hand before passing it on."""
    level = Level(homologation.level)
    if not homologation.external or level in (Level.ORGANISER, Level.APPROVED):
        return False
    return can_act_as(user, homologation, ACTOR_AT[level])
